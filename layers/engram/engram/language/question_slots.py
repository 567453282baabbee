"""Which stored attributes a question asks about: "where do I work?" asks for the user's `employer`.

A memory's extraction already records what it answers (metadata subject / attribute / value, from both
write engines' vocabulary: employer, location, school, relationship:<person>, owns:<thing>, diet ...),
while its sentence often shares no word with the question ("I joined Acme" answers "where do I
work?"). This reads a question into the (subject, attribute) pairs it asks for, so search can match
memories by what they answer rather than by the words they happen to use. Pure: no I/O.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field
from functools import lru_cache

from engram.language.medicines import medicine_named
from engram.language.text import RELATION_WORDS
from engram.language.text.gazetteer import without_places
from engram.language.text.vocabulary import DEMONYMS, MONTHS, NOT_NAMES

USER_SUBJECT = "user"

# A partner is the value of a relationship, not a kind of relationship: "relationship:Noa" = "engaged".
_PARTNER_VALUES = (
    r"partner|dating|date|engaged|fianc|married|marriage|wife|husband|spouse|girlfriend|boyfriend|"
    r"together|broke up|split|separated|divorced|single|widow"
)


@dataclass(frozen=True)
class AttributeRule:
    """Stored attributes matching `pattern` (SQL LIKE), optionally only with a value matching `value`
    (a case-insensitive regex; "" for any); `any_subject` when the attribute is stored on the other
    person ("Noa" / relation / "fiancée" answers who the user's partner is)."""

    pattern: str
    value: str = ""
    any_subject: bool = False


_EMPLOYER = (AttributeRule("employer"), AttributeRule("job_title"))
_PARTNER = (
    AttributeRule("relationship:%", _PARTNER_VALUES),
    AttributeRule("relationship_status"),
    AttributeRule("partner"),
    AttributeRule("spouse"),
    AttributeRule("relation", _PARTNER_VALUES, any_subject=True),
)
_HEALTH = (
    AttributeRule("health%"),
    AttributeRule("status"),
    AttributeRule("condition"),
)

_MEDICATION_WORDS = frozenset(
    ("medication", "medications", "medicine", "medicines", "meds", "dose", "dosage", "prescription")
)

# Question words (lowercased, exact) -> the attributes they ask for. Words of kinds, never of examples.
SLOT_WORDS: dict[str, tuple[AttributeRule, ...]] = {
    **dict.fromkeys(
        (
            "work",
            "works",
            "working",
            "worked",
            "job",
            "jobs",
            "employer",
            "employed",
            "company",
            "business",  # "what business do I run?", "who's my business partner?": one's own
            "office",
            "boss",
            "career",
            "workplace",
        ),
        _EMPLOYER,
    ),
    **dict.fromkeys(("title", "position", "role", "promoted", "promotion"), (AttributeRule("job_title"),)),
    **dict.fromkeys(
        (
            "live",
            "lives",
            "living",
            "lived",
            "home",
            "city",
            "town",
            "country",
            "suburb",
            "neighbourhood",
            "neighborhood",
            "district",
            "borough",
            "address",
            "reside",
            "resides",
            "based",
            "move",
            "moved",
        ),
        (AttributeRule("location"),),
    ),
    **dict.fromkeys(("hometown", "grew", "born"), (AttributeRule("hometown"),)),
    **dict.fromkeys(
        (
            "study",
            "studies",
            "studying",
            "studied",
            "school",
            "university",
            "college",
            "student",
            "degree",
            "enrolled",
            "campus",
            "uni",
        ),
        (AttributeRule("school"),),
    ),
    **dict.fromkeys(
        (
            "partner",
            "dating",  # and "seeing" as dating: "who am I seeing?" reaches here as "who am I dating?"
            "married",
            "marry",
            "wife",
            "husband",
            "spouse",
            "girlfriend",
            "boyfriend",
            "fiance",
            "fiancé",
            "fiancee",
            "fiancée",
            "engaged",
            "relationship",
            "single",
        ),
        _PARTNER,
    ),
    **dict.fromkeys(
        ("phone", "smartphone", "mobile"), (AttributeRule("phone"), AttributeRule("owns:%phone%"))
    ),
    **dict.fromkeys(
        ("car", "drive", "drives", "driving", "vehicle"), (AttributeRule("car"), AttributeRule("owns:car"))
    ),
    # a diet, and the foods one goes without or cannot take (`avoids:<food>`, `intolerance:<thing>`)
    **dict.fromkeys(
        ("diet", "eat", "eats", "eating", "ate", "meat", "vegetarian", "vegan"),
        (AttributeRule("diet"), AttributeRule("avoids:%"), AttributeRule("intolerance:%")),
    ),
    **dict.fromkeys(("intolerant", "intolerance", "intolerances"), (AttributeRule("intolerance:%"),)),
    **dict.fromkeys(("alcohol", "booze", "teetotal", "sober"), (AttributeRule("avoids:alcohol"),)),
    **dict.fromkeys(("health", "healthy", "sick", "ill", "hospital", "doing", "alive"), _HEALTH),
    **dict.fromkeys(("pet", "pets", "dog", "cat"), (AttributeRule("pet%"), AttributeRule("owns:%"))),
    **dict.fromkeys(("allergy", "allergic", "allergies"), (AttributeRule("allergy%"),)),
    # a medicine's dose, or its start or stop (`medication:<medicine>`): "what dose do I take?"
    **dict.fromkeys(_MEDICATION_WORDS, (AttributeRule("medication:%"),)),
    # health readings (`measurement:<measure>`): the word that names the measure asks for it
    **dict.fromkeys(("pressure", "bp"), (AttributeRule("measurement:blood pressure"),)),
    **dict.fromkeys(("a1c", "hba1c"), (AttributeRule("measurement:a1c"),)),
    **dict.fromkeys(
        ("weight", "weigh", "bmi"), (AttributeRule("measurement:weight"), AttributeRule("measurement:bmi"))
    ),
    **dict.fromkeys(
        ("cholesterol", "ldl", "hdl"),
        (
            AttributeRule("measurement:cholesterol"),
            AttributeRule("measurement:ldl"),
            AttributeRule("measurement:hdl"),
        ),
    ),
    **dict.fromkeys(
        ("sugar", "glucose"), (AttributeRule("measurement:blood sugar"), AttributeRule("measurement:glucose"))
    ),
}
# "how is Rex?" / "how's my aunt?": how someone is doing is their health or status.
_HOW_IS = re.compile(r"\bhow(?:'s|\s+(?:is|are|was|has))\b", re.I)
# "do I have a bike?", "what laptop do I use?", "do we own a piano?": a possession named in the question.
_POSSESSION = re.compile(
    r"\b(?:have|has|own|owns|got|use|uses|using)\s+(?:an?|the|my|our|any|a\s+new)\s+(?P<a>[a-z][a-z-]{2,})"
    r"|\bwhat\s+(?:kind\s+of\s+|sort\s+of\s+)?(?P<b>[a-z][a-z-]{2,})\s+(?:do|does|did|is|are)\b",
    re.I,
)
# What a workplace is called: "based" after it asks where the work is, not where one lives.
_WORKPLACE = frozenset(("work", "job", "office", "company", "business", "firm", "studio", "team"))
# Phrases whose slot words ask for no slot: working from home is how one works, not where or for whom.
_NO_SLOT = re.compile(r"\b(?:work|works|working|worked)\s+from\s+home\b|\bwfh\b")
_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself|we|us|our|ours|i'm|i've)\b", re.I)
# The user as the one who does what the question asks ("where do I live with my wife?"), not only as the
# owner of the person it asks about ("where does my wife work?").
_SPEAKER = re.compile(r"\b(?:i|me|myself|we|us|i'm|i've|i'd|we're|we've)\b", re.I)
_RELATIVE = re.compile(
    r"\b(?:my|our)\s+(?:(?:older|younger|big|little|eldest|oldest|youngest|new|old|ex-?)\s+)?(?P<w>[a-z-]+)",
    re.I,
)
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# A place or time named after a preposition: "in Japan", "at Calder & Moss", "near St Vincent Street",
# "before Galway", "over December and January", "of Rotterdam".
_WHERE_NAMED = re.compile(
    r"\b(?:in|at|near|around|across|outside|inside|throughout|before|after|during|over|since|until|of)"
    r"\s+(?:the\s+)?"
    r"(?-i:[A-Z][\w'’.-]*)(?:\s+(?:&\s+|and\s+|of\s+)?(?-i:[A-Z][\w'’.-]*))*",
    re.IGNORECASE,
)
# A month with its day or year: "How did July 2026 go?", "May 14th".
_DATED_MONTH = re.compile(rf"\b(?:{'|'.join(MONTHS)})\s+\d", re.IGNORECASE)
# Capitalised words that are not names when they open a question or stand alone.
_NOT_NAMES = frozenset(
    {"what", "where", "who", "whom", "whose", "when", "why", "how", "which", "is", "are", "was", "were",
     "am", "do", "does", "did", "can", "could", "would", "should", "will", "has", "have", "had", "must",
     "shall", "tell", "remind", "give", "list", "show",
     "i", "my", "me", "we", "our", "the", "a", "an", "and", "or", "still", "any", "please",
     "what's", "where's", "who's", "when's", "how's", "i'm", "i've", "i'd"}
)  # fmt: skip


