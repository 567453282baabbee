-- The concepts lexicon (engram/language/concepts.py) now reads a podcast, the radio, an audiobook, a
-- playlist or Spotify as what one listens to ("podcasts on long drives": what "what do I like listening
-- to in the car?" asks), and ulam (Filipino for the dish one eats with rice) as a dish. Memories whose
-- text says one are marked for their concepts to be derived again (NULL: the daily cleanup derives them,
-- `engram maintenance run cleanup` now; docs/operations.md). The words are a copy of the lexicon's on
-- purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ '\m(podcasts?|radio|audiobooks?|playlists?|spotify|ulam)\M';
