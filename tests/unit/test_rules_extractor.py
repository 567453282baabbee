"""The offline rules extractor: the write path's edge cases and extraction rules, each with paraphrases.

The engine must generalise, so most behaviours are checked on several phrasings rather than one string.
All notes are "said" on Monday 8 May 2023 13:56 UTC (a LOCOMO session time).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engram.engines.ports import ExtractionInput, KnownFact, TurnInput
from engram.engines.rules.extractor import RulesExtractor
from engram.language.temporal import warm_up
from engram.language.text.entities import spot_entities
from engram.models import CandidateFact, ExtractionResult, MemoryPreferences
from engram.pipeline.analyze import keep_fact

SAID = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
EXTRACTOR = RulesExtractor()


@pytest.fixture(scope="session", autouse=True)
def _warm_dateparser() -> None:
    warm_up()


def extract(
    text: str,
    *,
    name: str | None = None,
    role: str = "user",
    preferences: MemoryPreferences | None = None,
    established: list[str] | None = None,
) -> ExtractionResult:
    turn = TurnInput(content=text, role=role, name=name, message_id="m-1")
    return EXTRACTOR.extract(
        ExtractionInput(
            source_id="src-1",
            turns=[turn],
            observed_at=SAID,
            preferences=preferences or MemoryPreferences(),
            established_facts=[KnownFact(content=c, confidence=0.8) for c in established or []],
        )
    )


def facts_of(text: str, **kwargs: object) -> list[CandidateFact]:
    return [f for f in extract(text, **kwargs).facts if f.memory_type != "entity"]  # type: ignore[arg-type]


def one_fact(text: str, **kwargs: object) -> CandidateFact:
    facts = facts_of(text, **kwargs)
    assert len(facts) == 1, [f.content for f in facts]
    return facts[0]


def scoped(fact: CandidateFact) -> tuple[str | None, str | None, str | None]:
    return fact.subject, fact.attribute, fact.value


# --- what is not remembered -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "hi",
        "Hello!",
        "thanks!",
        "Thank you so much",
        "ok",
        "okay 👍",
        "lol",
        "got it",
        "Good morning",
        "how are you?",
        "Hey Mel! Good to see you!",
        "sounds good",
        "no worries",
        "bye, talk soon",
    ],
)
def test_small_talk_yields_nothing(text: str) -> None:
    assert extract(text).facts == []


@pytest.mark.parametrize(
    "text",
    [
        "What's the capital of France?",
        "explain quantum entanglement",
        "Can you help me write an email to my landlord?",
        "How do I make sourdough?",
        "Water boils at 100 degrees.",
        "Paris is the capital of France.",
        "The Pacific is the largest ocean.",
        "Tell me a joke",
    ],
)
def test_general_knowledge_and_requests_yield_nothing(text: str) -> None:
    assert extract(text).facts == []


@pytest.mark.parametrize(
    "text",
    ["The truck trades at Piccadilly Gardens market on Fridays and Saturdays.",
     "The council food hygiene inspection gave the truck five stars."],
)  # fmt: skip
def test_a_note_about_a_thing_the_user_called_theirs_is_kept(text: str) -> None:
    # no "I", no person: the app's own user writing in shorthand, with or without "my food truck" known
    known = ["I launched my food truck, Smoke and Pepper, selling jollof and suya wraps"]
    assert [f.content for f in facts_of(text)] == [text.rstrip(".")]
    assert [f.content for f in facts_of(text, established=known)] == [text.rstrip(".")]
    assert facts_of("The capital of France is Paris.", established=known) == []


@pytest.mark.parametrize(
    "text",
    [
        "Boiler repair €240",
        "Running late again, bus never came",
        "BP 128/82 at the pharmacy.",
        "FA2 exam tomorrow 9am in the Sports Centre.",
        "Two Oceans Aquarium internship, 1 December to 31 January, in the education department.",
        "The washing machine is leaking again",
        "Bus never comes on time, late for work again",
        "Heating never works in this flat",
        "Day one without cigarettes.",
        "lactose intolerant so it's oat milk in everything",
    ],
)
def test_the_users_shorthand_is_about_their_life(text: str) -> None:
    assert facts_of(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The central bank held interest rates at 4.5% today",
        "Octopuses have three hearts.",
        "A sonnet is a poem of fourteen lines.",
        "Lake Baikal is the deepest lake on Earth.",
        "Machu Picchu was built in the 15th century.",
        "The adult human body has 206 bones.",
        "Rome wasn't built in a day.",
        "Thanks, that helped a lot",
        "Set a timer for 10 minutes",
    ],
)
def test_the_world_at_large_and_pleasantries_are_not_the_users_life(text: str) -> None:
    assert facts_of(text) == [], text


def test_a_question_with_a_clear_statement_keeps_the_statement() -> None:
    fact = one_fact("I'm moving to Berlin next month, any tips?")

    assert scoped(fact) == ("user", "location", "Berlin")
    assert "?" not in fact.content


@pytest.mark.parametrize(
    "text",
    [
        "My PIN is [redacted:pin]",
        "Card number: [redacted:card], expires soon",
        "I use [redacted:password] for everything",
    ],
)
def test_a_sentence_with_a_redacted_secret_yields_nothing(text: str) -> None:
    assert extract(text).facts == []


def test_redaction_only_drops_its_own_sentence() -> None:
    facts = facts_of("My PIN is [redacted:pin]. I live in Seattle.")

    assert [scoped(f) for f in facts] == [("user", "location", "Seattle")]


# --- perspective and dates in content ---------------------------------------------------------------


def test_named_speaker_is_rewritten_and_dates_are_made_absolute() -> None:
    fact = one_fact("I went to a LGBTQ support group yesterday and it was so powerful.", name="Caroline")

    assert "Caroline" in fact.content and "7 May 2023" in fact.content
    assert not fact.content.startswith("I ")
    assert fact.memory_type in ("event", "action")
    assert fact.event_date == datetime(2023, 5, 7, tzinfo=UTC)
    assert fact.layer == "episodic"
    assert fact.name == "Caroline"
    assert fact.sentiment is not None and fact.sentiment > 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm a single parent", "Caroline is a single parent"),
        ("I've been painting a lot lately", "Caroline has been painting a lot lately"),
        ("I don't like crowds", "Caroline doesn't like crowds"),
        ("I really love my kids", "Caroline really loves Caroline's kids"),
        ("I was nervous about the interview", "Caroline was nervous about the interview"),
        ("I have two cats", "Caroline has two cats"),
        (
            "My husband and I have been married for 5 years",
            "Caroline's husband and Caroline have been married",
        ),
        # "me" inside a compound is no one: "what does Melanie do for self-care?" finds "me-time"
        ("I'm carving out some me-time each day", "Caroline is carving out some me-time each day"),
        ("I wanna start a dance studio", "Caroline wants to start a dance studio"),  # as typed
        ("I get how annoying that would be", "Caroline gets how annoying that would be"),
        ("I gotta tell you about my biz", "Caroline has to tell you about Caroline's biz"),
    ],
)
def test_speaker_rewriting_keeps_verb_agreement(text: str, expected: str) -> None:
    contents = [f.content for f in facts_of(text, name="Caroline")]

    assert any(c.startswith(expected) for c in contents), contents


@pytest.mark.parametrize(
    "text",
    [
        "So, I moved to Denver last year",
        "Well, I moved to Denver last year",
        "Honestly, I moved to Denver last year",
    ],
)
def test_the_apps_own_user_keeps_first_person_without_fillers(text: str) -> None:
    fact = one_fact(text)

    assert fact.content == "I moved to Denver last year (2022)"
    assert scoped(fact) == ("user", "location", "Denver")


def test_week_level_phrases_get_a_week_label() -> None:
    fact = one_fact("Marcus started at Notion last week")

    assert "(week of 1 May 2023)" in fact.content


# --- subject / attribute / value and changes --------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Had coffee with Marcus today, he's thinking about leaving Stripe",
        "Coffee with Marcus today. He's thinking about leaving Stripe.",
        "Marcus is considering leaving Stripe",
    ],
)
def test_a_friend_thinking_of_leaving_still_works_there(text: str) -> None:
    result = extract(text)
    employer = [f for f in result.facts if f.attribute == "employer"]

    assert [scoped(f) for f in employer] == [("Marcus", "employer", "Stripe")]
    assert employer[0].name == "Marcus"
    assert result.changes_detected == []
    entity = [f for f in result.facts if f.memory_type == "entity"]
    assert [(f.name, f.entity_type) for f in entity] == [("Marcus", "person")]


@pytest.mark.parametrize(
    ("text", "content", "subject"),
    [
        ("Dev's gf Lauren came, she's a paramedic. watched me stretch and said my hamstrings are tight",
         "Lauren watched me stretch and said my hamstrings are tight", "Lauren"),
        ("Met Sarah for coffee. Asked me about the wedding plans", "Sarah asked me about the wedding plans",
         "Sarah"),
        ("Had lunch with Priya. Helped me rewrite my CV", "Priya helped me rewrite my CV", "Priya"),
        ("Saw Tom at the gym. Drove me home after", "Tom drove me home after", "Tom"),
        ("Bumped into Priya in town. Took me out for lunch", "Priya took me out for lunch", "Priya"),
        # no one did these to the writer, or no one was spoken of: the writer's own fragments
        ("Walked home from work with Priya. Took me an hour", "Took me an hour", "user"),
        ("Called Marcus. Surprised me how calm he was", "Surprised me how calm he was", "user"),
        ("Asked me about the wedding plans", "Asked me about the wedding plans", "user"),
    ],
)  # fmt: skip
def test_a_fragment_done_to_the_writer_was_done_by_the_person_spoken_of(
    text: str, content: str, subject: str
) -> None:
    assert (content, subject) in [(f.content, f.subject) for f in facts_of(text)]


@pytest.mark.parametrize(
    ("text", "old"),
    [
        ("Marcus told me he accepted the offer at Notion", None),
        ("Marcus started at Notion last week", None),
        ("Marcus left Stripe and joined Notion", "Stripe"),
        ("Marcus just got hired at Notion", None),
        ("Marcus mentioned that he's joining Notion next month", None),
    ],
)
def test_job_changes_are_scoped_to_the_person(text: str, old: str | None) -> None:
    result = extract(text)
    fact = next(f for f in result.facts if f.attribute == "employer")

    assert scoped(fact) == ("Marcus", "employer", "Notion")
    assert [(c.entity, c.change_type, c.old_value, c.new_value) for c in result.changes_detected] == [
        ("Marcus", "job", old, "Notion")
    ]


def test_old_values_of_changes_come_from_what_is_already_known() -> None:
    result = extract(
        "Marcus accepted the offer at Notion", established=["Marcus is thinking about leaving Stripe"]
    )

    assert result.changes_detected[0].old_value == "Stripe"


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [
        ("I live in NYC", "location", "NYC"),
        ("I'm based in Austin", "location", "Austin"),
        ("We live in San Francisco", "location", "San Francisco"),
        ("I live in a small flat on Douglas Street in Cork with my cat", "location", "Cork"),
        ("I rent a room in a share house in Sandy Bay", "location", "Sandy Bay"),
        ("We have lived in the same semi in Nether Edge since 1989", "location", "Nether Edge"),
        ("WE GOT IT 🏡 townhouse in Killarney, 3bd + den", "location", "Killarney"),
        ("Sale agreed on a three-bed semi in Oranmore", "location", "Oranmore"),
        # a home said as it is now, from a note's first word
        ("Home is Albuquerque these days", "location", "Albuquerque"),
        ("The flat in Grünerløkka is finally ours", "location", "Grünerløkka"),
        ("First night in the new place in Eimsbüttel", "location", "Eimsbüttel"),
        ("Living with my sister in Fremont until I find a place", "location", "Fremont"),
        ("Signed a lease on a one-bed in Altona", "location", "Altona"),
        ("I work at Google", "employer", "Google"),
        ("I'm a software engineer at Stripe", "employer", "Stripe"),
        ("I work as a nurse", "job_title", "nurse"),
        ("I study computer science at Stanford University", "school", "Stanford University"),
        # a school named by its "High" or "Primary" is a school, not an employer
        ("Started at Kaikorai Valley High", "school", "Kaikorai Valley High"),
        ("I started at Tesco on the High Street", "employer", "Tesco"),
        ("I'm vegetarian", "diet", "vegetarian"),
        ("I stopped eating meat", "diet", "no meat"),
        # a new diet said from its first word is the writer's
        ("Vegan now", "diet", "vegan"),
        ("Fully vegetarian since Easter", "diet", "vegetarian"),
        ("Keto again, day 1", "diet", "keto"),
        # the user's new job in shorthand: its title and its start
        ("Community midwife, start 2 June", "job_title", "community midwife"),
        ("Barista, from the 3rd", "job_title", "barista"),
        ("Project Engineer, VPS 5, $114k + super, start 11 May", "job_title", "project engineer"),
        ("Civil Engineer, no more 'junior', $88k + super from 1 May", "job_title", "civil engineer"),
        # one's own business said from its first word
        ("Running my own bakery now", "employer", "bakery"),
        ("Now running my own bakery in Leith", "employer", "bakery"),
        # taken on somewhere as one
        ("Joined the fire service as a trainee", "job_title", "trainee"),
        ("Just signed with a new agency as a freelance illustrator", "job_title", "freelance illustrator"),
        # one food or drink gone without, and an intolerance, are each their own slot: a new diet, or
        # giving up coffee, supersedes neither
        ("I gave up coffee because it was making my migraines worse", "avoids:coffee", "no coffee"),
        ("I quit booze in January", "avoids:alcohol", "no alcohol"),
        ("I don't eat pork", "avoids:pork", "no pork"),
        ("I don't drink, I'll have a Fanta thanks", "avoids:alcohol", "no alcohol"),
        ("Stopped drinking in May", "avoids:alcohol", "no alcohol"),
        ("I'm lactose intolerant, so milk makes me ill", "intolerance:lactose", "intolerant"),
        ("Turns out I'm intolerant to gluten", "intolerance:gluten", "intolerant"),
        ("My favorite color is blue", "favorite:color", "blue"),
        ("I'm dating Sarah", "relationship:Sarah", "dating"),
        ("I love hiking in the mountains", "preference:hiking", "likes"),
        ("I can't stand cilantro", "preference:cilantro", "dislikes"),
        ("I'm allergic to peanuts", "allergy:peanut", "allergic"),
        ("We have a dog named Max", "pet:dog", "Max"),
    ],
)
def test_user_attributes(text: str, attribute: str, value: str) -> None:
    # A title at an employer states two slots, each its own fact: the employer is one of them.
    assert ("user", attribute, value) in [scoped(f) for f in extract(text).facts]


@pytest.mark.parametrize(
    ("text", "change"),
    [
        ("We moved to SF last month", ("location", "SF")),
        ("I relocated to Denver", ("location", "Denver")),
        ("We moved into a bungalow in Whitby with a view of the sea", ("location", "Whitby")),
        ("Bought a two-bedroom unit in Andersons Bay, near the home", ("location", "Andersons Bay")),
        ("We bought a small house in Kearny, two streets from my cousin", ("location", "Kearny")),
        ("Just signed the lease on a new apartment in Brooklyn", ("location", "Brooklyn")),
        ("Bought a 2 bedroom unit on Fairway St in Narrogin, close to the pool", ("location", "Narrogin")),
        ("Signed the lease for a 3-bed house on Lytton Street in Observatory", ("location", "Observatory")),
        ("found an apartment in Passi near the market, 6,500/mo. moving Dec 6", ("location", "Passi")),
        ("I quit my job at Amazon", ("job", "left Amazon")),
        ("I got laid off last week", ("job", "laid off")),
        ("I started a new job at Figma", ("job", "Figma")),
        ("Sarah and I got engaged!", ("relationship", "engaged")),
        ("I got engaged to Sarah", ("relationship", "engaged")),
        ("Sarah and I broke up", ("relationship", "broke up")),
        ("I started dating Sarah", ("relationship", "dating")),
        ("Paolo and I made it official", ("relationship", "dating")),
        ("ok we're official i guess 🥰", ("relationship", "dating")),
    ],
)
def test_life_changes_are_detected(text: str, change: tuple[str, str]) -> None:
    result = extract(text)

    assert [(c.change_type, c.new_value) for c in result.changes_detected] == [change]
    assert not result.facts[0].is_historical


@pytest.mark.parametrize(
    "text",
    [
        "Sarah and I got engaged!",
        "I got engaged to Sarah",
        "I'm dating Sarah",
        "My girlfriend Sarah and I broke up",
        "Sarah & I called it off",  # "&" typed for "and": the pair is the writer's, Sarah no "Sarah &"
    ],
)
def test_relationship_facts_share_one_attribute_per_partner(text: str) -> None:
    fact = next(f for f in extract(text).facts if f.memory_type != "entity")

    assert (fact.subject, fact.attribute) == ("user", "relationship:Sarah")


def test_a_pair_typed_with_an_ampersand_names_the_person_alone() -> None:
    facts = extract("Daniel & I hiked at Ohiopyle, he slipped into the Yough lol").facts

    assert "Daniel slipped into the Yough lol" in {f.content for f in facts}
    assert {f.subject for f in facts} <= {"user", "Daniel"}


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("Mira is moving in with me in November", None),  # when, not where
        ("We moved to Leeds in May", "Leeds"),
        ("Moved to May Street", "May Street"),
    ],
)
def test_a_month_is_no_place_moved_to(text: str, where: str | None) -> None:
    places = [f.value for f in facts_of(text) if f.attribute == "location"]

    assert places == ([where] if where else [])


def test_a_move_in_the_future_is_effective_from_then() -> None:
    fact = one_fact("I'm moving to Berlin next month")

    assert scoped(fact) == ("user", "location", "Berlin")
    assert fact.effective_from == datetime(2023, 6, 1, tzinfo=UTC)
    assert fact.event_date is None


@pytest.mark.parametrize(
    "text",
    ["We're thinking about moving to Portland", "I might move to Portland", "I want to move to Portland"],
)
def test_a_considered_move_is_a_goal_not_a_change(text: str) -> None:
    result = extract(text)

    assert result.changes_detected == []
    assert result.facts[0].memory_type == "goal"
    assert result.facts[0].attribute is None


@pytest.mark.parametrize(
    "text",
    [
        "Actually it's spelled Michael, not Mike",
        "I meant Michael, not Mike",
        "Correction: it's Michael, not Mike",
        "Mike is actually spelled Michael",
        "Sorry, not Mike but Michael",
    ],
)
def test_name_corrections_name_the_old_form_and_the_new(text: str) -> None:
    result = extract(text)

    fact = one_fact(text)
    assert scoped(fact) == ("Mike", "name", "Michael")
    assert fact.is_correction
    assert [(c.change_type, c.old_value, c.new_value, c.is_correction) for c in result.changes_detected] == [
        ("name", "Mike", "Michael", True)
    ]


def test_a_value_correction_is_a_correction_of_that_attribute() -> None:
    result = extract("Actually, I work at Google, not Meta")
    fact = result.facts[0]

    assert scoped(fact) == ("user", "employer", "Google") and fact.is_correction
    assert result.changes_detected[0].old_value == "Meta"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I used to live in Boston", "Boston"),
        ("I previously lived in Boston", "Boston"),
        ("Back in 2015 I lived in Boston", "Boston"),
        ("I lived in Boston for six years", "Boston"),
    ],
)
def test_used_to_is_history_not_a_change(text: str, value: str) -> None:
    result = extract(text)
    fact = one_fact(text)

    assert fact.is_historical
    assert scoped(fact) == ("user", "location", value)
    assert result.changes_detected == []


def test_i_was_a_teacher_for_years_is_historical_job_title() -> None:
    fact = one_fact("I was a teacher for 10 years")

    assert fact.is_historical and scoped(fact) == ("user", "job_title", "teacher")


def test_two_facts_about_one_subject_become_two_memories() -> None:
    facts = facts_of("My brother lives in Chicago and works for Deloitte")

    assert [scoped(f) for f in facts] == [
        ("my brother", "location", "Chicago"),
        ("my brother", "employer", "Deloitte"),
    ]


def test_two_independent_clauses_become_two_facts() -> None:
    facts = facts_of("I live in NYC and my sister lives in Boston")

    assert [scoped(f) for f in facts] == [("user", "location", "NYC"), ("my sister", "location", "Boston")]


# --- types ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "alternative"),
    [
        ("I decided to go with Postgres over MongoDB because it has better JSON support", "MongoDB"),
        ("Chose React over Vue for the frontend", "Vue"),
        ("We settled on Lisbon instead of Porto for the offsite", "Porto for the offsite"),
        ("I've made up my mind: I'm taking the job at Notion", None),
    ],
)
def test_decisions_are_typed_with_alternatives(text: str, alternative: str | None) -> None:
    result = extract(text)

    assert result.facts[0].memory_type == "decision"
    assert result.facts[0].importance == "high"
    assert len(result.decisions) == 1
    if alternative:
        assert result.decisions[0].alternatives_considered[0].startswith(alternative.split()[0])


def test_a_decision_keeps_its_reason_as_context() -> None:
    decision = extract("I decided to go with Postgres because it has better JSON support").decisions[0]

    assert decision.context == "It has better JSON support"


@pytest.mark.parametrize(
    ("text", "outcome", "positive"),
    [
        ("Shipped the beta and users loved it", "users loved it", True),
        ("I finally finished my thesis and my advisor was thrilled", "my advisor was thrilled", True),
        ("Launched the new site yesterday but it crashed twice", "it crashed twice", False),
        ("We closed the deal, which was a huge relief", "was a huge relief", True),
    ],
)
def test_actions_record_their_outcome(text: str, outcome: str, positive: bool) -> None:
    result = extract(text)
    fact = result.facts[0]

    assert fact.memory_type == "action"
    assert fact.outcome == outcome
    assert fact.outcome_sentiment is not None and (fact.outcome_sentiment > 0) is positive
    assert [(a.outcome, a.outcome_sentiment) for a in result.actions] == [(outcome, fact.outcome_sentiment)]


@pytest.mark.parametrize(
    ("text", "memory_type"),
    [
        ("I want to run a marathon next year", "goal"),
        ("My goal is to read 30 books this year", "goal"),
        ("I'm planning to learn Spanish", "goal"),
        ("I'm going to start lifting weights", "goal"),
        ("I love Thai food", "preference"),
        ("I prefer tea over coffee", "preference"),
        ("I'm really into rock climbing", "preference"),
        ("Dentist appointment on Friday at 10am", "event"),
        ("My cousin's wedding is on June 15", "event"),
        ("Team sync every Monday at 9am", "event"),
        ("To deploy, first run the tests, then push to main", "procedure"),
        ("The trick to good rice is to rinse it three times", "procedure"),
        ("My sister Emma", "entity"),
        ("We got a dog named Max", "entity"),
        ("I have two kids", "fact"),
    ],
)
def test_memory_types(text: str, memory_type: str) -> None:
    assert extract(text).facts[0].memory_type == memory_type


def test_a_procedure_keeps_its_following_steps() -> None:
    fact = one_fact("To deploy, first run the tests. Then push to main. Finally, check the dashboard.")

    assert fact.memory_type == "procedure" and fact.layer == "procedural"
    assert "push to main" in fact.content and "dashboard" in fact.content


@pytest.mark.parametrize(
    ("text", "name", "entity_type", "relationship"),
    [
        ("My sister Emma is visiting next week", "Emma", "person", "sister"),
        ("Had lunch with my coworker Marcus", "Marcus", "person", "coworker"),
        ("We got a dog named Max", "Max", "pet", "dog"),
        ("My therapist Dr. Lee suggested journaling", "Dr. Lee", "person", "therapist"),
        ("Our son Leo turned 5 yesterday", "Leo", "person", "son"),
    ],
)
def test_people_and_pets_get_entity_memories(
    text: str, name: str, entity_type: str, relationship: str
) -> None:
    entities = [f for f in extract(text).facts if f.memory_type == "entity" and f.attribute == "relation"]

    assert [(f.name, f.entity_type, f.relationship) for f in entities] == [(name, entity_type, relationship)]
    assert (entities[0].subject, entities[0].value) == (name, relationship)


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Met Priya at Google in London", {"Priya": "person", "Google": "organization", "London": "place"}),
        ("Lunch with Dr. Patel near Golden Gate Park", {"Dr. Patel": "person", "Golden Gate Park": "place"}),
        ("My friend Sarah joined Acme Labs", {"Sarah": "person", "Acme Labs": "organization"}),
    ],
)
def test_entities_are_typed(text: str, kinds: dict[str, str]) -> None:
    fact = facts_of(text)[0]

    assert {e.name: e.entity_type for e in fact.entities} == kinds


def test_calendar_words_and_sentence_starters_are_not_people() -> None:
    result = extract("Yesterday was Monday. Work is crazy in May. Mortgage is €3,000 a month.")

    people = {e.name for f in result.facts for e in f.entities if e.kind == "person"}
    assert people == set()


# --- sensitivity, importance, confidence, sentiment -------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "My grandma passed away last week",
        "My dog Max died yesterday",
        "We lost the baby, it was a miscarriage",
        "I was diagnosed with ADHD last year",
        "I've been struggling with depression",
        "I started therapy for my anxiety",
        "My dad had a heart attack and is in the ICU",
        "Sarah and I broke up",
    ],
)
def test_health_death_and_breakups_are_sensitive(text: str) -> None:
    fact = facts_of(text)[0]

    assert fact.sensitivity_level == "sensitive"


@pytest.mark.parametrize(
    "text",
    [
        "I live at 12 Baker Street, Flat 4B",
        "My address is 45 Elm Road, Apt 3, Leeds",
        "We moved to 221 Oak Avenue, unit 12",
        "Flat 2, 9 Mill Lane is our new place",
        "My labs today: A1C 7.2, LDL 160",
        "My cholesterol came back at 240",
        "Got my results, TSH 4.5",
        "My HbA1c is 6.8% now",
    ],
)
def test_addresses_with_a_flat_number_and_lab_values_are_sensitive(text: str) -> None:
    assert [f.sensitivity_level for f in facts_of(text)] == ["sensitive"]


@pytest.mark.parametrize(
    "text",
    ["I live in Leeds", "I live at 12 Baker Street", "I ran 5 miles on Elm Road", "My office is on floor 4"],
)
def test_a_city_or_a_street_without_a_flat_number_stays_normal(text: str) -> None:
    assert [f.sensitivity_level for f in facts_of(text)] == ["normal"]


@pytest.mark.parametrize(
    "text",
    [
        "My grandma passed away last week",
        "My dad had a heart attack and is in the ICU",
        "I'm allergic to peanuts",
        "Remember that my gate code changes monthly",
    ],
)
def test_loss_emergencies_allergies_and_remember_requests_are_critical(text: str) -> None:
    assert facts_of(text)[0].importance == "critical"


@pytest.mark.parametrize(
    "text",
    [
        "My salary is $95k",
        "I make 120k a year",
        "Rent is €3,000 a month",
        "I still owe $20,000 in student loans",
        "We refinanced the mortgage",
        "Keep this between us: I'm interviewing elsewhere",
    ],
)
def test_money_and_secrets_are_private(text: str) -> None:
    assert facts_of(text)[0].sensitivity_level == "private"


@pytest.mark.parametrize(
    ("text", "confidence"),
    [
        ("I live in Seattle", 0.8),
        ("Remember that I live in Seattle", 1.0),
        ("I think Sarah lives in Seattle", 0.5),
        ("Maybe I'll move to Seattle", 0.5),
        ("Marcus told me he moved to Seattle", 0.7),
        # degree words and thinking about someone are not hedges; "I think" before a claim is
        pytest.param("I'm kinda nervous about the audition", 0.8, id="kinda-is-degree"),
        pytest.param("My new job is sort of overwhelming", 0.8, id="sort-of-is-degree"),
        pytest.param("I think about my grandmother a lot", 0.8, id="thinking-about-someone"),
        pytest.param("I think my landlord is selling the building", 0.5, id="i-think-hedges"),
    ],
)
def test_confidence_follows_seed_002(text: str, confidence: float) -> None:
    assert facts_of(text)[0].confidence == confidence


def test_remember_this_after_a_statement_vouches_for_it() -> None:
    fact = one_fact("My locker number is 42. Remember this!")

    assert (fact.confidence, fact.importance) == (1.0, "critical")


def test_assistant_tool_summaries_are_inferred_in_the_users_voice() -> None:
    fact = one_fact("I found 3 emails from Chase about your credit card statement.", role="assistant")

    assert fact.source_type == "inferred"
    assert 0.4 <= fact.confidence <= 0.6
    assert "your" not in fact.content.lower()


@pytest.mark.parametrize(
    ("text", "sign"),
    [
        ("I love my new job", 1),
        ("Work has been so stressful", -1),
        ("I live in Seattle", 0),
        ("I'm not happy with the move", -1),
    ],
)
def test_sentiment_sign(text: str, sign: int) -> None:
    sentiment = facts_of(text)[0].sentiment

    assert (sentiment or 0) * sign > 0 if sign else sentiment is None


def test_importance_is_low_for_mild_preferences_and_small_events() -> None:
    assert one_fact("I like green tea").importance == "low"
    assert facts_of("Had coffee with Marcus today")[0].importance == "low"


# --- forget requests --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("forget that I told you about my ex", "My ex"),
        ("Please forget about my ex", "My ex"),
        ("Don't remember that I live in NYC", "I live in NYC"),
        ("delete what I said about Marcus", "Marcus"),
        ("Stop remembering my address", "My address"),
        ("Remove the memory about my old job", "My old job"),
    ],
)
def test_forget_requests_become_forget_facts_and_nothing_else(text: str, content: str) -> None:
    result = extract(text)

    assert len(result.facts) == 1
    fact = result.facts[0]
    assert fact.forget and fact.content == content
    assert fact.importance == "medium"
    assert result.changes_detected == [] and result.actions == []


def test_a_forget_request_carries_scope_when_it_names_an_attribute() -> None:
    fact = extract("Don't remember that I live in NYC").facts[0]

    assert scoped(fact) == ("user", "location", "NYC")


def test_forget_that_right_after_a_statement_retracts_it() -> None:
    assert extract("I'm pregnant. Actually, forget that.").facts == []


@pytest.mark.parametrize("text", ["Delete my Facebook account", "Remove the stain from my shirt"])
def test_delete_and_remove_are_only_forget_requests_when_about_memory(text: str) -> None:
    assert not any(f.forget for f in extract(text).facts)


# --- preferences ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("topics", "text"),
    [
        (["ex"], "My ex texted me again"),
        (["dogs"], "We got a dog named Max"),
        (["mental health"], "I started therapy for my anxiety"),
        (["health"], "I was diagnosed with asthma"),
        (["Marcus"], "Had lunch with Marcus"),
    ],
)
def test_never_store_topics_drop_the_fact_entirely(topics: list[str], text: str) -> None:
    assert extract(text, preferences=MemoryPreferences(never_store=topics)).facts == []


def test_never_store_is_word_bounded() -> None:
    result = extract("I went to a party", preferences=MemoryPreferences(never_store=["art"]))

    assert len(result.facts) == 1


def test_auto_mark_sensitive_topics_raise_sensitivity() -> None:
    preferences = MemoryPreferences(auto_mark_sensitive=["religion", "church"])

    assert one_fact("I go to church every Sunday", preferences=preferences).sensitivity_level == "sensitive"


def test_disabled_memory_types_are_dropped() -> None:
    preferences = MemoryPreferences(enabled_categories=["fact", "event"])
    result = extract("I love sushi. I live in Oslo. I want to learn Norwegian.", preferences=preferences)

    assert [f.memory_type for f in result.facts] == ["fact"]


# --- provenance and evidence ------------------------------------------------------------------------


def test_provenance_carries_the_source_and_message_ids() -> None:
    result = EXTRACTOR.extract(
        ExtractionInput(
            source_id="src-9",
            turns=[
                TurnInput(content="I live in Oslo", message_id="a"),
                TurnInput(content="hi", message_id="b"),
                TurnInput(content="I love skiing"),
            ],
            observed_at=SAID,
        )
    )

    assert [(p.source_id, p.message_ids) for f in result.facts for p in f.provenance] == [
        ("src-9", ["a"]),
        ("src-9", []),
    ]


def test_evidence_is_a_short_quote_of_what_was_said() -> None:
    fact = one_fact("I went to a LGBTQ support group yesterday and it was so powerful.", name="Caroline")

    assert fact.evidence == "I went to a LGBTQ support group yesterday and it was so powerful."


def test_per_turn_timestamps_win_over_the_source_time() -> None:
    turn = TurnInput(content="I went hiking yesterday", timestamp=SAID + timedelta(days=10))
    result = EXTRACTOR.extract(ExtractionInput(source_id="s", turns=[turn], observed_at=SAID))

    assert result.facts[0].event_date == datetime(2023, 5, 17, tzinfo=UTC)


def test_only_new_turns_are_extracted_context_is_not() -> None:
    result = EXTRACTOR.extract(
        ExtractionInput(
            source_id="s",
            turns=[TurnInput(content="He just moved to Denver")],
            observed_at=SAID,
            previous_message=TurnInput(content="I had dinner with Marcus"),
        )
    )

    assert [scoped(f) for f in result.facts if f.memory_type != "entity"] == [
        ("Marcus", "location", "Denver")
    ]


# --- phrasings that need grammar, not strings -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I used to live in Boston but now I live in Seattle",
            [("location", "Boston", True), ("location", "Seattle", False)],
        ),
        (
            "I hate running but love yoga",
            [("preference:running", "dislikes", False), ("preference:yoga", "likes", False)],
        ),
        (
            "My brother Tom moved to Austin and started at Dell",
            [("location", "Austin", False), ("employer", "Dell", False)],
        ),
    ],
)
def test_one_sentence_with_two_statements_gives_two_scoped_facts(
    text: str, expected: list[tuple[str, str, bool]]
) -> None:
    facts = facts_of(text)

    assert [(f.attribute, f.value, f.is_historical) for f in facts] == expected


@pytest.mark.parametrize(
    "text",
    ["Big news: I got the job at Spotify! Starting on June 1st.",
     "Got the job at Spotify. Starting June 1st!",
     "Update - I accepted the offer at Spotify, starting June 1"],
)  # fmt: skip
def test_a_trailing_when_dates_the_previous_statement(text: str) -> None:
    fact = one_fact(text)

    assert scoped(fact) == ("user", "employer", "Spotify")
    assert fact.effective_from == datetime(2023, 6, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    ["Wow, that's cool, Caroline!", "That sounds really meaningful.", "Aw that's so sweet", "How exciting!"],
)
def test_reactions_to_the_other_speaker_yield_nothing(text: str) -> None:
    assert extract(text, name="Melanie").facts == []


def test_a_clause_that_completes_the_previous_one_is_kept_with_it() -> None:
    fact = one_fact("my mom was hospitalized last night, they think it's pneumonia")

    assert "pneumonia" in fact.content and fact.sensitivity_level == "sensitive"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Meeting with the Acme team moved to Thursday at 2pm", datetime(2023, 5, 11, 14, tzinfo=UTC)),
        ("Remind me to call mom tomorrow at 5pm", datetime(2023, 5, 9, 17, tzinfo=UTC)),
        ("Can you remind me to renew my passport on June 3?", datetime(2023, 6, 3, tzinfo=UTC)),
    ],
)
def test_rescheduled_meetings_and_reminders_are_future_events(text: str, expected: datetime) -> None:
    fact = one_fact(text)

    assert (fact.memory_type, fact.event_date) == ("event", expected)


def test_a_recurring_adjective_in_a_past_action_is_not_a_schedule() -> None:
    fact = one_fact("I finally finished the quarterly report and my boss loved it")

    assert fact.recurrence is None and fact.memory_type == "action"


def test_naive_observed_at_is_treated_as_utc() -> None:
    turn = TurnInput(content="I start at Google next month")
    result = EXTRACTOR.extract(
        ExtractionInput(source_id="s", turns=[turn], observed_at=datetime(2023, 5, 8, 13))
    )

    assert result.facts[0].effective_from == datetime(2023, 6, 1, tzinfo=UTC)


def test_result_is_labelled_rules_v1() -> None:
    assert extract("I live in Oslo").model == "rules-v1"


@pytest.mark.parametrize(
    ("text", "now"),
    [
        ("I used to hate olives but now I love them", "likes"),
        ("I used to love sushi but now I can't stand it", "dislikes"),
    ],
)
def test_a_pronoun_object_inherits_the_preference_it_refers_to(text: str, now: str) -> None:
    past, present = facts_of(text)

    assert past.is_historical and not present.is_historical
    assert past.attribute == present.attribute and present.value == now
    assert not present.content.endswith((" them", " it"))


@pytest.mark.parametrize(
    ("text", "relation"),
    [("Lisa is my best friend from college", "best friend"), ("Marcus is my coworker", "coworker"),
     ("Dana is our neighbor", "neighbor")],
)  # fmt: skip
def test_naming_how_someone_relates_scopes_the_relation(text: str, relation: str) -> None:
    fact = extract(text).facts[0]

    assert (fact.attribute, fact.value) == ("relation", relation)
    assert fact.subject == text.split()[0]


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("Fiona will be my boss", "Fiona", "boss"),
        ("Our new landlord will be Mr Byrne", "Mr Byrne", "landlord"),
        ("Manager will be Grace Nguyen. hybrid, said yes", "Grace Nguyen", "manager"),
        ("Site office in Sunshine, boss there is Raj Patel (package manager)", "Raj Patel", "boss"),
    ],
)
def test_a_tie_told_as_it_will_be_is_the_tie(text: str, person: str, relation: str) -> None:
    """Taking a job names the boss to come; asked later "who was my boss there?", the tie is what finds
    them."""
    ties = {e.name: e.relationship for f in extract(text).facts for e in f.entities or []}

    assert ties.get(person) == relation


@pytest.mark.parametrize("text", ["Her boss is Tom", "My brother is Italian", "Fiona's boss will be Tom"])
def test_a_tie_of_someone_elses_or_no_name_is_no_tie_of_mine(text: str) -> None:
    ties = {e.name: e.relationship for f in extract(text).facts for e in f.entities or []}

    assert not any(ties.values()), ties


@pytest.mark.parametrize(
    "text", ["Vegan chocolate cake now in stock", "Raw now, the knee", "Vegan recipes again"]
)
def test_a_diet_word_that_tells_no_diet_of_mine_stores_none(text: str) -> None:
    assert [f.attribute for f in extract(text).facts if f.attribute == "diet"] == []


@pytest.mark.parametrize(
    "text", ["I joined a book club", "Joined the gym today", "I joined a choir last month"]
)
def test_joining_something_unnamed_is_not_a_job_change(text: str) -> None:
    assert extract(text).changes_detected == []


@pytest.mark.parametrize(
    "text",
    ["Joined the gym as a member", "Signed up for pottery as a beginner", "Hired a van as a favour to Dev"],
)
def test_joining_as_something_that_is_no_job_title_stores_no_job(text: str) -> None:
    assert [f.attribute for f in extract(text).facts if f.attribute == "job_title"] == []


@pytest.mark.parametrize(
    "text",
    ["Home is where the heart is", "The house in Whitby is finally ours to sell", "First night in the tent"],
)
def test_a_home_word_that_tells_no_home_of_mine_stores_none(text: str) -> None:
    assert [f.attribute for f in extract(text).facts if f.attribute == "location"] == []


@pytest.mark.parametrize(
    "text", ["Found a great coffee place in Leith", "We found a lost kitten in the house in Leith"]
)
def test_finding_a_place_without_moving_is_no_home(text: str) -> None:
    assert [f.attribute for f in extract(text).facts if f.attribute == "location"] == []


@pytest.mark.parametrize(
    ("text", "home"),
    [("Keys to Lidgett Lane!", "Lidgett Lane"), ("Got the keys to our new flat on Holloway Road today",
     "Holloway Road"), ("Picked up the keys for the house in Roundhay", "Roundhay"),
     ("New place in Leith, finally", "Leith")],
)  # fmt: skip
def test_a_new_home_told_by_its_keys_or_without_a_subject_is_the_users_move(text: str, home: str) -> None:
    [moved] = [f for f in extract(text).facts if f.attribute == "location"]

    assert (moved.subject, moved.value) == ("user", home)


@pytest.mark.parametrize(
    ("text", "subject"),
    [("Our skip is a retired dentist called Graham", "our skip"), ("Our captain is a dentist", "our captain"),
     ("My sponsor is a nurse at the Royal", "my sponsor")],
)  # fmt: skip
def test_someone_known_by_a_role_and_described_by_a_job_is_not_the_user(text: str, subject: str) -> None:
    [job] = [f for f in extract(text).facts if f.attribute in ("employer", "job_title")]

    assert job.subject == subject


@pytest.mark.parametrize(
    "text", ["The Smiths moved to Leeds", "Lost the keys to the car again", "Keys to success: patience"]
)
def test_someone_elses_move_or_other_keys_are_no_home_of_the_user(text: str) -> None:
    assert [f for f in extract(text).facts if f.attribute == "location" and f.subject == "user"] == []


@pytest.mark.parametrize(
    "text",
    ["Joined Dennistoun running club, tues + thurs 6.30pm", "joined St Mary's choir",
     "Joined the Narrogin Men's Shed woodturning group"],
)  # fmt: skip
def test_joining_a_named_club_is_no_employer(text: str) -> None:
    assert [f.attribute for f in extract(text).facts if f.attribute == "employer"] == []


@pytest.mark.parametrize(
    ("text", "employer"),
    [("HIRED at St. Clare, hospital pharmacist, start Oct 1", "St. Clare"),
     ("hired at Tesco as a shelf stacker", "Tesco"), ("Joined Kelvin Insurance as a test engineer",
     "Kelvin Insurance")],
)  # fmt: skip
def test_hired_at_in_shorthand_names_the_employer(text: str, employer: str) -> None:
    assert [f.value for f in extract(text).facts if f.attribute == "employer"] == [employer]


@pytest.mark.parametrize(
    ("text", "value"),
    [("Bought a secondhand Toyota Vios 2016 from Sir Edwin", "Toyota Vios 2016"),
     ("Got a second-hand Honda Jazz", "Honda Jazz"),
     ("Finally bought a shiny red Tesla Model 3", "Tesla Model 3")],
)  # fmt: skip
def test_a_car_told_with_how_it_came_is_still_the_car(text: str, value: str) -> None:
    assert [f.value for f in extract(text).facts if f.attribute == "car"] == [value]


@pytest.mark.parametrize("text", ["Apple released a new iPhone today", "Google announced layoffs yesterday"])
def test_dated_news_about_the_world_is_not_a_memory(text: str) -> None:
    assert extract(text).facts == []


@pytest.mark.parametrize(
    "text", ["Monday.", "Tuesday morning.", "Happy Friday!", "Last night.", "May 2.", "Day 3"]
)
def test_a_bare_dateline_yields_nothing(text: str) -> None:
    assert facts_of(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "I decided to take the Lisbon trip in September instead of Tokyo",
        "We booked a cabin for November",
        "I signed up for the half marathon in October",
    ],
)
def test_a_past_decision_about_a_later_month_points_forward(text: str) -> None:
    fact = one_fact(text)
    assert fact.event_date is not None
    assert SAID < fact.event_date < SAID + timedelta(days=366)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("One of Bridie's ferrets escaped", "Bridie"),
        ("Both of Sam's kids are sick", "Sam"),
        ("I opened an account at Bank of America", "Bank of America"),
    ],
)
def test_a_name_never_begins_with_the_word_joining_two_names(text: str, name: str) -> None:
    names = {e.name for f in extract(text).facts for e in f.entities}
    assert names == {name}


@pytest.mark.parametrize("text", ["You've got guts.", "They'd never do that.", "We'll see how it goes."])
def test_a_pronoun_contraction_is_never_an_entity(text: str) -> None:
    names = [e.name.lower() for f in extract(text, name="Melanie").facts for e in f.entities]
    assert not [n for n in names if "'" in n or n in {"you", "they", "we"}]


@pytest.mark.parametrize(
    "text",
    [
        "I ran a charity race for mental health last Saturday",
        "Raising awareness for mental health is so rewarding",
        "I'm keen on working in mental health",
    ],
)
def test_health_as_a_cause_or_career_is_not_a_sensitive_condition(text: str) -> None:
    assert all(f.sensitivity_level == "normal" for f in facts_of(text))


@pytest.mark.parametrize(
    "text", ["I've been struggling with my mental health lately", "I was diagnosed with anxiety"]
)
def test_a_persons_own_health_condition_stays_sensitive(text: str) -> None:
    assert all(f.sensitivity_level == "sensitive" for f in facts_of(text))


def test_a_named_speakers_fragment_answer_is_kept_with_the_question_as_context() -> None:
    turns = [
        TurnInput(content="Any fun plans for the summer?", name="Melanie", message_id="D2:7"),
        TurnInput(
            content="Researching adoption agencies, it's been a dream.", name="Caroline", message_id="D2:8"
        ),
    ]
    result = EXTRACTOR.extract(ExtractionInput(source_id="src-1", turns=turns, observed_at=SAID))
    (fact,) = [f for f in result.facts if "adoption" in f.content]
    assert fact.content.startswith("Caroline: Researching adoption agencies")
    assert "plans for the summer" in fact.content
    assert fact.provenance[0].message_ids == ["D2:8"]
    assert fact.confidence < 0.6  # an observation, not an established fact


def test_a_named_speakers_unparsed_remark_survives_the_default_preferences() -> None:
    # Given a chat where a colleague answers with a sentence no rule parses
    turns = [
        TurnInput(content="Where is the new office going to be?", name="Priya", message_id="c1"),
        TurnInput(
            content="It's on the third floor of the old brewery by the canal.", name="Tom", message_id="c2"
        ),
    ]
    # When it is extracted and filtered as the write path does
    result = EXTRACTOR.extract(ExtractionInput(source_id="src-1", turns=turns, observed_at=SAID))
    kept = [f for f in result.facts if keep_fact(f, MemoryPreferences())]
    # Then the remark is stored as an observation (below 0.6), not silently discarded
    (fact,) = [f for f in kept if "brewery" in f.content]
    assert fact.confidence < 0.6
    assert fact.provenance[0].message_ids == ["c2"]


def test_the_apps_own_user_gets_no_unparsed_sentence_fallback() -> None:
    assert facts_of("Water boils at 100 degrees at sea level") == []


def chat(*lines: tuple[str, str]) -> list[CandidateFact]:
    turns = [TurnInput(content=text, name=name, message_id=f"c{i}") for i, (name, text) in enumerate(lines)]
    result = EXTRACTOR.extract(ExtractionInput(source_id="src-1", turns=turns, observed_at=SAID))
    return [f for f in result.facts if f.memory_type != "entity"]


@pytest.mark.parametrize(
    "text",
    [
        "We drove down the coast and camped near Big Sur.",
        "Our team shipped the new billing page.",
        "That recipe turned out way better than expected.",
    ],
)
def test_a_named_speakers_clause_without_their_name_is_attributed_to_them(text: str) -> None:
    facts = chat(("Lena", "How was the weekend?"), ("Omar", text))
    assert facts
    assert all("Omar" in f.content for f in facts if f.provenance[0].message_ids == ["c1"])


def test_the_apps_own_notes_are_not_attributed() -> None:
    fact = one_fact("We drove down the coast and camped near Big Sur")
    assert not fact.content.startswith("user")
    assert ":" not in fact.content


@pytest.mark.parametrize(
    "text",
    [
        "Hey Lena, the garden finally has tomatoes",
        "Lena, the garden finally has tomatoes",
        "Oh, Lena! The garden finally has tomatoes",
    ],
)
def test_the_person_addressed_at_the_start_is_not_part_of_the_memory(text: str) -> None:
    facts = chat(("Lena", "Anything new?"), ("Omar", text))
    assert [f for f in facts if "tomatoes" in f.content]
    assert all("Lena" not in f.content.split("(answering")[0] for f in facts)


def test_a_greeting_to_the_other_speaker_is_not_a_memory() -> None:
    assert chat(("Lena", "How are you?"), ("Omar", "Hi Lena, thanks for asking.")) == []


def test_a_short_answer_to_a_question_is_kept_with_the_question() -> None:
    facts = chat(
        ("Lena", "Which bakery got the contract?"), ("Omar", "Rosie's Kitchen! Still can't believe it.")
    )
    (fact,) = [f for f in facts if "Rosie" in f.content]
    assert fact.content.startswith("Omar: Rosie's Kitchen")
    assert "Which bakery got the contract?" in fact.content


def test_a_two_word_remark_that_answers_nothing_is_not_kept() -> None:
    assert [f for f in chat(("Lena", "Nice."), ("Omar", "Rosie's Kitchen!")) if "Rosie" in f.content] == []


def test_a_clause_about_it_keeps_the_question_it_answers() -> None:
    facts = chat(("Lena", "How did the pottery class go?"), ("Omar", "It turned out better than I hoped."))
    (fact,) = [f for f in facts if "turned out" in f.content]
    assert "pottery class" in fact.content
    assert "Omar" in fact.content


def test_a_clause_with_its_own_subject_does_not_repeat_the_question() -> None:
    facts = chat(
        ("Lena", "How did the pottery class go?"), ("Omar", "I finally made a bowl that holds water.")
    )
    (fact,) = [f for f in facts if "bowl" in f.content]
    assert "pottery" not in fact.content


def test_the_other_speaker_called_by_a_short_name_is_not_someone_new() -> None:
    # Given Omar calls Katherine "Kat"
    turns = [
        TurnInput(content="I finally booked the flights to Lisbon!", name="Katherine", message_id="c0"),
        TurnInput(
            content="Kat, that's huge! I went to Lisbon with my brother last spring.",
            name="Omar",
            message_id="c1",
        ),
    ]
    facts = EXTRACTOR.extract(ExtractionInput(source_id="src-1", turns=turns, observed_at=SAID)).facts
    # Then no entity memory says Kat is someone Omar knows, and no memory keeps the vocative
    assert not [f for f in facts if f.memory_type == "entity" and f.name == "Kat"]
    assert all(not f.content.startswith(("Kat,", "Kat ", "Omar: Kat")) for f in facts)


@pytest.mark.parametrize("text", ["Gardening is my escape after work", "Chess is my favourite way to unwind"])
def test_a_capitalised_activity_is_my_passion_is_not_a_person(text: str) -> None:
    assert not [f for f in extract(text).facts if f.memory_type == "entity"]


def test_a_name_that_is_my_relative_is_still_a_person() -> None:
    assert [f for f in extract("Priya is my cousin").facts if f.name == "Priya"]


@pytest.mark.parametrize(
    ("text", "confidence"),
    [
        ("I want to coach kids - maybe even open my own gym", 0.8),
        ("I'm learning Portuguese (probably Brazilian first)", 0.8),
        ("Maybe I'll coach kids - I love the idea", 0.5),
        # after a comma, a hedge with words of its own is about them (the place, the date), a bare one
        # about the whole statement
        ("Wedding next summer, Bansko probably", 0.8),
        ("We're moving to Leeds, probably in May", 0.8),
        ("Moving to Leeds, maybe", 0.5),
        ("She's pregnant, apparently", 0.5),
    ],
)
def test_a_hedge_in_an_aside_does_not_hedge_the_statement(text: str, confidence: float) -> None:
    assert facts_of(text)[0].confidence == confidence


@pytest.mark.parametrize(
    "text",
    [
        "Last week, my uncle sold his bakery.",
        "Two days ago, we painted the nursery.",
        "On Saturday morning, I ran my first half marathon.",
    ],
)
def test_a_leading_time_phrase_dates_the_clause_it_introduces(text: str) -> None:
    fact = one_fact(text)
    assert fact.event_date is not None
    assert fact.event_date < SAID


def test_a_comma_between_two_statements_still_splits_them() -> None:
    assert len(facts_of("I moved to Denver, I love the mountains")) == 2


def test_a_greeting_with_the_other_speakers_name_is_not_a_memory() -> None:
    facts = chat(("Lena", "Long time!"), ("Omar", "Hey Lena, I adopted a greyhound last month."))
    assert [f.content for f in facts if "greyhound" not in f.content] == []


@pytest.mark.parametrize(
    "text",
    [
        "Priya got engaged to her girlfriend Marta last weekend",
        "Tomasz brought his son Kuba to the match",
        "Aisha's husband Omar is a pilot",
    ],
)
def test_someone_elses_relation_is_not_the_users(text):
    # "her girlfriend Marta" is Priya's girlfriend: Marta is someone the user knows, not their girlfriend
    entities = [f.content for f in extract(text).facts if f.memory_type == "entity"]
    assert not any(" is my " in content for content in entities), entities


@pytest.mark.parametrize(
    "text",
    ["I rent a small flat on Albert Street in Hull with my cat", "We spent a week on Thomas Island in March"],
)
def test_a_place_named_after_someone_is_no_person(text):
    # "Albert" and "Thomas" are given names; "Street" and "Island" say what they name here
    entities = [f.content for f in extract(text).facts if f.memory_type == "entity"]
    assert not any("someone I know" in content for content in entities), entities


def test_a_person_with_a_surname_like_a_place_word_is_still_a_person():
    entities = [
        f.content for f in extract("Had lunch with my friend Jisoo Park").facts if f.memory_type == "entity"
    ]
    assert any(content.startswith("Jisoo Park is my friend") for content in entities), entities


# --- a name's title is not how the person relates to the user -----------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "tie"),
    [
        ("Dr. Patel is my new dentist", "Dr. Patel", "dentist"),
        ("My dentist is Dr. Patel", "Dr. Patel", "dentist"),
        (
            "Dr. Ngaire Whitlock is my new supervisor, she studies sea urchins.",
            "Dr. Ngaire Whitlock",
            "supervisor",
        ),
        (
            "My PhD supervisor is Professor Haldane, an expert on giant kelp.",
            "Professor Haldane",
            "supervisor",
        ),
        ("Mrs. Okafor is my landlord", "Mrs. Okafor", "landlord"),
    ],
)
def test_the_tie_a_sentence_states_wins_over_the_title(text: str, name: str, tie: str) -> None:
    facts = extract(text).facts
    mentions = [m for f in facts for m in f.entities if m.name == name]
    assert mentions and {m.relationship for m in mentions} == {tie}, [(f.content, f.entities) for f in facts]
    assert not [f for f in facts if f.attribute == "relation" and f.value != tie]


def test_a_title_before_a_name_is_not_the_users_job() -> None:
    facts = extract("My PhD supervisor is Professor Haldane, an expert on giant kelp.").facts
    assert not [f for f in facts if f.attribute == "job_title"]
    assert [
        f.value for f in extract("I became a Professor last year").facts if f.attribute == "job_title"
    ] == ["professor"]


def test_someone_elses_boss_is_not_mine() -> None:
    facts = extract("My sister's boss is Tom").facts
    assert not [f for f in facts if f.attribute == "relation" and f.value in ("boss", "manager")]


@pytest.mark.parametrize(
    ("text", "historical"),
    [
        ("We have lived in the same semi in Nether Edge since 1989", False),
        ("I lived in Paris for two years", True),
    ],
)
def test_a_home_still_lived_in_is_not_history(text: str, historical: bool) -> None:
    fact = next(f for f in extract(text).facts if f.attribute == "location")

    assert fact.is_historical is historical


@pytest.mark.parametrize("text", ["I live in a world of worry", "We live in the house on the corner"])
def test_a_dwelling_without_a_named_place_states_no_home(text: str) -> None:
    assert all(f.attribute != "location" for f in extract(text).facts)


@pytest.mark.parametrize(
    ("text", "names"),
    [("I get it, Jon. Dance is just me these days.", ["Jon"]),
     ("Thanks, Priya. Pottery has been my escape.", ["Priya"]),
     ("Love that, Mateo. Chess keeps me sane.", ["Mateo"]),
     ("Reading J. R. R. Tolkien again.", ["J. R. R. Tolkien"]),
     ("Lunch with Mrs. Hughes at St. Ives.", ["Mrs. Hughes", "St. Ives"])],
)  # fmt: skip
def test_a_name_ends_at_the_full_stop_that_ends_its_sentence(text: str, names: list[str]) -> None:
    """The word that starts the next sentence is no part of the name: "Jon. Dance" became "Dance", a
    person the user knew, in every later note about dance."""
    assert [e.name for e in spot_entities(text)] == names


@pytest.mark.parametrize(
    "text",
    ["Mostly just chilling at home.", "Winning felt amazing after all that work.",
     "Way to go! Don't quit, failures lead you closer to success.",
     "Having loved ones who support us is so important."],
)  # fmt: skip
def test_words_that_open_a_sentence_are_no_one_the_user_knows(text: str) -> None:
    people = [f.content for f in extract(text, name="Nate").facts if f.memory_type == "entity"]
    assert people == []


@pytest.mark.parametrize("known", ["Dance is my passion", "Dance is Gina's stress fix too"])
def test_a_known_fact_about_a_thing_introduces_no_one(known: str) -> None:
    """'Dance is my passion' names no one: later notes about dance know no person called Dance."""
    facts = extract("Dance practice has been fun and exhausting.", established=[known]).facts
    people = [f.content for f in facts if f.memory_type == "entity"]
    assert people == []


def test_a_known_tie_still_introduces_the_person() -> None:
    people = [
        f.name for f in extract("Oskar called about Saturday.", established=["Oskar is my friend"]).facts
    ]
    assert "Oskar" in people


@pytest.mark.parametrize(
    "text", ["Ella said her cat Mochi had kittens.", "Tom's new puppy Rolo is adorable."]
)
def test_someone_elses_pet_is_not_remembered_as_the_users(text: str) -> None:
    """'Mochi is my cat' would answer 'what is my cat called?' with a friend's cat."""
    entities = [f.content for f in extract(text).facts if f.memory_type == "entity"]
    assert not [c for c in entities if " is my " in c and ("Mochi" in c or "Rolo" in c)], entities


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [("My blood pressure was 150 over 95 at the GP.", "measurement:blood pressure", "150 over 95"),
     ("My blood pressure is down to 128 over 82 since the diet change.", "measurement:blood pressure",
      "128 over 82"),
     ("My A1C is 5.8 now.", "measurement:a1c", "5.8"),
     ("I weigh 82 kg.", "measurement:weight", "82 kg"),
     ("My resting heart rate is 52 bpm.", "measurement:resting heart rate", "52 bpm")],
)  # fmt: skip
def test_a_health_reading_states_its_measure_and_value(text: str, attribute: str, value: str) -> None:
    # a newer value of the same measure supersedes this one, as a new employer does
    assert scoped(one_fact(text)) == ("user", attribute, value)


