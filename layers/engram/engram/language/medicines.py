"""What a note says about taking a medicine: its dose, how often, that it started or stopped.

A medicine's dose is a state, not an event: "levothyroxine 50mcg every morning" is no longer true once
"the doctor is increasing the levo to 75mcg", and "what dose do I take?" must find the new one alone.
The write path stores it as the slot `medication:<medicine>` with the dose as its value, so the next
statement of the same medicine supersedes the last (as a new blood pressure reading does the old one).

The medicine is named by its generic name's ending or as a known brand or kind
(`concepts.is_medicine`: "ramipril", "Xarelto", "insulin", "a statin"), or as "<word> tablets /
patches / drops" ("iron tablets", "the 21mg patches"). The value is the dose ("75mcg", "1000mg"); without
one, how often ("once a day"); without that, "taking" for a start ("put me on metformin") or "stopped"
for an end ("took me off the amlodipine", "finished the iron tablets"). A plan or a condition ("or I'll
be on metformin in 2 years", "no need for metformin") states nothing. Who takes it is read by
`medicine_takers`. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from engram.language.concepts import is_medicine
from engram.language.text import STOPWORDS

# short names a note uses for a medicine it names in full elsewhere
_SHORT_NAMES = {"levo": "levothyroxine", "thyroxine": "levothyroxine"}
_FORMS = r"tablets?|pills?|patch(?:es)?|capsules?|drops|supplements?|injections?|jabs?"
_UNITS = r"mg|mcg|µg|ug|ml|iu|units?"
_DOSE = re.compile(rf"\b(?P<n>\d+(?:\.\d+)?)\s?(?P<unit>{_UNITS})\b", re.IGNORECASE)
# A word a dose follows names the medicine ("digoxin 125mcg", "lantus now 24 units", "adderall xr 10mg",
# "quetiapine was lowered to 50mg"), as does a word after a weight ("750mg levetiracetam", "1.7mg of the
# semaglutide"): most medicines are in no lexicon, but only a medicine is taken by the milligram.
_LINKS = (
    r"to|up|down|now|is|was|at|been|has|have|had|gone|going|changed|lowered|raised|increased|reduced|cut|"
    r"back|dropped|bumped|upped|halved|doubled|dosage|dose|titrated|tapered|stepped|xr|sr|er|xl|la|cr|mr"
)
_DOSE_AFTER = re.compile(rf"(?:\s+(?:{_LINKS})\b)*\s+\d+(?:\.\d+)?\s?(?:{_UNITS})\b", re.IGNORECASE)
_WEIGHT_BEFORE = re.compile(r"\b\d+(?:\.\d+)?\s?(?:mg|mcg|µg|ug)\s+(?:of\s+)?(?:the\s+)?$", re.IGNORECASE)
# words a dose may follow that name no medicine: "I drink 14 units", "took 400mg", "the tablets"
_NO_NAME = STOPWORDS | frozenset(
    """my his her their our your two three four some more any few couple both those these take takes took
    taking taken drink drank drinking need needs get got use uses used using give gave given on off now dose
    dosage daily weekly tablet tablets pill pills capsule capsules water milk wine beer juice went goes gone
    going down""".split()  # noqa: SIM905
)
_FORM_AFTER = re.compile(rf"\s+(?:{_FORMS})\b", re.IGNORECASE)
_HOW_OFTEN = re.compile(
    r"\b(?:once|twice|three times|four times|\d\s?x|\d times)\s*(?:a|per|/|)\s*(?:day|daily|week|weekly|"
    r"month|night)\b|\bevery other (?:day|week)\b|\b(?:as|when|if) (?:needed|required)\b",
    re.IGNORECASE,
)
# once a day said right by the medicine's name ("Microgynon every day", "metformin daily")
_DAILY_BY_IT = re.compile(r"\s+(?:every|each)\s+(?:day|morning|evening|night)\b|\s+(?:daily|nightly)\b", re.I)
_COUNTS = {"1": "once", "2": "twice", "3": "three times", "4": "four times"}
_STOPPED = re.compile(
    r"\b(?:off|stop(?:ped|ping|s)?|quit|finished(?: with)?|done with|no more|no longer (?:on|taking|"
    r"need(?:s|ing)?)|(?:doesn't|don't|does not|do not) (?:need|take|use)|(?:gave|given|giving) up|cut out|"
    r"ran out of|discontinu(?:ed|ing)|finished the course of|completed the course of)\s+(?:taking\s+|"
    r"using\s+)?(?:the\s+|my\s+|his\s+|her\s+|all\s+(?:the\s+|my\s+)?)?(?:[\w-]+'s\s+)?$",
    re.IGNORECASE,
)
_STOPPED_AFTER = re.compile(
    r"(?:'s)?(?:\s+for\s+[\w-]+)?\s+(?:(?:has|have|had|was|were|is|are)\s+)?(?:been\s+)?"
    r"(?:stopped|finished|discontinued|done|dropped)\b",
    re.I,
)
# coming down to a lower dose on the way off: "weaning off mirtazapine, 7.5mg from tonight" is a dose
_TAPER = re.compile(r"\b(?:wean|taper)(?:ing|ed)?\s+(?:off|down)\s+(?:the\s+)?$", re.IGNORECASE)
# a start said as one ("put me on metformin", "prescribed amoxicillin"); "three months on sertraline now"
# says it is still taken, which a dose told before says better
_STARTED = re.compile(
    r"\b(?:start(?:ed|ing|s)?|put|switched|changed|moved)\s+(?:me\s+|him\s+|her\s+)?(?:on|onto|to)?\s*"
    r"(?:the\s+|a\s+)?(?:[\w-]+\s+)?$|\b(?:prescribed|added)\s+(?:me\s+)?(?:the\s+|a\s+)?$",
    re.IGNORECASE,
)
# a plan, a condition, a question or a denial: nothing is taken yet, or it is not
_NOT_TAKEN = re.compile(
    r"\b(?:[Nn]o need for|[Nn]ot on|[Nn]ever (?:took|taken|been on)|won't|will|'ll|might|may|maybe|[Ii]f|"
    r"[Uu]nless|[Ss]hould (?:I|he|she|we|they|\w+)|or else|otherwise|NOT)\b[^.;]*$"
)
# the medicine left behind: "switched from amlodipine to ramipril" is about ramipril
_LEFT_BEHIND = re.compile(r"\b(?:from|instead of|rather than)\s+(?:the\s+|my\s+)?$", re.IGNORECASE)
_WORD = re.compile(r"\b[A-Za-z][A-Za-z'-]+")
STOPPED = "stopped"  # the value of a medicine no longer taken


@dataclass(frozen=True)
class Medication:
    """One medicine a clause speaks of and what it says of taking it (the slot's value)."""

    medicine: str
    value: str
    start: int  # where the medicine is named


def medication_in(text: str, known: Mapping[str, str] | None = None) -> Medication | None:
    """The first medicine `text` names with a dose, how often, a start or a stop; None when it names
    none, or only mentions one ("the ramipril is doing its job", "pharmacist thinks it's the amlodipine").
    `known`: the medicines the user told of before, named without a dose later ("done with the codeine")."""
    for match, medicine in _medicines(text, known or {}):
        before = text[: match.start()]
        if _LEFT_BEHIND.search(before):
            continue
        if _NOT_TAKEN.search(before) or text.rstrip().endswith("?"):
            return None
        value = _value(text, match.start(), match.end(), before)
        return Medication(medicine, value, match.start()) if value else None
    return None


def names_medicine(text: str) -> bool:
    """Whether `text` names a medicine anywhere ("the ramipril is doing its job"): health, to privacy."""
    return any(is_medicine(match.group(0)) for match in _WORD.finditer(text))


def medicine_named(word: str) -> str | None:
    """The name a medicine's slot is stored under, if `word` names one ("Levo": levothyroxine)."""
    return _SHORT_NAMES.get(word.lower(), word.lower()) if is_medicine(word) else None


def _medicines(text: str, known: Mapping[str, str]) -> list[tuple[re.Match[str], str]]:
    """The medicines `text` names, in order: by name first (known or in the lexicon), then by a dose by
    them ("did my first 0.5mg ozempic jab" is about the ozempic, not "first")."""
    named, by_dose = [], []
    for match in _WORD.finditer(text):
        word = re.sub(r"'s$", "", match.group(0))  # "his tramadol's been cut back"
        lowered = word.lower()
        name = lowered if lowered in known else medicine_named(word)
        if name is not None:
            named.append((match, name))
        elif (found := _medicine_by_context(text, match, lowered)) is not None:
            by_dose.append((match, found))
    own = [medicine for medicine, taker in known.items() if taker == WRITER]
    if not named and len(own) == 1 and (change := _MY_DOSE_CHANGED.search(text)):
        return [(change, own[0])]  # "upped me to 88mcg": the one medicine the user told of taking
    return named or by_dose


# Who takes a medicine told before (`medicine_takers.known_medicines`): the writer of the note, or the
# person named.
WRITER = ""
# A dose of one's own changed without the medicine named again: "Dr Lam upped me to 88mcg", "my dose went
# down to 50mg", "they've put me up to 100mg".
_MY_DOSE_CHANGED = re.compile(
    r"\b(?:(?:upped|increased|raised|bumped|lowered|reduced|dropped|cut|put|moved|switched)\s+me|"
    r"(?:(?:my|the)\s+)?dos(?:e|age)\s+(?:went|goes|is|was|has\s+gone|got))\s+(?:now\s+)?(?:up\s+|down\s+|back\s+)?"
    r"to\s+"
    rf"(?=\d+(?:\.\d+)?\s?(?:{_UNITS})\b)",
    re.IGNORECASE,
)


def _medicine_by_context(text: str, match: re.Match[str], lowered: str) -> str | None:
    """A medicine no lexicon knows, named by what it is taken as: "<word> tablets", a dose by it."""
    form = _FORM_AFTER.match(text, match.end())
    if form and lowered not in _NO_NAME:
        return f"{lowered} {form.group(0).strip().lower()}"  # "iron tablets", "nicotine patches"
    if re.match(rf"(?:{_FORMS})$", lowered) and _DOSE.search(
        text[max(0, match.start() - 12) : match.start()]
    ):
        return lowered  # "the 21mg patches": the dose names the thing
    by_dose = _DOSE_AFTER.match(text, match.end()) or _WEIGHT_BEFORE.search(text[: match.start()])
    if by_dose and len(lowered) >= 4 and lowered not in _NO_NAME and not lowered.endswith(("ing", "ed")):
        return lowered
    return None


def _value(text: str, start: int, end: int, before: str) -> str | None:
    """The dose near the medicine (after it, or just before: "20mg of atorvastatin"), how often, or a
    start or a stop."""
    clause = re.split(r"[;!?]|\.(?!\d)|,\s+(?=[A-Z])", text[end:], maxsplit=1)[0]
    dose = _DOSE.search(clause[:60]) or _DOSE.search(text[max(0, start - 14) : start])
    after = _STOPPED_AFTER.match(text, end)
    # "weaning off mirtazapine, 7.5mg from tonight", "warfarin for Dad dropped to 2mg": a lower dose
    lowered = (after and _DOSE_AFTER.match(text, after.end())) or (dose and _TAPER.search(before))
    if (_STOPPED.search(before) or after) and not lowered:
        return STOPPED
    if dose:
        return f"{dose.group('n')}{dose.group('unit').lower().rstrip('s')}".replace("unit", "units")
    often = _HOW_OFTEN.search(clause[:60])
    if often:
        return _how_often(often.group(0))
    if _DAILY_BY_IT.match(text, end):
        return "once a day"  # "takes Microgynon every day"; "sweats at night" says no when
    if _STARTED.search(before):
        return "taking"
    return None


def _how_often(said: str) -> str:
    """One spelling of how often, so that "2x/day" after "twice daily" is no change."""
    said = re.sub(r"\s+", " ", said.lower())
    count = re.match(r"(\d)\s?x?(?: times)?\s*", said)
    if count:
        said = f"{_COUNTS.get(count.group(1), count.group(1) + ' times')} {said[count.end() :]}"
    if not said.startswith("every"):
        said = re.sub(r"\s*(?:a|per|/)?\s*(?:day|daily)$", " a day", said)
        said = re.sub(r"\s*(?:a|per|/)?\s*(?:week|weekly)$", " a week", said)
    return re.sub(r"^(when|if) ", "as ", said).strip()
