"""The calibrated relevance reads evidence that does not depend on the other candidates."""

from __future__ import annotations

import pytest

from engram.language.question_speech import asked_speaker, names_a_person, speech_verbs, spoken_by
from engram.retrieval.relevance import (
    HASH_MEANING_SHARE,
    Evidence,
    meaning,
    never_told,
    relevance,
    word_coverage,
)


def test_a_query_word_no_memory_holds_weighs_the_most():
    # "dog" is in no memory (df 0), "name" in many: a memory with "name" covers little of the question
    assert word_coverage(["dog", "name"], [0, 40], 200, {"name"}) < 0.3
    assert word_coverage(["dog", "name"], [0, 40], 200, {"dog", "name"}) == 1.0
    assert word_coverage([], [], 200, set()) == 0.0


def test_similarity_is_rescaled_from_the_embedders_floor():
    assert meaning(0.02, "hash") == 0.0 and meaning(None, "hash") == 0.0
    assert meaning(0.9, "minilm") == 1.0
    assert meaning(0.15, "minilm") == 0.0 < meaning(0.15, "hash")


def test_the_lexical_embedders_similarity_counts_less_than_a_sentence_models():
    # the hash embedder's similarity repeats the words evidence: even a perfect one is not full evidence
    assert meaning(0.9, "hash") == HASH_MEANING_SHARE < meaning(0.9, "minilm")


def test_words_that_frame_a_question_weigh_little():
    # "what kind of music do I like?": a memory with "music" answers; one with "kind" and "like" does not
    lexemes, dfs = ["kind", "music", "like"], [0, 2, 0]
    # (without the frame share "kind" and "like", in no memory, would outweigh "music" two to one)
    assert (
        word_coverage(lexemes, dfs, 100, {"music"}) > 0.5 > word_coverage(lexemes, dfs, 100, {"kind", "like"})
    )


def test_a_question_left_with_only_the_words_that_frame_it_is_not_answered_by_them():
    # "when was I going to Ghana?": its name apart, only "go" is asked; "I go bouldering" does not answer
    assert word_coverage(["go"], [3], 100, {"go"}) <= 0.25
    assert word_coverage(["go", "ghana"], [3, 0], 100, {"go", "ghana"}) == 1.0


def test_a_word_a_memory_only_stands_for_counts_less_than_the_word_itself():
    said = word_coverage(["music"], [3], 100, {"music"})
    implied = word_coverage(["music"], [3], 100, set(), {"music"})
    assert 0.5 < implied < said == 1.0


def test_a_memory_about_someone_else_answers_a_question_about_a_named_person_less():
    # "what does Callum do for a living?": the same words evidence, with and without Callum
    about_him = Evidence(similarity=0.0, words=0.6, slot=False, named=True, names=1.0)
    about_another = Evidence(similarity=0.0, words=0.6, slot=False, named=False, names=0.0)
    nobody_named = Evidence(similarity=0.0, words=0.6, slot=False, named=False, names=None)
    assert (
        relevance(about_another, "hash")
        < 0.3
        < relevance(nobody_named, "hash")
        < relevance(about_him, "hash")
    )


def test_evidence_adds_up_but_nothing_is_no_relevance():
    nothing = Evidence(similarity=0.0, words=0.0, slot=False, named=False)
    words = Evidence(similarity=0.0, words=1.0, slot=False, named=False)
    both = Evidence(similarity=0.5, words=1.0, slot=False, named=True)
    assert relevance(nothing, "hash") == 0.0
    assert 0.85 <= relevance(words, "hash") < relevance(both, "hash") <= 1.0
    assert relevance(Evidence(similarity=None, words=0.0, slot=True, named=False), "hash") >= 0.5


def test_a_memory_that_only_names_the_person_does_not_answer_what_was_never_told():
    # "what is Callum's surname?": no memory holds "surname"
    asked = never_told(["surnam"], [0], 200)
    about_callum = {"similarity": 0.45, "words": 0.0, "slot": False, "named": True, "names": 1.0}
    # "Callum went to Paris" for "which cities has Callum visited?": it may answer in other words
    about_him = Evidence(**about_callum, never_told=asked, tie_only=False)
    # ... and for "what does Callum do?", where what is asked is known elsewhere in the user's life
    about_him_told_elsewhere = Evidence(**about_callum, never_told=0.0, tie_only=False)
    assert asked == 1.0
    # a sentence model judges the other memory by its similarity; the hash embedder's is the name itself
    assert relevance(about_him, "minilm") == relevance(about_him_told_elsewhere, "minilm") > 0.3
    assert relevance(about_him, "hash") < 0.3 < relevance(about_him_told_elsewhere, "hash")