def test_a_reading_not_taken_is_no_value() -> None:
    assert not any(
        (f.attribute or "").startswith("measurement:") for f in facts_of("I don't know my cholesterol.")
    )
    assert not any(
        (f.attribute or "").startswith("measurement:") for f in facts_of("It was 30 degrees today.")
    )


@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [("I'm a night-shift security guard at the port.", "job_title", "security guard"),
     ("These days I drive for Uber.", "employer", "Uber"),
     ("I'm the new sous-chef at Dishoom.", "employer", "Dishoom"),
     ("I've been freelancing as a translator since March.", "job_title", "translator"),
     ("I work from home for a small insurance broker in Leeds.", "employer", "a small insurance broker"),
     ("I'm still at the library, now as a senior librarian.", "job_title", "senior librarian"),
     ("Landed a part-time gig at the garden centre.", "employer", "the garden centre"),
     ("I got promoted to team lead.", "job_title", "team lead"),
     ("I'm a receptionist at a dental practice.", "job_title", "receptionist")],
)  # fmt: skip
def test_the_ways_people_say_what_they_do_for_a_living(text: str, attribute: str, value: str) -> None:
    assert ("user", attribute, value) in {scoped(f) for f in facts_of(text)}


@pytest.mark.parametrize(
    "text", ["I drive for fun on Sundays.", "We started as friends.", "I started the day as usual."]
)
def test_words_of_work_in_other_senses_state_no_job(text: str) -> None:
    assert not any(f.attribute in ("employer", "job_title") for f in facts_of(text))