@dataclass(frozen=True)
class QuestionSlots:
    """The subjects a question is about (lowercased: "user", or a name) and the attributes it asks for."""

    subjects: tuple[str, ...] = ()
    rules: tuple[AttributeRule, ...] = field(default_factory=tuple)

    def __bool__(self) -> bool:
        return bool(self.subjects and self.rules)


def stored_for_another(slots: QuestionSlots, subject: str | None, attribute: str | None) -> bool:
    """Does a memory store an attribute the question asks for, of someone else? "Where do I work?" is
    not answered by "Tom just got a job at Google" (employer, of Tom), nor "where do my parents live?"
    by "we live in Kralingen" (location, of the user). Only a question about the user or about someone
    named by their tie to the user is read: a capitalised word of another question may be a place
    ("what was my job in Japan?"), not whom it asks about."""
    if not slots or not subject or not attribute:
        return False
    if slots.subjects == (USER_SUBJECT,):
        if subject == USER_SUBJECT:
            return False
    # the subjects are one person's names ("my boyfriend", "my partner", "fiancé(e)"): one tie is enough
    elif subject != USER_SUBJECT or not any(s.split()[-1] in RELATION_WORDS for s in slots.subjects):
        return False
    stored = attribute.lower()
    return any(
        not rule.any_subject and fnmatch.fnmatchcase(stored, rule.pattern.lower().replace("%", "*"))
        for rule in slots.rules
    )


