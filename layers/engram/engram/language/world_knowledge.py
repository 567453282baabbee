"""Whether a sentence is about the world at large rather than about anyone's own life.

The app's user writes notes in shorthand: "Boiler repair €240", "Running late again, bus never came",
"The washing machine is leaking again", "BP 128/82 this morning". None says "I", yet each is about the
writer's life, and a note the user wrote is kept unless it is about the world at large: news of public
life ("The central bank held interest rates at 4.5% today", "Real Madrid won the Champions League
final"), a general truth ("Octopuses have three hearts", "Machu Picchu was built in the 15th century")
or a saying ("Rome wasn't built in a day"). Those are recognised by their shape and their vocabulary:
the words of public life (government, markets, sport's competitions, science, celebrities' releases),
superlatives and definitions, centuries, and general statements about a kind of thing in the plural.

Measured on a labelled set of notes without a first-person word (tests/data/personal_notes.tsv,
docs/benchmarks.md). Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.text.vocabulary import RELATION_WORDS

# The public life a news item is about: institutions, markets, competitions, research, releases.
_PUBLIC = re.compile(
    r"\b(?:government|minister|ministers|president|prime minister|parliament|congress|senate|cabinet|"
    r"election|elections|referendum|mps|senators?|governor|mayor of|the king|the queen|royal family|"
    r"central bank|interest rates?|inflation|gdp|recession|stock market|"
    r"(?:oil|petrol|gas|house|food|energy|fuel) prices|prices (?:rose|fell|hit|soared|dropped|jumped)|"
    r"opec|nasdaq|dow jones|ftse|(?<!credit )unions?|nationwide|national strike|general strike|"
    r"scientists|researchers|astronomers|a (?:new )?study|species|nasa|"
    r"league|championship|world cup|olympics?|grand prix|final score|"
    r"world tour|new album|box office|ceo|shareholders|tech giant|the company announced|"
    r"announced|unveiled|launches|acquired|is buying|war|troops|ceasefire|earthquake|hurricane)\b",
    re.IGNORECASE,
)
# A general truth: superlatives and definitions ("the largest ocean", "is the name of", "than any
# other"), history ("in the 15th century", "was built in"), the world's places and bodies.
_GENERAL_TRUTH = re.compile(
    r"\b(?:the (?:largest|smallest|longest|shortest|tallest|highest|deepest|oldest|biggest|fastest|"
    r"first|only) \w+(?: \w+)? (?:in|on|of) the (?:world|planet|universe|solar system|country)|"
    r"than any other|is (?:a|an|the) (?:type|kind|form|name|capital|symbol|unit) of|"
    r"^the (?:capital|population|currency|official language|national \w+|highest point) of|"
    r"\d{1,2}(?:st|nd|rd|th) century|centuries|was (?:built|founded|invented|discovered|written|painted) in|"
    r"visible from space|the (?:earth|sun|moon|universe|solar system|equator)|planets?|continents?|"
    r"light years?|degrees (?:celsius|fahrenheit)|at sea level)\b",
    re.IGNORECASE,
)
# Definitions: "A sonnet is a poem of fourteen lines", "Schadenfreude means ...", "Photosynthesis: the
# process ...", "Umami is the savoury fifth taste", "Lake Baikal is the deepest lake on Earth".
_DEFINITION = re.compile(
    r"^(?:(?:a|an)\s+[\w\-]+(?:\s+[\w\-]+)?\s+(?:is|are|has|means)\s|[\w\-]+\s+means\s|"
    r"[\w\-]+\s*(?::|\s-|\s–)\s*the\s+\w+\s+(?:of|that|which|where|\w+\s+use)\b)"
    r"|\b(?:is|are|was) the (?:\w+ )?\w+est\b|\bis (?:a|an) \w+ (?:that|which|of|with)\b",
    re.IGNORECASE,
)
# What holds of the human body or of matter: "The adult human body has 206 bones", "Water boils at 100
# degrees". ("Honey never spoils" has the shape of "Heating never works", the user's own: not read here.)
_TIMELESS = re.compile(
    r"\bthe (?:adult )?human (?:body|brain)\b|\bhumans\b|\bper second\b|"
    r"\b(?:boils|freezes|melts|evaporates)\b",
    re.IGNORECASE,
)
# "Octopuses have three hearts", "Cats can't taste sweetness", "Owls sleep by day": a kind of thing in
# the plural, with a verb of the simple present ("have" only with a count: "Twins both have chickenpox",
# "Results are out" are the user's own; nor "never" or "need": "Bus never comes", "Plants need water").
# The people of a life are no kind ("Kids have no school today").
_PLURAL_KIND = re.compile(
    r"^(?:most |all |many |some )?(?P<kind>[A-Za-z]+(?:s|i|ae|en))\s+(?:can|can't|cannot|don't|do not|"
    r"ha(?:ve|s)\s+(?:no|two|three|four|five|six|seven|eight|nine|ten|\d+)\s|"
    r"live|eat|contain|cause|sleep|dream)\b",
)
# Sayings: "Every cloud has a silver lining", "Don't count your chickens", "Actions speak louder".
_SAYING = re.compile(
    r"^(?:every \w+ has|don't count|never judge|actions speak|the early bird|an apple a day|"
    r"the only thing \w+ have to fear|all that glitters|better late than|where there's a will|"
    r"you can't (?:judge|teach|have your)|it takes two|rome wasn't built|practice makes|"
    r"a picture is worth|when in rome|no pain,? no gain|time (?:flies|heals)|honesty is)\b",
    re.IGNORECASE,
)


def _plural_kind(text: str) -> bool:
    match = _PLURAL_KIND.match(text)
    if match is None:
        return False
    kind = match.group("kind").lower()
    return kind not in RELATION_WORDS and kind.removesuffix("s") not in RELATION_WORDS


def about_the_world(text: str) -> bool:
    """The sentence is news of public life, a general truth or a saying (see module)."""
    return bool(
        _PUBLIC.search(text)
        or _GENERAL_TRUTH.search(text)
        or _DEFINITION.search(text.strip())
        or _TIMELESS.search(text)
        or _plural_kind(text.strip())
        or _SAYING.match(text.strip())
    )