def test_a_person_the_users_graph_knows_is_a_person_in_a_note_that_only_names_them() -> None:
    # "Kuba's" opening a note is no name any list knows; the user's graph knows him (`known_people`).
    text = "Kuba's had tummy pains and no appetite for weeks."
    turn = TurnInput(content=text, message_id="m-1")

    def people(known: list[str]) -> list[str]:
        inp = ExtractionInput(source_id="s", turns=[turn], observed_at=SAID, known_people=known)
        return [e.name for f in EXTRACTOR.extract(inp).facts for e in f.entities if e.kind == "person"]

    assert "Kuba" not in people([])
    assert "Kuba" in people(["Kuba", "Zosia"])


@pytest.mark.parametrize("text", ["Night shift again, third in a row", "Morning run by the canal, 5k"])
def test_shorthand_opening_on_a_time_of_day_is_no_greeting(text: str) -> None:
    assert facts_of(text), text


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("Wind turbine technician with Western Wind Services, starting 2 March.", "Western Wind Services"),
        ("New job: tutoring high school maths online for LearnLoop, R180 an hour", "LearnLoop"),
        ("New job: barista at Bean There", "Bean There"),
    ],
)
def test_a_job_in_shorthand_states_the_users_employer(text: str, employer: str) -> None:
    assert any(scoped(f) == ("user", "employer", employer) for f in facts_of(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "The manager at Tesco was rude",
        "Nurse at St James's says my bloods are fine",
        "Dietitian at the diabetes clinic wants me cutting back on bread",
    ],
)
def test_someone_elses_title_at_a_place_is_no_job_of_the_users(text: str) -> None:
    assert not any(f.attribute == "employer" for f in facts_of(text)), text


