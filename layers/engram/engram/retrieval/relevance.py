"""How well a memory answers a query, as one number that means the same for every query: `relevance`.

The fused rank of the signals says which candidate is better than another for one query, not whether
any of them answers it: the best of five unrelated memories is still first. Relevance is built from
evidence that does not depend on the other candidates, each piece read as the chance it alone shows the
memory answers the query, combined as independent evidence (noisy-OR: 1 - product of the misses):

- **words**: the share of what the query asks (its content words, english stems, stop words and
  names out) the memory contains, each weighted by its rarity among the user's memories (IDF). A query
  word no memory contains weighs the most: "what is my dog's name?" over memories without a dog covers
  little. Words that frame a question ("what kind of", "still") weigh little; a word the memory only
  stands for (its `concepts`: "music" of a memory about jazz) counts most of the word itself;
- **meaning**: the embedding's cosine similarity, rescaled from the embedder's floor (unrelated texts)
  to where a paraphrase lies (`SIMILARITY_SCALE`): the offline hash embedder puts unrelated texts near 0,
  MiniLM puts unrelated memories of one life around 0.2-0.35. The hash embedder's counts less (it
  repeats the words evidence);
- **slot**: the memory stores the attribute the question asks for ("where do I work?" and an
  employer memory), a lexical gap the words cannot bridge; it weighs in proportion to how much of the
  question the slot's words, the framing words and the memory's words explain (`slot_share`);
- **told**: the query asks what someone said ("what did Saskia say about her work?") and the memory
  reports that person's words ("Saskia said the library project runs late"), or, asked what the user
  was told by someone unnamed ("what was I advised to do?"), anyone's: weighed like a slot, it
  answers the kind of question whatever words the topic is told in, half its weight kept and half in
  proportion to how much of the question the memory's words explain (`slot_share`);
- **names**: when the query names people or things the user's memories know, a memory holding them is
  lifted a little and one holding none of them (about someone else) keeps half. One that only says who
  the named person is to the user ("Callum is a friend of mine") and holds none of the words asked
  ("what does Callum do?") is about the right person and not about what is asked: it keeps half as
  well; with the lexical hash embedder, so does any memory that holds only the names when what is asked
  is mostly words no memory holds ("what is Callum's *surname*?": never told; `_only_the_names`);
- **amount**: a question that asks how much something cost, paid or is worth is answered only by a
  memory that states an amount; one about the thing that states none keeps a third. So with a name: asked
  what someone is called ("what's the landlord's name?"), a memory that speaks of the landlord and names
  nobody for the role keeps a third (`question_name`);
- **focus**: a question that names the kind of thing it asks for ("which *airline* am I flying on?",
  `question_focus`) when no memory of the user holds that word or stands for it: a memory that holds
  the question's other words ("flying to Melbourne in December") keeps 0.4 of its relevance, unless it
  stores the attribute asked (a slot). It is taken from every candidate alike, so it moves no result
  before another; it says that none may answer.
- **place**: a question that asks where ("where did I do fieldwork?") is answered by a memory that names
  a place ("fieldwork on Maria Island"), not by one that only shares its words ("I can now dive for
  fieldwork"): a memory that names none keeps 0.6, unless it stores the attribute asked (a slot:
  "where do I work?" and "I joined Acme"). Unlike the focus, it moves the memories that say where
  before those that do not (`question_place`).
- **refusal**: a question that asks what is not done ("what won't I drink?", "what foods do I avoid?")
  is answered by a memory that refuses, avoids or does without something ("never with milk", "gave up
  coffee"); one that says nothing is keeps 0.6, unless it stores the attribute asked
  (`question_refusal`). It moves the memories that say so first, as the place does.
- **taste**: a question that asks what someone likes, prefers or cannot stand ("how do I take my
  coffee?", "what kind of places do I dislike?") is answered by a memory that says a liking ("never
  milk", "I can't stand crowded bars"), not by "coffee with Vesela after rehearsal"; one that says
  none keeps 0.6, unless it stores the attribute asked (`question_taste`), as the place does.
- **age**: a question that asks how old someone is ("how old is my father?") is answered by a memory
  that says an age or a birth ("Papa turns 78 in March", "Zosia (9)", "born in 1958"); one that says
  none ("Papa is my father") keeps 0.6, unless it stores the attribute asked (`question_age`).
- **company**: a question that asks whom the user was with ("who did I see last week?") is answered by a
  memory that names someone ("went to the cinema with Jess"); one that names no one keeps 0.6, unless it
  stores the attribute asked (`question_company`).
- **time**: a question that asks when something is to happen ("when am I going to Melbourne?") is
  answered by a memory that says a time ("flying to Melbourne on 4 December"); one that says none keeps
  0.6, unless it stores the attribute asked (`question_when`). What happened is left alone: the day a
  memory was told may be the answer.
- **owner**: a question about someone's thing ("what's my salary?", "what is Declan's girlfriend
  called?") is not answered by a memory that speaks of that thing as another's only ("Kasia's salary",
  "my girlfriend Ama"), nor what the user does by someone else doing it ("what business do I run?" of
  "Zainab runs the bakery stall"), nor a question about the user by a memory that stores the attribute
  asked of someone else ("where do I work?" of "Tom just got a job at Google") or tells only another's
  job ("first date with Callum, a sound engineer"): it is about someone else and keeps half, whatever it
  stores (`question_owner`, `question_slots.stored_for_another`, `concepts.tells_anothers_job`).

`final_score` adds importance, recency and access on top of relevance; `threshold` applies to
relevance, so "no results" means nothing known answers the query. The weights and the default
threshold are set on the app relevance set (`tests/relevance/`, docs/benchmarks.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence, Set
from dataclasses import dataclass

# (floor, full): cosine at or below `floor` is no evidence, at or above `full` as strong as it gets. A
# sentence model's floor at 0.35 rather than 0.30 leaves more questions whose answer was never told
# empty at the default threshold (app relevance set with MiniLM, t = 0.30: .600 -> .680 tuning, .625 ->
# .750 held-out) for few answers (kept .841 -> .837, .788 -> .776); LOCOMO unchanged (.806 -> .809);
# at 0.40 the answers kept fell to .807 / .752 for no more empty (docs/benchmarks.md).
SIMILARITY_SCALE = {"hash": (0.05, 0.55), "semantic": (0.35, 0.75)}
WORDS_WEIGHT = 0.9
SLOT_WEIGHT = 0.6
# A memory that stores the slot asked answers what kind of answer the question asks (a place for
# "where do I work?") when the slot explains at least this share of the question (`slot_share`).
SLOT_ANSWERS_SHARE = 0.5
# A memory that reports the asked person's words answers the kind of question whatever words its topic
# is told in ("what did the doctor say was causing my back pain?" of "GP says mechanical"), yet of two
# such reports the one that holds the topic asked answers better: this share of the weight is the
# report's, the rest in proportion to how much of the question its words explain (`slot_share`; app
# relevance set: tuning precision@1 .760 -> .763 with hash, .796 -> .798 with MiniLM).
TOLD_FLOOR = 0.5
NAMED_WEIGHT = 0.3
# A query word the memory does not say but stands for ("music" of a memory about jazz) is weaker
# evidence than the word itself: the kind is right, the instance may not be the one asked about.
IMPLIED_SHARE = 0.8
# Asked an amount ("how much did the house cost?") or a name ("what's the landlord's name?"), a memory
# that states none ("bought a small house in Kearny", "the landlord wants to put the rent up") is about the
# right thing, not what is asked: it keeps this share (`question_amount`, `question_name`), below the
# default threshold for all but a perfect match.
UNTOLD_FACTOR = 0.35
# Asked for a kind of thing no memory of the user names ("which airline am I flying on?" of a user who
# never named one; `question_focus`), a memory that shares the question's other words keeps this share:
# it may say the answer as an instance the kind is not stored for ("Air New Zealand"), so less is
# taken than for an amount or a name (app relevance set: no-answer questions left empty at the default
# threshold .633 -> .717 tuning, .625 -> .750 held-out with hash; docs/benchmarks.md).
FOCUS_UNTOLD_FACTOR = 0.4
# Asked for a kind of answer a rule reads in the text (where: a place; what is not done: a refusal; when
# something is to happen: a time), a memory that does not say one keeps this share for each: it may say
# it in words no rule reads ("we always go back to Nan's", "I make matcha every morning now"), so less
# is taken than for an untold amount (app relevance set and LOCOMO: docs/benchmarks.md). A memory that
# stores the attribute asked (a slot) keeps all.
KIND_UNTOLD_FACTOR = 0.6
# Asked about someone's thing ("what's my salary?", "what is Declan's girlfriend called?"), a memory that
# speaks of it as another's only ("Kasia's salary", "my girlfriend Ama") is about someone else, like a
# memory about none of the people the query names (`UNNAMED_FACTOR`; `question_owner`).
OTHER_OWNER_FACTOR = 0.5
# Those kinds, as the `Evidence` fields that say a memory lacks one; `explain` shows each.
KIND_UNTOLD = (
    "place_untold",
    "refusal_untold",
    "time_untold",
    "taste_untold",
    "age_untold",
    "company_untold",
)
# Words that frame a question rather than say what it is about ("what kind of", "did I get", "what
# happened", "still", "at the moment"), as english stems: rare among a user's memories, so their IDF is
# high, yet a memory without them answers as well. They weigh this share.
FRAME_LEXEMES = frozenset(
    [
        "go",
        "get",
        "got",
        "give",
        "put",
        "see",
        "tell",
        "told",
        "say",
        "happen",
        "kind",
        "sort",
        "type",
        "thing",
        "much",
        "mani",
        "moment",
        "still",
        "call",
        "use",
        "name",
        "current",
        "realli",
        "ever",
        "usual",
        "now",
        "lot",
        "way",
        "like",
        "take",
        "make",
        "keep",
        "come",
        "want",
        "need",
        "know",
        "think",
        "look",
        "find",
        "feel",
        "seem",
        "mean",
        "let",
        "ask",
        "tri",
        "turn",
        "bring",
        "becom",
        "good",
        "big",
        "small",
        "long",
        "right",
        "same",
        "bit",
        "day",
        "time",
    ]
)
FRAME_SHARE = 0.25
# A memory about none of the people or things the query names answers a question about someone else.
UNNAMED_FACTOR = 0.5
# The share of what a query asks (by IDF weight) in words no memory of the user holds at or above which
# a memory that holds only the query's names does not answer it: what is asked was never told.
NEVER_TOLD_SHARE = 0.5
# The hash embedder is lexical: its similarity mostly repeats the words evidence (names included), so
# it counts this share of its scaled value; a sentence model's similarity is evidence of its own.
HASH_MEANING_SHARE = 0.6


@dataclass(frozen=True)
class Evidence:
    """What one memory shows of one query (see module). `words` covers what the query asks (its words
    but the names), `names` the names it asks about (None when it names nobody)."""

    similarity: float | None
    words: float
    slot: bool
    named: bool
    slot_share: float = 1.0  # how much of the query the slot (or speech) and the memory's words explain
    names: float | None = None
    never_told: float = 0.0  # the share of what the query asks that no memory of the user holds
    tie_only: bool = False  # the memory only says who someone is to the user ("Callum is my friend")
    told: bool = False  # the memory reports what the person whose words the query asks said
    amount_untold: bool = False  # the query asks an amount of money or a measured figure; the memory has none
    name_untold: bool = False  # the query asks what someone is called; the memory speaks of them, unnamed
    focus_untold: bool = False  # the query names the kind of thing it asks; the memory holds no such word
    place_untold: bool = False  # the query asks where; the memory names no place
    refusal_untold: bool = False  # the query asks what is not done; the memory says nothing is
    taste_untold: bool = False  # the query asks what someone likes; the memory says no liking
    age_untold: bool = False  # the query asks how old someone is; the memory says no age
    company_untold: bool = False  # the query asks whom the user was with; the memory names no one
    time_untold: bool = False  # the query asks when something is to happen; the memory says no time
    other_owner: bool = False  # the query asks about someone's thing; the memory speaks of another's


def word_coverage(
    lexemes: Sequence[str],
    dfs: Sequence[int],
    corpus: int,
    matched: Set[str],
    implied: Set[str] = frozenset(),
) -> float:
    """IDF-weighted share of the query's lexemes the memory contains (0 when the query has none); a
    lexeme only its concepts contain counts `IMPLIED_SHARE`."""
    weights = _weights(lexemes, dfs, corpus)
    total = sum(weights)
    if total <= 0:
        return 0.0
    found = sum(
        w if lex in matched else IMPLIED_SHARE * w if lex in implied else 0.0
        for lex, w in zip(lexemes, weights, strict=True)
    )
    if all(lex in FRAME_LEXEMES for lex in lexemes):
        # Only words that frame a question are left ("when was I going to Ghana?", its name apart): a
        # memory that says "go" does not answer it.
        return FRAME_SHARE * found / total
    return found / total


def never_told(lexemes: Sequence[str], dfs: Sequence[int], corpus: int) -> float:
    """The IDF-weighted share of the query's lexemes that no memory of the user holds (0 without any)."""
    weights = _weights(lexemes, dfs, corpus)
    total = sum(weights)
    return sum(w for w, df in zip(weights, dfs, strict=True) if df == 0) / total if total > 0 else 0.0


