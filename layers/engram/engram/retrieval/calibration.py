"""How well each ranked candidate answers the query, read once for the window the fused ranks put first:
the query's words and names against each candidate's (`search_evidence`), the rules that read what a
kind of question asks (an amount, a name, a place, what is not done, a time to come, the one before a
named one), and when each candidate was told. `relevance` turns the evidence into one number; the
search re-ranker (`search`) orders by it.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from engram.db.connection import Conn
from engram.db.repositories import corpus
from engram.db.repositories.search import Candidate
from engram.db.repositories.search_evidence import QueryWords, query_evidence
from engram.language.changes import reads_as_ending
from engram.language.concepts import tells_anothers_job
from engram.language.periods import resolve_timeframe
from engram.language.question_age import asks_age, states_age
from engram.language.question_amount import amount_pattern, asks_amount
from engram.language.question_company import asks_company, names_company
from engram.language.question_figure import asks_figure, states_figure
from engram.language.question_focus import asked_focus, focus_said
from engram.language.question_name import asked_name, name_untold
from engram.language.question_owner import asked_doing, asked_possessions, done_by_another, owned_by_another
from engram.language.question_place import asks_place, names_place
from engram.language.question_refusal import asks_refusal, states_refusal
from engram.language.question_roles import ties_said
from engram.language.question_slots import (
    QuestionSlots,
    asks_my_job,
    question_slots,
    slot_words,
    stored_for_another,
)
from engram.language.question_speech import asked_speaker, names_a_person, speech_verbs, spoken_by
from engram.language.question_taste import asks_liking, asks_taste, states_only_dislike, states_taste
from engram.language.question_time import asks_ever, asks_previous, before_anchor
from engram.language.question_when import asks_planned_time, states_time
from engram.retrieval.relevance import (
    FRAME_LEXEMES,
    FRAME_SHARE,
    IMPLIED_SHARE,
    Evidence,
    never_told,
    word_coverage,
)
from engram.retrieval.relevance import relevance as relevance_of
from engram.retrieval.transform import names_in

if TYPE_CHECKING:
    import numpy as np

# Asked how things are now, the candidates that answer at least this share as well as the best are
# those whose order the time they were told decides (`newness`; `search.NOW_WEIGHT`).
NOW_CLOSE = 0.5


@dataclass(frozen=True)
class NamedPeriod:
    """The period a query names ("in March 2026", "the summer of 2023") and the words that name it,
    which a memory of that period answers without saying them."""

    start: datetime
    end: datetime
    words: frozenset[str]


def named_period(query: str, now: datetime) -> NamedPeriod | None:
    """The calendar period the query names, if any. Vague ones ("recently", "these days") name no
    period a memory can be placed in, and give way to one the query names as well ("what did she
    recently recommend on 7 February?")."""
    found = resolve_timeframe(query, now)
    if found is not None and found[0].vague:
        start, end = found[1]
        found = resolve_timeframe(query[:start] + " " * (end - start) + query[end:], now)
    if found is None or found[0].vague:
        return None
    timeframe, (start, end) = found
    return NamedPeriod(timeframe.start, timeframe.end, frozenset(query[start:end].lower().split()))


class Calibration(NamedTuple):
    """What `calibrate` reads of one candidate: its calibrated relevance, cosine similarity, the
    evidence, its length in characters, the relevance the order reads, when it was told and whether it
    holds the kind of thing the question asks for (true when it names none)."""

    relevance: float
    similarity: float
    evidence: Evidence
    chars: int | None
    answers: float
    told_at: datetime | None
    kind_held: bool = True


def newness(calibrated: dict[Any, Calibration]) -> dict[Any, float]:
    """For a question about now: of the candidates that answer at least NOW_CLOSE as well as the best,
    how late each was told, 0 (first) to 1 (last), times how well it answers against the best; none
    when fewer than two were told at different times. Asked for a kind of thing ("which blood thinner am
    I taking now?"), only those that hold it or an instance of it are the present's, when one does: a
    later "blood pressure 150/95" is no newer blood thinner."""
    best = max((c.answers for c in calibrated.values()), default=0.0)
    kind = {c.kind_held for c in calibrated.values()} == {True, False}  # some hold the kind, some do not
    close = {
        i: c.told_at
        for i, c in calibrated.items()
        if c.told_at and best and c.answers >= NOW_CLOSE * best and (c.kind_held or not kind)
    }
    if len(close) < 2:
        return {}
    first, last = min(close.values()), max(close.values())
    span = (last - first).total_seconds()
    if span <= 0:
        return {}
    # the later told lifts in proportion to how well it answers: a later reading that half answers does
    # not leap a full answer told before it ("how much alcohol do I drink now?")
    late = {i: (told - first).total_seconds() / span for i, told in close.items()}
    return {i: share * calibrated[i].answers / best for i, share in late.items()}


def calibrate(
    conn: Conn,
    user_id: str,
    query: str,
    window: list[tuple[float, Candidate, dict[str, float]]],
    embedding: np.ndarray | None,
    embedder: str,
    period: NamedPeriod | None = None,
) -> dict[Any, Calibration]:
    """The `Calibration` of each candidate of the window (`relevance` module). A memory of the period the
    query names holds the words that name it ("march", "2026"), said or not: it is of the time asked
    about."""
    query_names = names_in(query)
    names = " ".join(name for name in query_names if not name.startswith("my "))  # not "my sister"
    asked = _Asked.read(query, query_names)
    words, found = query_evidence(
        conn,
        user_id,
        query,
        names,
        [row.id for _, row, _ in window],
        embedding,
        speaker=asked.speaker,
        amount=asked.amount,
        amount_re=amount_pattern(query),
        focus=asked.focus,
        content=asked.reads_text,
        anchor=before_anchor(query) or "",
        slot=" ".join(slot_words(query) + speech_verbs(query)),
        # the person in a role now is not the one before ("who was my old girlfriend?")
        ties={} if asked.previous else ties_said(query),
    )
    _keep_the_speakers_words(asked.speaker, found)
    size = corpus.corpus_size(conn, user_id)
    said, stood_for = _candidate_lexemes(found)
    asked_lexemes, asked_dfs, known = _asked_words(words, said, stood_for)
    unknown = never_told(asked_lexemes, asked_dfs, size)
    focus_untold = _focus_untold(asked.focus, words, set(asked_lexemes), said | stood_for, found)
    held = _slot_holders(asked, window, found)
    focus = (words.focus & set(asked_lexemes)) - words.names
    slot_framed, title_only = _slot_framing(asked, window, held, asked_lexemes, words.slot)
    out: dict[Any, Calibration] = {}
    for _, row, _ in window:
        seen = found.get(row.id) or {}
        similarity = seen.get("similarity")
        matched, implied = _held(seen, row, period, asked_lexemes, focus, words)
        slot = held[row.id]
        coverage = word_coverage(asked_lexemes, asked_dfs, size, matched, implied)
        evidence = Evidence(
            similarity=similarity,
            words=FRAME_SHARE * coverage
            if slot_framed and not (slot or seen.get("told") or (title_only and row.slot_rank is not None))
            else coverage,
            slot=slot,
            slot_share=_slot_share(asked_lexemes, asked_dfs, size, words.slot | matched, implied)
            if slot or seen.get("told")
            else 1.0,
            named=row.name_rank is not None or row.entity_rank is not None,
            names=_names_held(known, matched, implied),
            never_told=unknown,
            tie_only=seen.get("memory_type") == "entity",
            told=bool(seen.get("told")),
            focus_untold=focus_untold,
            **asked.untold(seen),
        )
        relevance = relevance_of(evidence, embedder)
        # The untold focus is taken from every candidate alike: it says none may answer, not which
        # answers better, so the order reads the relevance without it.
        answers = relevance_of(replace(evidence, focus_untold=False), embedder) if focus_untold else relevance
        out[row.id] = Calibration(
            relevance,
            float(similarity or 0.0),
            evidence,
            seen.get("chars"),
            answers,
            seen.get("document_date"),
            not focus or bool(focus & (matched | implied)),
        )
    return out


def _held(
    seen: dict[str, Any],
    row: Candidate,
    period: NamedPeriod | None,
    asked: list[str],
    focus: Set[str],
    words: QueryWords,
) -> tuple[set[str], set[str]]:
    """The query's lexemes a candidate holds, and those it only stands for (its concepts). A memory of
    the period the query names holds the words that name it; the kind a question asks for, held as an
    instance ("what school?" of "Scoil Mhuire"), is held as fully as the word, since the instance is
    what is asked, unless the memory holds the one the question asks about the one before ("what house
    did we live in before Eastfield?": the Eastfield flat is an instance, and no answer). A memory about
    the person in a role the query says ("booked Marco" of "when do I next see the physio?", Marco the
    physio) holds the role's word."""
    matched, implied = set(seen.get("matched") or ()), set(seen.get("implied") or ())
    instances = set() if words.anchor & matched else implied & focus
    held_roles = set(seen.get("roles") or ())
    matched |= {stem for stem, ties in words.roles.items() if ties & held_roles}
    if period is not None and row.period_rank is not None:
        matched |= {lex for lex in asked if any(w.startswith(lex) for w in period.words)}
    return matched | instances, implied


def _keep_the_speakers_words(speaker: str | None, found: dict[Any, dict[str, Any]]) -> None:
    """Asked what someone named said, a report holding the name is theirs only when they speak or are
    spoken to (`question_speech.spoken_by`): "Mama says I look thinner, and that Kasia is fed up" is
    Mama's words, no answer to "what did Kasia say about the move?"."""
    if not speaker or not names_a_person(speaker):
        return
    for seen in found.values():
        seen["told"] = bool(seen.get("told")) and spoken_by(seen.get("content") or "", speaker)


def _slot_holders(
    asked: _Asked, window: list[tuple[float, Candidate, dict[str, float]]], found: dict[Any, dict[str, Any]]
) -> dict[Any, bool]:
    """Which candidates hold the slot the question asks (`_holds_slot`). An ending ("left C&M") says
    what the user no longer has: asked how things are, it answers only when no candidate holds what
    they have ("what's my job title now?" of "Project Engineer, VPS 5", not "Resigned from C&M")."""
    held = {row.id: _holds_slot(asked, row, found.get(row.id) or {}) for _, row, _ in window}
    if asked.previous or asked.ever:
        return held
    ended = {i for i, holds in held.items() if holds and reads_as_ending((found.get(i) or {}).get("value"))}
    if ended and any(holds and i not in ended for i, holds in held.items()):
        return {i: holds and i not in ended for i, holds in held.items()}
    return held


def _slot_framing(
    asked: _Asked,
    window: list[tuple[float, Candidate, dict[str, float]]],
    held: dict[Any, bool],
    asked_lexemes: list[str],
    slot: Set[str],
) -> tuple[bool, bool]:
    """Whether the question's words only frame a slot a candidate stores (`_only_slot_words`), and whether
    the slot is stored only as a job title. A title says no place, but once one is stored "where do I
    work?" is not answered by a memory that merely says "work" ("Kamal's mate from work") either; and
    with no employer stored, the title is the best there is of the answer, its words whole."""
    title_only = not asked.previous and not any(held.values())
    stored = any(held.values()) or (title_only and any(row.slot_rank is not None for _, row, _ in window))
    return stored and _only_slot_words(asked_lexemes, slot), title_only


def _only_slot_words(asked: list[str], slot: Set[str]) -> bool:
    """Does the question ask nothing but the slot ("who did I work for?", "where do we live?")? Its
    words then only frame the slot's value: once a memory of the user stores the slot, a memory that
    merely says "work" ("somehow it works") does not answer, as one that says "go" does not answer
    "when was I going to Ghana?" (`relevance.FRAME_SHARE`). A report of the asked person's words still
    does ("what did Kasia say about moving?")."""
    content = [lex for lex in asked if lex not in FRAME_LEXEMES]
    return bool(content) and all(lex in slot for lex in content)


@dataclass(frozen=True)
class _Asked:
    """What the question asks, read once for every candidate: the kinds of answer the rules read in a
    memory's text (an amount, a name, a place, what is not done, a time to come, whose thing)."""

    amount: bool
    figure: bool  # a score, a dose, a reading (`question_figure`)
    roles: list[str] | None  # what the question asks the name of (`question_name.asked_name`)
    previous: bool
    ever: bool
    speaker: str | None
    focus: str
    place: bool
    refusal: bool
    taste: bool
    liking: bool  # asks what is liked: a dislike tells the opposite
    age: bool
    company: bool  # "who did I see last week?": whom the user was with
    planned: bool
    owned: set[tuple[str, str]]  # "my salary", "Declan's girlfriend"
    doing: str | None  # "run" of "what business do I run?"
    slots: QuestionSlots  # "where do I work?": the user's employer

    @classmethod
    def read(cls, query: str, query_names: list[str]) -> _Asked:
        return cls(
            amount=asks_amount(query),
            figure=asks_figure(query),
            roles=asked_name(query, query_names),
            previous=asks_previous(query),
            ever=asks_ever(query),
            speaker=asked_speaker(query),
            focus=asked_focus(query) or "",
            place=asks_place(query),
            refusal=asks_refusal(query),
            taste=asks_taste(query),
            liking=asks_liking(query),
            age=asks_age(query),
            company=asks_company(query),
            planned=asks_planned_time(query),
            owned=asked_possessions(query),
            doing=asked_doing(query),
            slots=question_slots(query),
        )

    @property
    def reads_text(self) -> bool:
        """Whether a rule reads the candidates' text (it is fetched only then)."""
        return bool(
            self.roles is not None or self.figure or names_a_person(self.speaker) or self.focus
            or self.place or self.refusal or self.taste or self.liking or self.age or self.company
            or self.planned
            or self.owned or self.doing or asks_my_job(self.slots)
        )  # fmt: skip

    def untold(self, seen: dict[str, Any]) -> dict[str, bool]:
        """The `Evidence` flags of one candidate (what `query_evidence` read of it) the rules set."""
        text = seen.get("content") or ""
        return {
            "amount_untold": (self.amount and not seen.get("amount"))
            or (self.figure and not states_figure(text)),
            "place_untold": self.place and not names_place(text),
            "refusal_untold": self.refusal and not states_refusal(text),
            "taste_untold": (self.taste and seen.get("memory_type") != "preference"
                             and not states_taste(text))
            or (self.liking and states_only_dislike(text)),
            "age_untold": self.age and not states_age(text),
            "company_untold": self.company and not names_company(text),
            "time_untold": self.planned and not states_time(text),
            "name_untold": self.roles is not None and name_untold(text, self.roles),
            "other_owner": owned_by_another(text, self.owned)
            or done_by_another(text, self.doing)
            or (asks_my_job(self.slots) and tells_anothers_job(text))
            # reported words are stored under the speaker: "Dr Sumagaysay says no need for metformin"
            or (not seen.get("reports") and stored_for_another(self.slots, seen.get("subject"),
                                                               seen.get("attribute"))),
        }  # fmt: skip


def _slot_share(
    lexemes: list[str], dfs: list[int], size: int, explained: Set[str], implied: Set[str]
) -> float:
    """How much of what the question asks a memory storing its slot explains: the words that ask for the
    slot, the words that frame a question and the words the memory holds. "What safety gear did I wear
    at work?" asks for gear, not for the employer a job memory stores."""
    if not lexemes:
        return 1.0
    return word_coverage(lexemes, dfs, size, explained | (set(lexemes) & FRAME_LEXEMES), implied)


def _holds_slot(asked: _Asked, row: Candidate, seen: dict[str, Any]) -> bool:
    """Whether the memory holds the slot the question asks for. Asked about the one before ("my previous
    girlfriend"), an older holder answers and the present one does not; asked about any time ("have I
    ever worked in a bar?"), both do."""
    if asked.previous:
        return row.stale
    return (row.slot_rank is not None or (asked.ever and row.stale)) and not _no_place(asked, seen)


# Slots that name no place: asked "where do I work?", "I work as a data analyst" stores the job asked
# about, but says nothing of where.
_PLACELESS_SLOTS = frozenset(("job_title",))


def _no_place(asked: _Asked, seen: dict[str, Any]) -> bool:
    return asked.place and seen.get("attribute") in _PLACELESS_SLOTS


def _candidate_lexemes(found: dict[Any, dict[str, Any]]) -> tuple[set[str], set[str]]:
    """The query's lexemes the candidates say in their text, and those they only stand for (concepts)."""
    said = {lex for seen in found.values() for lex in seen.get("matched") or ()}
    stood_for = {lex for seen in found.values() for lex in seen.get("implied") or ()}
    return said, stood_for


def _asked_words(
    words: QueryWords, said: Set[str], stood_for: Set[str]
) -> tuple[list[str], list[int], Set[str]]:
    """The lexemes the query asks about and their document frequencies (its words but its names), and
    the names the candidates hold: a memory without them is about someone else. A name no candidate
    holds (a place in passing, a name never mentioned) says nothing either way. A place the query names
    that no candidate says but one stands in ("what was my job in Japan?" of a memory about Osaka,
    `concepts`) is asked like any word: the memory of a place in it answers."""
    placed = (words.names & stood_for) - said
    asked = [i for i, lex in enumerate(words.lexemes) if lex not in words.names or lex in placed]
    unanchored = [i for i in asked if words.lexemes[i] not in words.anchor]
    if any(words.lexemes[i] not in FRAME_LEXEMES for i in unanchored):
        asked = unanchored  # else the anchor is what is asked about: "what did I give up before the op?"
    asked = asked or list(range(len(words.lexemes)))
    return (
        [words.lexemes[i] for i in asked],
        [words.dfs[i] for i in asked],
        (words.names & said) - words.anchor,
    )


def _names_held(known: Set[str], matched: Set[str], implied: Set[str]) -> float | None:
    """The share of the query's known names the memory holds; a place it only stands in (Osaka of
    "Japan") counts `IMPLIED_SHARE`, as a word does."""
    if not known:
        return None
    return (len(known & matched) + IMPLIED_SHARE * len((known & implied) - matched)) / len(known)


def _focus_untold(
    focus: str, words: QueryWords, asked: set[str], held: Set[str], found: dict[Any, dict[str, Any]]
) -> bool:
    """The question names the kind of thing it asks for (`question_focus`) and no memory of the user
    holds the word, nor any candidate stands for it (its concepts: "car" of a memory about a Toyota)
    or holds it as typed differently ("resturant")."""
    stems = (words.focus & asked) - words.names
    if not stems:
        return False
    dfs = dict(zip(words.lexemes, words.dfs, strict=True))
    if any(dfs.get(lex, 0) for lex in stems) or stems & held:
        return False
    return not focus_said(focus, [seen.get("content") or "" for seen in found.values()])