@pytest.mark.parametrize(
    "text",
    ["Applied for the vacation internship at the Two Oceans Aquarium", "I applied for a job at Google",
     "Interviewed at Stripe today", "applied for Project Engineer at DTP, fingers crossed"],
)  # fmt: skip
def test_applying_for_a_job_is_no_employer_yet(text: str) -> None:
    assert not any(f.attribute == "employer" for f in facts_of(text)), text


@pytest.mark.parametrize(
    "text",
    ["Booked the physio for Tuesday", "Booked the dentist for Tuesday 3pm", "Seeing my GP with Mum on Friday",
     "Got the plumber for March"],
)  # fmt: skip
def test_a_professional_booked_for_a_day_is_no_employer(text: str) -> None:
    assert not any(f.attribute == "employer" for f in facts_of(text)), text


def test_a_job_title_that_begins_with_project_is_no_project() -> None:
    def projects(text: str) -> list[str]:
        return [f.content for f in extract(text).facts if f.content.endswith("is a project I'm involved in")]

    assert projects("applied for Project Engineer at DTP") == []
    assert projects("Project Phoenix ships in May") == ["Project Phoenix is a project I'm involved in"]


@pytest.mark.parametrize(
    "text", ["I never drink before noon", "He doesn't drink much", "I don't drink coffee"]
)
def test_drinking_some_things_or_some_of_the_time_is_not_going_without_alcohol(text: str) -> None:
    assert all(f.attribute != "avoids:alcohol" for f in facts_of(text))


