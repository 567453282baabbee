"""What reads text into facts and decisions: the extractor (phase 1) and decider (phase 2) seams.

`ports` defines them, `factory` picks the configured pair, `rules` is the offline implementation built on
`engram.language`, `llm` the model-backed one. Nothing here imports a service (pipeline, retrieval,
graph, lifecycle), the database or the API.
"""
