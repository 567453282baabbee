"""Subject and slot: who a clause is about, and the attribute and value it states about them.

The subject is found first (I / we / "my sister" / a name / an implied "I" in a note fragment), then the
attribute readers run in order and the first that matches wins. Tense and hedging are read, not assumed:
"thinking about leaving Stripe" keeps Stripe as the employer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from engram.engines.rules.drafts import (
    Draft,
    Slot,
    Subject,
)
from engram.engines.rules.values import (
    a_day,
    a_rank,
    clean_value,
    first_group,
    is_org_like,
    negated,
    says_no_longer,
    tentative,
)
from engram.language import belongings
from engram.language.attributes import (
    AGE,
    ALLERGY,
    BIRTHDAY,
    BUSINESS_OWNER,
    DIET,
    DIET_FOODS,
    EMPLOYER_JOIN,
    EMPLOYER_LEAVE,
    EMPLOYER_LOSS,
    EMPLOYER_STATE,
    EMPLOYER_TITLE_AT,
    FAVORITE,
    FAVORITE_LEAD,
    FAVORITE_SCOPE,
    FOOD_SYNONYMS,
    FREELANCE,
    HOMETOWN,
    INTOLERANCE,
    IS_MY_RELATION,
    JOB_TITLE,
    LOCATION_MOVE,
    LOCATION_STATE,
    MEASUREMENT,
    MONEY_ATTRIBUTE,
    MOVE_VERB,
    MY_NAME,
    OBJECT_DETERMINERS,
    OBJECT_STOP,
    PAIR_STATUS,
    PARTNER_PAIR,
    PET,
    PET_DESCRIPTION,
    PET_SPECIES,
    PLACE_VALUE,
    PREFER_OVER,
    PREFERENCE,
    PRONOUN_OBJECTS,
    RELATION_IS_NAME,
    RELATIONSHIP_EVENTS,
    SCHOOL,
    SCHOOL_CHANGE,
    SCHOOL_STUDY,
    SCHOOL_WORDS,
    TITLE_STARTING,
    money_in_frame,
)
from engram.language.changes import (
    DEATH,
    DEATH_VALUE,
    DIET_END,
    DIET_SWITCH,
    EMPLOYER_END,
    EMPLOYER_NOW,
    HEALTH_END,
    HEALTH_STATE,
    LAID_OFF,
    LOST_JOB,
    NOT_THE_EMPLOYER,
    PET_END,
    PET_PUT_DOWN,
    POSSESSION_END,
    POSSESSION_STATE,
    POSSESSION_THING,
    RETIRED,
    SWITCH,
    device_kind,
    left,
    no_longer,
    no_longer_has,
    no_longer_owns,
)
from engram.language.cues import (
    LEADING_ADVERBIAL,
)
from engram.language.medicine_takers import SOMEONE, WRITER, is_clinician, taker_of
from engram.language.medicines import medication_in
from engram.language.phrases import NAME
from engram.language.text import (
    DEMONYMS,
    ORGANISATIONS,
    PET_WORDS,
    PLACES,
    RELATION_WORDS,
    STOPWORDS,
    singular,
    words,
)
from engram.language.text.gazetteer import ALL_PLACES


def _inherited_preference(text: str, subject: Subject, previous: Draft) -> Slot | None:
    """ "I used to hate olives but now I love them": "them" is the olives of the clause before."""
    attribute = previous.fact.attribute or ""
    match = PREFERENCE.search(text)
    if not attribute.startswith("preference:") or not match:
        return None
    if not re.match(r"\s+(?:it|them|that|those|these)\b", text[match.end() :], re.IGNORECASE):
        return None
    return Slot(subject.key, attribute, "dislikes" if match.group("neg") else "likes")


def _name_the_object(text: str, previous: str) -> str:
    """Replace the pronoun after the preference verb with the object named in the previous clause."""
    match = PREFERENCE.search(text)
    earlier = PREFERENCE.search(previous)
    found = _object_after(previous, earlier.end()) if earlier else None
    if not match or not found:
        return text
    head, tail = text[: match.end()], text[match.end() :]
    pronoun = re.compile(r"^(\s+)(?:it|them|that|those|these)\b", re.IGNORECASE)
    return head + pronoun.sub(lambda m: m.group(1) + found[0], tail, count=1)


def _slot_of(text: str, subject: Subject, medicines: Mapping[str, str] | None = None) -> Slot | None:
    """The attribute a clause states about its subject, from small predicate grammars (first match wins).
    `medicines`: those the user told a dose of before, which a later note may name without one."""
    key = subject.key
    for reader in _SLOT_READERS:
        if reader is _read_medication:
            slot = _read_medication(text, key, subject, medicines)
        else:
            slot = reader(text, key, subject)
        if slot is not None:
            return slot
    return None


def _read_relation(text: str, key: str, subject: Subject) -> Slot | None:
    """ "Lisa is my best friend from college": how a named person relates to the owner."""
    match = IS_MY_RELATION.match(LEADING_ADVERBIAL.sub("", text, count=1))
    if not match:
        return None
    adjective = "best " if re.search(r"\bbest\s+" + re.escape(match.group("rel")), text, re.I) else ""
    relation = RELATION_WORDS.get(
        adjective + match.group("rel").lower(), RELATION_WORDS[match.group("rel").lower()]
    )
    return Slot(match.group("name"), "relation", relation, other_person=match.group("name"))


def _read_relation_named_after(text: str, key: str, subject: Subject) -> Slot | None:
    """ "My partner is Noor": the tie first, the person's name after ("My brother is Italian" is not one)."""
    match = RELATION_IS_NAME.match(LEADING_ADVERBIAL.sub("", text, count=1))
    if not match or match.group("name").lower() in DEMONYMS or match.group("name").lower() in STOPWORDS:
        return None
    relation = RELATION_WORDS[match.group("rel").lower()]
    return Slot(match.group("name"), "relation", relation, other_person=match.group("name"))


