-- The concepts lexicon (engram/language/concepts.py) reads the words people type on a phone for people,
-- days and things ("little sis", "her hubby Kamal", "my bf", "bday drinks", "dentist appt", "xmas at
-- mum's", "my fave", "back to uni") as the words a question asks in (sister, husband, boyfriend,
-- birthday, appointment, christmas, favourite, university). Memories whose text holds one of them are
-- marked for their concepts to be derived again (NULL: the daily cleanup derives them, `engram
-- maintenance run cleanup` now; docs/operations.md). The words are a copy of the lexicon's on purpose:
-- a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~
          '\m(bf|gf|hubby|wifey|sis|sissy|bro|bestie|bff|fam|nan|nana|nanna|bday|b-day|xmas|appt|appts|meds|hols|vacay|fav|fave|faves|favs|uni)\M';
