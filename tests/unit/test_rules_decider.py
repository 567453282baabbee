"""The offline rules decider, driven the way the pipeline drives it.

Existing memories are what the rules extractor produced for an earlier note; similarities come from the
real offline HashEmbedder, so the thresholds in rules_decider.py are exercised with the numbers the
deployment without API keys will actually see.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from engram.engines.ports import ExtractionInput, TurnInput
from engram.engines.rules.decider import (
    ELABORATION_MIN_SIMILARITY,
    FORGET_MIN_SIMILARITY,
    NEAR_DUPLICATE_SIMILARITY,
    RulesDecider,
)
from engram.engines.rules.extractor import RulesExtractor
from engram.language.temporal import warm_up
from engram.models import CandidateFact, EntityMention, SimilarMemory, UpdateDecision
from engram.pipeline.update import content_hash, find_duplicate
from engram.providers.embeddings.hash import HashEmbedder

SAID = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
EMBEDDER = HashEmbedder(1536)
EXTRACTOR = RulesExtractor()
DECIDER = RulesDecider()
PRE_DECIDER_DUPLICATE = 0.95  # the pipeline reinforces these before the decider is called


@pytest.fixture(scope="session", autouse=True)
def _warm_dateparser() -> None:
    warm_up()


def cosine(a: str, b: str) -> float:
    va, vb = EMBEDDER.embed([a, b])
    return float(va @ vb)


def extract(text: str, name: str | None = None) -> list[CandidateFact]:
    turn = TurnInput(content=text, name=name)
    return EXTRACTOR.extract(ExtractionInput(source_id="s", turns=[turn], observed_at=SAID)).facts


def stored(text: str, **overrides: object) -> list[SimilarMemory]:
    """The memories an earlier note left behind (every fact it produced, as the pipeline stores them)."""
    return [
        SimilarMemory(
            id=uuid.uuid4(),
            content=f.content,
            name=f.name,
            memory_type=f.memory_type,
            similarity=0.0,
            is_historical=f.is_historical,
            sensitivity_level=f.sensitivity_level,
            subject=f.subject,
            attribute=f.attribute,
            value=f.value,
            relationship=f.relationship,
            **overrides,
        )  # type: ignore[arg-type]
        for f in extract(text)
    ]


def similar_to(fact: CandidateFact, memories: list[SimilarMemory]) -> list[SimilarMemory]:
    """What the pipeline passes: memories ranked by cosine, near-exact duplicates already reinforced away
    (except for forget requests: "forget that I live in NYC" must reach the decider with "I live in NYC")."""
    ranked = [
        m.model_copy(update={"similarity": round(cosine(fact.content, m.content), 3)}) for m in memories
    ]
    ranked.sort(key=lambda m: m.similarity, reverse=True)
    return [m for m in ranked if fact.forget or m.similarity < PRE_DECIDER_DUPLICATE][:10]


def decide(
    earlier: list[str], later: str, pick: Callable[[CandidateFact], bool] = lambda f: True
) -> tuple[UpdateDecision, list[SimilarMemory], CandidateFact]:
    memories = [m for text in earlier for m in stored(text)]
    fact = next(f for f in extract(later) if pick(f))
    similar = similar_to(fact, memories)
    decision = DECIDER.decide(fact, similar, SAID)
    if decision.target_id is not None:
        assert decision.target_id in {m.id for m in similar}, "the decider may only target offered ids"
    assert decision.model == "rules-v1" and decision.reasoning
    return decision, memories, fact


def content_of(memories: list[SimilarMemory], memory_id: uuid.UUID | None) -> str | None:
    return next((m.content for m in memories if m.id == memory_id), None)


def not_entity(fact: CandidateFact) -> bool:
    return fact.memory_type != "entity"


# --- contradictions within the same subject and attribute -------------------------------------------

MARCUS_AT_STRIPE = "Had coffee with Marcus today, he's thinking about leaving Stripe"


@pytest.mark.parametrize(
    "later",
    [
        "Marcus told me he accepted the offer at Notion",
        "Marcus started at Notion last week",
        "Marcus left Stripe and joined Notion",
        "Marcus just got hired at Notion",
    ],
)
def test_job_change_supersedes_the_old_employer(later: str) -> None:
    decision, memories, _ = decide([MARCUS_AT_STRIPE], later, lambda f: f.attribute == "employer")

    assert (decision.operation, decision.strategy) == ("UPDATE", "supersede")
    assert content_of(memories, decision.target_id) == "Marcus is thinking about leaving Stripe"
    assert decision.new_content is not None and "Notion" in decision.new_content


def test_leaving_an_old_employer_keeps_the_new_job_already_told() -> None:
    employer = lambda f: f.attribute == "employer"  # noqa: E731
    new_job = "I start as a wind turbine technician at Western Wind Services in March"
    decision, _, _ = decide(
        [new_job], "Told Gerry I'm leaving Doyle Electrical at the end of February", employer
    )
    assert decision.operation == "ADD"  # Western Wind Services stays the current employer

    decision, memories, _ = decide(["I work at Doyle Electrical"], "I'm leaving Doyle Electrical", employer)
    assert (decision.operation, decision.strategy) == ("UPDATE", "supersede")
    assert content_of(memories, decision.target_id) == "I work at Doyle Electrical"


def test_leaving_an_employer_named_by_its_initials_ends_it() -> None:
    employer = lambda f: f.attribute == "employer"  # noqa: E731
    job = "Junior Civil Engineer at Calder & Moss, start 3 June"
    decision, memories, _ = decide([job], "resigned from C&M. Fiona was lovely", employer)
    assert (decision.operation, decision.strategy) == ("UPDATE", "supersede")
    assert content_of(memories, decision.target_id) == extract(job)[0].content

    decision, _, _ = decide([job], "resigned from CBM. Fiona was lovely", employer)
    assert decision.operation == "ADD"  # other initials: another employer


def test_a_change_about_someone_else_leaves_marcus_alone() -> None:
    decision, _, _ = decide(
        [MARCUS_AT_STRIPE], "Priya joined Notion last week", lambda f: f.attribute == "employer"
    )

    assert decision.operation == "ADD"


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("I live in NYC", "We moved to SF last month"),
        ("I live in Seattle", "I just relocated to Denver"),
        ("I work at Google", "I started a new job at Figma"),
        ("I'm dating Sarah", "Sarah and I got engaged!"),
        ("I love sushi", "I can't stand sushi anymore"),
        ("I'm vegetarian", "I went vegan last month"),
    ],
)
def test_life_changes_supersede(earlier: str, later: str) -> None:
    decision, memories, fact = decide([earlier], later, not_entity)

    assert (decision.operation, decision.strategy) == ("UPDATE", "supersede")
    assert content_of(memories, decision.target_id) == extract(earlier)[0].content
    assert decision.new_content == fact.content


@pytest.mark.parametrize(
    "later",
    [
        "Actually it's spelled Michael, not Mike",
        "I meant Michael, not Mike",
        "Mike is actually spelled Michael",
    ],
)
def test_name_correction_replaces_the_misspelled_memory(later: str) -> None:
    decision, memories, _ = decide(["I met Mike at the conference"], later)

    assert (decision.operation, decision.strategy) == ("UPDATE", "replace")
    assert content_of(memories, decision.target_id) == "I met Mike at the conference"
    assert decision.new_content == "I met Michael at the conference"


def test_a_value_correction_replaces_instead_of_superseding() -> None:
    decision, _, _ = decide(["I work at Meta"], "Actually, I work at Google, not Meta")

    assert (decision.operation, decision.strategy) == ("UPDATE", "replace")


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("Letter from the hospital, hip op is 4 March", "Rang them. Op is 14 March not the 4th"),
        ("Men's shed meets Tuesday mornings, good bunch", "Shed is WEDNESDAYS not Tuesdays"),
        ("Lola turns 89 on the 20th", "mali pala, Lola is turning 90 not 89!!"),
        ("Written exam Tuesday Aug 5", "HR called, the exam is Thursday Aug 7, not Tuesday"),
        ("Found a flat near the market, 6,500/mo", "landlady says the rent is 7,000 with water, not 6,500"),
        ("First parkrun!! Queens Park, 34:10", "that was Victoria Park parkrun not Queens Park"),
    ],
)
def test_a_value_said_to_be_wrong_retires_the_memory_that_held_it(earlier: str, later: str) -> None:
    decision, memories, fact = decide([earlier], later, lambda f: " not " in f.content.lower())

    assert (decision.operation, decision.strategy) == ("UPDATE", "supersede")
    assert content_of(memories, decision.target_id) == extract(earlier)[0].content
    assert decision.new_content == fact.content


def test_a_correction_of_one_statement_of_a_merged_memory_is_added_to_it() -> None:
    # Retiring the memory would have lost what else it says (telling Nanay about the move).
    earlier = "Told Nanay we will move to Passi; Found a flat in Passi near the market, 6,500/mo"
    flat = stored("Found a flat in Passi near the market")
    memories = [m.model_copy(update={"content": earlier}) for m in flat]
    fact = next(f for f in extract("landlady says the rent is 7,000 with water, not 6,500"))
    decision = DECIDER.decide(fact, similar_to(fact, memories), SAID)

    assert (decision.operation, decision.strategy) == ("UPDATE", "append")
    assert decision.new_content == f"{earlier}; {fact.content}"


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("Farah loves roses", "Order flowers for Farah - ranunculus NOT roses"),  # no value
        ("Yoga class is on Tuesday", "I'm free any day, not Tuesday"),  # no value in its place
        ("The bus to work is the 4th one", "Op is 14 March not the 4th"),  # another matter
    ],
)
def test_a_not_that_corrects_no_memory_retires_none(earlier: str, later: str) -> None:
    decision, _, _ = decide([earlier], later, lambda f: " not " in f.content.lower())

    assert decision.strategy != "supersede"


@pytest.mark.parametrize(
    "later", ["I used to live in Boston", "I previously lived in Boston", "I lived in Boston for six years"]
)
def test_history_does_not_supersede_the_present(later: str) -> None:
    decision, _, fact = decide(["I live in Seattle"], later)

    assert fact.is_historical and (fact.subject, fact.attribute) == ("user", "location")
    assert decision.operation == "ADD"


def test_history_that_ends_the_present_supersedes_it() -> None:
    decision, memories, _ = decide(["I work at Google"], "I no longer work at Google")

    assert (decision.operation, decision.strategy) == ("UPDATE", "supersede")
    assert content_of(memories, decision.target_id) == "I work at Google"


def test_moving_back_is_not_blocked_by_old_history() -> None:
    memories = stored("I used to live in Boston")
    fact = extract("I live in Boston")[0]

    assert DECIDER.decide(fact, similar_to(fact, memories), SAID).operation == "ADD"


@pytest.mark.parametrize(
    ("earlier", "later"),
    [("I live in NYC", "I live in New York"), ("We live in SF", "I'm based in San Francisco")],
)
def test_the_same_value_spelled_differently_is_not_a_move(earlier: str, later: str) -> None:
    decision, _, _ = decide([earlier], later)

    assert decision.operation in ("NOOP", "UPDATE")
    assert decision.strategy != "supersede"


def test_a_bare_mention_of_a_known_person_changes_nothing() -> None:
    decision, _, _ = decide(
        ["My coworker Marcus is great"], "Had lunch with Marcus", lambda f: f.attribute == "relation"
    )

    assert decision.operation == "NOOP"


def test_more_than_a_rephrasing_of_the_same_value_is_merged() -> None:
    decision, _, _ = decide(
        ["Marcus is thinking about leaving Stripe"], "Marcus works at Stripe on the payments team"
    )

    assert (decision.operation, decision.strategy) == ("UPDATE", "append")
    assert decision.new_content is not None and decision.new_content.startswith(
        "Marcus is thinking about leaving Stripe"
    )
    assert "payments team" in decision.new_content


def test_a_merge_keeps_an_amount_whole() -> None:
    # The comma of "6,500" is not where the note divides: the merge had kept "500/mo", a rent a tenth
    # of the one told.
    decision, _, _ = decide(
        ["told Nanay we will move to Passi to be near the hospital"],
        "found an apartment in Passi, 2BR near the public market, 6,500/mo. moving Dec 6",
    )

    assert (decision.operation, decision.strategy) == ("UPDATE", "append")
    assert decision.new_content is not None and "6,500/mo" in decision.new_content


def test_a_person_left_open_is_filled_in_by_replace() -> None:
    decision, memories, _ = decide(
        ["Had lunch with Marcus"], "My coworker Marcus is great", lambda f: f.attribute == "relation"
    )

    assert (decision.operation, decision.strategy) == ("UPDATE", "replace")
    assert content_of(memories, decision.target_id) == "Marcus is someone I know"
    assert decision.new_content == "Marcus is my coworker"


def test_a_bare_tie_to_someone_a_memory_already_places_is_not_stored() -> None:
    # The note's own tie ("Declan is my roommate") was folded into the memory that says it in passing.
    told = stored("Went to the pub quiz with my roommate Declan")
    told = [m for m in told if m.memory_type != "entity"]
    bare = next(f for f in extract("Watched the derby at the pub with Declan") if f.attribute == "relation")
    assert bare.value is None  # "Declan is someone I know"

    assert DECIDER.decide(bare, similar_to(bare, told), SAID).operation == "NOOP"
    unplaced = [m for m in stored("Declan designed the logo for the truck") if m.memory_type != "entity"]
    assert DECIDER.decide(bare, similar_to(bare, unplaced), SAID).operation == "ADD"


# --- more detail: append, or nothing new: NOOP ------------------------------------------------------


@pytest.mark.parametrize(
    ("earlier", "later", "merged"),
    [
        (
            "I like coffee",
            "I like coffee, especially cold brew from Blue Bottle",
            "I like coffee, especially cold brew from Blue Bottle",
        ),
        (
            "I have a dog",
            "The dog is a golden retriever named Max",
            "I have a dog, a golden retriever named Max",
        ),
        ("I love hiking", "I love hiking in the mountains", "I love hiking in the mountains"),
        (
            "I work at Google",
            "I work at Google on the Maps team",
            "I work at Google on the Maps team",
        ),
    ],
)
def test_more_detail_is_appended(earlier: str, later: str, merged: str) -> None:
    decision, memories, _ = decide([earlier], later, not_entity)

    assert (decision.operation, decision.strategy) == ("UPDATE", "append")
    assert content_of(memories, decision.target_id) == extract(earlier)[0].content
    assert decision.new_content == merged


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("I like coffee, especially cold brew from Blue Bottle", "I like coffee"),
        ("I love hiking in the mountains", "I love hiking"),
        # (a title with the employer, "at Google as a product manager", is two facts: each its own slot)
        ("I work at Google on the Maps team", "I work at Google"),
    ],
)
def test_saying_less_than_is_known_reinforces_the_richer_memory(earlier: str, later: str) -> None:
    decision, memories, _ = decide([earlier], later)

    # nothing to change in the memory, but this turn is one more source for it
    assert decision.operation == "REINFORCE"
    assert content_of(memories, decision.target_id) == extract(earlier)[0].content
    assert decision.new_content is None


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("I like coffee", "I like tea"),
        ("I went to the gym yesterday", "I went to the gym last Friday"),
        ("My sister lives in Boston", "I live in Boston"),
        ("I love hiking", "I love camping"),
    ],
)
def test_related_but_different_facts_are_added(earlier: str, later: str) -> None:
    decision, _, _ = decide([earlier], later)

    assert decision.operation == "ADD"


def test_without_any_similar_memory_the_fact_is_added() -> None:
    fact = extract("I live in Oslo")[0]

    assert DECIDER.decide(fact, [], SAID).operation == "ADD"


# --- forget -----------------------------------------------------------------------------------------

LIFE = ["I broke up with my ex Jake last year", "My sister's birthday is June 3", "I love hiking in the Alps"]


@pytest.mark.parametrize(
    "later",
    [
        "forget that I told you about my ex",
        "Please forget about my ex",
        "Don't remember anything about my ex",
    ],
)
def test_forget_hard_deletes_the_matching_memory_only(later: str) -> None:
    decision, memories, _ = decide(LIFE, later)

    assert (decision.operation, decision.hard_delete) == ("DELETE", True)
    target = content_of(memories, decision.target_id)
    assert target is not None and "ex" in target.split()


def test_forget_uses_scope_when_the_request_has_one() -> None:
    decision, memories, _ = decide(
        ["I love the pizza in NYC", "I live in NYC"], "Don't remember that I live in NYC"
    )

    assert decision.operation == "DELETE"
    assert content_of(memories, decision.target_id) == "I live in NYC"


@pytest.mark.parametrize("later", ["forget about my dentist", "Please forget what I said about Marcus"])
def test_forget_with_nothing_matching_is_a_noop(later: str) -> None:
    decision, _, _ = decide(LIFE, later)

    assert decision.operation == "NOOP"
    assert decision.reasoning == "nothing matching to forget"


# --- not worth storing ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "thanks!",
        "ok",
        "Paris is the capital of France",
        "Water boils at 100 degrees",
        "What's the capital of France?",
    ],
)
def test_filler_and_general_knowledge_that_slipped_through_are_noops(content: str) -> None:
    fact = CandidateFact(content=content)

    assert DECIDER.decide(fact, [], SAID).operation == "NOOP"


@pytest.mark.parametrize(
    "content", ["Results are out: failed Financial Accounting 2 with 48%", "Rent is R5300 each a month"]
)
def test_a_record_with_a_number_in_a_general_shape_is_stored(content: str) -> None:
    assert DECIDER.decide(CandidateFact(content=content), [], SAID).operation == "ADD"


def test_a_fact_written_in_the_llm_style_is_not_mistaken_for_general_knowledge() -> None:
    fact = CandidateFact(
        content="Lives in San Francisco", subject="user", attribute="location", value="San Francisco"
    )

    assert DECIDER.decide(fact, [], SAID).operation == "ADD"


def test_confidence_below_the_floor_is_a_noop() -> None:
    fact = CandidateFact.model_construct(content="I might like jazz", confidence=0.2, forget=False)

    assert DECIDER.decide(fact, [], SAID).operation == "NOOP"


# --- calibration: the thresholds against the real hash embedder -------------------------------------


def test_thresholds_sit_where_the_hash_embedder_puts_these_pairs() -> None:
    # Elaborations of a short memory land between the elaboration floor and the near-duplicate line...
    for old, new in [
        ("I like coffee", "I like coffee, especially cold brew from Blue Bottle"),
        ("I have a dog", "The dog is a golden retriever named Max"),
    ]:
        assert ELABORATION_MIN_SIMILARITY <= cosine(old, new) < NEAR_DUPLICATE_SIMILARITY
    # ...a different object of the same verb does too, which is why containment (not similarity) decides,
    assert ELABORATION_MIN_SIMILARITY <= cosine("I like coffee", "I like tea") < NEAR_DUPLICATE_SIMILARITY
    # forget requests are short and match loosely, but above the forget floor,
    assert cosine("My ex", "I broke up with my ex Jake last year (2022)") >= FORGET_MIN_SIMILARITY
    # and unrelated facts sit near zero.
    assert cosine("My sister's birthday is June 3", "My ex") < FORGET_MIN_SIMILARITY
    assert cosine("I live in NYC", "We moved to SF last month (April 2023)") < 0.25


# --- near-identical names are different things ------------------------------------------------------


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("Wrenfield is my neighbor", "Wrenfielt is my neighbor"),
        ("Ola loves jazz", "Olaf loves jazz"),
        ("Went bouldering with Ivo", "Went bouldering with Ivan"),
        ("My coworker Mina Sato plays the cello", "My coworker Mina Saito plays the cello"),
        ("Sprint 7 ends on Friday", "Sprint 8 ends on Friday"),
    ],
)
def test_a_fact_about_a_near_identical_name_is_not_the_same_fact(earlier: str, later: str) -> None:
    decision, _, _ = decide([earlier], later)  # the note's main fact, which comes first

    assert decision.operation == "ADD"


@pytest.mark.parametrize(
    ("later", "names"),
    [
        ("Wrenfielt is my neighbor", ["Wrenfielt"]),
        ("Sprint 8 ends on Friday", []),
        ("Lunch with Ivan at noon", ["Ivan"]),
    ],
)
def test_the_pipeline_duplicate_check_keeps_near_identical_names_apart(later: str, names: list[str]) -> None:
    """Before the decider: a lexical embedder scores "Wrenfield" and "Wrenfielt" as one word (their
    stems are equal); the duplicate check must still not reinforce one with the other."""
    earlier = {"Wrenfielt is my neighbor": "Wrenfield is my neighbor"}.get(later) or later.replace(
        "8", "7"
    ).replace("Ivan", "Ivo")
    fact = CandidateFact(content=later, entities=[EntityMention(name=n, kind="person") for n in names])
    memory = SimilarMemory(
        id=uuid.uuid4(), content=earlier, name=None, memory_type="fact", similarity=0.99,
        is_historical=False, sensitivity_level="normal",
    )  # fmt: skip
    assert find_duplicate(fact, content_hash(later), [memory]) is None
    same = memory.model_copy(update={"content": later})
    assert find_duplicate(fact, "another hash", [same]) == same


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("Looking at apartments in Albuquerque", "Moved to Albuquerque"),
        ("Had a look around the Figma office with Sam today", "I work at Figma"),
    ],
)
def test_a_stated_attribute_is_not_folded_into_a_memory_that_states_none(earlier: str, later: str):
    # Reinforcing the plan would lose the change: where the user lives or works is news the plan lacks.
    decision, memories, fact = decide([earlier], later, not_entity)
    assert fact.attribute and all(m.attribute is None for m in memories if m.memory_type != "entity")
    assert decision.operation == "ADD", decision.reasoning
