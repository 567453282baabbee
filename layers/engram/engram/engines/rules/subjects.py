"""Who a clause is about: the owner (I / we / an implied "I" in a note fragment), "my sister", a name the
user introduced, or a pair ("Callum and I"). The slot readers (`slots`) then read what the clause states
about them.
"""

from __future__ import annotations

import re

from engram.engines.rules.drafts import Subject, TurnContext
from engram.language.attributes import (
    BUSINESS_OWNER,
    JOB_SHORTHAND,
    LOCATION_MOVE,
    MONEY_ATTRIBUTE,
    PET_DESCRIPTION,
    RELATIONSHIP_EVENTS,
    SCHOOL_STUDY,
    TITLE_HEADS,
    TITLE_STARTING,
    money_in_frame,
)
from engram.language.changes import DIET_SWITCH, FAMILY_TITLE
from engram.language.cues import FRAGMENT_VERBS, LEADING_ADVERBIAL
from engram.language.medicines import medication_in
from engram.language.phrases import NAME, PARTNER_WORD, TIE_SET_OFF
from engram.language.text import IRREGULAR_PASTS, PET_WORDS, RELATION_WORDS, STOPWORDS, SpottedEntity, words

_OWNER_START = re.compile(
    r"^(?:I|I'm|I've|I'd|I'll|Im|Ive)\b|^(?:we|we're|we've|we'd|we'll|our|me (?:and|n|&) \w+)\b",
    re.IGNORECASE,
)
_PAIR_START = re.compile(
    rf"^{PARTNER_WORD}(?P<other>{NAME})\s+(?:and|&)\s+(?:I|me)\b|^(?:I|"
    rf"me)\s+(?:and|&)\s+{PARTNER_WORD}(?P<other2>{NAME})\b|"
    r"^(?:my|our)\s+(?P<rel>[\w\-]+)\s+(?:and|&)\s+(?:I|me)\b",
    re.IGNORECASE,
)
_RELATIVE_START = re.compile(
    r"^(?P<poss>my|our)\s+(?:(?:best|older|younger|little|big|old|new|ex|former|late|twin|baby|"
    r"college|school|childhood|work|high\s+school|dear|favou?rite|oldest|youngest|closest)\s+){0,3}"
    r"(?P<rel>"
    + "|".join(sorted((re.escape(w) for w in [*RELATION_WORDS, *PET_WORDS]), key=len, reverse=True))
    + r")(?P<plural>s)?\b(?P<of>'s\s+(?P<their>[a-z][\w\-]*))?"
    # a name's letters may be accented: "My girlfriend Sofía"
    r"(?:,?\s+(?P<name>(?-i:(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž'\-]+))\b)?",
    re.IGNORECASE,
)
_HEDGE_PREFIX = re.compile(
    r"^(?:I think|I guess|I believe|I suppose|I feel like|I heard|I hear|apparently|"
    r"maybe|probably|perhaps|honestly|I'm pretty sure|I'm sure)\s*,?\s*(?:that\s+)?",
    re.IGNORECASE,
)
# The relatives one calls by their tie, as a name ("Mum", "Dad", "Nan", "Grandpa").
_KIN_CALLED_BY_TIE = frozenset(("mother", "father", "grandmother", "grandfather"))
_NAME_START = re.compile(rf"^(?P<name>(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?{NAME})(?:'s)?\s+\S")


# "Priya's my flatmate", "Tomás's a nurse now", "Ama's moving to Kumasi": "'s" for "is" or "has", not
# the possessive of "Priya's boss works at Google".
_IS_CONTRACTED = re.compile(
    r"^\s+(?:my|our|a|an|the|now|still|just|also|finally|been|got|gone|[a-z]+ing|[a-z]+ed)\b", re.IGNORECASE
)


# What a person has that is a slot of theirs: "Nadia's favourite food is pierogi", "Tom's birthday is".
_OWN_ATTRIBUTE = re.compile(
    r"^\s+(?:all[- ]time\s+)?(?:favou?rite|fave|birthday|bday|salary|rent|diet|allerg\w+|school|job|work)\b",
    re.IGNORECASE,
)


# A name with the tie set off after it: "Thandi, my best friend, is ...", "Dev (my son) turned out ...".
_APPOSED = re.compile(rf"^(?P<name>{NAME}){TIE_SET_OFF}\s*")


