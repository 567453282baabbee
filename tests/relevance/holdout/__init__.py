"""The held-out half of the relevance set: one module per scripted user, written apart from the tuning
set and never tuned on (tests/relevance/relevance_set.py, `HOLDOUT`)."""