def _read_partner_pair(text: str, key: str, subject: Subject) -> Slot | None:
    """ "My partner Ezra and I share a flat": when nothing else is read, the pair states the tie, so a
    later "Ezra and I split up" has a current partner to end."""
    match = PARTNER_PAIR.match(LEADING_ADVERBIAL.sub("", text, count=1))
    if not match or not subject.is_owner:
        return None
    word = (match.group("word") or match.group("word2")).lower()
    other = match.group("other") or match.group("other2")
    return Slot(key, f"relationship:{other}", PAIR_STATUS.get(word, "dating"), other_person=other)


def _read_name(text: str, key: str, subject: Subject) -> Slot | None:
    match = MY_NAME.search(text)
    if match and subject.is_owner:
        return Slot(key, "name", match.group("v"))
    return None


def _read_relationship(text: str, key: str, subject: Subject) -> Slot | None:
    for pattern, status, is_change in RELATIONSHIP_EVENTS:
        match = pattern.search(text)
        if not match or tentative(text, match.start()) or negated(text, match.start()):
            continue
        other = first_group(match, "other")
        other = other or (subject.relation if subject.relation and subject.relation[:1].isupper() else None)
        attribute = f"relationship:{other}" if other else "relationship"
        return Slot(key, attribute, status, "relationship" if is_change else None, other_person=other)
    return None


def _read_employer(text: str, key: str, subject: Subject) -> Slot | None:
    change = _employer_change(text, key)
    if change is not None:
        return change
    titled = EMPLOYER_TITLE_AT.search(text)
    # what comes before the organisation may say it is not held yet: "Applied for Project Engineer at DTP"
    if titled and not negated(text, titled.start()) and not tentative(text, titled.start("v")):
        value = _employer_value(titled.group("v"), text, titled.end())
        if value and value[0].isupper():
            historical = bool(re.search(r"\bwas\b", titled.group(0), re.I)) or says_no_longer(text)
            return Slot(key, "employer", value, historical=historical)
    state = EMPLOYER_STATE.search(text)
    if state and not tentative(text, state.start()):  # "applied for the internship at ...": not yet
        raw = state.group("v") or state.group("v2") or state.group("v3") or state.group("v4")
        value = _employer_value(raw, text, state.end())
        said_before = _JOB_SAID_AS.search(text[: state.start()]) if state.group("v2") else None
        if said_before and said_before.group("offer"):
            return None  # "Tom's been offered a job at Arup": an offer is not yet a job
        if value:
            historical = (
                bool(re.search(r"\bworked\b", state.group(0), re.I))
                or says_no_longer(text)
                or bool(said_before)
            )
            if negated(text, state.start()) and not says_no_longer(text):
                return None
            return Slot(key, "employer", value, historical=historical)
    business = _read_business(text, key)
    if business is not None:
        return business
    loss = EMPLOYER_LOSS.search(text)
    if loss and not tentative(text, loss.start()) and not negated(text, loss.start()):
        if _SUBORDINATE.search(text[: loss.start()]):
            return None  # "moved to Galway after he retired": the retirement only dates the move
        if _DESCRIBES.search(text[: loss.start()]):
            return None  # "who looks like a retired boxer": someone described, no job lost
        word = loss.group(0).lower()
        return Slot(key, "employer", _ending_of(word), "job")
    freelance = FREELANCE.search(text)
    if freelance and not tentative(text, freelance.start()) and not negated(text, freelance.start()):
        return Slot(key, "employer", "freelance", "job")
    return None


