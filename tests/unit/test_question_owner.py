"""Whose thing a question asks about, and whether a memory speaks of that thing as someone else's."""

from __future__ import annotations

import pytest

from engram.language.question_owner import asked_doing, asked_possessions, done_by_another, owned_by_another
from engram.language.question_slots import question_slots, question_subjects, stored_for_another


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("What's my salary at Western Wind?", {("", "salary")}),
        ("What is Declan's girlfriend called?", {("declan", "girlfriend")}),
        ("What job does my older sister's husband have?", {("", "sister")}),  # the sister is the user's
        ("Where do our kids go to school?", {("", "kid")}),
        ("What's the name of Kasia's new job?", {("kasia", "job")}),
        ("What's wrong with Kuba's stomach?", {("kuba", "stomach")}),
        ("What's on today?", set()),  # a contraction, no owner
        ("Where is her office?", set()),  # whose "her" is, the question does not say
    ],
)
def test_what_a_question_asks_about_as_someones(question: str, asked: set[tuple[str, str]]):
    assert asked_possessions(question) == asked


@pytest.mark.parametrize(
    ("question", "memory"),
    [
        ("What's my salary at Western Wind?", "Budget up to €380k with Kasia's salary"),
        ("What is Declan's girlfriend called?", "Took my girlfriend Ama to the Lowry"),
        ("What is Caroline's dog called?", "Melanie: my dog Luna loves the beach"),  # Melanie's voice
        ("Where does Tom's brother live?", "Anna's brother lives in Leeds"),
    ],
)
def test_a_memory_about_another_owners_thing(question: str, memory: str):
    assert owned_by_another(memory, asked_possessions(question))


@pytest.mark.parametrize(
    ("question", "memory"),
    [
        ("What's my salary at Western Wind?", "My salary goes up to €52k in March"),
        ("What's my salary?", "Kasia's salary and my salary together cover it"),  # the user's too
        ("What do I put in my tea these days?", "Bloated every time I have Chloe's tea"),  # the user has it
        ("What is Caroline's dog called?", "Caroline: my dog Luna loves the beach"),  # her own voice
        ("What is Caroline's dog called?", "Caroline took our dog to the vet"),  # "our": not read
        ("What is Caroline's dog called?", "Her dog is called Luna"),  # whose "her" is, not known
        ("What is Declan's girlfriend called?", "Declan's girlfriend Ama is a nurse"),
        ("Where does Tom's brother live?", "The brother moved to Leeds"),  # nobody's
        # the other speaker's words, quoted as the memory's context, are not the memory's
        (
            "How is Nate's living room furnished?",
            "Joanna: get a big couch (answering: Nate: what should I get for my living room?)",
        ),
    ],
)
def test_a_memory_that_may_be_about_the_owner_asked(question: str, memory: str):
    assert not owned_by_another(memory, asked_possessions(question))


@pytest.mark.parametrize(
    ("question", "subject", "attribute", "another"),
    [
        ("Where do I work?", "tom", "employer", True),  # "Tom just got a job at Google"
        ("What's my job?", "dana", "job_title", True),
        ("Where do I work?", "user", "employer", False),
        ("Where do I work?", "tom", "location", False),  # not the attribute asked
        ("Where does Tom work?", "tom", "employer", False),
        ("What was my job in Japan?", "user", "employer", False),  # "Japan" is no one asked about
        ("Who is my partner?", "noa", "relation", False),  # stored on the partner: any subject answers
        ("Where do my parents live?", "user", "location", True),  # "we live in Kralingen"
        ("Where do my parents live?", "my parents", "location", False),
        ("Where does my sister work?", "dana", "employer", False),  # her name: it may be the sister
        ("Where does Tom work?", "user", "employer", False),  # a capitalised word may be a place ("Japan")
        # a question's first word is no name: "Am I allergic ...?" asks about the user, not about "Am"
        ("Am I allergic to anything?", "tom", "allergy", True),
        ("Must I take my statin with food?", "dana", "medication:statin", True),
        # a partner is asked by every word for one ("fiancé(e)" among them): the user's school is not his
        ("Where did my boyfriend study chemistry?", "user", "school", True),
    ],
)
def test_a_memory_storing_what_a_question_asks_of_someone_else(
    question: str, subject: str, attribute: str, another: bool
):
    assert stored_for_another(question_slots(question), subject, attribute) is another