def asks_my_job(slots: QuestionSlots) -> bool:
    """Does the question ask the user's own job or employer ("where do I work?", "what's my job?")?"""
    asked = {rule.pattern for rule in slots.rules}
    return slots.subjects == (USER_SUBJECT,) and bool(asked & {"employer", "job_title"})


def question_subjects(question: str) -> tuple[str, ...]:
    """Names the question mentions (capitalised words that are no question word), else the person it
    names by their tie to the user, else the user when it speaks in the first person: "where does Hedda
    work?" is about Hedda, "where do my parents live?" about the parents, "where do I work?" the user. A
    place, a time or a name after "in", "before" or "of" is where or when, not whose: "what was my job in
    Japan?", "where did I live before Galway?" and "who was I dating before Tiago?" ask the user's."""
    names = [w.lower() for w in _WORD.findall(_without_where_or_when(question)) if _may_be_someone(w)]
    if names:
        # "where does Mum live?" asks about whom the user calls "my mum" as a name: both are stored
        subjects = [key for name in names for key in (*_as_relative(name), name)]
        return tuple(dict.fromkeys(subjects))
    if not _FIRST_PERSON.search(question):
        return ()
    relatives = _relatives(question)
    return relatives if relatives and not _SPEAKER.search(question) else (USER_SUBJECT,)


def _without_where_or_when(question: str) -> str:
    """The question with the places it names, the names after a preposition and its dates blanked out."""
    return _DATED_MONTH.sub(" ", _WHERE_NAMED.sub(_whose_kept, without_places(question)))


def _whose_kept(match: re.Match[str]) -> str:
    """A name after a preposition is no one's slot unless it is said as whose ("after Mum's operation")."""
    return match.group(0) if match.group(0).endswith(("'s", "’s")) else " "


def _may_be_someone(word: str) -> bool:
    """A capitalised word that is not a question's word, a day, a feast, a nationality or letters ("PhD",
    "HbA1c"); a month is someone's name unless a date or a preposition says it is the month ("Where does
    May work?")."""
    if not word[0].isupper():
        return False
    lower = word.lower()
    if lower in _NOT_NAMES or lower in DEMONYMS or (lower in NOT_NAMES and lower not in MONTHS):
        return False
    return sum(ch.isupper() for ch in word) < 2


def _as_relative(word: str) -> list[str]:
    """The subjects a relative is stored under ("mum": "my mum", "our mother", ...), [] for a name."""
    if word not in RELATION_WORDS:
        return []
    return [key for same in sorted(same_relations(word)) for key in (f"my {same}", f"our {same}", same)]


def _relatives(question: str) -> tuple[str, ...]:
    """The subjects a person named by a tie is stored under: "my mum lives in Accra" is stored with
    subject "my mum", so "where does my mother live?" asks about "my mum", "my mom", "my mother"."""
    subjects: list[str] = []
    for match in _RELATIVE.finditer(question):
        subjects += _as_relative(match.group("w").lower())
    return tuple(dict.fromkeys(subjects))


