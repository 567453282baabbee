"""Special queries: questions about the user's memory as a whole, not a lookup.

`detect_special_query` recognises nine kinds — self summary, entity summary, relationship, temporal,
historical, negation, sentiment trend, decisions, goals — and `run_special_query` answers each with a
shape of its own (a summary, a listing, a trend, ...). Every response also carries `results`:
the ranked memories as `ScoredMemory.view()` dicts, so a client can always read memories whatever the type.

The grammar that recognises them is `detection` (with `engram.language.periods`); the answers are
`answer` and its answerers (`about`, `listings`, `sentiment`, over `context`).

Everything a handler shows passes the same filters as standard search (status, historical flag, expiry,
effective date, sensitivity ceiling), and the memories returned in `results` have their access tracked.
"""

from engram.language.periods import Timeframe
from engram.retrieval.special.answer import run_special_query
from engram.retrieval.special.detection import SpecialQuery, detect_special_query

__all__ = ["SpecialQuery", "Timeframe", "detect_special_query", "run_special_query"]
