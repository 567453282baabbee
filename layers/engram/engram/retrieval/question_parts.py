"""A question about several people at once ("what animal do both Nate and Joanna like?", "what did my
sister and Tom give us?") is answered by what is known of each of them, rarely by one memory that names
them all: search reads the question once for each person as well ("what animal does Nate like?"), and
a memory answers it if it answers one of those parts (`search.search_in`).

Only people joined by "and", "or", "&" or commas make parts; "what did Mum say about Dad?" asks about
one thing between two people, and "where did Ana and I go?" about what the user did with one person.
Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.retrieval.transform import names_in

# What may stand between two people of one list: "Nate and Joanna", "Ana, Tom and Priya", "Tim & John".
_JOINER = re.compile(r"\s*,\s*(?:(?:and|or|&)\s+)?|\s+(?:and|or|&)\s+", re.IGNORECASE)
# Words that say the question is about the people together; dropped from each person's part.
_TOGETHER = re.compile(r"\s+\b(?:both|either|each)\b(?=\s)", re.IGNORECASE)


def question_parts(query: str) -> list[str]:
    """The question once for each person of the first list of people it names; [] if it names none."""
    spans = _name_spans(query)
    for i in range(len(spans) - 1):
        run = [spans[i]]
        for following in spans[i + 1 :]:
            if not _JOINER.fullmatch(query[run[-1][1] : following[0]]):
                break
            run.append(following)
        names = [query[start:end] for start, end in run]
        if len(run) > 1 and len({n.lower() for n in names}) == len(names):
            head, tail = query[: run[0][0]], query[run[-1][1] :]
            return [_TOGETHER.sub("", f"{head}{name}{tail}") for name in names]
    return []


def _name_spans(query: str) -> list[tuple[int, int]]:
    """(start, end) of each name the query holds, in order."""
    spans: list[tuple[int, int]] = []
    lowered = query.lower()
    position = 0
    for name in names_in(query):
        start = lowered.find(name.lower(), position)
        if start < 0:
            continue
        spans.append((start, start + len(name)))
        position = start + len(name)
    return spans
