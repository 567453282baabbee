"""Whether a memory records something that happened, and what kind of happening: the timeline's one rule.

The timeline is derived from the memories at read time, so this rule reads only what a memory row holds:
its type, its text, whether it has an event date or a recurrence, and whether it superseded an earlier
memory. In order:

- a routine ("every Tuesday", "usually", "used to", a stored recurrence) happens on no one day: never;
- preferences, goals and procedures are standing; one is on the timeline only when it is dated and its
  text reports a happening ("loved the concert last night");
- a change cue ("no longer works there", "is now vegan", "not ... anymore") is a change;
- a negated verb ("never finished", "didn't go") did not happen: never;
- events, decisions and actions are happenings by their type;
- a fact that superseded an earlier one records a change (a move retiring the old home);
- any other fact or entity is a happening when its text reports one: the clause's first verb is a past
  form ("Went kayaking", "my cousin got engaged", "my parents sold the house"), a present perfect
  ("has started a new role"), a passive past ("was promoted"), "had" with an occasion ("had brunch
  with Lena"), or told news ("told me she accepted the offer"). A present or future verb first
  ("I'm allergic to shellfish", "my brother is called Anselm", "Ilse works at Zalando", "Ulrich
  teaches physics") or a past state ("I was born in Tallinn", "I had a cat growing up") is not;
- otherwise a dated fact is on the timeline at its date (what happens on a day, or will).

A happening is a `change` (a new job, a move, an engagement, a breakup, a death: the verbs of a life
change, or any supersession), or keeps its memory type (`event`, `decision`, `action`); other reported
happenings are `event`s.
"""

from __future__ import annotations

import re

# Types that are never on the timeline unless dated: what someone likes, wants or knows how to do.
STANDING_TYPES = ("preference", "goal", "procedure")
_TYPED_HAPPENINGS = frozenset({"event", "decision", "action"})
_NEGATED = "negated"  # the clause's verb is negated: what it says did not happen


def _words(text: str) -> frozenset[str]:
    """A word list written as prose."""
    return frozenset(text.split())


_TOKEN = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_DATE_LABEL = re.compile(r"\s*\([^()]*\)\s*$")  # "(22 November 2026)", appended by the write path
_HABIT = re.compile(
    r"\b(?:used to|would always|every (?:day|morning|evening|night|week|weekend|month|year|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)|usually|always|often|each (?:day|week|month|year)|"
    r"growing up|as a (?:kid|child|teen|teenager)|back when|"
    r"when (?:I|we) (?:was|were) (?:a kid|little|young))\b",
    re.IGNORECASE,
)
_CHANGE_CUE = re.compile(
    r"\b(?:no longer|not (?:\w+ )?anymore|(?:is|are|am|'m|'re|'s) now|now (?:works?|lives?|living|working|"
    r"dating|married|engaged|single|retired))\b",
    re.IGNORECASE,
)

_IRREGULAR_PAST = _words("""
    went came saw met told said took made gave found felt thought bought left ran won lost sold spent sent
    began wrote drove flew knew heard paid kept slept ate fell became got broke caught chose drank forgot
    grew hid hit held hurt led lent let lit meant put quit rode rang rose sang sat shot shut spoke stood
    stole swam taught threw understood woke wore split built brought fought sought dealt dug fed fled
    forgave froze hung bit blew bled drew shook sank spun struck swore tore wept withdrew overslept
    rebuilt redid did had was were bet cast cut set shed spread upset wound bound ground lay sprang stuck
    stung swung tied dove won't
    """) - {"won't"}
_IRREGULAR_PARTICIPLES = _words("""
    gone seen done taken given eaten written driven flown known begun broken chosen forgotten gotten grown
    ridden spoken stolen swum thrown worn woken fallen become come run met bought sold left found made
    told said got lost won quit split moved sent spent built brought taught caught kept held paid laid
    let hurt hit cut shot struck bitten put set shut
    """)
# Participles that describe a standing state after "was/were/has been", not something that happened.
_STATE_PARTICIPLES = _words(
    "born raised named called based located allergic supposed used interested excited tired worried "
    "married engaged scared stressed obsessed bored related known"
)
# "-ed" words that are not past verbs.
_NOT_VERBS_ED = _words(
    "hundred kindred sacred naked wicked rugged beloved crooked "
    "need seed feed speed weed deed indeed breed bleed greed proceed succeed exceed"
)
# Verbs whose past form names a life change rather than an ordinary event.
_CHANGE_VERBS = _words("""
    moved relocated started joined quit left resigned retired graduated married divorced adopted sold
    switched broke split engaged promoted hired fired founded launched died passed transferred enrolled
    dropped separated proposed signed became bought accepted laid dumped
    """)
