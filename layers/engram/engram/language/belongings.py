"""Things a person owns, named by what kind of thing they are: "a Brompton folding bike", "an upright
Yamaha piano", "my phone is a Pixel 7", and their end: "gave away my Brompton", "got rid of the piano".

The brand lists in `engram.language.changes` only know cars and devices by their maker; most things are
named by a common noun after any brand and adjectives ("a second-hand Gazelle cargo bike"), so the noun
is what files them: one current value per kind, which an ending or a replacement retires.
"""

from __future__ import annotations

import re

from engram.language.phrases import CAP

# noun (and its spellings) -> the attribute a belonging of that kind is kept under
KINDS: dict[str, str] = {
    "bike": "bike", "bicycle": "bike", "e-bike": "bike", "ebike": "bike", "motorbike": "motorbike",
    "motorcycle": "motorbike", "scooter": "scooter", "moped": "scooter", "car": "car", "van": "van",
    "truck": "truck", "pickup": "truck", "camper": "camper", "campervan": "camper", "caravan": "camper",
    "boat": "boat", "sailboat": "boat", "kayak": "kayak", "canoe": "canoe",
    "phone": "phone", "smartphone": "phone", "laptop": "laptop", "notebook": "laptop", "tablet": "tablet",
    "computer": "computer", "desktop": "computer", "pc": "computer", "watch": "watch",
    "smartwatch": "watch", "camera": "camera", "console": "console", "tv": "tv", "television": "tv",
    "e-reader": "e-reader", "kindle": "e-reader", "headphones": "headphones",
    "piano": "piano", "keyboard": "keyboard", "guitar": "guitar", "violin": "violin", "cello": "cello",
    "drum kit": "drums", "drums": "drums", "saxophone": "saxophone", "trumpet": "trumpet", "flute": "flute",
    "sofa": "sofa", "couch": "sofa", "treadmill": "treadmill", "espresso machine": "espresso machine",
}  # fmt: skip
_NOUN = "|".join(sorted((re.escape(k) for k in KINDS), key=len, reverse=True))
_DETERMINER = r"(?:a|an|the|my|our|his|her|their)"
_MODIFIER = rf"(?:(?!{_DETERMINER}\b)[\w\-]+\s+){{0,3}}?"  # "upright Yamaha", "second-hand Gazelle cargo"
# What follows the thing: the clause goes on about where or when, or ends.
_AFTER = (
    r"(?=\s+(?:in|at|on|from|that|which|with|for|and|but|since|now|too|again|to|last|this|yesterday|today|"
    r"recently|earlier|finally|after|before|because)\b|\s*[,.;:!?)]|\s*$)"
)

STATE = re.compile(
    r"\b(?:own|owns|have|has|got|bought|buy|buys|drive|drives|"
    r"picked\s+up|inherited)\s+"
    rf"{_DETERMINER}\s+(?P<v>{_MODIFIER}(?P<kind>{_NOUN})){_AFTER}",
    re.IGNORECASE,
)
# "My phone is a Pixel 7", "Our car is an old Skoda Fabia": the kind is named first, the thing after.
KIND_IS = re.compile(
    rf"^(?:my|our|his|her|their)\s+(?:(?:new|old|current)\s+)?(?P<kind>{_NOUN})\s+is\s+"
    rf"(?:(?:a|an|the)\s+)?(?:(?:new|old|used|second-hand)\s+)?(?P<v>{CAP}(?:\s+(?-i:[A-Z0-9][\w\-]*)){{0,3}})",
    re.IGNORECASE,
)
END = re.compile(
    r"\b(?:sold|sell|sells|selling|gave\s+away|give\s+away|gives\s+away|giving\s+away|gave|got\s+rid\s+of|"
    r"get\s+rid\s+of|getting\s+rid\s+of|donated|scrapped|wrecked|totall?ed|parted\s+with"
    rf")\s+(?:away\s+)?(?:{_DETERMINER}\s+(?:old\s+)?(?P<v>{_MODIFIER}(?P<kind>{_NOUN}))|"
    rf"(?:{_DETERMINER}\s+)?(?:old\s+)?(?P<v2>{CAP}(?:\s+(?-i:[A-Z0-9][\w\-]*)){{0,3}})){_AFTER}",
    re.IGNORECASE,
)


def kind_of(noun: str) -> str:
    """The attribute of a belonging named by `noun` ("bicycle" -> "bike")."""
    return KINDS.get(noun.lower(), noun.lower())


def names_same_thing(said: str, known: str) -> bool:
    """ "Brompton" names "Brompton folding bike": a capitalised word of what was said is in the known one."""
    brands = {w.lower() for w in re.findall(r"\b[A-Z][\w\-]*", said)}
    return bool(brands) and bool(brands & {w.lower() for w in re.findall(r"[\w\-]+", known)})
