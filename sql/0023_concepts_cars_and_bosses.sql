-- The concepts lexicon (engram/language/concepts.py) gained cars (a Ford, a Skoda, a hatchback or a van is
-- a car, a vehicle, a ride) and a manager as a boss. Memories whose text holds one of those words are
-- marked for their concepts to be derived again (NULL: the daily cleanup derives them, `engram
-- maintenance run cleanup` now; docs/operations.md). The list is a copy of the lexicon's words on
-- purpose: a migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND lower(coalesce(name, '') || ' ' || content) ~ ('\m(' ||
    'ford|toyota|skoda|volkswagen|vw|honda|nissan|bmw|audi|mercedes|tesla|kia|hyundai|peugeot|renault|' ||
    'fiat|volvo|mazda|subaru|vauxhall|opel|citroen|citroën|jeep|chevrolet|chevy|lexus|suzuki|' ||
    'mitsubishi|dacia|hatchback|saloon|sedan|suv|pickup|pick-up|estate|convertible|minivan|van|manager'
  || ')(s|es)?\M');