def test_a_notes_fragments_join_the_statement_before_them() -> None:
    # alone, "Base is the Reginald Centre" says whose base to no search, and "3 minors" nothing at all
    contents = [f.content for f in facts_of("PASSED!!! 3 minors. Gary hugged me. Me, a driver at 38")]
    assert contents == ["PASSED!!! 3 minors. Gary hugged me. Me, a driver at 38"]
    note = (
        "Day 1 community. Base is the Reginald Centre. Team lead is Priya. "
        "Need a car asap, the buses are a joke"
    )
    assert [f.content for f in facts_of(note)] == [
        "Day 1 community. Base is the Reginald Centre. Team lead is Priya",
        "Need a car asap, the buses are a joke",
    ]


def test_a_notes_one_word_opening_heads_the_statement_after_it() -> None:
    # alone, "Munich" was a memory that answered nothing and that any question naming Munich found first
    contents = [f.content for f in facts_of("Munich. Fed the ducks with Niki in the Englischer Garten.")]
    assert contents == ["Munich. Fed the ducks with Niki in the Englischer Garten"]
    signed = facts_of("Signed!! 3 bed flat on Onslow Drive with Mhairi and Femi.")
    assert [f.content for f in signed] == ["Signed!! 3 bed flat on Onslow Drive with Mhairi and Femi"]
    # the statement keeps the date read from its own words
    (settled,) = facts_of("Highgate. Settlement is 10 April.")
    assert settled.content.startswith("Highgate. Settlement is 10 April")
    assert settled.event_date is not None and (settled.event_date.month, settled.event_date.day) == (4, 10)