# What is said of "a job at X" before it: a past one ("my old job at Sainsburys") or an offer
# ("been offered a job at Arup").
_JOB_SAID_AS = re.compile(
    r"\b(?:(?:old|previous|former|last)|(?P<offer>offered(?:\s+\w+)?\s+(?:a|an|the)(?:\s+new)?))\s+$",
    re.IGNORECASE,
)


def _ending_of(loss: str) -> str:
    """How a lost job reads: "retired", "laid off" (or made redundant), else "lost job"."""
    if "retir" in loss:
        return RETIRED
    return LAID_OFF if ("laid" in loss or "redundant" in loss) else LOST_JOB


def _read_business(text: str, key: str) -> Slot | None:
    """ "I run a small bakery", "launched my food truck, Smoke and Pepper": one's own business is one's
    work, so a new job supersedes it and "where do I work?" finds it."""
    found = BUSINESS_OWNER.search(text)
    if not found or tentative(text, found.start()) or negated(text, found.start()):
        return None
    name = clean_value(found.group("name")) if found.group("name") else None
    kind = found.group("kind") or found.group("firm")
    # "a little bakery" is a bakery: the words before the kind say how it is, not what
    kind = re.sub(r"^(?:(?:little|small|tiny|big|new|own|lovely|local|family|wee)\s+)+", "", kind, flags=re.I)
    value = name if name and name.lower() not in ORGANISATIONS else re.sub(r"\s+", " ", kind)
    historical = bool(re.search(r"\b(?:ran|owned|managed)\b", found.group(0), re.I)) or says_no_longer(text)
    return Slot(key, "employer", value, historical=historical)


# "a retired boxer", "her newly retired dad": the word describes someone after a determiner.
_DESCRIBES = re.compile(
    r"\b(?:a|an|the|this|that|his|her|their|our|my|your|[a-z]+['’]s)\s+(?:recently\s+|newly\s+)?$", re.I
)
# "after he retired", "since she was laid off": a subordinate clause that dates another statement.
_SUBORDINATE = re.compile(r"\b(?:after|before|since|when|once|because|until)\s+(?:\w+\s+){0,2}$", re.I)


_JOB_WORDS = re.compile(
    r"\b(?:job|position|role|offer|hired|contract|first\s+day|work\w*|employ\w*|teach\w*|an?\s+(?!student\b)\w+\s+at)\b",
    re.I,
)


# An organisation named for someone keeps its "'s" when the name ends there: "Guy's", "Nando's",
# "Sainsbury's"; not "at Sarah's house", where the "'s" is whose house.
_NAME_ENDS = re.compile(
    r"^(?:\s*$|\s*[,.;:!?)]|\s+(?:as|for|in|on|since|now|today|from|until|till|and|but|part|full|"
    r"nights|days|again|yet|then|too)\b)",
    re.IGNORECASE,
)


def _employer_value(raw: str | None, text: str, end: int) -> str | None:
    """An organisation named by an employer grammar, or None ("the Canva office" is a place; "started at
    Rice University" is read by the school grammar, "a teaching job at Rice University" is a job)."""
    value = clean_value(raw)
    if not value or not is_org_like(value):
        return None
    if (raw or "").strip().endswith("'s") and not value.endswith("'s") and _NAME_ENDS.match(text[end:]):
        value += "'s"  # "started at Guy's as a staff nurse", "I work at Sainsbury's": the name is theirs
    if SCHOOL_WORDS.search(value) and not _JOB_WORDS.search(text[:end]):
        return None
    if NOT_THE_EMPLOYER.match(text[end:]) or NOT_THE_EMPLOYER.match(re.sub(r"^\S+\s*", "", value) or "-"):
        return None
    return value


