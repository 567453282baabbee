"""What the calibrated relevance (`engram.retrieval.relevance`) reads of the ranked candidates: the
query's words with their document frequencies among the user's memories, and per candidate the words
it holds, its similarity, its length and whether it reports the words a query asks for. One round trip,
for the ranked window only (`engram.retrieval.search`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from psycopg import sql

from engram.db.connection import Conn
from engram.db.repositories import vector_index
from engram.db.repositories.search import DFS_SQL, LEXEMES_SQL
from engram.language.question_amount import AMOUNT_PATTERN
from engram.language.question_speech import SPEECH_PATTERN

if TYPE_CHECKING:
    import numpy as np

_QUERY_DFS = sql.SQL(
    "SELECT lx.lexemes, {dfs}, tsvector_to_array(to_tsvector('english', %(names)s)) AS names, "
    "tsvector_to_array(to_tsvector('english', %(focus)s)) AS focus, "
    "tsvector_to_array(to_tsvector('english', %(anchor)s)) AS anchor, "
    "tsvector_to_array(to_tsvector('english', %(slot)s)) AS slot, "
    "(SELECT coalesce(jsonb_object_agg(w, tsvector_to_array(to_tsvector('english', w))), '{{}}') "
    " FROM unnest(%(said)s::text[]) AS w) AS said "
    "FROM ({lexemes}) AS lx(lexemes)"
).format(dfs=DFS_SQL, lexemes=LEXEMES_SQL)


# What each ranked candidate holds of the query (`query_evidence`); `{similarity}` is the vector cosine.
_CANDIDATES = """SELECT m.id, {similarity} AS similarity, char_length(m.content) AS chars, m.memory_type,
                       m.document_date,
                       ARRAY(SELECT unnest(tsvector_to_array(ts_filter(m.tsv, '{a}')))
                             INTERSECT SELECT unnest(q.lexemes)) AS matched,
                       ARRAY(SELECT unnest(tsvector_to_array(ts_filter(m.tsv, '{d}')))
                             INTERSECT SELECT unnest(q.lexemes)) AS implied,
                       (%(speaker)s::text IS NOT NULL AND r.reports
                        AND (%(speaker)s::text = ''
                             OR m.tsv @@ plainto_tsquery('english', %(speaker)s::text))) AS told,
                       (%(amount)s AND m.content ~* %(amount_re)s) AS amount,
                       CASE WHEN %(content)s THEN m.content END AS content,
                       lower(m.metadata->>'subject') AS subject, m.metadata->>'attribute' AS attribute,
                       m.metadata->>'value' AS value, r.reports,
                       CASE WHEN cardinality(h.held) > 0 THEN
                       ARRAY(SELECT DISTINCT lower(e.relationship)
                             FROM memory_entities me JOIN entities e ON e.id = me.entity_id
                             WHERE me.memory_id = m.id AND e.merged_into IS NULL AND NOT e.is_owner
                               AND lower(e.relationship) = ANY(h.held)) END AS roles
                FROM memories m CROSS JOIN LATERAL (SELECT m.content ~* %(speech)s AS reports) r,
                     (SELECT tsvector_to_array(to_tsvector('english', engram_plain_text(%(query)s)))
                             AS lexemes) q,
                     -- the ties the query says that one or two of the user's people hold (sql/0045)
                     (SELECT coalesce(array_agg(role), '{}') AS held
                      FROM (SELECT lower(e.relationship) AS role FROM entities e
                            WHERE cardinality(%(ties)s::text[]) > 0
                              AND e.user_id = %(uid)s AND e.merged_into IS NULL AND NOT e.is_owner
                              AND lower(e.relationship) = ANY(%(ties)s::text[])
                            GROUP BY 1 HAVING count(*) <= 2) x) h
                WHERE m.user_id = %(uid)s AND m.id = ANY(%(ids)s)"""


@dataclass(frozen=True)
class QueryWords:
    """The query's lexemes in order, each one's document frequency among the user's active memories, and
    those of its proper names (`names`: who or what the query is about, not what it asks)."""

    lexemes: list[str]
    dfs: list[int]
    names: frozenset[str]
    focus: frozenset[str] = frozenset()  # the stem of the question's focus noun (`question_focus`)
    anchor: frozenset[str] = frozenset()  # what it asks the one before of (`question_time.before_anchor`)
    # the stems of the words that ask for a slot or for someone's words (`question_slots`,
    # `question_speech`): what a memory storing the slot, or reporting the words, explains unsaid
    slot: frozenset[str] = frozenset()
    # each stem of a role the query says as the user's ("physio" of "the physio"), with the ties it may
    # be stored by (`question_roles.ties_said`): a memory about the person in the role holds it unsaid
    roles: dict[str, frozenset[str]] = field(default_factory=dict)


def query_evidence(
    conn: Conn,
    user_id: str,
    query: str,
    names: str,
    ids: list[Any],
    embedding: np.ndarray | None,
    speaker: str | None = None,
    amount: bool = False,
    amount_re: str = AMOUNT_PATTERN,
    focus: str = "",
    content: bool = False,
    anchor: str = "",
    slot: str = "",
    ties: dict[str, set[str]] | None = None,
) -> tuple[QueryWords, dict[Any, dict[str, Any]]]:
    """The query's words (`QueryWords`; `names` is the text of its proper names), and for each memory of
    `ids` the lexemes its text contains (`matched`), those only its concepts contain (`implied`,
    `engram.language.concepts`), its cosine similarity to the query (None without a query embedding) and
    its length in characters (`chars`, what it costs a reader's budget), `memory_type` and `document_date`
    (when it was told): what relevance is calibrated from and what the order weighs, read for the ranked
    candidates only. With the `speaker` whose words the query asks (`engram.language.question_speech`),
    `told` says the memory reports speech and holds every word of the speaker (any speaker's, for
    `ANYONE`). When the query asks an `amount` (`engram.language.question_amount`), `amount` says the
    memory states one (`amount_re`: money, or a measure too). The `focus` of the query
    (`engram.language.question_focus`) and the `anchor` of a
    question about the one before (`engram.language.question_time.before_anchor`) and the words that ask
    for a slot (`engram.language.question_slots.slot_words`) or for someone's words
    (`engram.language.question_speech.speech_verbs`) come back stemmed with its words. With
    `content`, each memory's text comes back too, for what the caller reads in it (a name, a focus as the
    user may have typed it, a place). The attribute a memory stores, whose and its value (`subject`,
    lowercased, `attribute` and `value` of its metadata), and whether it reports speech (`reports`), come
    back always, and the roles of the `ties` said (each role word said -> the ties it may be stored by,
    `engram.language.question_roles.ties_said`) that the people the memory mentions hold (`roles`)."""
    import numpy as np

    similarity = (
        vector_index.similarity_sql("m.embedding", "%(emb)s::vector")
        if embedding is not None
        else "NULL::float8"
    )
    params = {
        "uid": user_id,
        "query": query,
        "names": names,
        "ids": list(ids),
        "emb": np.asarray(embedding, dtype=np.float32) if embedding is not None else None,
        "speaker": speaker,
        "speech": SPEECH_PATTERN,
        "amount": amount,
        "amount_re": amount_re,
        "focus": focus,
        "anchor": anchor,
        "slot": slot,
        "content": content,
        "said": list(ties or {}),
        "ties": sorted(set().union(*(ties or {}).values())),
    }
    with conn.pipeline():  # one round trip
        head = conn.execute(_QUERY_DFS, params)
        rows = conn.execute(
            _CANDIDATES.replace("{similarity}", similarity),
            params,
        )
    first = head.fetchone()
    assert first is not None
    words = QueryWords(
        list(first["lexemes"]),
        list(first["dfs"]),
        frozenset(first["names"]),
        frozenset(first["focus"]),
        frozenset(first["anchor"]),
        frozenset(first["slot"]),
        {stem: frozenset((ties or {})[word]) for word, stems in first["said"].items() for stem in stems},
    )
    return words, {r["id"]: r for r in rows.fetchall()}