def _weights(lexemes: Sequence[str], dfs: Sequence[int], corpus: int) -> list[float]:
    # The corpus size is a cached estimate: a word in (nearly) every memory still weighs a little.
    return [
        max(0.1, math.log((corpus + 1) / (df + 0.5)) + 1.0) * (FRAME_SHARE if lex in FRAME_LEXEMES else 1.0)
        for lex, df in zip(lexemes, dfs, strict=True)
    ]


def meaning(similarity: float | None, embedder: str) -> float:
    floor, full = SIMILARITY_SCALE["hash" if embedder == "hash" else "semantic"]
    if similarity is None or similarity <= floor:
        return 0.0
    scaled = min(1.0, (similarity - floor) / (full - floor))
    return HASH_MEANING_SHARE * scaled if embedder == "hash" else scaled


def _only_the_names(evidence: Evidence, embedder: str) -> bool:
    """The memory holds the query's names and nothing of what it asks. A tie statement ("Callum is a
    friend of mine") says who the person is and nothing else: whatever else is asked ("what does Callum
    do?"), it does not hold it (app relevance set, tuning half: no-answer questions left empty at the
    default threshold .714 -> .738 with hash, answers kept unchanged). Another memory about the person
    may answer in words the query does not use, and a sentence model's similarity tells; with the
    lexical hash embedder its similarity is the names themselves, so it holds only the names when what
    is asked is mostly words no memory holds (held-out half: no-answer questions left empty .375 -> .625
    with hash; LOCOMO with hash loses ~.008 of recall, where a memory about the person answers a
    question in other words: docs/benchmarks.md)."""
    if evidence.words > 0 or evidence.slot or evidence.told:
        return False
    return evidence.tie_only or (embedder == "hash" and evidence.never_told >= NEVER_TOLD_SHARE)


