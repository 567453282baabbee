"""Which edges a fact states (pure: the fact's subject/attribute/value and mentions say it all)."""

from __future__ import annotations

from engram.graph.edges import MAX_CO_MENTIONS, OWNER, edges_for_fact, tie_type
from engram.models import CandidateFact, EntityMention


def _fact(content: str, **kw) -> CandidateFact:
    return CandidateFact(content=content, **kw)


def _summary(fact: CandidateFact) -> set[tuple[str, str, str, bool]]:
    return {
        (e.source.canonical, e.relationship_type, e.target.canonical, e.ends) for e in edges_for_fact(fact)
    }


def test_employer_slot_draws_works_at_to_the_object():
    fact = _fact(
        "Marcus works at Stripe",
        subject="Marcus",
        attribute="employer",
        value="Stripe",
        entities=[
            EntityMention(name="Marcus", kind="person", role="subject"),
            EntityMention(name="Stripe", kind="entity", entity_type="organization", role="object"),
        ],
    )
    assert _summary(fact) == {("marcus", "works_at", "stripe", False)}


def test_leaving_only_ends_the_edge():
    fact = _fact(
        "Marcus left Stripe",
        subject="Marcus",
        attribute="employer",
        value="left Stripe",
        entities=[
            EntityMention(name="Marcus", kind="person", role="subject"),
            EntityMention(name="Stripe", kind="entity", role="object"),
        ],
    )
    assert _summary(fact) == {("marcus", "works_at", "stripe", True)}


def test_the_users_own_move_is_an_edge_from_the_owner_node():
    fact = _fact(
        "I moved to Denver",
        subject="user",
        attribute="location",
        value="Denver",
        entities=[EntityMention(name="Denver", kind="entity", entity_type="place", role="object")],
    )
    assert _summary(fact) == {(OWNER, "lives_in", "denver", False)}


def test_a_value_that_names_nothing_draws_no_edge():
    fact = _fact("I work at a startup", subject="user", attribute="employer", value="a startup")
    assert edges_for_fact(fact) == []


def test_partner_slot_uses_the_partner_word_and_the_other_person():
    fact = _fact(
        "Sarah got engaged to Dan",
        subject="Sarah",
        attribute="relationship:Dan",
        value="engaged",
        entities=[
            EntityMention(name="Sarah", kind="person", role="subject"),
            EntityMention(name="Dan", kind="person", role="object"),
        ],
    )
    assert _summary(fact) == {("sarah", "engaged_to", "dan", False)}


def test_a_relationship_slot_holding_a_tie_draws_that_tie_not_a_partner():
    # "Theo is Bethan's son": the slot's value is a tie, so Bethan -son-> Theo (it had been "dating")
    def tie(subject: str, other: str, value: str) -> set:
        people = [EntityMention(name=n, kind="person", role="mention") for n in (subject, other)]
        fact = _fact("...", subject=subject, attribute=f"relationship:{other}", value=value, entities=people)
        return _summary(fact)

    assert tie("Bethan", "Theo", "son") == {("bethan", "son", "theo", False)}
    assert tie("Kai", "Mele", "parent") == {("kai", "parent", "mele", False)}
    assert tie("user", "Leila", "sister") == {(OWNER, "sister", "leila", False)}  # as a model may say it
    assert tie("Priya", "Dev", "husband") == {("priya", "married_to", "dev", False)}
    assert tie("Priya", "Dev", "married") == {("priya", "married_to", "dev", False)}


def test_a_relationship_to_the_user_is_an_edge_from_the_owner_node():
    fact = _fact(
        "My sister Emma lives in Oslo",
        subject="Emma",
        attribute="location",
        value="Oslo",
        entities=[
            EntityMention(name="Emma", kind="person", relationship="sister", role="subject"),
            EntityMention(name="Oslo", kind="entity", entity_type="place", role="object"),
        ],
    )
    assert _summary(fact) == {("emma", "lives_in", "oslo", False), (OWNER, "sister", "emma", False)}


def test_an_ex_ends_the_partner_tie():
    fact = _fact(
        "Priya is my ex",
        memory_type="entity",
        entities=[EntityMention(name="Priya", kind="person", relationship="ex", role="subject")],
    )
    assert _summary(fact) == {(OWNER, "ex", "priya", False), (OWNER, "partner", "priya", True)}
    assert edges_for_fact(fact)[0].ends  # endings are written first


def test_things_named_together_are_weakly_tied_and_a_long_list_is_capped():
    people = [EntityMention(name=f"Person{i}", kind="person") for i in range(MAX_CO_MENTIONS + 3)]
    fact = _fact("A party", entities=people)
    edges = edges_for_fact(fact)
    assert len(edges) == MAX_CO_MENTIONS * (MAX_CO_MENTIONS - 1) // 2
    assert {e.relationship_type for e in edges} == {"knows"} and all(e.strength < 0.5 for e in edges)


def test_a_forget_request_draws_nothing():
    fact = _fact(
        "forget that Marcus works at Stripe",
        forget=True,
        subject="Marcus",
        attribute="employer",
        value="Stripe",
        entities=[EntityMention(name="Stripe", kind="entity", role="object")],
    )
    assert edges_for_fact(fact) == []


def test_tie_words_map_to_types_and_closeness():
    assert tie_type("girlfriend") == ("partner", 5)
    assert tie_type("Sister") == ("sister", 5)
    assert tie_type("friend") == ("friend", 4)
    assert tie_type("coworker") == ("coworker", 3)
    assert tie_type("best friend") == ("best_friend", 5)
    assert tie_type("ex-boyfriend")[1] == 2