# Reporting verbs: whether something happened is the reported clause's business.
_REPORTING = _words("said told mentioned heard says tells mentions")
# What "got a new ..." makes a change of.
_CHANGE_NOUNS = _words("job apartment house home place puppy dog cat kitten car phone married engaged")
# Occasions that "had" or "got" makes a happening of ("had dinner with Priya", "had a baby").
_OCCASIONS = _words("""
    dinner lunch breakfast brunch coffee drinks drink meeting call interview baby party fight argument
    chat date talk surgery operation appointment accident session blast game match class lesson picnic
    barbecue bbq wedding reunion celebration conversation visit trip holiday vacation checkup time blast day
    night weekend evening morning
    """)
_DETERMINERS = _words("a an the my his her our their your its this that these those some any no every each")
_PREPOSITIONS = _words(
    "of with for in on at to from by about into onto over under after before during like than as"
)
_INTENSIFIERS = _words("very so too really quite pretty most more less rather super extremely")
_ADVERBS = _words("""
    just finally recently also then already officially suddenly actually both all eventually today
    yesterday once again last first even still basically
    """)
_PRONOUNS = _words("i we you they he she it")
_NEGATIONS = _words(
    "not never didn't don't doesn't haven't hasn't hadn't wasn't weren't isn't aren't can't cannot won't"
)
_FUTURE = _words("will shall gonna going would i'll we'll you'll they'll he'll she'll it'll i'd")
_COPULAS = _words("am is are be being 'm 're i'm we're you're they're he's she's it's")
_HAVE = _words("have has 've i've we've you've they've")
# Present tense verbs that start a standing fact or a habit ("I work at", "she teaches", "I like").
_PRESENT_VERBS = _words("""
    like likes love loves hate hates prefer prefers enjoy enjoys want wants need needs wish wishes hope
    hopes work works live lives own owns know knows believe believes think thinks feel feels eat eats drink
    drinks play plays drive drives use uses speak speaks study studies teach teaches run runs go goes
    visit visits take takes make makes do does get gets keep keeps can could should might may must plan
    plans intend intends expect expects seem seems look looks sound sounds mean means come comes stay stays
    remain remains serve serves lead leads manage manages attend attends volunteer volunteers
    """)


def happening_kind(
    memory_type: str,
    content: str,
    *,
    dated: bool = False,
    supersedes: bool = False,
    recurring: bool = False,
) -> str | None:
    """The timeline's event type of a memory (`event`, `change`, `decision`, `action`), None when the
    memory is a standing fact, a routine or something that did not happen (see the module docstring)."""
    text = _DATE_LABEL.sub("", content).replace("\u2019", "'")
    if recurring or _HABIT.search(text):
        return None  # a routine ("I swim every Tuesday") happens on no one day
    if memory_type in STANDING_TYPES:
        return "event" if dated and reported_happening(text) else None
    if _CHANGE_CUE.search(text):
        return memory_type if memory_type in _TYPED_HAPPENINGS else "change"
    verdict = _first_verb(_TOKEN.findall(text))
    if verdict == _NEGATED:
        return None  # "I never finished my PhD", "didn't make it to the reunion"
    if memory_type in _TYPED_HAPPENINGS:
        return memory_type
    if supersedes:
        return "change"
    return verdict or ("event" if dated else None)


def reported_happening(text: str) -> str | None:
    """`change` or `event` when the text reports something that happened, else None."""
    text = _DATE_LABEL.sub("", text).replace("\u2019", "'")
    if _HABIT.search(text):
        return None
    if _CHANGE_CUE.search(text):
        return "change"
    verdict = _first_verb(_TOKEN.findall(text))
    return None if verdict == _NEGATED else verdict or None


def _first_verb(tokens: list[str]) -> str:
    """What the clause's first verb says: a kind, or "" when it reports no happening (or has no verb)."""
    for index, token in enumerate(tokens):
        verdict = _verb_at(tokens, index, token)
        if verdict is not None:
            return verdict
        # not a verb: part of the subject ("my friend Olivia") or an adverb
    return ""


