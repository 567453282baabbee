"""What a forget request targets (a topic or one fact), which sentences continue a topic through a
pronoun, and how a stored string loses forgotten text. Written from shapes of requests, with names and
topics of their own."""

from __future__ import annotations

import pytest

from engram.language.forgetting import REDACTED, Scrubber, follow_ups, forget_topic, normal_sentence

TOPIC_REQUESTS = [
    ("my cholesterol", ("cholesterol",)),
    ("what I said about my cholesterol", ("cholesterol",)),
    ("everything about my uncle", ("uncle",)),
    ("anything regarding the Lisbon trip", ("lisbon", "trip")),
    ("all the stuff I told you about my ex", ("ex",)),
    ("Bartholomew", ("bartholomew",)),
    ("my landlord", ("landlord",)),
    ("the surgery", ("surgery",)),
    ("my aunt's divorce", ("aunt's", "divorce")),
]
FACT_REQUESTS = [
    "Priyanka works at Octavia Labs",
    "where my brother lives",
    "that I was fired last spring",
    "Jonas is my coach",
    "I hated the new office",
    "my sister moved to Quito",
]


@pytest.mark.parametrize(("content", "expected"), TOPIC_REQUESTS)
def test_a_noun_phrase_is_a_topic(content: str, expected: tuple[str, ...]) -> None:
    topic = forget_topic(content)
    assert topic is not None and topic.words == expected


@pytest.mark.parametrize("content", FACT_REQUESTS)
def test_a_clause_is_one_fact(content: str) -> None:
    assert forget_topic(content) is None


def test_a_relation_noun_knows_its_pronouns() -> None:
    aunt = forget_topic("my aunt")
    assert aunt is not None and aunt.relations == ("aunt",)
    assert "she" in aunt.pronouns and "he" not in aunt.pronouns
    thing = forget_topic("my mortgage")
    assert thing is not None and "it" in thing.pronouns and "she" not in thing.pronouns


def test_topic_words_must_all_appear() -> None:
    topic = forget_topic("my blood sugar")
    assert topic is not None
    assert topic.mentioned_in("My blood sugar spiked after lunch")
    assert not topic.mentioned_in("I gave blood on Friday")


def _chain(sentences: list[str], topic: str, others: set[str]) -> set[int]:
    found, _ = follow_ups(
        sentences,
        lambda s: topic in s.lower(),
        lambda s: any(o in s for o in others),
        frozenset({"she", "her"}),
    )
    return found


def test_a_pronoun_right_after_the_topic_is_the_topic() -> None:
    sentences = ["My aunt Odile raised goats.", "I visit her every summer.", "She makes cheese."]
    assert _chain(sentences, "odile", set()) == {0, 1, 2}


def test_someone_else_named_breaks_the_chain() -> None:
    sentences = ["My aunt Odile raised goats.", "Marguerite says she is stubborn.", "She is my boss."]
    assert _chain(sentences, "odile", {"Marguerite"}) == {0}


def test_a_sentence_without_the_pronoun_breaks_the_chain() -> None:
    sentences = ["My aunt Odile raised goats.", "The weather was awful.", "She called me."]
    assert _chain(sentences, "odile", set()) == {0}


def test_the_chain_carries_into_the_next_message_when_open() -> None:
    found, still_open = follow_ups(
        ["I miss her."], lambda s: False, lambda s: False, frozenset({"her"}), carried=True
    )
    assert found == {0} and still_open


def test_a_sentence_with_a_forgotten_word_leaves_the_text() -> None:
    scrub = Scrubber(terms=frozenset({"cholesterol"}))
    text = "I started rowing. My cholesterol was 240.\nI adopted a cat."
    assert scrub.text(text, tied=False) == "I started rowing. I adopted a cat."


def test_local_terms_apply_only_to_tied_rows() -> None:
    scrub = Scrubber(local_terms=frozenset({"rowing"}))
    assert scrub.text("I started rowing.", tied=False) == "I started rowing."
    assert scrub.text("I started rowing.", tied=True) == ""


def test_a_forgotten_sentence_goes_wherever_it_is_copied() -> None:
    scrub = Scrubber(sentences=frozenset({normal_sentence("My landlord raised the rent")}))
    assert scrub.text("My landlord raised the rent. I moved out.", tied=False) == "I moved out."


def test_words_only_keeps_the_rest_of_the_sentence() -> None:
    scrub = Scrubber(local_terms=frozenset({"oboe"}), words_only=True)
    assert (
        scrub.text("She plays the oboe and the piano.", tied=True)
        == f"She plays the {REDACTED} and the piano."
    )


def test_json_values_and_arrays_are_scrubbed_item_by_item() -> None:
    scrub = Scrubber(terms=frozenset({"goats"}))
    value = {"fact": {"content": "Odile raised goats", "confidence": 0.9}, "tags": ["goats", "family"]}
    assert scrub.value(value, tied=False) == {"fact": {"content": "", "confidence": 0.9}, "tags": ["family"]}
    assert scrub.array(["goats", "family"], tied=False) == ["family"]


def test_the_prefilter_covers_every_term_and_sentence() -> None:
    scrub = Scrubber(terms=frozenset({"goats"}), sentences=frozenset({"odile makes cheese"}))
    assert set(scrub.likes()) == {"%goats%", "%cheese%"}