@pytest.mark.parametrize(
    "text",
    [
        "My cardiologist found my blood pressure was high. I bought a kayak called Puffin.",
        "Reading The Overstory, I can't put it down.",
        "I work at Google. I live in Boston.",
        "Lunch with Sam was lovely. Dentist thurs 2pm.",
    ],
)
def test_a_whole_statement_or_one_with_a_date_or_a_slot_stays_its_own_memory(text: str) -> None:
    assert len(facts_of(text)) >= 2, [f.content for f in facts_of(text)]


def slots(text: str) -> set[tuple[str | None, str | None, str | None]]:
    return {(f.subject, f.attribute, f.value) for f in extract(text).facts if f.attribute != "relation"}


@pytest.mark.parametrize(
    ("text", "title", "employer"),
    [("Hired as a sous chef at Dishoom Kings Cross 🎉", "sous chef", "Dishoom Kings Cross"),
     ("First week done as a staff nurse at Leeds General", "staff nurse", "Leeds General"),
     ("I'm a paramedic with the London Ambulance Service", "paramedic", "London Ambulance Service")],
)  # fmt: skip
def test_a_title_taken_at_an_employer_stores_both(text: str, title: str, employer: str) -> None:
    assert {("user", "job_title", title), ("user", "employer", employer)} <= slots(text)