def _slot_weight(evidence: Evidence) -> float:
    """A stored slot answers the words that ask for it, not the rest of the question: "what safety gear
    did I wear at work?" asks for gear, and a job memory that says none explains a fifth of it."""
    if evidence.told:
        return SLOT_WEIGHT * (TOLD_FLOOR + (1.0 - TOLD_FLOOR) * evidence.slot_share)
    return SLOT_WEIGHT * evidence.slot_share if evidence.slot else 0.0


def _slot_answers(evidence: Evidence) -> bool:
    """The memory stores the attribute the question is mostly about: the kind of answer it asks (a
    place, a time, a kind of thing) is the slot's value, said or not."""
    return evidence.slot and evidence.slot_share >= SLOT_ANSWERS_SHARE


def relevance(evidence: Evidence, embedder: str) -> float:
    """The calibrated relevance (0-1) of the evidence (see module)."""
    miss = (
        (1.0 - WORDS_WEIGHT * evidence.words)
        * (1.0 - meaning(evidence.similarity, embedder))
        * (1.0 - _slot_weight(evidence))
    )
    asked = 1.0 - miss
    if evidence.names is not None:
        if _only_the_names(evidence, embedder):
            asked *= UNNAMED_FACTOR
        elif evidence.named or evidence.names > 0:
            asked = 1.0 - (1.0 - asked) * (1.0 - NAMED_WEIGHT * asked)
        else:
            asked *= UNNAMED_FACTOR
    if evidence.other_owner:
        asked *= OTHER_OWNER_FACTOR
    if evidence.amount_untold or evidence.name_untold:
        asked *= UNTOLD_FACTOR
    if not _slot_answers(evidence):
        asked *= KIND_UNTOLD_FACTOR ** sum(getattr(evidence, kind) for kind in KIND_UNTOLD)
    if evidence.focus_untold and not (_slot_answers(evidence) or evidence.told):
        asked *= FOCUS_UNTOLD_FACTOR
    return round(asked, 4)
