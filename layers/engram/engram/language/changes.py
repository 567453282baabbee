"""The grammar of life changes: endings, switches, possessions, health and deaths.

A change is read as a shape, not a phrase list: "<verb of ending> <the thing>" ("sold my Mazda 3",
"dropped out of Rice University", "moved on from IKEA"), "<from> X <to> Y" ("switched from A to B",
"traded in A for B", "replaced A with B"), "<state> now" ("is now vegan", "is in remission"). The
value a change leaves behind is the new state; an ending without a new state gets a value that reads
as an ending everywhere it is shown (`left X`, `no longer owns X`, `no longer vegan`, `ended: ...`).
"""

from __future__ import annotations

import re

from engram.language.phrases import CAP_RUN, NAME

# --- values an ending leaves behind ---------------------------------------------------------------------


def left(thing: str) -> str:
    """An employer or school the subject is no longer at."""
    return f"left {thing}"


def place_left(value: str | None) -> str | None:
    """The employer or school a `left` value names ("left Doyle Electrical": Doyle Electrical), else None."""
    if value and value[:5].lower() == "left " and value[5:].strip():
        return value[5:].strip()
    return None


# How a lost job is stored as the employer's value: what the subject no longer has is a job.
RETIRED, LAID_OFF, LOST_JOB = "retired", "laid off", "lost job"
JOB_ENDINGS = frozenset({RETIRED, LAID_OFF, LOST_JOB})


def reads_as_ending(value: str | None) -> bool:
    """Does a stored value say the subject no longer has the thing ("left C&M", "no longer owns a car",
    "ended: passed away"), rather than what they have now?"""
    lowered = (value or "").lower()
    return place_left(value) is not None or lowered.startswith(("no longer ", "ended:"))


def no_longer_owns(thing: str) -> str:
    return f"no longer owns {thing}"


def no_longer_has(pet: str) -> str:
    return f"no longer has {pet}"


def no_longer(state: str) -> str:
    return f"no longer {state}"


DEATH_VALUE = "passed away"
DEATH_ENDING = "ended: passed away"  # what a death leaves of the person's home, job and partner ties


NO_LONGER = re.compile(r"\bno\s+longer\b|\bnot\b.*\bany\s?more\b", re.IGNORECASE)

# --- employer ---------------------------------------------------------------------------------------------

# "Canva let Lucia go", "Instacart laid me off": the organisation is the grammatical subject.
LET_GO = re.compile(
    rf"^(?P<org>{CAP_RUN})\s+(?:just\s+|finally\s+)?(?:let|laid)\s+(?P<who>me|him|her|them|{NAME})\s+"
    r"(?:go|off)\b",
)
# Verbs of leaving that the employer grammar did not have: "moved on from X", "retired from X",
# "is no longer at X", "no longer works for X", "handed in the notice at X".
EMPLOYER_END = re.compile(
    r"\b(?:moved\s+on\s+from|retired\s+from|walked\s+away\s+from|stepped\s+down\s+from|"
    r"(?:is|am|'m|are|'re)\s+no\s+longer\s+(?:at|with|working\s+(?:at|for))|"
    r"(?:was|is)\s+(?:my|his|her|their)\s+last\s+day\s+(?:at|with)|"
    r"no\s+longer\s+works?\s+(?:at|for)|(?:was|is)\s+(?:my|his|her|their)\s+last\s+day\s+(?:at|with)|handed\s+in\s+(?:my|his|her|their)\s+notice\s+at)\s+"
    rf"(?:the\s+)?(?P<v>{CAP_RUN})",
    re.IGNORECASE,
)
# "is now at X", "now works for X" (the plain state grammar reads "works for"), "X is now a designer at Y".
EMPLOYER_NOW = re.compile(
    rf"\b(?:is|am|'m|are|'re)\s+now\s+(?:working\s+)?(?:at|with|for)\s+(?P<v>{CAP_RUN})"
)
# A place at the organisation, not the organisation: "left the Canva office", "left Revolut's party".
NOT_THE_EMPLOYER = re.compile(
    r"^(?:'s)?\s*(?:[a-z]+\s+){0,2}?(?:office|offices|party|HQ|headquarters|building|campus|meeting|"
    r"event|store|shop|booth|cafeteria|lobby|parking|conference|offsite|retreat|picnic|gala)\b",
)

# --- from one thing to another ---------------------------------------------------------------------------

_THING = (
    r"(?:(?:my|his|her|their|our|the|a|an|old)\s+)*"
    r"(?P<{name}>(?-i:(?:[A-Z]|i(?=[A-Z]))[\w\-]*(?:\s+(?:[A-Z0-9][\w\-]*|of|de|&))*?(?:\s+[A-Z0-9][\w\-]*)?))(?![\w\-])"
)
SWITCH = re.compile(
    r"\b(?:switch(?:ed|es|ing)?|mov(?:ed|es|ing))\s+(?:over\s+)?from\s+"
    + _THING.format(name="old")
    + r"\s+to\s+"
    + _THING.format(name="v")
    + r"|\btrad(?:ed|es|ing)\s+in\s+"
    + _THING.format(name="old2")
    + r"\s+for\s+"
    + _THING.format(name="v2")
    + r"|\breplac(?:ed|es|ing)\s+"
    + _THING.format(name="old3")
    + r"\s+with\s+"
    + _THING.format(name="v3"),
    re.IGNORECASE,
)