def test_a_tie_answers_who_someone_is_and_nothing_else_about_them():
    # "Callum is a friend of mine" says who Callum is; asked his surname or what he does, it holds none
    # of the words asked, whether another memory holds them or not
    tie = {"similarity": 0.45, "words": 0.0, "slot": False, "named": True, "names": 1.0, "tie_only": True}
    for embedder in ("hash", "minilm"):
        for asked in (0.0, 1.0):
            assert relevance(Evidence(**tie, never_told=asked), embedder) < 0.3, (embedder, asked)
    # asked who he is to the user ("is Callum my friend?"), the tie holds the words
    assert relevance(Evidence(**tie | {"words": 0.8}), "hash") > 0.6


def test_the_share_never_told_weighs_words_by_rarity():
    assert never_told(["surnam", "name"], [0, 5], 200) > 0.5  # "name" frames the question
    assert never_told(["job", "surnam"], [20, 0], 200) > never_told(["job", "surnam"], [20, 3], 200) == 0.0
    assert never_told([], [], 200) == 0.0


@pytest.mark.parametrize(
    ("question", "speaker"),
    [
        ("What did Saskia say about her work?", "Saskia"),
        ("what did the doctor tell me to cut down on?", "the doctor"),
        ("What was the vet's advice?", "the vet"),
        ("What does my mother think about the move?", "my mother"),
        ("What was I told not to do while my knee healed?", ""),  # anyone's words: no one named
        ("What have I been advised to eat?", ""),
        ("What was I doing in May?", None),
        ("What do I think of cruise ships?", None),
        ("What did Joanna watch and recommend?", None),
        ("Where do I work?", None),
    ],
)
def test_the_speaker_a_question_asks_the_words_of(question: str, speaker: str | None):
    assert asked_speaker(question) == speaker


@pytest.mark.parametrize(
    ("memory", "speaker", "theirs"),
    [
        ("Kasia says the school is fine", "Kasia", True),
        ("Kasia: we should go", "Kasia", True),
        ('"Go on then", said Kasia', "Kasia", True),
        ("Priya (owns Harbourline) said the new logo is the first thing that felt like us", "Priya", True),
        ("Lauren watched me stretch and said my hamstrings are criminally tight", "Lauren", True),
        ("Told Kasia about the house", "Kasia", True),  # the user telling her: what she heard
        ("Mama says I look thinner since I stopped smoking, and that Kasia is fed up", "Kasia", False),
        ("The vet told me Kasia should bring the dog back", "Kasia", False),
    ],
)
def test_a_memory_reports_the_named_speakers_words_not_anothers_about_them(memory, speaker, theirs):
    assert spoken_by(memory, speaker) is theirs


def test_a_speaker_named_is_a_person_and_a_role_is_not():
    assert names_a_person("Kasia") and names_a_person("Dr Iliev")
    assert not names_a_person("the doctor") and not names_a_person("my mother") and not names_a_person("")


def test_the_verbs_a_question_asks_someones_words_with():
    assert speech_verbs("What did Kasia say about moving to Galway?") == ["say"]
    assert speech_verbs("What have I been advised about my knee?") == ["advised"]
    assert speech_verbs("What do I think of cruise ships?") == []  # the user's own: no one's words


def test_a_memory_reporting_the_asked_words_is_weighed_like_a_slot():
    plain = Evidence(similarity=None, words=0.2, slot=False, named=True, names=1.0)
    told = Evidence(similarity=None, words=0.2, slot=False, named=True, names=1.0, told=True)
    slot = Evidence(similarity=None, words=0.2, slot=True, named=True, names=1.0)
    assert relevance(told, "hash") == relevance(slot, "hash") > relevance(plain, "hash") + 0.3


@pytest.mark.parametrize(
    "untold",
    [
        "place_untold",  # "where did I do fieldwork?" of "I can now dive for fieldwork"
        "refusal_untold",  # "what won't I drink?" of "Sunday drinks with the neighbours"
        "time_untold",  # "when am I going to Melbourne?" of "Fiona rang from Melbourne"
        "taste_untold",  # "how do I take my coffee?" of "coffee with Vesela after choir"
        "age_untold",  # "how old is my father?" of "Papa is my father"
    ],
)
def test_a_memory_that_lacks_the_kind_of_answer_asked_keeps_less_unless_it_stores_the_attribute(untold: str):
    told = Evidence(similarity=None, words=0.6, slot=False, named=False)
    lacking = Evidence(**{**told.__dict__, untold: True})
    assert relevance(lacking, "hash") == pytest.approx(relevance(told, "hash") * 0.6, abs=1e-4)
    # "where do I work?" of "I joined Acme": the stored employer answers, place or not
    slot = Evidence(similarity=None, words=0.1, slot=True, named=False)
    assert relevance(Evidence(**{**slot.__dict__, untold: True}), "hash") == relevance(slot, "hash")


def test_a_memory_about_another_owners_thing_answers_less_whatever_it_stores():
    # "what's my salary?" of "Budget up to €380k with Kasia's salary": the words, not the owner
    mine = Evidence(similarity=0.3, words=0.7, slot=True, named=False)
    anothers = Evidence(**{**mine.__dict__, "other_owner": True})
    assert relevance(anothers, "hash") == pytest.approx(0.5 * relevance(mine, "hash"), abs=1e-4)