# A note that opens on a name or a capitalised word of its own is about someone or something else:
# "Mamá gets 400 a month now. rent $480".
_SOMEONE_FIRST = re.compile(
    r"^(?!(?:the|my|our|a|an|new|monthly|weekly|rent|paying|pay|paid|earning|got|on)\b)(?-i:[A-Z])\w*",
    re.IGNORECASE,
)


def _subject_of(text: str, ctx: TurnContext, entities: list[SpottedEntity]) -> Subject | None:
    """Who the clause is about (the first subject after a leading time/place adverbial)."""
    body = FAMILY_TITLE.sub("", _HEDGE_PREFIX.sub("", text, count=1), count=1)
    body = LEADING_ADVERBIAL.sub("", body, count=1) or text
    body = _APPOSED.sub(r"\g<name> ", body, count=1)  # "Thandi, my best friend, is ...": Thandi is ...
    owner = Subject(ctx.owner, is_owner=True, person=ctx.speaker, owner=ctx.owner)
    pair = _PAIR_START.match(body)
    if pair:
        partner = pair.group("other") or pair.group("other2") or pair.group("rel")
        return Subject(ctx.owner, is_owner=True, person=ctx.speaker, relation=partner, owner=ctx.owner)
    relative = _RELATIVE_START.match(body)
    if relative:
        rel = relative.group("rel").lower()
        name = relative.group("name")
        their = (relative.group("their") or "").lower()
        if their in RELATION_WORDS or their in PET_WORDS:
            # "My brother's friend moved to Dublin" is about the friend, not the brother.
            if name:
                return Subject(name, is_owner=False, person=name, owner=ctx.owner)
            return Subject(
                f"{relative.group('poss').lower()} {rel}'s {their}", is_owner=False, owner=ctx.owner
            )
        if rel in PET_WORDS:
            return Subject(
                name or ctx.owner, is_owner=name is None, person=None, relation=rel, owner=ctx.owner
            )
        if name and name.lower() not in STOPWORDS:
            return Subject(
                name, is_owner=False, person=name, relation=RELATION_WORDS.get(rel, rel), owner=ctx.owner
            )
        possessive = "my" if ctx.speaker is None else f"{ctx.speaker}'s"
        surface = rel + (relative.group("plural") or "")
        return Subject(
            f"{possessive} {surface}", is_owner=False, relation=RELATION_WORDS.get(rel, rel), owner=ctx.owner
        )
    described = _DESCRIBED_PERSON.match(body)
    if described:  # "Our skip is a retired dentist called Graham": the skip is someone with a job
        possessive = described.group("poss").lower() if ctx.speaker is None else f"{ctx.speaker}'s"
        return Subject(f"{possessive} {described.group('noun').lower()}", is_owner=False, owner=ctx.owner)
    if _OWNER_START.match(body):
        return owner
    couple = re.match(rf"^(?P<a>{NAME})\s+and\s+(?P<b>{NAME})\b", body)
    if couple and couple.group("b") not in ("I",):
        other = re.sub(r"['’]s$", "", couple.group("b"))  # "Sarah and Paul's divorce": Paul
        first = _kin_key(couple.group("a"), ctx) or couple.group("a")  # "Mum and Steve have split up"
        return Subject(first, is_owner=False, person=couple.group("a"), relation=other)
    if re.match(r"^(?:my|our)\s+\w", body, re.IGNORECASE):
        return owner  # "My goal is ...", "Our rent went up": the owner's own things
    named = _NAME_START.match(body)
    if named:
        name = named.group("name")
        after = body[named.end("name") :]
        if _IS_CONTRACTED.match(after) or _OWN_ATTRIBUTE.match(after):  # "Priya's my flatmate": Priya is
            name = re.sub(r"['’]s$", "", name)
        kin = _kin_key(name, ctx)
        if kin is not None:  # "Mum's retired": the same "my mum" as "My mum lives in Coventry"
            return Subject(kin, is_owner=False, relation=RELATION_WORDS[name.lower()], owner=ctx.owner)
        if any(e.name == name and e.kind == "person" for e in entities) or name in ctx.known_people:
            return Subject(name, is_owner=False, person=name)
    if re.match(r"^(?:[\w',]+\s+){1,5}?(?:I|I'm|I've|I'd|I'll|[Ww]e|[Ww]e're)\s", body):
        return owner  # "Back in 2015 I lived in Boston", "After the move we ..."
    return owner if _said_of_the_writer(body, ctx) else None