def test_work_done_as_a_title_before_is_not_split_into_a_job_now() -> None:
    assert ("user", "job_title", "nurse") not in slots("Worked as a nurse at St James for years")


@pytest.mark.parametrize(
    ("text", "name", "tie"),
    [("Priya's my flatmate, she's a junior doctor at St Thomas'", "Priya", "roommate"),
     ("Hiroshi's my boss and he is obsessed with golf", "Hiroshi", "boss"),
     ("Thandi, my best friend, is in her second year at Wits", "Thandi", "best friend")],
)  # fmt: skip
def test_a_tie_said_short_or_set_off_after_the_name_is_stored(text: str, name: str, tie: str) -> None:
    assert (name, "relation", tie) in {(f.subject, f.attribute, f.value) for f in extract(text).facts}


def test_a_persons_own_thing_is_not_the_person_said_short() -> None:
    assert not any(f.attribute == "employer" for f in extract("Priya's boss works at Google").facts)


@pytest.mark.parametrize(
    ("text", "slot"),
    [("Zara is 7 now and already correcting my spelling", ("Zara", "age", "7")),
     ("my aunt Carmen is 71 and still swims in the sea", ("Carmen", "age", "71")),
     ("allergic to peanuts - remind the caterers", ("user", "allergy:peanut", "allergic")),
     ("Aiko is allergic to shellfish, remember that", ("Aiko", "allergy:shellfish", "allergic")),
     ("Vegan for a month now and honestly don't miss cheese", ("user", "diet", "vegan"))],
)  # fmt: skip
def test_an_age_or_a_condition_said_in_few_words_is_stored(text: str, slot: tuple[str, str, str]) -> None:
    assert slot in slots(text)


@pytest.mark.parametrize("text", ["Tom is 5 minutes late", "Ana is 30 mins away", "Vegan for dinner?"])
def test_a_number_that_is_no_age_and_a_meal_that_is_no_diet_store_nothing(text: str) -> None:
    assert not {s for s in slots(text) if s[1] in ("age", "diet")}


@pytest.mark.parametrize(
    ("text", "slot"),
    [("My favourite food in the world is still my lola's adobo", ("user", "favorite:food", "adobo")),
     ("favourite film of all time is still Spirited Away", ("user", "favorite:film", "Spirited Away")),
     ("Tinariwen are my favourite band, saw them in Bamako", ("user", "favorite:band", "Tinariwen")),
     ("Nadia's favourite food is pierogi", ("Nadia", "favorite:food", "pierogi"))],
)  # fmt: skip
def test_a_favourite_is_the_thing_named_and_whose_it_is(text: str, slot: tuple[str, str, str]) -> None:
    assert slot in slots(text)


@pytest.mark.parametrize(
    ("text", "slot"),
    [("The room costs 600 a month", ("user", "rent", "600")),
     ("£850pcm for a room in Hackney", ("user", "rent", "£850")),
     ("We pay R6,500 rent", ("user", "rent", "R6,500")),
     ("rent going up to 1450 from May", ("user", "rent", "1450")),
     ("New contract signed, £42k a year!!", ("user", "salary", "£42k")),
     ("Got a raise to 70k", ("user", "salary", "70k"))],
)  # fmt: skip
def test_rent_and_pay_are_read_from_the_words_around_them(text: str, slot: tuple[str, str, str]) -> None:
    assert slot in slots(text)


@pytest.mark.parametrize(
    "text", ["paid 300 for the concert tickets", "The house sold for 450k", "Spent 300 a month on food"]
)
def test_an_amount_that_is_neither_rent_nor_pay_is_neither(text: str) -> None:
    assert not {s for s in slots(text) if s[1] in ("rent", "salary")}


@pytest.mark.parametrize(
    ("text", "slot"),
    [("Enrolled at UCL!! first lecture is on Monday", ("user", "school", "UCL")),
     ("doing my MSc at Wageningen, soil science, send help", ("user", "school", "Wageningen")),
     ("Thandi, my best friend, is in her second year at Wits", ("Thandi", "school", "Wits")),
     ("Mateo started at Escuela Primaria Juárez today", ("Mateo", "school", "Escuela Primaria Juárez")),
     # the year with the course between, after the week it is told in
     ("First week of second year BCom accounting at UCT", ("user", "school", "UCT"))],
)  # fmt: skip
def test_study_said_by_its_verb_names_the_school(text: str, slot: tuple[str, str, str]) -> None:
    assert slot in slots(text)
    assert not {s for s in slots(text) if s[1] == "employer"}


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I share a flat in Ancoats with my roommate Declan", "Ancoats"),
        ("My flat is in Ancoats", "Ancoats"),
        ("Our place is out in Didsbury now", "Didsbury"),
    ],
)
def test_a_home_shared_or_said_as_mine_is_where_the_user_lives(text: str, place: str) -> None:
    assert ("user", "location", place) in slots(text)


def test_a_move_and_what_came_with_it_are_two_slots() -> None:
    found = slots("moved to Auckland, got work at Fonterra as a lab tech")
    assert {("user", "location", "Auckland"), ("user", "employer", "Fonterra")} <= found
    # no move, one memory: "hated every minute" is no taste of its own
    found = slots("used to work at Deloitte, hated every minute")
    assert not {s for s in found if "preference" in (s[1] or "")}, found


def test_a_home_in_a_state_is_no_place() -> None:
    assert not {s for s in slots("My house is in a state after the party") if s[1] == "location"}


def test_a_job_in_a_relative_clause_is_the_persons_it_follows() -> None:
    found = slots("I share a flat in Ancoats with my roommate Declan, who is a tattoo artist")

    assert not {s for s in found if s[0] == "user" and s[1] == "job_title"}, found


def test_rent_in_a_note_that_opens_on_someone_else_is_not_the_users() -> None:
    assert not {s for s in slots("Mamá gets 400 lucas a month now. rent $480") if s[0] == "user"}


@pytest.mark.parametrize(
    ("text", "found"),
    [("Now a full-time barista at Blue Bottle", {("user", "employer", "Blue Bottle")}),
     ("Joined Stripe as a product manager", {("user", "job_title", "product manager")}),
     ("Joined Stripe as a product manager", {("user", "employer", "Stripe")}),
     ("I've been hired by St Vincent's as a line cook", {("user", "job_title", "line cook")}),
     ("I've been a night porter at the Savoy for two years", {("user", "employer", "Savoy")}),
     ("im a data analyst at Wise", {("user", "job_title", "data analyst"), ("user", "employer", "Wise")}),
     ("Bolu's a nurse now", {("Bolu", "job_title", "nurse")}),
     ("we own a little cafe in Ubud now", {("user", "employer", "cafe")})],
)  # fmt: skip
def test_a_job_said_in_shorthand_or_by_another_verb_stores_its_slots(text: str, found: set) -> None:
    assert found <= slots(text), slots(text)


def test_a_job_called_by_what_it_is_like_keeps_the_employer_alone() -> None:
    assert ("user", "employer", "the bank") in slots("My job at the bank is boring")