def _employer_change(text: str, key: str) -> Slot | None:
    """A new employer, or the end of one ("might quit X" and "didn't leave X" keep X)."""
    join = EMPLOYER_JOIN.search(text) or EMPLOYER_NOW.search(text)
    leave = EMPLOYER_LEAVE.search(text) or EMPLOYER_END.search(text)
    switch = SWITCH.search(text)
    if switch and switch.group("old") and not tentative(text, switch.start()):
        new, old = _employer_value(switch.group("v"), text, switch.end()), clean_value(switch.group("old"))
        if new and old and is_org_like(old) and not device_kind_known(new):
            return Slot(key, "employer", new, "job", old)
    if leave and not join:  # "quit Miro and is now a designer at Canva"
        join = EMPLOYER_TITLE_AT.search(text, leave.end()) or EMPLOYER_STATE.search(text, leave.end())
    if join and not tentative(text, join.start()) and not negated(text, join.start()):
        groups = join.groupdict()
        value = _employer_value(groups.get("v") or groups.get("v_join") or groups.get("v2"), text, join.end())
        if value:
            old = clean_value(leave.group("v")) if leave else None
            return Slot(key, "employer", value, "job", old)
    if leave:
        value = _employer_value(leave.group("v"), text, leave.end())
        if value and not value.lower().startswith(("a ", "an ", "the ")):
            if negated(text, leave.start()) or tentative(text, leave.start()):
                return Slot(key, "employer", value)  # "thinking about leaving X", "didn't quit X": still at X
            return Slot(key, "employer", left(value), "job", value)
    return None


def device_kind_known(value: str) -> bool:
    return bool(POSSESSION_THING.match(value))


_TITLE_OF_A_NAME = re.compile(r"\.?\s+(?-i:[A-Z][a-z])")
_ARTICLE_BEFORE = re.compile(r"\b(?:a|an|the)\s+(?:\w+\s+){0,3}$", re.IGNORECASE)


def _read_job_title(text: str, key: str, subject: Subject) -> Slot | None:
    starting = TITLE_STARTING.match(text)
    if starting and subject.is_owner:
        return Slot(key, "job_title", starting.group("v").lower(), "job")
    match = JOB_TITLE.search(text)
    if not match or negated(text, match.start()) or tentative(text, match.start()):
        return None  # "If I were a vet I'd adopt every dog": no job
    if match.group("v").lower() == "student" and SCHOOL.search(text):
        return None  # "a student at Rice University": the school grammar reads it
    if _TITLE_OF_A_NAME.match(text, match.end()) and not _ARTICLE_BEFORE.search(text, 0, match.start("v")):
        return None  # "my supervisor is Professor Haldane": a name's title, not the user's job
    phrase = match.group(0).lower()
    change = "job" if re.search(r"\b(?:promoted|new|made|now|officially)\b", phrase) else None
    return Slot(key, "job_title", match.group("v").lower(), change)


def _read_school(text: str, key: str, subject: Subject) -> Slot | None:
    change = SCHOOL_CHANGE.search(text)
    if change and SCHOOL_WORDS.search(change.group("v")) and not tentative(text, change.start()):
        value = clean_value(change.group("v"))
        if negated(text, change.start()):
            return None
        if re.match(r"(?:dropped|left|quit|withdr)", change.group(0), re.I):
            return Slot(key, "school", left(value or ""), "status", value)
        old = clean_value(change.group("old"))
        return Slot(key, "school", value, "status", old if old and SCHOOL_WORDS.search(old) else None)
    study = SCHOOL_STUDY.search(text)
    if study and not tentative(text, study.start()) and not negated(text, study.start()):
        value = clean_value(study.group("v"))
        if value and value.lower() not in PLACES:  # "a student at Leeds" may name the city, not the school
            new = re.match(r"(?:enrol|start|began)", study.group(0), re.IGNORECASE)
            return Slot(key, "school", value, "status" if new else None)
    match = SCHOOL.search(text)
    if not match or not SCHOOL_WORDS.search(match.group("v")) or tentative(text, match.start()):
        return None
    phrase = match.group(0).lower()
    value = clean_value(match.group("v"))
    change_type = "status" if re.search(r"\b(?:got into|accepted|enrolled)\b", phrase) else None
    return Slot(key, "school", value, change_type, historical="graduated" in phrase or "studied" in phrase)


