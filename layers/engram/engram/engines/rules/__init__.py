"""The offline rules engine: a deterministic extractor and decider, what runs without a model key."""