@lru_cache(maxsize=256)
def question_slots(question: str) -> QuestionSlots:
    """The (subjects, attribute rules) a question asks for; empty when it names no slot or nobody. Read
    twice per search (its candidates, then their relevance): cached, as the result is immutable."""
    rules = [rule for _, asked in _asking_words(question) for rule in asked]
    if _HOW_IS.search(question):
        rules.extend(_HEALTH)
    unique = tuple(dict.fromkeys(rules))
    return QuestionSlots(question_subjects(question), unique) if unique else QuestionSlots()


def slot_words(question: str) -> list[str]:
    """The words of the question that ask for a slot ("work" of "where do I work?", "bike" of "do I have
    a bike?") and those that say whose it is ("grandfather" of "how is my grandfather?"): what a memory
    that stores the slot answers, so it need not hold them itself."""
    asking = [word for word, _ in _asking_words(question)]
    if not asking and not _HOW_IS.search(question):
        return []
    return asking + [word for word in _WORD.findall(question.lower()) if word in RELATION_WORDS]


def _asking_words(question: str) -> list[tuple[str, tuple[AttributeRule, ...]]]:
    """Each word of the question that asks for a slot, with the attribute rules it asks for."""
    asking: list[tuple[str, tuple[AttributeRule, ...]]] = []
    words = _WORD.findall(_NO_SLOT.sub(" ", question.lower()))
    medicines = [(w, m) for w in words if (m := medicine_named(w)) is not None]
    for before, word in zip(["", *words], words, strict=False):
        if medicines and word in _MEDICATION_WORDS:
            continue  # "what dose of levothyroxine do I take?" asks that medicine's, not every medicine's
        if word == "partner" and before not in _PARTNER_BEFORE and not before.endswith(("'s", "’s")):
            continue  # "my business partner", "her tennis partner": no one the user is with
        if word == "based" and before in _WORKPLACE:
            continue  # "where is my work based?", "where's the company based?": the workplace, no home
        if word in SLOT_WORDS:
            asking.append((word, SLOT_WORDS[word]))
    asking.extend((word, (AttributeRule(f"medication:{medicine}"),)) for word, medicine in medicines)
    for match in _POSSESSION.finditer(question):
        thing = (match.group("a") or match.group("b")).lower()
        if thing not in SLOT_WORDS and thing not in _NOT_NAMES:
            asking.append((thing, (AttributeRule(thing), AttributeRule(f"owns:{thing}"))))
    return _partner_as_whose(question, asking)


def _partner_as_whose(
    question: str, asking: list[tuple[str, tuple[AttributeRule, ...]]]
) -> list[tuple[str, tuple[AttributeRule, ...]]]:
    """Without the partner's own slot when the partner is whose another slot is: "where does *my
    girlfriend* work?" asks her employer, not who she is, and "where do I live with *my wife*?" where."""
    others = [pair for pair in asking if pair[1] is not _PARTNER]
    if not others or not _WHOSE_PARTNER.search(question):
        return asking
    return others


# What may stand before "partner" when it means the one the user is with ("my partner", "Tom's partner",
# "a new partner", "my life partner"); any other word makes another kind ("business", "tennis", "lab").
_PARTNER_BEFORE = frozenset(
    ["", *"my his her their your our a the s new current ex former old life long-term domestic".split()]  # noqa: SIM905
)


# Relation words that name the same tie: a question about "my partner" means the girlfriend, the
# fiancée or the husband, whichever word the user's memories happened to use.
_RELATION_GROUPS = (
    frozenset({"partner", "girlfriend", "boyfriend", "fiance", "fiancé", "fiancee", "fiancée", "fiancé(e)",
               "wife", "husband", "spouse"}),
    frozenset({"mom", "mum", "mother"}),
    frozenset({"dad", "father"}),
    frozenset({"grandma", "grandmother", "granny", "nana"}),
    frozenset({"grandpa", "grandfather", "granddad", "grandad"}),
    frozenset({"coworker", "co-worker", "colleague"}),
    frozenset({"roommate", "flatmate"}),
)  # fmt: skip


# A partner said as someone's ("my girlfriend", "Tom's wife", "her fiancé"), by any word of the partner tie.
_WHOSE_PARTNER = re.compile(
    r"\b(?:my|our|his|her|their|[a-z]+['’]s)\s+(?:(?:new|current|future)\s+)?(?:"
    + "|".join(sorted(map(re.escape, _RELATION_GROUPS[0]), key=len, reverse=True))
    + r")(?![\w(])",
    re.IGNORECASE,
)


def same_relations(relation: str) -> frozenset[str]:
    """The relation words meaning the same tie as `relation` (itself included), lowercased."""
    lowered = relation.strip().lower()
    for group in _RELATION_GROUPS:
        if lowered in group:
            return group
    return frozenset({lowered})
