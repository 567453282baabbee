"""Entity spotting: the people, organisations, places, pets and projects a text names."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engram.language.text.vocabulary import (
    COMMON_STARTERS,
    DEMONYMS,
    FIRST_NAMES,
    FIRST_PERSON,
    JOB_TITLES,
    NON_ORG_ACRONYMS,
    NOT_NAMES,
    ORG_SUFFIXES,
    ORGANISATIONS,
    OTHER_LANGUAGE_KIN,
    PET_KINDS,
    PET_WORDS,
    PLACE_SUFFIXES,
    PLACES,
    RELATION_WORDS,
    TITLES,
)


@dataclass
class SpottedEntity:
    """A name found in a text, with what kind of thing it looks like and how it relates to the user."""

    name: str
    kind: str  # person | entity | concept
    entity_type: str  # person|place|organization|project|pet|product|event|concept|other
    start: int
    end: int
    relationship: str | None = None
    cues: list[str] = field(default_factory=list)


# A full stop stays in a name only after an initial or an abbreviation that starts a name ("J. R. R.
# Tolkien", "St. Ives", "Mrs. Hughes"); after a word it ends the sentence: "I get it, Jon. Dance is just
# me" names Jon, not "Jon. Dance".
_ABBREVIATED = "|".join(("St", "Mt", "Ft", *TITLES))
# a name's letters may be accented: "Tomás", "Zoë", "Łukasz"
_LETTERS = "a-zA-Zß-öø-ÿÀ-ÖØ-ÞĀ-ž"
_NAME_TOKEN = (
    rf"(?:[A-Z]\.|(?:{_ABBREVIATED})\.|[A-ZÀ-ÖØ-ÞĀ-Ž][{_LETTERS}]*(?:['\-][A-Za-z]+)*|[A-Z]{{2,}}[0-9]*\+?)"
)
# A number after a name is part of it ("Project 2", "Room 101", "Sprint 12"): it is what tells the thing
# from its siblings. Not a count or a time that follows a name ("saw Sarah 3 times", "Tom 2 weeks ago").
_NUMBER_TOKEN = (
    r"\d+[A-Za-z]?(?![\w:/.,\-]*\d)(?!\s+(?:times?|days?|weeks?|months?|years?|hours?|hrs?|minutes?|mins?|"
    r"seconds?|secs?|am|pm|a\.m\.|p\.m\.|o'clock|people|kids|of|or|to|and|more|percent|%)\b)"
)
_CAPITALISED_RUN = re.compile(
    rf"(?<![\w'])(?:(?P<title>{'|'.join(TITLES)})\.?\s+)?{_NAME_TOKEN}"
    # "&" joins two names of one ("Calder & Moss"), not a name and the writer ("Daniel & I")
    rf"(?:(?:\s+(?:of|de|da|del|van|von|le|la|&(?!\s+I\b))\s+|\s+){_NAME_TOKEN})*(?:\s+{_NUMBER_TOKEN}(?!\w))?"
)
# The relation words as one alternation, longest first ("best friend" before "friend").
_RELATIONS = "|".join(sorted((re.escape(w) for w in RELATION_WORDS), key=len, reverse=True))
_RELATION_BEFORE = re.compile(
    r"(?:\b(?:my|our|his|her|their|a|the|'s)\s+)?(?:(?:best|old|new|close|older|younger|little|big|"
    r"baby|twin|former|ex|future|late)\s+)?\b(?P<rel>"
    + _RELATIONS
    # "my physio Marco", "Physio: Marco", "Manager = Kate", "boss there is Raj", "Manager will be Grace";
    # "the kids, Zosia and Kuba": a tie in the plural is every listed name's
    + r")(?P<plural>s)?\s*(?:,|:|=|-|(?:\s+there)?\s+(?:is|will\s+be))?\s*$",
    re.IGNORECASE,
)
# The last word of a place's name says it is one, whatever its first word is (a given name, a surname);
# words that are also common surnames (Hill, Park, Green, Lake) are not among them.
_PLACE_HEADS = frozenset(
    [
        "Street",
        "Road",
        "Avenue",
        "Lane",
        "Drive",
        "Crescent",
        "Terrace",
        "Square",
        "Island",
        "Islands",
        "Bay",
        "Beach",
        "Bridge",
        "River",
        "Mountain",
        "Mountains",
        "Valley",
        "Harbour",
        "Harbor",
        "Station",
        "Airport",
    ]
)
_OTHERS_RELATION = re.compile(r"^(?:his|her|their|['’]s)\b", re.IGNORECASE)
# The tie set off after the name: "Gunhild, my neighbour, brought soup", "Ana (my sister) is visiting",
# "coffee with Priya, my old boss". Not another's tie ("Ana, my sister's friend").
_RELATION_AFTER = re.compile(
    r"^\s*(?:,|\(|\s-|\s–)\s*(?:my|our)\s+(?:(?P<adjective>best|old|new|close|older|younger|little|big|"
    r"baby|twin|former|ex|future|late|lovely|dear)\s+)?(?P<rel>" + _RELATIONS + r")\b(?!['’]s\b)",
    re.IGNORECASE,
)
# "our dog Biscuit", "a new puppy Rolo"; someone else's (`_OTHERS_RELATION`): "her cat Mochi", "Ella's cat
# Mochi".
_PET_BEFORE = re.compile(
    r"(?:\b(?:my|our|his|her|their|the|a|new)|['’]s)\s+(?:\w+\s+)?(?P<pet>"
    + "|".join(PET_WORDS)
    + r"),?\s+$",
    re.IGNORECASE,
)
# Someone else has it: "Ella has a dog called Rex", "my sister's got a parrot named Kiwi" (the user says
# "I have", "we've got").
_OTHERS_HAVE = re.compile(r"(?:\bhas|['’]s\s+got)\s*$", re.IGNORECASE)
_NAMED_BEFORE = re.compile(
    r"\b(?:a|an|the|my|our)\s+(?P<noun>[a-z][a-z\-]*(?:\s+[a-z][a-z\-]*)?)\s+"
    r"(?:named|called)\s+$",
    re.IGNORECASE,
)
_ORG_VERBS_BEFORE = re.compile(
    r"\b(?:works?|working|worked|job|position|role|offer|internship|hired|employed|joined|join|joining|"
    r"joins|started|starting|left|leaving|quit|interview(?:ed|ing)?|intern(?:ed|ing)?|studies|study|"
    r"studying|studied|student|graduated|enrolled|accepted)\s+(?:\w+\s+){0,3}?(?:at|for|with|by|from)?\s*$",
    re.IGNORECASE,
)
_PLACE_BEFORE = re.compile(
    r"\b(?:in|to|from|near|around|across|visit|visited|visiting|moved to|move to|flew to|fly to|"
    r"trip to|went to|going to|back to|live in|lives in|lived in|based in|outside|downtown)\s+$",
    re.IGNORECASE,
)
_OPTION_BEFORE = re.compile(
    r"\b(?:go|going|went|gone|stick|stuck|stay|staying|chose|choose|chosen|picked|"
    r"pick|over|instead of|rather than|vs\.?|versus|switch(?:ed)? to|migrat\w+ to|"
    r"use|using|used|try|trying|tried)\s+(?:with\s+)?$",
    re.IGNORECASE,
)
_PERSON_BEFORE = re.compile(
    r"\b(?:with|met|meet|meeting|saw|see|seeing|called|call|texted|text|told|tell|asked|ask|hugged|"
    r"dating|date|dated|married|marry|love|miss|visited|helped|invited|thanked|emailed|messaged|"
    r"introduced|to)\s+$",
    re.IGNORECASE,
)
# After a name: verbs only people do ("Priya texted"), and weaker ones that need a mid-sentence position.
_PERSON_AFTER = re.compile(
    # "Augustin from the office", "Lena from work": someone the user knows from somewhere
    r"^(?:\s+from\s+(?:the\s+|my\s+)?(?:office|work|team|gym|class|church|choir|school|college|uni|"
    r"university|book\s+club|next\s+door|upstairs|downstairs|accounting|marketing|sales|HR|IT)\b|"
    r"\s+and\s+I\b|\s+(?:(?:finally|just|already|also|still|recently|eventually|officially|now)\s+)?"
    r"(?:said|says|told|tells|asked|asks|called|texted|thinks|thought|wants|wanted|"
    r"and\s+I|loves|loved|likes|liked|mentioned|shared|recommended|invited|gave|brought|married|proposed|"
    r"is\s+(?:pregnant|engaged|married|dating|sick|visiting|coming|moving|leaving|thinking|turning)|"
    # what only a person is: "Aiko is allergic to shellfish", "Hamid is lactose intolerant"
    r"is\s+(?:[a-z]+\s+)?(?:allergic|intolerant|coeliac|celiac|diabetic|vegan|vegetarian|pescatarian)|"
    # "Sarah is my sister", not "Dance is my passion": after "is my" only a relationship makes a person.
    r"(?:is\s+|['’]s\s+)(?:my|our)\s+(?:(?:best|old|new|close|older|younger|little|big|twin|former|ex)\s+)?(?:"
    + _RELATIONS
    + r")s?|"
    r"just|got|went|met|moved|started|left|joined|quit|accepted|works|worked|lives|lived|feels|felt)\b)",
)
# "Bolu's a nurse now", "Sipho is a teacher at ...": only a person is a job.
_JOB_AFTER = re.compile(
    r"^(?:['’]s|\s+is)\s+(?:(?:now|officially|finally)\s+)?(?:a|an)\s+(?:[a-z\-]+\s+){0,2}?(?:"
    + "|".join(sorted((re.escape(w) for w in JOB_TITLES), key=len, reverse=True))
    + r")\b"
)
_WEAK_PERSON_AFTER = re.compile(r"^(?:'s\b|\s+(?:is|was|has|had|will|would|can|could)\b)")
# A name set off by commas after the role it holds: "The head chef at Ember and Oak, Lorcan, shouts ...",
# "our landlord, Mr Byrne, ...".
_APPOSED_TO_ROLE = re.compile(
    r"\b(?:"
    + "|".join(sorted((re.escape(w) for w in (*JOB_TITLES, *RELATION_WORDS)), key=len, reverse=True))
    + r")s?(?:\s+(?:at|of|from|for|in)\s+[^,.!?;]{1,40})?,\s*$",
    re.IGNORECASE,
)
_MEDIA_BEFORE = re.compile(
    r"\b(?:watch|watched|watching|read|reading|play|playing|played|listen to|"
    r"listening to|listened to|using|use|used|bought|downloaded|ordered)\s+$",
    re.IGNORECASE,
)
_PROJECT = re.compile(
    r"\b(?:project|app|startup|podcast|book|blog|channel|band|novel|company)\s+"
    r"(?:called|named)?\s*$",
    re.IGNORECASE,
)


# A name one is a fan of, or whose books, films or world one speaks of, is a work or a franchise, not
# someone one knows: "a Harry Potter fan", "the Lord of the Rings books", "a Taylor Swift concert".
_WORK_AFTER = re.compile(
    r"^\s+(?:fans?|fandom|books?|series|movies?|films?|novels?|games?|franchise|universe|characters?|"
    r"merch|trilogy|saga|marathon|soundtrack|concerts?|tour|album|songs?|quotes?|theme\s+park)\b",
    re.IGNORECASE,
)
# Whoever made a work the text names ("\"Dune\" by Frank Herbert", "a fantasy novel by Patrick
# Rothfuss", "a song by Sara Bareilles") is its maker, not someone the user knows.
_MAKER_BEFORE = re.compile(
    r"(?:[\"”]|\b(?:book|novel|song|album|film|movie|poem|painting|story|series|track|record|play|show|"
    r"memoir|biography|podcast|documentary))\s+by\s+$",
    re.IGNORECASE,
)
_WORK_DETERMINER = re.compile(
    r"\b(?:a|an|the|that|this|those|these|my|his|her|their|our|your)\s+(?:[a-z]+\s+)?$", re.IGNORECASE
)


# Shapes of words that open a sentence and are no names unless listed as given names: a verb's -ing
# form ("Winning felt amazing", "Having loved ones..."), an adverb ("Mostly just chilling"), a negated
# auxiliary ("Don't quit!").
_NOT_A_NAME_SHAPE = re.compile(r"^[A-Z][a-z]+(?:ing|ly)$|^[A-Z][a-z]*n['’]t$")
# A note's opening verb with its subject left out, glued to the name after it: "Invited Hannah, Yaw ...",
# "Emailed Priya", "Booked Nando's" (not "Ted", "Fred": those are short, or listed given names).
_PAST_VERB_SHAPE = re.compile(r"^[a-z]{3,}ed$")
# After a sentence's first word, a pronoun says that word is a verb: "Will you ...", "Mark your ...".
_VERB_OBJECT_AFTER = re.compile(r"^\s+(?:you|your|it|me|us|them|him)\b", re.IGNORECASE)
# "You've", "They'd", "It's" start sentences capitalised but never name anyone.
_PRONOUN_CONTRACTION = re.compile(
    r"^(?:you|we|they|he|she|it|there|that|who|what|here|i)['’](?:ve|d|ll|re|m|s)$", re.IGNORECASE
)


def spot_entities(text: str, known_people: frozenset[str] = frozenset()) -> list[SpottedEntity]:
    """People, organisations, places, pets and projects named in `text`, in order of appearance.

    Precision first: a sentence-initial capitalised word counts only when it is clearly a name (known, or
    followed by a verb), calendar words and holidays are never names, nationalities are concepts.
    Relationship words introduce people ("my friend Sarah", "coworker Marcus"), "named/called" introduces
    pets and projects, "Dr." and other titles make a person, and prepositions decide between places
    (in/to/from) and organisations (at/for/joined/left).
    """
    found: list[SpottedEntity] = []
    for match in _CAPITALISED_RUN.finditer(text):
        entity = _classify_run(text, match, known_people)
        if entity is not None:
            _relate_by_apposition(text, entity)
            found.append(entity)
    _people_listed_with_people(text, found)
    # Capitalised relationship words used as names ("Mom called", "told Dad").
    return found


def _relate_by_apposition(text: str, entity: SpottedEntity) -> None:
    """A person named before the tie set off after them ("Priya, my old boss") is related as it says."""
    if entity.entity_type != "person" or entity.relationship is not None:
        return
    tie = _RELATION_AFTER.match(text[entity.end :])
    if tie:
        said = f"{tie.group('adjective') or ''} {tie.group('rel')}".strip().lower()  # "my best friend"
        entity.relationship = RELATION_WORDS.get(said) or RELATION_WORDS[tie.group("rel").lower()]


@dataclass
class _Run:
    """A capitalised run trimmed to the name it may be, with the context that decides what it names."""

    name: str
    tokens: list[str]
    start: int
    end: int
    raw: str  # the run as written, minus a possessive ("Kevin's" -> "Kevin")
    match_start: int  # where the run began, before leading sentence words were dropped
    title: str | None
    possessive: bool
    sentence_initial: bool
    after_determiner: bool
    before: str
    after: str

    @property
    def lower(self) -> str:
        return self.name.lower()

    def spotted(
        self, kind: str, entity_type: str, relationship: str | None, cue: str | None
    ) -> SpottedEntity:
        return SpottedEntity(
            self.name, kind, entity_type, self.start, self.end, relationship, [cue] if cue else []
        )


def _classify_run(text: str, match: re.Match[str], known_people: frozenset[str]) -> SpottedEntity | None:
    """What one capitalised run names, if anything: each step below decides or passes to the next."""
    run = _trim_run(text, match)
    if run is None:
        return None
    if run.lower in DEMONYMS:
        return run.spotted("concept", "concept", None, None)
    if run.lower in RELATION_WORDS:
        return _relation_as_name(run)
    if run.title:
        return _titled_person(text, run)
    if len(run.tokens) > 1 and run.tokens[-1] in _PLACE_HEADS:
        return run.spotted("entity", "place", None, "place-head")  # "Douglas Street", "Maria Island"
    found = _introduced(run) or _a_work(run, text, known_people)
    found = found or _known_person(run, known_people) or _listed(run)
    if found is not None or run.name.isupper():
        return found
    return _from_context(run)


# The words a run of capitalised words may hold between two of them ("Bank of America"), never first.
_JOINERS = frozenset({"of", "de", "&"})


def _shouted(run: str) -> bool:
    """A sentence in capitals ("WE GOT IT", "DID THE SUN RUN 10K") names nothing by its capitals: two
    or more words in capitals, one of them a small word no name is."""
    tokens = [t for t in run.split() if t.isalpha() and t.isupper()]
    if len(tokens) == 1 and len(run.split()) == 1 and tokens[0].lower() in _STRESSED_WORDS:
        return True  # one small word stressed: "flatmate AND coworker", "NOT roses"
    return len(tokens) >= 2 and any(t.lower() in _SHOUTED_SMALL_WORDS for t in tokens)


_SHOUTED_SMALL_WORDS = frozenset("we it the i a an is was did got my our so just".split())  # noqa: SIM905
_STRESSED_WORDS = frozenset("and or not but too also all so very never no yes still again".split())  # noqa: SIM905
# Weekdays and months written short, as on a phone ("Wed 19 Nov"); some are given names or surnames too.
_CALENDAR_SHORT = frozenset(
    "mon tue tues wed thu thur thurs fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec".split()  # noqa: SIM905
)
_CALENDAR_SHORT_NAMES = frozenset(("jan", "jun", "sun", "mar"))


def _trim_run(text: str, match: re.Match[str]) -> _Run | None:
    """The run minus sentence-initial words, pronouns and trailing calendar words; None if nothing is left."""
    if _shouted(match.group(0)):
        return None
    possessive = bool(re.search(r"'s?$", match.group(0).rstrip(".")))
    raw = re.sub(r"'s?$", "", match.group(0).rstrip("."))  # "Kevin's new number" names Kevin
    start, end = match.start(), match.start() + len(raw)
    title = match.group("title")
    tokens = raw.split()
    # Drop a leading token that is only capitalised because it starts the sentence/clause.
    sentence_initial = _is_sentence_initial(text, start)
    after_determiner = False
    while tokens and not title:
        first = tokens[0].lower().rstrip(".")
        keeps_head = first == "project" and len(tokens) > 1
        if (
            first in NOT_NAMES
            or first in _JOINERS  # left leading by a dropped word: "One of Bridie's ferrets" names Bridie
            or first in FIRST_PERSON
            or _PRONOUN_CONTRACTION.match(first)
            or (
                sentence_initial
                and first in COMMON_STARTERS
                and first not in RELATION_WORDS
                and not keeps_head
            )
            or (
                sentence_initial
                and len(tokens) > 1
                and _PAST_VERB_SHAPE.match(first)
                and first not in FIRST_NAMES
            )
        ):
            start = text.find(tokens[1], start + len(tokens[0])) if len(tokens) > 1 else end
            tokens = tokens[1:]
            after_determiner = first in ("the", "a", "an", "this", "that", "our", "my", "your")
            sentence_initial = after_determiner and sentence_initial
            continue
        break
    # A weekday or month written short ends a name: "booked Marco Wed 19 Nov" names Marco, "Priya Mon"
    # Priya; alone it names nobody ("Nov", "Tues"), unless it is a name too ("Jan", "Sun") and no day
    # of the month follows.
    cut = next((i for i, t in enumerate(tokens) if t.lower().rstrip(".") in _CALENDAR_SHORT), None)
    if cut is not None and (cut > 0 or tokens[0].lower() not in _CALENDAR_SHORT_NAMES):
        tokens = tokens[:cut]
    elif cut == 0 and re.match(r"\s*\d", text[match.start() + len(tokens[0]) :]):
        tokens = []
    # Trailing calendar words ("Marcus Monday", "Marcus May 3") are not part of the name.
    if len(tokens) > 1 and tokens[-1][:1].isdigit() and tokens[-2].lower().rstrip(".") in NOT_NAMES:
        tokens = tokens[:-1]
    while tokens and tokens[-1].lower().rstrip(".") in NOT_NAMES and not title:
        tokens = tokens[:-1]
    if not tokens or tokens[0][:1].isdigit():
        return None
    name = " ".join(tokens)
    end = start + len(name)
    return _Run(
        name=name,
        tokens=tokens,
        start=start,
        end=end,
        raw=raw,
        match_start=match.start(),
        title=title,
        possessive=possessive,
        sentence_initial=sentence_initial,
        after_determiner=after_determiner,
        before=text[max(0, start - 40) : start],
        after=text[end : end + 30],
    )


_KIN_AS_NAMES = frozenset(("mom", "mum", "dad", "grandma", "grandpa", "mama", "papa", *OTHER_LANGUAGE_KIN))


def _relation_as_name(run: _Run) -> SpottedEntity | None:
    """ "Mom", "Dad", "Nanay" as names; other relationship words capitalised are sentence starts."""
    if run.lower in _KIN_AS_NAMES:
        return run.spotted("person", "person", RELATION_WORDS[run.lower], "family-name")
    return None


_TITLE_RELATIONSHIPS = {
    "dr": "doctor",
    "doctor": "doctor",
    "coach": "coach",
    "aunt": "aunt",
    "auntie": "aunt",
    "uncle": "uncle",
    "grandma": "grandmother",
    "grandpa": "grandfather",
    "nurse": "nurse",
    "prof": "professor",
    "professor": "professor",
}


def _titled_person(text: str, run: _Run) -> SpottedEntity:
    """ "Dr. Patel", "Coach Carter": a title always makes a person, related as the word before it says, else
    as the title does."""
    assert run.title is not None
    relation_before = _RELATION_BEFORE.search(text[max(0, run.match_start - 40) : run.match_start])
    if relation_before:
        # "my son's teacher Mrs Ode": a teacher, but the son's, not the user's
        others = _OTHERS_RELATION.search(relation_before.group(0))
        related_as = None if others else RELATION_WORDS[relation_before.group("rel").lower()]
        return SpottedEntity(
            run.raw.strip(), "person", "person", run.match_start, run.end, related_as, ["title"]
        )
    relationship = _TITLE_RELATIONSHIPS.get(run.title.lower())
    return SpottedEntity(
        run.raw.strip(), "person", "person", run.match_start, run.end, relationship, ["title"]
    )


def _introduced(run: _Run) -> SpottedEntity | None:
    """A name introduced by the words before it: "my friend X", "our dog X", "a startup called X"."""
    rel = _RELATION_BEFORE.search(run.before)
    if rel and not _ORG_SUFFIX_OR_KNOWN(run.name):
        # "her girlfriend Saoirse", "Leila's son Theo": a person, but someone else's relation, not the user's
        relation = None if _OTHERS_RELATION.search(rel.group(0)) else RELATION_WORDS[rel.group("rel").lower()]
        return run.spotted("person", "person", relation, "relation")
    pet = _PET_BEFORE.search(run.before)
    if pet:
        # Someone else's pet is a pet, but no pet of the user's: no tie to the user, no "my cat".
        relation = None if _OTHERS_RELATION.search(pet.group(0)) else pet.group("pet").lower()
        return run.spotted("entity", "pet", relation, "pet")
    named = _NAMED_BEFORE.search(run.before)
    if named:
        found = _named(run, named.group("noun").lower().split()[-1])
        if found.entity_type == "pet" and _OTHERS_HAVE.search(run.before[: named.start()]):
            found.relationship = None  # "my neighbour has a cat named Pickles": not the user's cat
        return found
    if _PROJECT.search(run.before) and not run.sentence_initial:
        return run.spotted("entity", "project", None, "project")
    if run.tokens[0] == "Project" and len(run.tokens) > 1 and run.tokens[-1].lower() not in JOB_TITLES:
        return run.spotted("entity", "project", None, "project")  # not a job: "Project Engineer"
    return None


def _a_work(run: _Run, text: str, known_people: frozenset[str]) -> SpottedEntity | None:
    """ "a Harry Potter fan", "the Lord of the Rings books": a work or a franchise (`_WORK_AFTER`); words
    of a title in quotes ("A Dance with Dragons"); the maker of a work (`_MAKER_BEFORE`)."""
    if run.name in known_people:
        return None
    if _WORK_AFTER.match(run.after) and _WORK_DETERMINER.search(run.before):
        return run.spotted("entity", "product", None, "work")
    if _in_quotes(text, run.start):
        return run.spotted("entity", "product", None, "title")
    if _MAKER_BEFORE.search(run.before):
        return run.spotted("entity", "other", None, "maker")
    return None


def _in_quotes(text: str, start: int) -> bool:
    """Whether `start` is inside a title in quotes: a short span whose words are capitalised but for small
    ones ("A Dance with Dragons", "Dune"), not quoted speech ("Tom is late")."""
    before = text[:start]
    if before.count('"') % 2 == 1:
        opening, closing = before.rfind('"'), text.find('"', start)
    elif before.rfind("“") > before.rfind("”"):
        opening, closing = before.rfind("“"), text.find("”", start)
    else:
        return False
    words = re.findall(r"[^\W\d_]+", text[opening + 1 : closing if closing >= 0 else len(text)])
    return 0 < len(words) <= 8 and all(w[0].isupper() or w.lower() in _TITLE_SMALL_WORDS for w in words)


_TITLE_SMALL_WORDS = frozenset("a an the of and or with in on at to for from by is".split())  # noqa: SIM905


def _named(run: _Run, head: str) -> SpottedEntity:
    """ "a golden retriever named Max", "a guy called Tom": the noun before "named" says what X is."""
    if head in PET_WORDS or head in PET_KINDS:
        return run.spotted("entity", "pet", PET_KINDS.get(head, head), "named")
    if head in RELATION_WORDS or head in {"guy", "girl", "woman", "man", "person", "lady", "kid"}:
        return run.spotted("person", "person", RELATION_WORDS.get(head), "named")
    if head in {"project", "app", "startup", "product", "podcast", "book", "blog", "band", "tool"}:
        return run.spotted("entity", "project", None, "named")
    if head in {"company", "business", "firm", "agency", "shop", "store", "restaurant", "cafe"}:
        return run.spotted("entity", "organization", None, "named")
    return run.spotted("entity", "other", None, "named")


def _known_person(run: _Run, known_people: frozenset[str]) -> SpottedEntity | None:
    """Someone already known in the conversation, or a listed given name not used as a place or company."""
    if run.name in known_people or run.lower in {p.lower() for p in known_people}:
        return run.spotted("person", "person", None, "known")
    given = run.tokens[0].lower() in FIRST_NAMES and len(run.tokens) <= 3
    if given and run.sentence_initial and len(run.tokens) == 1 and _VERB_OBJECT_AFTER.match(run.after):
        return None  # "Will you call Grace?", "Mark your calendar": a word that is also a given name
    if given and run.possessive and run.lower not in PLACES:
        return run.spotted("person", "person", None, "given-name")  # "at Sarah's place"
    if (
        given
        and run.lower not in PLACES
        and not _ORG_SUFFIX_OR_KNOWN(run.name)
        and not _ORG_VERBS_BEFORE.search(run.before)
    ):
        return run.spotted("person", "person", None, "given-name")
    return None


def _listed(run: _Run) -> SpottedEntity | None:
    """A place or organisation from the gazetteers, or a short acronym that is not a common abbreviation."""
    if run.lower in PLACES or (run.tokens[-1] in PLACE_SUFFIXES and len(run.tokens) > 1):
        return run.spotted("entity", "place", None, "gazetteer")
    if _ORG_SUFFIX_OR_KNOWN(run.name):
        return run.spotted("entity", "organization", None, "gazetteer")
    if run.name.isupper() and 2 <= len(run.name) <= 6 and run.name not in NON_ORG_ACRONYMS:
        return run.spotted("entity", "organization", None, "acronym")
    return None


def _from_context(run: _Run) -> SpottedEntity | None:
    """An unlisted name read from the words around it (verbs, prepositions, determiners)."""
    before, after = run.before, run.after
    if run.sentence_initial and len(run.tokens) == 1 and _NOT_A_NAME_SHAPE.match(run.name):
        return None
    if _ORG_VERBS_BEFORE.search(before):
        return run.spotted("entity", "organization", None, "org-verb")
    if _PLACE_BEFORE.search(before):
        return run.spotted("entity", "place", None, "place-prep")
    if _OPTION_BEFORE.search(before) or _MEDIA_BEFORE.search(before):
        return run.spotted("entity", "product", None, "media")
    if re.search(r"\bat\s+$", before, re.IGNORECASE):
        return run.spotted("entity", "organization", None, "org-prep")
    if run.after_determiner or re.search(r"\b(?:the|a|an)\s+$", before, re.IGNORECASE):
        return run.spotted("entity", "other", None, "determiner")  # "the Pacific"
    person_cue = bool(_PERSON_BEFORE.search(before) or _PERSON_AFTER.match(after))
    person_cue = person_cue or (after.startswith(",") and bool(_APPOSED_TO_ROLE.search(before)))
    if not run.sentence_initial and _WEAK_PERSON_AFTER.match(after):
        person_cue = True
    if (
        person_cue
        and len(run.tokens) <= 3
        and not run.sentence_initial
        or (person_cue and _PERSON_AFTER.match(after))
        or (len(run.tokens) <= 3 and _RELATION_AFTER.match(after))  # "Gunhild, my neighbour, ..."
        or (len(run.tokens) <= 2 and _JOB_AFTER.match(after))
    ):
        return run.spotted("person", "person", None, "context")
    if run.sentence_initial:
        return None
    return run.spotted("entity", "other", None, "capitalised")


# Between two names of one list: "Hannah, Yaw, Bea and Callum", "Tim & John".
_LIST_JOINER = re.compile(r"\s*,\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+")


def _people_listed_with_people(text: str, found: list[SpottedEntity]) -> None:
    """A name of no known kind listed with people is one of them: "Invited Hannah, Yaw, Bea and Callum"
    names four people, though only Hannah is a listed given name."""
    groups: list[list[SpottedEntity]] = []
    for entity in found:
        if groups and _LIST_JOINER.fullmatch(text[groups[-1][-1].end : entity.start]):
            groups[-1].append(entity)
        else:
            groups.append([entity])
    for group in groups:
        kinds = {e.entity_type for e in group}
        # A place or company among them is no list of people: "Ember and Oak, Lorcan" (a restaurant, then
        # its chef).
        if len(group) > 1 and "person" in kinds and not kinds & {"place", "organization"}:
            for entity in group:
                if entity.entity_type == "other" and entity.cues == ["capitalised"]:
                    entity.kind, entity.entity_type, entity.cues = "person", "person", ["listed"]
            _share_a_plural_tie(text, group)


def _share_a_plural_tie(text: str, group: list[SpottedEntity]) -> None:
    """ "the grandkids, Isla and Rory", "my sisters Ana and Eva": a tie said in the plural before a list
    of people is each one's, not only the first's."""
    first = group[0]
    if first.relationship is None or "relation" not in first.cues:
        return
    before = _RELATION_BEFORE.search(text[max(0, first.start - 40) : first.start])
    if before is None or not before.group("plural"):
        return
    for entity in group[1:]:
        if entity.entity_type == "person" and entity.relationship is None:
            entity.relationship = first.relationship


def _ORG_SUFFIX_OR_KNOWN(name: str) -> bool:  # noqa: N802 - reads as a predicate on the vocabulary
    tokens = name.split()
    return name.lower() in ORGANISATIONS or (len(tokens) > 1 and tokens[-1] in ORG_SUFFIXES)


def _is_sentence_initial(text: str, start: int) -> bool:
    before = text[:start].rstrip()
    return not before or before[-1] in ".!?:;\"'(-\n" or bool(re.search(r"(?:^|[.!?]\s*)[\"']?$", before))
