"""All scripted histories of the relevance set, and the checks that keep the set well formed."""

from __future__ import annotations

from collections import Counter

from tests.relevance.holdout import ferhat, ines, lars, tadeo
from tests.relevance.model import KINDS, History
from tests.relevance.users import (
    adaeze,
    bartek,
    dmitri,
    hana,
    joaquin,
    kofi,
    mervyn,
    noor,
    ogechi,
    priya,
    rosalind,
    rowena,
    teodor,
    thandi,
    tiago,
    wendell,
    yuki,
)

# The tuning set: search is tuned on these histories, so their figures flatter it.
HISTORIES: tuple[History, ...] = (
    hana.HISTORY,
    dmitri.HISTORY,
    rosalind.HISTORY,
    kofi.HISTORY,
    yuki.HISTORY,
    wendell.HISTORY,
    thandi.HISTORY,
    bartek.HISTORY,
    rowena.HISTORY,
    mervyn.HISTORY,
    adaeze.HISTORY,
    noor.HISTORY,
    teodor.HISTORY,
    joaquin.HISTORY,
    ogechi.HISTORY,
    priya.HISTORY,
    tiago.HISTORY,
)
# The held-out set: other lives, names, places and phrasings, written without looking at the tuning set
# or at what search knows, and never tuned on, so its figures say whether search generalises. It has no
# quick subset: a fast loop over it would invite tuning on it.
HOLDOUT: tuple[History, ...] = (ines.HISTORY, lars.HISTORY, tadeo.HISTORY, ferhat.HISTORY)
# The quick subset runs over these two histories only, so it loads few notes.
QUICK_USERS = ("hana", "kofi")


def quick_histories() -> tuple[History, ...]:
    """The quick users' histories with only their `quick` questions (every note is still loaded)."""
    return tuple(
        History(h.user, h.notes, tuple(x for x in h.questions if x.quick))
        for h in HISTORIES
        if h.user in QUICK_USERS
    )


def problems(histories: tuple[History, ...] = HISTORIES) -> list[str]:
    """What is wrong with the set: unknown note keys, duplicates, a kind with no question. Run over both
    sets together it also finds a user or a question the held-out set shares with the tuning set."""
    found = [f"user {u!r} repeated" for u, c in Counter(h.user for h in histories).items() if c > 1]
    texts: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for history in histories:
        ids = [note.id for note in history.notes]
        found += [f"{history.user}: note id {i!r} repeated" for i, c in Counter(ids).items() if c > 1]
        if not 30 <= len(ids) <= 200:
            found.append(f"{history.user}: {len(ids)} notes, not 30-200")
        for question in history.questions:
            texts[question.text.casefold()] += 1
            kinds[question.kind] += 1
            if question.kind not in KINDS:
                found.append(f"{history.user}: unknown kind {question.kind!r}")
            if (question.kind == "no_answer") == bool(question.answers):
                found.append(f"{history.user}: {question.text!r} answers do not fit kind {question.kind}")
            for note_id in question.answers + question.forbidden:
                if note_id not in ids:
                    found.append(f"{history.user}: {question.text!r} names unknown note {note_id!r}")
            if set(question.answers) & set(question.forbidden):
                found.append(f"{history.user}: {question.text!r} has a note both answer and forbidden")
    found += [f"question repeated: {t}" for t, c in texts.items() if c > 1]
    found += [f"no question of kind {k}" for k in KINDS if not kinds[k]]
    return found