def _said_of_the_writer(body: str, ctx: TurnContext) -> bool:
    """A note with no subject of its own is the writer's when its first words say what only the writer's
    life is: an act ("Had coffee with Marcus"), a home, a job, a dose, money, a diet, a business."""
    tokens = words(body)
    first = tokens[0] if tokens else ""
    return bool(
        first in FRAGMENT_VERBS  # "Had coffee with Marcus", "Moved to SF last month"
        or first in IRREGULAR_PASTS
        or (first.endswith("ed") and len(first) > 4)
        # "a beagle named Max", "Nurse at St James's since May", "Living in San Diego now"
        or any(shorthand.match(body) for shorthand in _OWNERS_SHORTHAND)
        or _WORK_OPENING.match(body)  # "Starting at KPMG as a tax associate monday"
        or medication_in(body, ctx.medicines) is not None  # "Levothyroxine 50mcg every morning"
        or LOCATION_MOVE.match(body)  # a move said from its first word: "Keys to Lidgett Lane!"
        or (_OWN_MONEY.match(body) and MONEY_ATTRIBUTE.search(body))  # "pay 18k/mo", "Rent: €1,200"
        # "Divorce finalised today", "It's over between us", "Not seeing Nathan anymore"
        or (_NO_THIRD_PARTY.match(body) and _relationship_change(body))
        or _new_diet(body)  # "Vegan now", "Fully vegetarian since Easter"
        # one's own business said from its first word: "Running my own bakery now"
        or BUSINESS_OWNER.match(_NOW_OPENING.sub("", body, count=1))
        # rent or pay said with no one's name: "The room costs 600 a month", "Rent's 1200"
        or (money_in_frame(body) is not None and not _SOMEONE_FIRST.match(body))
    )


def _relationship_change(body: str) -> bool:
    return any(pattern.search(body) for pattern, _, change in RELATIONSHIP_EVENTS if change)


def _new_diet(body: str) -> bool:
    diet = DIET_SWITCH.match(body)
    return bool(diet and diet.group("v3"))


# "now" and "finally" open no clause by then (`LEADING_ADVERBIAL`): "Just running my own bakery"
_NOW_OPENING = re.compile(r"^(?:just|still)\s+", re.IGNORECASE)


# Someone the owner knows by a role no relation word names, described by a job: "Our skip is a retired
# dentist called Graham", "my sponsor is a nurse". Not the owner's own job or plans ("my role is a
# senior one", "my goal is a sub-2 half").
_DESCRIBED_PERSON = re.compile(
    r"^(?P<poss>my|our)\s+(?!(?:job|role|title|position|work|career|plan|goal|dream|new)\b)(?P<noun>[a-z]+)"
    r"\s+(?:is|was|'s)\s+(?:a|an)\s+(?:[a-z-]+\s+){0,2}?(?:retired|former|" + TITLE_HEADS + r")\b",
    re.IGNORECASE,
)
# "new title just dropped: engineering manager", "they've made me practice manager": the user's new job
_OWN_NEW_TITLE = re.compile(
    r"^(?:new\s+(?:role|title|job\s+title)\b|they(?:'ve|\s+have)?\s+made\s+me\b"
    # "first day at Monzo!!", "last shift at Greggs today", "that's me finished at Tesco"
    r"|(?:first|1st|last|final)\s+(?:day|week|shift|month|night\s+shift)\s+(?:at|with)\b"
    r"|that's\s+me\s+(?:finished|done)\b)",
    re.I,
)
# "Living in San Diego now", "officially a Dennistoun resident", "Hamburg's home now", "new address: ..."
_OWN_HOME = re.compile(
    r"^(?:(?:now|just|finally|officially)\s+)*(?:living|staying|settled|based)\s+in\b"
    # "Living with my sister in Fremont until I find a place"
    r"|^(?:(?:now|still)\s+)*living\s+(?:with|w/)\s+[^,.;!?]{1,40}?\s+in\s+(?-i:[A-Z])"
    # "First night in the new place in Eimsbüttel"
    r"|^first\s+night\s+in\s+(?:the|our|my)\s+(?:new\s+)?(?:place|flat|house|home|apartment|unit)\b"
    r"|^(?:(?:now|officially)\s+)*(?:a|an)\s+(?-i:[A-Z])[^.;!?]{0,30}\bresident\b"
    r"|^(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*)?(?:['’]s|\s+is)\s+(?:my\s+|our\s+)?home\s+now\b"
    r"|^new\s+address\b",
    re.I,
)


