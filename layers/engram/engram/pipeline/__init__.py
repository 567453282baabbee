"""The write path: analyse a source (privacy filter, extraction, update decisions) and apply the result,
plus user edits, feedback and forgetting. What reads text into facts and decisions is `engram.engines`,
built on the pure functions of `engram.language`."""