@pytest.mark.parametrize(
    ("question", "memory", "another"),
    [
        ("What business do I run now?", "Zainab runs the bakery stall next to my truck", True),
        ("What sport do I play?", "Kuba plays hurling on Saturdays", True),
        ("What do I drink?", "Tom drinks whisky", True),
        ("What sport do I play?", "Kuba and I play tennis", False),  # the user plays too
        ("What do I drink?", "Tom drinks whisky, I drink tea", False),
        ("What do I drink?", "Today we drink to Tom", False),  # "Today" starts the sentence
        ("What sport does Kuba play?", "Kuba plays hurling on Saturdays", False),  # not asked of the user
        ("What business do I run now?", "Zainab: I run the bakery stall", False),  # in her own voice
        ("Where am I living at the moment?", "Hana, graphic designer, lives in Seddon", True),
        ("Where am I living at the moment?", "Moved to a 1-bed in Footscray", False),
        # done to the user: "took me off" is no taking of the doctor's own
        ("What am I taking for my blood pressure now?", "Dr Farrelly took me off the amlodipine", False),
        # family called by what they are to the writer do things as a name does
        ("What do I drive?", "Mina started Korean school, halmeoni drives her", True),
        ("What sport do I play?", "My big brother plays rugby for Connacht", True),
        ("What sport do I play?", "Dad plays golf, I play tennis", False),
        ("What do I drive?", "Mum drives me to the station", False),
        # the doing read past the words that say how often or no more
        ("What foods do I no longer eat?", "Pauline eats no meat now", True),
        ("What do I never drink?", "Tom drinks whisky", True),
    ],
)
def test_a_memory_of_someone_else_doing_what_the_user_is_asked_to_do(
    question: str, memory: str, another: bool
):
    assert done_by_another(memory, asked_doing(question)) is another


@pytest.mark.parametrize(
    ("question", "verb"),
    [("What foods do I no longer eat?", "eat"), ("Did I ever run a marathon?", "run"),
     ("What am I doing in May?", None)],
)  # fmt: skip
def test_the_doing_asked_is_the_verb_after_how_often(question: str, verb: str | None):
    assert asked_doing(question) == verb


@pytest.mark.parametrize(
    ("question", "subjects"),
    [
        ("Am I married?", ("user",)),
        ("Must I take it with food?", ("user",)),
        ("Where does May work?", ("may",)),
    ],
)
def test_a_questions_first_word_is_no_name_and_a_name_that_is_a_word_still_is(question: str, subjects):
    assert question_subjects(question) == subjects


@pytest.mark.parametrize(
    ("question", "subjects"),
    [
        ("What was my job in Japan?", ("user",)),
        ("What did I do at Calder & Moss?", ("user",)),
        ("Where did Hedda live in New York?", ("hedda",)),
        ("Does Kasia work in Galway?", ("kasia",)),
        ("Where did I live before Galway?", ("user",)),
        ("Which neighbourhood of Rotterdam do we live in?", ("user",)),
        ("Who was I dating before Tiago?", ("user",)),
        ("What am I doing over December and January?", ("user",)),
        ("Is Fiona planning to move back to New Zealand?", ("fiona",)),
        ("What Japanese food do I hate?", ("user",)),
        ("What am I studying for my PhD?", ("user",)),
        ("What did Dr. Abebe tell me about running?", ("abebe",)),
        ("Where does May work?", ("may",)),
        ("Where does Sydney work?", ("sydney",)),
    ],
)
def test_a_place_a_time_or_a_nationality_is_where_or_when_not_whose(question: str, subjects):
    # before, "Japan" was whose job the question asked, "Galway" where whose home, "PhD" whose studies:
    # the user's own slot was asked of no one
    assert question_subjects(question) == subjects


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        # the partner is whose another attribute is: her employer, not who she is
        ("Where does my girlfriend work?", {"employer", "job_title"}),
        ("Where do I live with my wife?", {"location"}),
        # the partner is what is asked
        ("Who is my boyfriend?", {"relationship:%", "relationship_status", "partner", "spouse", "relation"}),
        (
            "Where did I meet my husband?",
            {"relationship:%", "relationship_status", "partner", "spouse", "relation"},
        ),
    ],
)
def test_a_partner_asked_as_whose_asks_no_partner(question: str, asked: set[str]):
    assert {rule.pattern for rule in question_slots(question).rules} == asked


@pytest.mark.parametrize(
    ("question", "memory", "another"),
    [
        # a thing someone named has is theirs, though no possessive says so
        ("What does my boyfriend do for a living?", "Anika has a boyfriend!! Theo, from her studio", True),
        ("What does my boyfriend do for a living?", "My boyfriend Kofi roasts coffee", False),
    ],
)
def test_a_thing_someone_has_is_theirs(question: str, memory: str, another: bool):
    assert owned_by_another(memory, asked_possessions(question)) is another