def _read_location(text: str, key: str, subject: Subject) -> Slot | None:
    move = LOCATION_MOVE.search(text)
    if move and not tentative(text, move.start()) and not negated(text, move.start()):
        value = clean_value(first_group(move, "v"))
        # "moving in with me in November": when, not where; "moving up to Head of Engineering": a rank
        if value and value.lower() not in ORGANISATIONS and not a_day(value) and not a_rank(value):
            return Slot(key, "location", value, "location")
    lowered = _lowercase_place_move(text)
    if lowered is not None:
        return Slot(key, "location", lowered, "location")
    state = LOCATION_STATE.search(text)
    if state:
        value = clean_value(state.group("v") or state.group("v4") or state.group("v5"))
        if value and value.lower() not in ORGANISATIONS:
            if negated(text, state.start()) and not says_no_longer(text):
                return None
            still = re.search(r"\b(?:have|has|'ve|’ve)\s+(?:\w+\s+)?$", text[: state.start()], re.I)
            # "we have lived in X since 1989" still does
            lived = bool(re.search(r"\blived\b", state.group(0), re.I)) and not still
            historical = lived or says_no_longer(text)
            return Slot(key, "location", value, historical=historical)
    origin = re.search(
        r"\bmov(?:ed|ing)\s+(?:here\s+|over\s+|away\s+)?from\s+" + PLACE_VALUE, text, re.IGNORECASE
    )
    if origin:
        return Slot(
            key, "location", clean_value(origin.group("v")), historical=True
        )  # where they lived before
    home = HOMETOWN.search(text)
    if home:
        return Slot(key, "hometown", clean_value(home.group("v")))
    return None


# "carlos moved to denver lol": a move to a place written in lowercase, which only a known place name
# (the gazetteer) tells from any other word
_LOWER_MOVE = re.compile(
    rf"\b(?i:{MOVE_VERB})\s+"
    r"(?:(?:back|over|out|up|down|home)\s+)*(?:to|into)\s+(?P<v>[a-z]+(?:\s+[a-z]+)?)"
)


def _lowercase_place_move(text: str) -> str | None:
    match = _LOWER_MOVE.search(text)
    if not match or tentative(text, match.start()) or negated(text, match.start()):
        return None
    words = match.group("v").split()
    for size in (2, 1):
        name = " ".join(words[:size])
        if len(words) >= size and name in ALL_PLACES:
            return name.title()
    return None


def _read_pet(text: str, key: str, subject: Subject) -> Slot | None:
    described = PET_DESCRIPTION.match(LEADING_ADVERBIAL.sub("", text, count=1))
    if described:
        named = re.search(rf"\b(?:named|called)\s+(?P<v>{NAME})", described.group("rest"))
        species = PET_SPECIES.get(described.group("species").lower(), described.group("species").lower())
        return Slot(key, f"pet:{species}", named.group("v") if named else None)
    match = PET.search(text)
    if match and not tentative(text, match.start()):
        species = PET_SPECIES.get(match.group("species").lower(), match.group("species").lower())
        return Slot(key, f"pet:{species}", match.group("v") or species)
    return None


def _read_diet(text: str, key: str, subject: Subject) -> Slot | None:
    ended = DIET_END.search(text)
    if ended and not tentative(text, ended.start()):
        diet = next(g for g in ended.groups() if g).lower().replace(" ", "-")
        return Slot(key, "diet", no_longer(diet), "status", diet)
    switched = DIET_SWITCH.search(text)
    if switched and not tentative(text, switched.start()) and not negated(text, switched.start()):
        diet = (switched.group("v") or switched.group("v2") or switched.group("v3")).lower().replace(" ", "-")
        return Slot(key, "diet", diet, "status" if switched.group("v") or switched.group("v3") else None)
    match = DIET.search(text)
    if not match or tentative(text, match.start()):
        return None
    if match.group("v"):
        if negated(text, match.start()):
            return None
        phrase = match.group(0).lower()
        change = "status" if re.search(r"\b(?:went|gone|became|become|now)\b", phrase) else None
        return Slot(key, "diet", match.group("v").lower().replace(" ", "-"), change)
    neg = (match.group("neg") or match.group("neg2") or "").lower()
    change = "status" if neg in ("stopped", "quit", "no longer") else None
    food = (match.group("food") or "alcohol").lower()
    if food in DIET_FOODS:
        return Slot(key, "diet", f"no {food}", change)
    food = FOOD_SYNONYMS.get(food, food)
    return Slot(key, f"avoids:{food}", f"no {food}", change)