# --- possessions ------------------------------------------------------------------------------------------

CAR_MAKES = (
    "Tesla|Toyota|Honda|Ford|BMW|Audi|Mercedes|Volkswagen|VW|Subaru|Kia|Hyundai|Nissan|Mazda|Volvo|Jeep|"
    "Chevy|Chevrolet|Porsche|Lexus|Rivian|Polestar|Prius|Civic|Corolla|Camry|Skoda|Peugeot|Renault|Fiat|"
    "Mini|Dodge|GMC|Buick|Cadillac|Lincoln|Acura|Infiniti|Genesis|Suzuki|Mitsubishi|Citroen|Seat|Lucid|"
    "Saab|Land Rover|Range Rover|Alfa Romeo|Jaguar|Ram|Chrysler|Opel|Dacia|Cupra|MG|BYD"
)
DEVICE_KINDS: dict[str, str] = {
    "iphone": "phone",
    "pixel": "phone",
    "galaxy": "phone",
    "samsung": "phone",
    "android": "phone",
    "oneplus": "phone",
    "motorola": "phone",
    "nokia": "phone",
    "xiaomi": "phone",
    "blackberry": "phone",
    "macbook": "laptop",
    "thinkpad": "laptop",
    "chromebook": "laptop",
    "dell": "laptop",
    "surface": "laptop",
    "lenovo": "laptop",
    "framework": "laptop",
    "ipad": "tablet",
    "kindle": "e-reader",
    "kobo": "e-reader",
    "fitbit": "watch",
    "garmin": "watch",
    "apple watch": "watch",
    "oura": "ring",
    "playstation": "console",
    "ps5": "console",
    "xbox": "console",
    "switch": "console",
}
_POSSESSION = (
    rf"(?P<v>(?:{CAR_MAKES}|"
    + "|".join(sorted((re.escape(k) for k in DEVICE_KINDS), key=len, reverse=True))
    + r")(?:\s+(?-i:[A-Z0-9][\w\-]*)){0,3})"
)
POSSESSION_THING = re.compile(rf"^{_POSSESSION}$", re.IGNORECASE)
# How a thing owned is told before its make: "a secondhand Toyota", "my trusty old silver Golf"
_OWNED_AS = (
    r"(?:(?:brand\s+new|new|used|second[- ]?hand|2nd[- ]hand|pre-owned|old|little|tiny|trusty|shiny|cheap|"
    r"reliable|red|blue|black|white|silver|grey|gray|green)\s+){0,3}"
)
POSSESSION_STATE = re.compile(
    r"(?<![\w\-])(?:drive|drives|driving|drove|have|has|own|owns|use|uses|using|wear|wears|got|get|gets|bought|"
    r"buy|buys|leased?|upgraded\s+to|switched\s+to|picked\s+up|ordered)\s+(?:a|an|my|his|her|their|our|the)"
    r"\s+" + _OWNED_AS + _POSSESSION,
    re.IGNORECASE,
)
POSSESSION_END = re.compile(
    r"\b(?:sold|sell|sells|selling|gave\s+away|give\s+away|gives\s+away|giving\s+away|got\s+rid\s+of|"
    r"get\s+rid\s+of|getting\s+rid\s+of|gave|donated|scrapped|totaled|totalled|wrecked|lost|"
    r"returned|traded\s+in|parted\s+with)\s+(?:away\s+)?(?:my|his|her|their|our|the|a|an)?\s*"
    + _OWNED_AS
    + _POSSESSION,
    re.IGNORECASE,
)


def device_kind(thing: str) -> str:
    """The attribute a possession is kept under: car, phone, laptop, tablet, watch ..."""
    lowered = thing.lower()
    for key in sorted(DEVICE_KINDS, key=len, reverse=True):
        if lowered.startswith(key):
            return DEVICE_KINDS[key]
    return "car"


# --- diet -------------------------------------------------------------------------------------------------

