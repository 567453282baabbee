"""The write path: privacy filter, extraction (phase 1), update decisions (phase 2), execution."""