def _kin_key(name: str, ctx: TurnContext) -> str | None:
    """ "Mum", "Dad", "Nan" used as a name by the app's user: the same "my mum" a "my mum ..." clause is
    stored under; None for anyone else."""
    if ctx.speaker is not None or RELATION_WORDS.get(name.lower()) not in _KIN_CALLED_BY_TIE:
        return None
    return f"my {name.lower()}"


# a clause that opens on no one else: "Divorce finalised today", not "Pavel's parents got divorced"
_NO_THIRD_PARTY = re.compile(
    rf"^(?!(?!(?:It|That|What|There|Here|This)['’]s){NAME}['’]s\s|(?:his|her|their|he|she|they)\b)", re.I
)
# The user's own shorthand, which names no subject: a pet described, a job or a new title, a home.
# The writer's body said from a note's first word: "Allergic to peanuts", "Lactose intolerant, ugh",
# "Coeliac so gluten-free everything", "Fructose intolerance confirmed", "Vegan for a month now", "dont
# eat meat anymore".
_OWN_CONDITION = re.compile(
    r"^(?:(?:now|still|also|officially|apparently|severely|mildly|very|so)\s+)*(?:[a-z]+[- ])?"
    r"(?:allergic|intoleran(?:t|ce)|coeliac|celiac|diabetic|vegan|vegetarian|pescatarian|teetotal)\b"
    r"|^(?:don't|do\s+not|no\s+longer|never|can't)\s+(?:eat|drink|have)\b",  # "Don't eat meat anymore"
    re.IGNORECASE,
)
# A favourite said from a note's first word: "favourite author is Adichie", "Fave film: Amélie".
# "Tinariwen are my favourite band" too.
_OWN_FAVORITE = re.compile(
    r"^(?:all[- ]time\s+)?(?:favou?rite|fave)\s+[a-z]"
    r"|^[^,.;!?]{1,40}?\s+(?:is|are)\s+(?:my|our)\s+(?:all[- ]time\s+)?(?:favou?rite|fave)\b",
    re.IGNORECASE,
)
_OWNERS_SHORTHAND = (
    PET_DESCRIPTION, JOB_SHORTHAND, _OWN_NEW_TITLE, TITLE_STARTING, _OWN_HOME, _OWN_CONDITION, _OWN_FAVORITE,
    SCHOOL_STUDY,  # study said from a note's first word: "doing my MSc at Wageningen"
)  # fmt: skip
# work said from a note's first word: "Starting at KPMG as a tax associate monday", "Working for Oxfam
# now", "Temping thru Hays", "Driving for Uber full time"
_WORK_OPENING = re.compile(
    r"^(?:(?:just|now|finally|still)\s+)?(?:starting|working|temping|interning|freelancing|driving|"
    r"delivering|teaching|tutoring)\s+(?:[\w'-]+\s+){0,2}?(?:at|for|with|thru|through|as)\s",
    re.IGNORECASE,
)
# the user's pay or rent, whoever sets it: "pay 18k/mo", "The rent is 7,000", "The landlord raised the rent"
_OWN_MONEY = re.compile(
    r"^(?:the\s+|new\s+)?(?:salary|pay|rent|mortgage)\b|"
    r"^(?:the\s+|my\s+|our\s+)?(?:landlord|landlady|letting\s+agent|agency|bank|boss|employer|company)\s+"
    r"(?:has\s+|just\s+)?(?:raised|increased|put\s+up|cut|lowered|reduced|dropped|says|said|reckons)\b|"
    # the pay of a job said from its first word: "New contract signed, £42k a year", "The new job at
    # Safaricom pays 250k a month"
    r"^(?:the\s+|my\s+|a\s+)?(?:new\s+)?(?:contract|job|role|offer|position)\b",
    re.IGNORECASE,
)