def _read_intolerance(text: str, key: str, subject: Subject) -> Slot | None:
    match = INTOLERANCE.search(text)
    if not match or negated(text, match.start()) or tentative(text, match.start()):
        return None
    thing = singular((match.group("v") or match.group("v2")).lower())
    return Slot(key, f"intolerance:{thing}", "intolerant")


def _read_favorite(text: str, key: str, subject: Subject) -> Slot | None:
    match = FAVORITE.search(text)
    if not match:
        return None
    thing = FAVORITE_SCOPE.sub("", (match.group("thing") or match.group("thing2") or "").strip().lower())
    value = FAVORITE_LEAD.sub("", (match.group("v") or match.group("v2") or "").strip())
    if not thing or not value or value.lower() in ("it", "that", "this"):
        return None
    if (match.group("whose") or "").lower() in ("my", "our"):
        key = subject.owner  # "Tinariwen are my favourite band": the writer's favourite, not the band's
    return Slot(key, f"favorite:{' '.join(singular(w) for w in thing.split())}", value)


def _read_possessions(text: str, key: str, subject: Subject) -> Slot | None:
    """A car, phone, laptop ... and its changes: "sold my X", "traded in X for Y", "switched to Y"."""
    switch = SWITCH.search(text)
    if switch and not tentative(text, switch.start()) and not negated(text, switch.start()):
        groups = switch.groupdict()
        new = next(groups[g] for g in ("v", "v2", "v3") if groups.get(g))
        old = next(groups[g] for g in ("old", "old2", "old3") if groups.get(g))
        if POSSESSION_THING.match(new):
            return Slot(key, device_kind(new), new, "status", old)
    end = POSSESSION_END.search(text)
    state = POSSESSION_STATE.search(text, end.end()) if end else None
    if end and state is None and not tentative(text, end.start()):
        if negated(text, end.start()):
            return Slot(key, device_kind(end.group("v")), end.group("v"))  # "never sold my X": still has it
        thing = end.group("v")
        return Slot(key, device_kind(thing), no_longer_owns(thing), "status", thing)
    state = state or POSSESSION_STATE.search(text)
    if state and not tentative(text, state.start()) and not negated(text, state.start()):
        thing = state.group("v")
        change = (
            "status"
            if re.search(r"\b(?:bought|got|switched|upgraded|picked|ordered)\b", state.group(0), re.I)
            else None
        )
        return Slot(key, device_kind(thing), thing, change)
    return None


# An ending whose thing is named without its kind ("gave away my Brompton"): `known` files it under the
# kind the user's earlier fact about that thing used, or leaves it unscoped.
UNFILED_BELONGING = "belonging"


def _read_belonging(text: str, key: str, subject: Subject) -> Slot | None:
    """A thing filed by its common noun: "I own a Brompton folding bike", "My phone is a Pixel 7",
    "gave away my Brompton" (see `engram.language.belongings`)."""
    end = belongings.END.search(text)
    if end and not tentative(text, end.start()) and not negated(text, end.start()):
        thing = clean_value(_from_name(end.group("v") or end.group("v2"))) or ""
        kind = belongings.kind_of(end.group("kind")) if end.group("kind") else UNFILED_BELONGING
        return Slot(key, kind, no_longer_owns(thing), "status", thing)
    named = belongings.KIND_IS.match(LEADING_ADVERBIAL.sub("", text, count=1))
    if named:
        return Slot(key, belongings.kind_of(named.group("kind")), clean_value(named.group("v")))
    state = belongings.STATE.search(text)
    if state is None or tentative(text, state.start()) or negated(text, state.start()):
        return None
    bought = re.match(r"(?:got|bought|buy|buys|picked|inherited)\b", state.group(0), re.I)
    value = clean_value(_from_name(state.group("v")))
    return Slot(key, belongings.kind_of(state.group("kind")), value, "status" if bought else None)


def _from_name(thing: str) -> str:
    """ "upright Yamaha piano" -> "Yamaha piano": the words before a brand only describe it."""
    named = re.search(r"(?-i:\b[A-Z])", thing)
    return thing[named.start() :] if named else thing


_AGE_ENDS = re.compile(r"\s*(?:now|today|already|this\s+year)?\s*(?:[,.!?;]|and\b|but\b|$)", re.I)