@pytest.mark.parametrize(
    ("text", "slot"),
    [("My colleague Rahul lives all the way out in Whitefield", ("Rahul", "location", "Whitefield")),
     ("Our new home is in Kreuzberg!!! keys collected", ("user", "location", "Kreuzberg")),
     ("My girlfriend Sofía is vegetarian", ("Sofía", "diet", "vegetarian")),
     ("My abuela Rosa turned 90 today!!", ("Rosa", "age", "90")),
     ("I pay 700 quid a month for my room", ("user", "rent", "700 quid")),
     ("Rent is 14 000 rand now", ("user", "rent", "14 000 rand"))],
)  # fmt: skip
def test_the_slot_is_the_named_persons_and_the_amount_whole(text: str, slot: tuple[str, str, str]) -> None:
    assert slot in slots(text), slots(text)


@pytest.mark.parametrize(
    "text", ["Tromsø is home now for my sister Ana", "Paid 45 quid for a haircut", "Tom's a great cook"]
)
def test_another_persons_home_money_spent_and_praise_are_no_slot_of_the_writer(text: str) -> None:
    assert not {s for s in slots(text) if s[0] == "user" and s[1] in ("location", "salary", "job_title")}
    assert ("Tom", "job_title", "cook") not in slots(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [("Kemi (my sister) works as a paralegal at Baker McKenzie", "Kemi"),
     ("Kemi, my sister, works as a paralegal at Baker McKenzie", "Kemi"),
     ("Sipho is a teacher at a school in Soweto", "Sipho")],
)  # fmt: skip
def test_a_job_said_of_someone_named_is_theirs_not_the_writers(text: str, name: str) -> None:
    found = slots(text)

    assert any(s[0] == name and s[1] == "job_title" for s in found), found
    assert not any(s[0] == "user" for s in found), found


def test_a_fragment_split_in_two_reads_as_the_writer_wrote_it() -> None:
    contents = [f.content for f in extract("Working at Oxfam as a nurse").facts if f.attribute]

    assert contents == ["Working at Oxfam", "Working as a nurse"], contents


@pytest.mark.parametrize(
    ("text", "slot"),
    [("cant stand coriander, tastes like soap", ("user", "preference:coriander", "dislikes")),
     ("dont eat meat anymore", ("user", "diet", "no meat")),
     ("Was hired as a line cook at Nando's", ("user", "job_title", "line cook")),
     ("I work at Ørsted now", ("user", "employer", "Ørsted")),
     ("We moved to Łódź in May", ("user", "location", "Łódź"))],
)  # fmt: skip
def test_a_note_typed_without_apostrophes_or_naming_in_accented_capitals_is_read(
    text: str, slot: tuple[str, str, str]
) -> None:
    assert slot in slots(text), slots(text)


def test_a_note_opening_on_was_has_no_one_called_was() -> None:
    assert not any(s[0] == "Was" for s in slots("Was hired as a line cook at Nando's"))


@pytest.mark.parametrize(
    "text",
    ["Viewed 3 bed semi on Lidgett Lane, Roundhay. £1,150 pcm",
     "Mpho says the landlord wants to put the rent up R400 from June"],
)  # fmt: skip
def test_a_home_viewed_or_a_rise_wanted_is_no_rent(text: str) -> None:
    assert not {s for s in slots(text) if s[1] == "rent"}, slots(text)


def test_family_called_in_another_language_is_who_a_later_she_means() -> None:
    note = "told Nanay we'll move to Passi. she said Miggy should stay"
    contents = [f.content for f in extract(note).facts]

    assert any(c.startswith("Nanay said Miggy should stay") for c in contents), contents


def test_a_title_split_from_its_employer_keeps_its_article() -> None:
    note = "I work night shifts as an ICU nurse at St. Brigid's Hospital"
    contents = [f.content for f in extract(note).facts]

    assert "I work as an ICU nurse" in contents, contents


@pytest.mark.parametrize(
    "text", ["Tom's been offered a job at Arup but hes not sure hell take it", "I was offered a job at Monzo"]
)
def test_a_job_offered_is_no_employer_yet(text: str) -> None:
    assert not any(f.attribute == "employer" for f in facts_of(text)), text


def test_an_old_job_at_somewhere_is_history() -> None:
    (job,) = [
        f for f in facts_of("my old job at Sainsburys paid better honestly") if f.attribute == "employer"
    ]

    assert job.value == "Sainsburys" and job.is_historical


@pytest.mark.parametrize(
    ("text", "subject", "title"),
    [("Amara's a bricklayer", "Amara", "bricklayer"),
     ("Jas is a flight attendant", "Jas", "flight attendant"),
     ("mum is a dinner lady at Greenfield Primary now", "my mum", "dinner lady")],
)  # fmt: skip
def test_everyday_occupations_are_job_titles(text: str, subject: str, title: str) -> None:
    assert (subject, "job_title", title) in slots(text)


def test_an_at_sign_between_words_reads_as_at() -> None:
    from engram.language.text import normalise_text

    assert normalise_text("HR business partner @ Tesco, 52k") == "HR business partner at Tesco, 52k"
    assert normalise_text("mail ana@example.com or @bluebottle") == "mail ana@example.com or @bluebottle"


@pytest.mark.parametrize(
    ("text", "subject", "employer", "pay"),
    [("sr data analyst at Ocado now, 61k", "user", "Ocado", "61k"),
     ("I'm a nurse at Guy's, 28k a year", "user", "Guy's", "28k a year"),
     ("my sister is a nurse at Leeds General, 28k", "my sister", "Leeds General", "28k"),
     ("I work at the Co-op, paid 550 a day", "user", "Co-op", "550"),
     ("The new job at Safaricom pays 250k shillings a month", "user", "Safaricom", "250k")],
)  # fmt: skip
def test_pay_told_beside_a_job_is_a_salary_of_its_own(
    text: str, subject: str, employer: str, pay: str
) -> None:
    found = slots(text)

    assert (subject, "employer", employer) in found and (subject, "salary", pay) in found, found


@pytest.mark.parametrize(
    "text",
    [
        "Maya is a nurse at Guy's, 28k",
        "I work at Tesco, 3 days a week",
        "The flat is 1200 a month, I work at Tesco",
    ],
)
def test_no_salary_of_the_users_is_read_from_anothers_pay_or_from_no_pay(text: str) -> None:
    assert not any(subject == "user" and attribute == "salary" for subject, attribute, _ in slots(text)), text


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Starting at KPMG as a tax associate monday", {("user", "employer", "KPMG"),
                                                     ("user", "job_title", "tax associate")}),
     ("Sam has just started as a paralegal at Irwin Mitchell", {("Sam", "employer", "Irwin Mitchell"),
                                                                ("Sam", "job_title", "paralegal")}),
     ("Driving for Uber full time now", {("user", "employer", "Uber")}),
     ("I work at Sainsbury's", {("user", "employer", "Sainsbury's")}),
     ("Kemi started at Guy's as a staff nurse, band 5", {("Kemi", "employer", "Guy's"),
                                                         ("Kemi", "job_title", "staff nurse")})],
)  # fmt: skip
def test_work_started_or_said_from_a_notes_first_word_stores_the_job(
    text: str, expected: set[tuple[str, str, str]]
) -> None:
    assert expected <= slots(text), slots(text)


def test_a_meal_at_someones_place_is_no_employer() -> None:
    assert not any(attribute == "employer" for _, attribute, _ in slots("Had lunch at Sarah's")), slots(
        "Had lunch at Sarah's"
    )


@pytest.mark.parametrize(
    ("text", "employer", "title"),
    [("stripe hired me as a backend engineer!!! start monday", "Stripe", "backend engineer"),
     ("The council took me on as a planning officer!!", "the council", "planning officer"),
     ("Monzo has hired me as a product designer", "Monzo", "product designer"),
     ("Today Google hired me as an engineer", "Google", "engineer")],
)  # fmt: skip
def test_the_organisation_that_hired_the_writer_is_their_employer(
    text: str, employer: str, title: str
) -> None:
    found = slots(text)

    assert {("user", "employer", employer), ("user", "job_title", title)} <= found, found


def test_someone_unnamed_hiring_the_writer_names_no_employer() -> None:
    assert not any(attribute == "employer" for _, attribute, _ in slots("They hired me as a cleaner"))


@pytest.mark.parametrize(
    ("text", "subject", "title", "employer"),
    [("Ollie's a security guard at Westfield, nights", "Ollie", "security guard", "Westfield"),
     ("my boyfriend's a chef at Dishoom Kings Cross", "my boyfriend", "chef", "Dishoom Kings Cross")],
)  # fmt: skip
def test_a_title_at_an_employer_said_with_the_verb_cut_short_stores_both(
    text: str, subject: str, title: str, employer: str
) -> None:
    assert {(subject, "job_title", title), (subject, "employer", employer)} <= slots(text), slots(text)


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("I retired last year", True),
        ("Mum is retired now", True),
        # someone described, no job lost: the writer's own job memories must not be superseded
        ("Signed up for B1, the teacher is Herr Brandt, who looks like a retired boxer", False),
        ("Our neighbour, a recently retired midwife, came round", False),
    ],
)
def test_retired_ends_a_job_only_when_someone_retires(text: str, ended: bool) -> None:
    values = [f.value for f in facts_of(text) if f.attribute == "employer"]

    assert (values == ["retired"]) is ended, values


def test_moving_up_to_a_rank_is_no_move() -> None:
    facts = facts_of("Katrin is moving up to Head of Engineering")

    assert [f.value for f in facts if f.attribute == "location"] == []


@pytest.mark.parametrize("text", ["Dose went up to 100mg", "Rent went up again", "Mortgage approved today"])
def test_a_common_word_opening_a_note_is_no_one(text: str) -> None:
    assert [e for e in extract(text).facts if e.memory_type == "entity"] == []


@pytest.mark.parametrize(
    ("text", "who", "employer"),
    [
        # a verb of the third person with no subject is about the one just named, not the writer
        ("Had coffee with Priya. works at Google now, loves it", "Priya", "Google"),
        ("met a guy at the farmers market, Daniel. teaches chemistry at Allderdice", "Daniel", "Allderdice"),
        # the writer's own: "Started" is no verb of the third person
        ("Started at Google today. loves it so far", "user", "Google"),
    ],
)
def test_a_subjectless_statement_in_the_third_person_is_the_named_persons(text: str, who: str, employer: str):
    facts = [f for f in extract(text).facts if f.attribute == "employer"]

    assert [(f.subject, f.value) for f in facts] == [(who, employer)]