DIETS = (
    r"vegetarian|vegan|pescatarian|keto|paleo|gluten[- ]free|dairy[- ]free|kosher|halal|plant[- ]based|"
    r"carnivore|raw"
)
DIET_END = re.compile(
    rf"\b(?:(?:is|am|'m|are|'re)\s+(?:not|no\s+longer)\s+(?:a\s+)?(?P<v>{DIETS})|"
    rf"(?:gave|give|gives|giving)\s+up\s+(?:being\s+)?(?:a\s+)?(?P<v2>{DIETS})|"
    rf"(?:stopped|quit)\s+being\s+(?:a\s+)?(?P<v3>{DIETS})|"
    rf"(?:isn't|aren't|not)\s+(?:a\s+)?(?P<v4>{DIETS})\s+any\s?more)\b",
    re.IGNORECASE,
)
DIET_SWITCH = re.compile(
    rf"\b(?:switched|switching|moved|changed)\s+to\s+(?:a\s+)?(?P<v>{DIETS})(?:\s+diet)?\b"
    rf"|\b(?:on|follow(?:s|ing)?)\s+(?:a|the)\s+(?P<v2>{DIETS})\s+diet\b"
    # a note's fragment that says the diet is new: "Vegan now", "Fully vegetarian since Easter"
    rf"|^\W*(?:(?:fully|strictly|mostly|properly|officially)\s+)?(?!raw\b)(?P<v3>{DIETS})\s+"
    r"(?:now|again|since|from\s+now|for\s+good|these\s+days|officially|as\s+of|"
    # "Vegan for a month now", "Vegetarian for 6 years"
    r"for\s+(?:a|an|\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|several)\s+"
    r"(?:weeks?|months?|years?))\b",
    re.IGNORECASE,
)

# --- health -----------------------------------------------------------------------------------------------

CONDITIONS = (
    r"(?:(?:breast|lung|skin|prostate|colon|pancreatic|stage\s+\w+)\s+)?cancer|leukemia|lymphoma|"
    r"(?:type\s+[12]\s+)?diabetes|covid(?:-19)?|long covid|the flu|flu|pneumonia|bronchitis|mono|shingles|"
    r"lupus|MS|multiple sclerosis|Parkinson's|Alzheimer's|dementia|kidney disease|heart disease|"
    r"a heart condition|depression|anxiety|long-covid|a concussion|concussion|"
    r"a broken (?:leg|arm|wrist|ankle|foot|hip|rib|collarbone)|a torn (?:ACL|meniscus)|"
    r"an? (?:infection|ulcer|tumou?r)|migraines|asthma|arthritis|celiac disease|endometriosis|sepsis"
)
HEALTH_STATE = re.compile(
    rf"\b(?:(?:was|is|got|been|has\s+been|just\s+got)\s+diagnosed\s+with|"
    rf"(?:has|have|had|got|caught|is\s+battling|is\s+fighting|is\s+sick\s+with|is\s+ill\s+with|"
    rf"came\s+down\s+with)|suffers\s+from)\s+(?P<v>{CONDITIONS})\b"
    r"|\b(?:is|am|'m|are|'re)\s+(?P<v2>pregnant|in\s+the\s+hospital|in\s+hospital)\b",
    re.IGNORECASE,
)
HEALTH_END = re.compile(
    r"\b(?P<remission>(?:is|am|'m|are|'re|now|finally)\s+(?:now\s+|officially\s+)?(?:in\s+remission|"
    r"cancer[- ]free|tumou?r[- ]free))"
    r"|\b(?P<recovered>(?:has|have|is|am|'m|'s|'ve)\s+(?:now\s+|finally\s+)?(?:fully\s+|completely\s+)?"
    r"(?:recovered|healed|better\s+now|over\s+(?:it|the\s+\w+|" + CONDITIONS + r")|out\s+of\s+(?:the\s+)?"
    r"hospital|healthy\s+again)|recovered\s+from|(?:beat|beaten|got\s+over)\s+(?:the\s+|his\s+|her\s+|my\s+)?"
    r"(?:" + CONDITIONS + r")|"
    r"(?:wrist|leg|arm|ankle|foot|knee|back|hip|rib|shoulder)\s+(?:has\s+|is\s+)?(?:fully\s+)?"
    r"(?:healed|better))"
    r"|\b(?P<birth>had\s+(?:the|her|their|a)\s+baby|gave\s+birth)\b",
    re.IGNORECASE,
)

# "Uncle Teodor", "Grandma Ruth": a family title before a name is not part of it.
FAMILY_TITLE = re.compile(r"^(?:Uncle|Aunt|Auntie|Cousin|Grandma|Grandpa|Granny|Gran|Nana|Papa)\s+(?=[A-Z])")

# --- deaths -----------------------------------------------------------------------------------------------

DEATH = re.compile(
    r"\b(?:passed\s+away|passed\s+on|died|has\s+died|is\s+dead|lost\s+(?:his|her|their)\s+battle|"
    r"put\s+(?:\w+\s+){1,4}?(?:down|to\s+sleep)|(?:was|were)\s+put\s+down|put\s+to\s+sleep)\b",
    re.IGNORECASE,
)
# "had to put our dog Pepper down": the pet is the object.
PET_PUT_DOWN = re.compile(
    r"\bput\s+(?:our|my|his|her|their)\s+(?:old\s+)?(?P<species>\w+)\s+(?P<name>[A-Z][a-z'\-]+)\s+"
    r"(?:down|to\s+sleep)\b"
)
PET_END = re.compile(
    r"\b(?:rehom(?:e|ed|ing)|gave\s+away|gave|surrendered|lost)\s+(?:our|my|his|her|their)\s+"
    r"(?P<species>\w+)\s+(?P<name>[A-Z][a-z'\-]+)\b",
)