def _read_age_birthday(text: str, key: str, subject: Subject) -> Slot | None:
    match = BIRTHDAY.search(text)
    if match:
        return Slot(key, "birthday", match.group("v"))
    match = AGE.search(text)
    explicit_age = bool(match and re.search(r"turn|years? old", match.group(0)))
    # someone is a bare number only as an age: "Zara is 7 now", "Noor is 12, Idris is 9"
    said_of_someone = (
        match is not None
        and bool(subject.relation or subject.person)
        and _AGE_ENDS.match(text[match.end() :]) is not None
    )
    if (
        match
        and (subject.is_owner or explicit_age or said_of_someone)
        and 1 < int(match.group("v")) < 120
        and not negated(text, match.start())
    ):
        return Slot(key, "age", match.group("v"))
    return None


def _read_money(text: str, key: str, subject: Subject) -> Slot | None:
    """Salary and housing costs belong to the owner even when the landlord is the grammatical subject."""
    match = MONEY_ATTRIBUTE.search(text)
    if not match:
        framed = money_in_frame(text)
        if framed is None or not (subject.is_owner or subject.person):
            return None
        return Slot(key, framed[0], framed[1])
    what = (first_group(match, "what") or ("rent" if match.group("v_rent") else "salary")).lower()
    what = what.replace("pay", "salary").replace("income", "salary")
    attribute = (
        "rent" if what == "rent" else "mortgage" if what.startswith("mortgage") else what.replace(" ", "_")
    )
    value = (first_group(match, "v") or "").strip()
    # "my sister's salary is 70k" is hers; "the landlord raised the rent" is the user's rent
    theirs = re.search(r"'s\s+(?:[\w-]+\s+)?(?:salary|income|pay|rent|mortgage)\b", text, re.I)
    owner_key = key if subject.is_owner or subject.person or theirs else subject.owner
    change = (
        "status"
        if re.search(r"\b(?:raised|increased|went up|dropped|new|now|got a raise)\b", text, re.I)
        else None
    )
    return Slot(owner_key, attribute, value, change)


def _read_measurement(text: str, key: str, subject: Subject) -> Slot | None:
    """A health reading ("my blood pressure is down to 128 over 82"): its newest value holds, so a new
    reading of the same measure supersedes the last one and "how is my blood pressure?" gets the latest."""
    match = MEASUREMENT.search(text)
    if not match or negated(text, match.start()) or tentative(text, match.start()):
        return None
    what = (match.group("what") or "weight").lower()
    what = {"bp": "blood pressure", "hba1c": "a1c"}.get(what, what)
    value = (match.group("v") or match.group("v2") or "").strip(" .,;")
    return Slot(key, f"measurement:{what}", value, "status") if value else None


def _read_medication(
    text: str, key: str, subject: Subject, medicines: Mapping[str, str] | None = None
) -> Slot | None:
    """A medicine's dose, how often, or its start or stop ("Dr Farrelly took me off the amlodipine"):
    the newest holds, so "increasing the levo to 75mcg" supersedes "levothyroxine 50mcg every morning".
    The doctor who prescribes is no subject of it: the user takes it, or the relative the clause is about."""
    found = medication_in(text, medicines)
    if found is None or tentative(text, found.start):
        return None
    prescriber = is_clinician(f"{subject.relation or ''} {key}")
    other = None if subject.is_owner or prescriber else key
    if other is not None and other.lower() in RELATION_WORDS:
        other = f"my {other.lower()}"  # "Dad has given up the tamsulosin"
    elif other is not None and not other[:1].isupper() and not other.startswith("my "):
        other = None  # "bro told me his quetiapine ...": no one the user's facts know by that word
    taker = taker_of(text, found, medicines, other)
    if taker == SOMEONE:
        return None
    owner = subject.owner if taker in (WRITER, None) else taker
    return Slot(owner, f"medication:{found.medicine}", found.value, "status")


def _read_allergy(text: str, key: str, subject: Subject) -> Slot | None:
    match = ALLERGY.search(text)
    if not match:
        return None
    thing = (match.group("v") or match.group("v2") or "").lower().split()
    thing = [w for w in thing if w not in STOPWORDS]
    if not thing:
        return None
    return Slot(key, f"allergy:{' '.join(singular(w) for w in thing)}", "allergic")