def _verb_at(tokens: list[str], index: int, token: str) -> str | None:
    """What the clause's first verb says when `tokens[index]` is that verb: a kind, "" for "no
    happening", None when the token is not a verb."""
    word = token.lower()
    previous = tokens[index - 1].lower() if index else ""
    if word in _NEGATIONS:
        return _NEGATED
    if word in _FUTURE:
        return ""
    if word in _HAVE:
        return _after_auxiliary(tokens, index + 1, perfect=True)
    if word in ("was", "were"):
        return _after_auxiliary(tokens, index + 1, perfect=False)
    if word in ("had", "got") and _in_verb_position(tokens, index, previous):
        return _after_had_or_got(tokens, index + 1, word)
    if word in _COPULAS or word in _PRESENT_VERBS:
        return ""
    if _is_past(token, index) and _in_verb_position(tokens, index, previous):
        if word in _REPORTING:
            return _first_verb(tokens[index + 1 :])  # "Sam told me Priya got engaged": what was told
        if word == "did":
            return _NEGATED if _next_content_word(tokens, index + 1) in _NEGATIONS else "event"
        return "change" if word in _CHANGE_VERBS else "event"
    if _present_verb_after_subject(tokens, index, previous):
        return ""
    return None


def _after_had_or_got(tokens: list[str], start: int, word: str) -> str:
    """ "had dinner", "had a baby", "got engaged", "got a new job": happenings; "had a dog": a past state."""
    following = _next_content_word(tokens, start)
    nearby = {t.lower() for t in tokens[start : start + 4]}
    if following in _CHANGE_VERBS or (word == "got" and nearby & _CHANGE_NOUNS):
        return "change"
    if word == "had" and not nearby & _OCCASIONS and not _is_participle(following):
        return ""
    return "event"


def _after_auxiliary(tokens: list[str], start: int, *, perfect: bool) -> str:
    """ "has moved", "has been promoted", "was hired": a happening; "has a dog", "was tired": not."""
    following = _next_content_word(tokens, start)
    if perfect and following == "been":
        following = _next_content_word(tokens, start + 1 + _skipped(tokens, start))
        perfect = False
    if following in _NEGATIONS:
        return _NEGATED
    if following in _STATE_PARTICIPLES or not _is_participle(following):
        return ""
    if perfect and following == "got":
        return "event"
    return "change" if following in _CHANGE_VERBS else "event"


def _skipped(tokens: list[str], start: int) -> int:
    count = 0
    while start + count < len(tokens) and tokens[start + count].lower() in _ADVERBS:
        count += 1
    return count


def _next_content_word(tokens: list[str], start: int) -> str:
    index = start + _skipped(tokens, start)
    return tokens[index].lower() if index < len(tokens) else ""


def _is_participle(word: str) -> bool:
    return word in _IRREGULAR_PARTICIPLES or (_regular_past(word) and word not in _NOT_VERBS_ED)


# Regular past forms too short for the suffix rule (which keeps "bed", "red", "shed" out).
_SHORT_PAST = frozenset({"died", "lied", "tied", "owed", "sued", "fled", "sped", "bred", "aged", "eyed"})


def _regular_past(word: str) -> bool:
    if word in _SHORT_PAST:
        return True
    return len(word) >= 5 and word.endswith("ed") and not word.endswith("eed") or word == "agreed"


def _is_past(token: str, index: int) -> bool:
    word = token.lower()
    if index and token[0].isupper():
        return False  # a name mid-sentence ("my friend Fred"), not a verb
    if word in _IRREGULAR_PAST:
        return True
    return _regular_past(word) and word not in _NOT_VERBS_ED


def _in_verb_position(tokens: list[str], index: int, previous: str) -> bool:
    """A past form is the clause's verb unless an article, preposition, intensifier or copula shows it
    is an adjective ("the left side", "a used car", "is fried", "very excited")."""
    if not index:
        return True
    return previous not in _DETERMINERS | _PREPOSITIONS | _INTENSIFIERS | _COPULAS


def _present_verb_after_subject(tokens: list[str], index: int, previous: str) -> bool:
    """ "Leo teaches", "she coaches", "I teach": a lowercase word right after a pronoun or a name (no
    article in between) is the clause's present-tense verb, so the clause is not a past report."""
    token = tokens[index]
    if token[0].isupper() or token.lower() in _ADVERBS or token.lower().endswith("ly") or not index:
        return False
    before = tokens[index - 1]
    possessive = previous.endswith("'s")  # "Maria's kids", not "Maria teaches"
    subject = previous in _PRONOUNS or (
        before[0].isupper() and previous not in _DETERMINERS and not possessive
    )
    if not subject:
        return False
    return previous in ("i", "we", "you", "they") or token.lower().endswith("s")
