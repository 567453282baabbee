"""The language engine: pure functions over text and time (no I/O, no database, no settings).

`text` (sentences, words, perspective, entity spotting), `temporal` (dates, durations, recurrence),
`privacy` (secrets and topics), `names` (canonical entity names), `sentiment`, and the fact grammar the
rules extractor reads with: `phrases`, `cues`, `attributes` and `lexicons`. Nothing here imports a service
(pipeline, retrieval, graph, lifecycle), the database, the API or the engines.
"""
