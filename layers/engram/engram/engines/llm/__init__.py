"""The model-backed engine: extraction and decisions as one forced tool call, retried once with the reason."""
