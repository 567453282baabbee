"""An idiom whose words say something else to english stemming is read in its plain words."""

from __future__ import annotations

from engram.language.question_idioms import plain_question


def test_doing_something_for_a_living_is_work():
    assert plain_question("What does Callum do for a living?") == "What does Callum do for work?"
    assert plain_question("what did she do for a living back then") == "what did she do for work back then"


def test_a_question_without_the_idiom_is_left_as_it_is():
    for question in ("Where do I live?", "What is the living room painted?", "Is Callum living in Leeds?"):
        assert plain_question(question) == question


def test_a_negated_verb_is_read_as_its_two_words():
    # to full text "won't" would be "won", the stem of "I won the raffle", and "didn't" a word "didn"
    assert plain_question("What won't I drink?") == "What will not I drink?"
    assert plain_question("what can’t I eat") == "what can not I eat"
    assert plain_question("Why didn't Sam come?") == "Why did not Sam come?"


def test_what_one_likes_best_is_ones_favourite():
    # "best" alone would find "my best friend Joss" before "my favourite food is Ethiopian"
    assert plain_question("What cuisine do I like best?") == "What cuisine do I like as favourite?"
    turning = plain_question("Which timber do I like turning best?")
    assert turning == "Which timber do I like turning as favourite?"
    assert plain_question("What do I love most about Rome?") == "What do I love as favourite about Rome?"
    assert plain_question("Do I like most films?") == "Do I like most films?"  # "most" of the films


def test_how_one_takes_ones_tea_is_how_one_drinks_it():
    assert plain_question("How do I take my tea?") == "How do I drink my tea?"
    assert plain_question("How does Mum take her coffee?") == "How does Mum drink her coffee?"
    assert plain_question("What am I taking for my cough?") == "What am I taking as medication for my cough?"


def test_whom_one_is_seeing_is_whom_one_is_dating():
    assert plain_question("Who am I seeing at the moment?") == "Who am I dating at the moment?"
    assert plain_question("Is Priya seeing anyone?") == "Is Priya dating anyone?"
    for appointment in (
        "Am I seeing the physio on Monday?",
        "Who am I seeing on Friday?",
        "Who is she seeing for her knee?",
    ):
        assert plain_question(appointment) == appointment


def test_the_people_one_lives_with_are_ones_housemates():
    assert plain_question("What did I cook for the people I live with?") == "What did I cook for housemates?"
    assert plain_question("who are the guys I share a flat with") == "who are housemates"
    assert plain_question("Where do I live with Sam?") == "Where do I live with Sam?"


def test_kicking_a_habit_is_quitting_it():
    assert plain_question("What habit did I kick in 2025?") == "What habit did I quit in 2025?"
    assert plain_question("Did I ever kick the habit?") == "Did I ever quit the habit?"
    assert plain_question("Who did I kick the ball to?") == "Who did I kick the ball to?"


def test_going_out_with_someone_is_dating_them():
    assert plain_question("Who am I going out with these days?") == "Who am I dating these days?"
    assert plain_question("Is Priya going out with anyone?") == "Is Priya dating anyone?"


def test_whom_one_was_with_before_someone_is_whom_one_dated():
    assert plain_question("Who was I with before Mira?") == "who was I dating before Mira?"
    assert plain_question("Who am I with now?") == "who am I dating now?"
    assert plain_question("Who was I with at the concert?") == "Who was I with at the concert?"


def test_a_last_name_is_a_surname():
    assert plain_question("What's Katrin's last name?") == "What's Katrin's surname?"
    assert plain_question("What was the last thing I ate?") == "What was the last thing I ate?"


def test_staying_in_shape_is_exercise():
    assert plain_question("What do I do to stay in shape?") == "What do I do to exercise?"
    assert plain_question("How am I keeping fit these days?") == "How am I exercise these days?"


def test_whom_one_reports_to_is_ones_boss_and_what_one_makes_ones_pay():
    assert plain_question("Who do I report to at the moment?") == "who is my boss or manager at the moment?"
    assert plain_question("Who does Tom report to?") == "who is Tom's boss or manager?"
    assert plain_question("How much do I make these days?") == "how much salary do I earn these days?"
    assert plain_question("how much does Kasia take home") == "how much salary does Kasia earn"
    assert plain_question("How much did the house make?") == "How much did the house make?"  # no one's pay


def test_a_question_typed_on_a_phone_asks_in_the_words_memories_are_searched_by():
    assert plain_question("when's my sis's bday?") == "when's my sister's birthday?"
    assert plain_question("Who is my bf?") == "Who is my boyfriend?"
    assert plain_question("When is my dentist appt?") == "When is my dentist appointment?"
    assert plain_question("what's my fave food") == "what's my favourite food"
    # a name that starts like one of them is a name
    assert plain_question("Who is Brody?") == "Who is Brody?"
    assert plain_question("Is Sisley coming?") == "Is Sisley coming?"


def test_a_typed_word_a_question_reads_in_full_is_what_a_memory_that_says_it_stands_for():
    """The question side (`plain_question`) and the memory side (`concepts_of`) keep one reading of each
    word typed on a phone: "when's my sis's bday?" asks for the words a memory saying "sis" holds."""
    from engram.language.concepts import concepts_of

    for typed in ("bf", "gf", "hubby", "wifey", "sis", "bro", "bday", "xmas", "appt", "meds", "fave", "fav"):
        full = plain_question(f"my {typed} today").split()[1]
        assert full != typed and full in concepts_of(f"my {typed} today").split(), (typed, full)