def _object_after(text: str, position: int) -> tuple[str, str] | None:
    """(display, key) of the object after a preference verb: "hiking in the mountains" -> "hiking"."""
    rest = text[position:].lstrip()
    if re.match(r"(?:to|that|how|when|if|being)\b", rest, re.IGNORECASE):
        return None  # "love to travel" is a goal or habit, not an object
    stop = OBJECT_STOP.search(" " + rest)
    if stop:
        rest = rest[: max(0, stop.start() - 1)]
    tokens = [t for t in words(rest) if t not in ("really", "so", "much", "absolutely", "totally")]
    while tokens and tokens[0] in OBJECT_DETERMINERS:
        tokens = tokens[1:]
    if not tokens or tokens[0] in PRONOUN_OBJECTS or tokens[0] in RELATION_WORDS:
        return None
    kept = [t for t in tokens[:3] if t not in STOPWORDS]
    if not kept:
        return None
    display = " ".join(kept)
    return display, " ".join(singular(t) for t in kept)


def _read_preference(text: str, key: str, subject: Subject) -> Slot | None:
    over = PREFER_OVER.search(text)
    if over:
        found = _object_after(over.group("a"), 0)
        if found:
            return Slot(key, f"preference:{found[1]}", "likes")
    match = PREFERENCE.search(text)
    if not match:
        return None
    found = _object_after(text, match.end())
    if not found:
        return None
    negative = bool(match.group("neg"))
    if negated(text, match.start()) and not negative:
        negative = True
    return Slot(key, f"preference:{found[1]}", "dislikes" if negative else "likes")


def _read_death(text: str, key: str, subject: Subject) -> Slot | None:
    """ "Walter passed away": the person's (or pet's) life is over; `passes` ends what was current."""
    match = DEATH.search(text)
    if not match or tentative(text, match.start()) or negated(text, match.start()):
        return None
    if subject.is_owner:
        put_down = PET_PUT_DOWN.search(text)
        if put_down:  # "we had to put our dog Pepper down"
            species = put_down.group("species").lower()
            species = PET_SPECIES.get(species, species)
            name = put_down.group("name")
            return Slot(subject.owner, f"pet:{species}", no_longer_has(name), "status", name)
        return None  # "my friend's dog died", "I nearly died laughing": not the user's own death
    if subject.relation in PET_WORDS:
        species = PET_SPECIES.get(subject.relation, subject.relation)
        name = subject.key if subject.key != subject.owner else species
        return Slot(subject.owner, f"pet:{species}", no_longer_has(name), "status", name)
    return Slot(key, "health_status", DEATH_VALUE, "status")


def _read_health(text: str, key: str, subject: Subject) -> Slot | None:
    """A health condition and its end: "was diagnosed with X", "is pregnant", "is in remission"."""
    end = HEALTH_END.search(text)
    if end and not tentative(text, end.start()) and not negated(text, end.start()):
        value = (
            "in remission" if end.group("remission") else "gave birth" if end.group("birth") else "recovered"
        )
        return Slot(key, "health_status", value, "status")
    state = HEALTH_STATE.search(text)
    if state and not tentative(text, state.start()) and not negated(text, state.start()):
        value = (state.group("v") or state.group("v2")).lower()
        return Slot(key, "health_status", re.sub(r"^(?:the|a|an)\s+", "", value), "status")
    return None


def _read_pet_end(text: str, key: str, subject: Subject) -> Slot | None:
    """ "We had to rehome our rabbit Clover", "gave my parrot Mango to my aunt"."""
    match = PET_END.search(text)
    if not match or match.group("species").lower() not in PET_WORDS or not subject.is_owner:
        return None
    if tentative(text, match.start()) or negated(text, match.start()):
        return None
    species = PET_SPECIES.get(match.group("species").lower(), match.group("species").lower())
    return Slot(
        subject.owner, f"pet:{species}", no_longer_has(match.group("name")), "status", match.group("name")
    )


_SLOT_READERS = (
    _read_death,
    _read_pet_end,
    _read_relation,
    _read_relation_named_after,
    _read_name,
    _read_relationship,
    _read_employer,
    _read_job_title,
    _read_school,
    _read_location,
    _read_pet,
    _read_intolerance,
    _read_diet,
    _read_allergy,
    _read_measurement,
    _read_health,
    _read_medication,
    _read_money,
    _read_favorite,
    _read_possessions,
    _read_belonging,
    _read_age_birthday,
    _read_preference,
    _read_partner_pair,
)
