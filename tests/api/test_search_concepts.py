"""A question in general words finds a memory written in specific ones, through the concepts the memory's
own text stands for, and those concepts follow the text whenever it changes."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest

from engram.db.repositories.dictionary_check import dictionary_differences
from engram.lifecycle.cleanup import cleanup_user
from tests.memory_factory import add_memories


def _search(api, user_id: str, query: str) -> list[str]:
    response = api.post("/v1/search", {"query": query}, user=user_id)
    assert response.status == 200, response.body
    return [hit["content"] for hit in response.body["results"]]


def test_a_general_question_finds_the_specific_memory_and_an_edit_moves_its_concepts(api, db, user_id):
    # Given memories in specific words only: a kind of dog, an instrument, a drug
    dog, cello, _ = add_memories(
        db,
        user_id,
        "We adopted a whippet called Biscuit from the rescue centre",
        "I took up the cello again after ten years",
        "The GP started me on sertraline",
    )
    # When asked in the words of their kinds, each is found first and above the default threshold
    assert _search(api, user_id, "Which breed is our pet?")[:1] == [dog["content"]]
    assert _search(api, user_id, "What instrument do I play?")[:1] == [cello["content"]]
    assert _search(api, user_id, "What medication am I taking?")[:1] == ["The GP started me on sertraline"]
    # When the cello memory is corrected to a hobby with no instrument, "instrument" no longer finds it
    edited = api.request(
        "PUT", f"/v1/memories/{cello['id']}", {"content": "I took up pottery again"}, user=user_id
    )
    assert edited.status == 200, edited.body
    assert "I took up pottery again" not in _search(api, user_id, "What instrument do I play?")


def test_a_question_in_the_base_form_finds_the_memory_told_in_the_past(api, db, user_id):
    won, met, _ = add_memories(
        db,
        user_id,
        "We even won a trophy at the end of the season",
        "Tom and Ana met at a salsa class in Leeds",
        "The season starts again in September",
    )
    assert _search(api, user_id, "What did the team win at the end of the season?")[:1] == [won["content"]]
    assert _search(api, user_id, "Where did Tom and Ana meet?")[:1] == [met["content"]]


@pytest.mark.parametrize(
    ("memories", "asked"),
    [
        pytest.param(
            ("I adore very spicy food, scotch bonnets in everything",
             "I want to open my own West African food truck one day",
             "Mushrooms make me gag, I can't stand them"),
            {"What kind of food do I like?": 0, "What food do I dislike?": 2},
            id="a-like-or-dislike-told-in-other-words",
        ),
        pytest.param(
            ("Bought a weekly pill box for Pauline, she's on donepezil at night now",
             "Pauline has gone right off meat",
             "I launched my food truck, Smoke and Pepper, selling jollof wraps"),
            {"What medication is Pauline on?": 0, "What is Pauline taking for her memory?": 0,
             "What kind of business did I launch?": 2},
            id="a-medicine-by-the-ending-of-its-name-and-a-food-truck-as-a-business",
        ),
        pytest.param(
            ("Sold the Octavia and bought a second-hand Ford Ranger",
             "Rode the bus into town for the match",
             "My manager at the café, Ricardo, keeps giving me the Thursday shift"),
            {"What car do I have now?": 0, "Who was my boss at the café?": 2},
            id="a-car-by-its-make-and-a-boss-by-the-word-manager",
        ),
        pytest.param(
            ("Spent two years teaching English at a language school in Kyoto",
             "Took the night train to Vienna for a long weekend with Priya",
             "Teaching maths at a secondary school in Leeds now, mostly year nine",
             "We went kayaking on the lake on Sunday"),
            {"What did I do in Japan?": 0, "Which European cities have I been to?": 1,
             "What outdoor activities have I done?": 3},
            id="a-place-by-its-country-and-part-of-the-world-and-kayaking-as-an-activity",
        ),
        pytest.param(
            ("Dr Walker has added atorvastatin 20mg at night",
             "I'm on ramipril 5mg in the mornings now",
             "Last Xarelto tablet today, glad that's over",
             "Cutting back on bread and white rice, the dietitian says"),
            {"What am I taking for my cholesterol?": 0, "What do I take for my blood pressure?": 1,
             "Am I still on a blood thinner?": 2},
            id="what-a-medicine-is-taken-for-by-its-name",
        ),
        pytest.param(
            ("Pay at the drugstore is 18k a month, not enough but ok",
             "The drugstore is closed on Sundays"),
            {"What was my salary at the drugstore?": 0, "How much do I earn?": 0},
            id="pay-is-what-one-earns",
        ),
        pytest.param(
            ("Vegan now, properly this time", "Went to the fish market with Anna",
             "Had the roast chicken at the Crown on Sunday"),
            {"Do I eat meat?": 0, "What meat did I have at the Crown?": 2},
            id="a-diet-or-a-meat-says-whether-one-eats-meat",
        ),
        pytest.param(
            ("Dr Nguyen at the clinic had a look at the xray", "Joan's trifle was the best"),
            {"Who's my GP?": 0},
            id="a-doctor-by-title-is-a-gp",
        ),
        pytest.param(
            ("The last twenty years at Kaikorai Valley High", "Went up the High Street for a coffee"),
            {"Which school was I at?": 0},
            id="a-school-by-its-name",
        ),
        pytest.param(
            ("Isla turned ten today, video call with Melbourne", "Isla rang from Melbourne"),
            {"How old is Isla?": 0},
            id="an-age",
        ),
        pytest.param(
            ("Two summers as a kitchen hand at the Anchor", "Cashier at Lidl on Saturdays through college",
             "Mum spent three days in hospital last spring"),
            {"Have I ever worked in hospitality?": 0, "Did I ever work in retail?": 1},
            id="a-trade-by-its-jobs",
        ),
        pytest.param(
            ("Did my first parkrun in Bushy Park", "Picked up my Blaue Karte at the immigration office",
             "Alice was born on Sunday, I'm tio!", "Vó Cida is home from hospital",
             "Diagnosed with rheumatoid arthritis, hands stiff every morning"),
            {"What do I do to stay in shape?": 0, "What's my immigration status?": 1, "Am I an uncle?": 2,
             "How is my grandmother?": 3, "What autoimmune disease do I have?": 4},
            id="exercise-residency-and-family-in-another-language",
        ),
        pytest.param(
            ("THEY MADE AN OFFER. Senior Mobile Engineer at Radwerk, seventy-eight thousand a year gross",
             "Radwerk's office is in Kreuzberg"),
            {"How much do I make a year?": 0},
            id="pay-said-in-words",
        ),
    ],
)  # fmt: skip
def test_a_question_in_general_words_finds_the_memory_told_in_specific_ones(
    api, db, user_id, memories: tuple[str, ...], asked: dict[str, int]
):
    added = add_memories(db, user_id, *memories)
    for question, answer in asked.items():
        assert _search(api, user_id, question)[:1] == [added[answer]["content"]], question


def test_a_country_the_question_names_finds_the_memories_of_its_cities(api, db, user_id):
    # Given memories that name cities only, and one that names the country in passing
    accra, _, kyoto, _, _ = add_memories(
        db,
        user_id,
        "Flying to Accra on 3 April for Mum's sixtieth",
        "I go bouldering at the climbing wall on my days off",
        "I was a sound technician at a theatre in Kyoto for two years",
        "Bought a rice cooker that was made in Japan",
        "My old professor is leaving for a job in California",
    )
    # When asked with the country's name, the memory in one of its cities comes first: a question about
    # the place no memory says ("Ghana") and one about the place another memory says ("Japan") alike
    assert _search(api, user_id, "When am I going to Ghana?")[:1] == [accra["content"]]
    assert _search(api, user_id, "What job did I have in Japan?")[:1] == [kyoto["content"]]


def test_what_someone_does_for_a_living_is_their_work_not_where_they_live(api, db, user_id):
    engineer, _ = add_memories(
        db,
        user_id,
        "I went on a first date with Callum, a sound engineer, at a ramen bar",
        "Callum lives in Leeds near the canal",
    )
    assert _search(api, user_id, "What does Callum do for a living?")[:1] == [engineer["content"]]


def test_someone_elses_job_does_not_answer_where_i_work(api, db, user_id):
    add_memories(db, user_id, "I went on a first date with Callum, a sound engineer, at a ramen bar")
    (nurse,) = add_memories(db, user_id, "Practice nurse at Harbourview Community Clinic, day shifts only")
    response = api.post("/v1/search", {"query": "Where do I work now?", "explain": True}, user=user_id)
    hits = response.body["results"]
    assert hits[0]["content"] == nurse["content"], [h["content"] for h in hits]
    assert [h["explain"]["evidence"]["other_owner"] for h in hits] == [False, True]


def test_memories_written_before_concepts_existed_get_them_from_the_daily_cleanup(api, db, user_id):
    (row,) = add_memories(db, user_id, "Booked a cruise along the Norwegian coast for June")
    with db.user_transaction(user_id) as conn:  # as a row from before the column was added
        conn.execute("UPDATE memories SET concepts = NULL WHERE id = %s", (row["id"],))
    assert row["content"] not in _search(api, user_id, "Where am I going on holiday?")
    assert cleanup_user(user_id, datetime.now(UTC)).concepts_derived == 1
    assert _search(api, user_id, "Where am I going on holiday?")[:1] == [row["content"]]
    assert cleanup_user(user_id, datetime.now(UTC)).concepts_derived == 0


LEXICON_0029 = "0029_concepts_medicines_pay_meat_doctors_schools_ages.sql"
LEXICON_0030 = "0030_concepts_more_medicines.sql"
LEXICON_0031 = "0031_concepts_pay_beside_a_job.sql"
LEXICON_0032 = "0032_concepts_habits.sql"
LEXICON_0033 = "0033_concepts_death.sql"
LEXICON_0034 = "0034_concepts_car_models.sql"
LEXICON_0036 = "0036_concepts_tiredness_cold_job_loss.sql"
LEXICON_0037 = "0037_concepts_mama_papa.sql"
LEXICON_0038 = "0038_concepts_blue_and_breeds.sql"
LEXICON_0039 = "0039_concepts_trades.sql"
LEXICON_0040 = "0040_concepts_roles_are_no_jobs.sql"
LEXICON_0041 = "0041_concepts_typed_shorthand.sql"
LEXICON_0043 = "0043_concepts_vegetables_chillies_injuries_mountains.sql"
LEXICON_0046 = "0046_concepts_working_at_a_place.sql"
LEXICON_0047 = "0047_concepts_degrees_by_letters.sql"
LEXICON_0048 = "0048_concepts_salary_conditions_devices.sql"
LEXICON_0049 = "0049_concepts_a_job_is_work.sql"
LEXICON_0050 = "0050_concepts_ages_said_and_breakfast.sql"
LEXICON_0051 = "0051_concepts_listening_and_ulam.sql"
LEXICON_0052 = "0052_concepts_home_loans_and_per_month.sql"
LEXICON_0053 = "0053_concepts_flats_and_studios.sql"
LEXICON_0054 = "0054_concepts_fitness_residency_and_kin_words.sql"
LEXICON_0055 = "0055_concepts_pay_said_in_words.sql"


@pytest.mark.parametrize(
    ("migration", "changed", "same"),
    [("0019_concepts_lexicon.sql", "We won the pub quiz", "The quiz is on Thursdays"),
     ("0020_concepts_likes_and_kinds.sql", "I can\u2019t stand olives", "I can stand on one leg"),
     ("0022_concepts_business_allergy_medicines.sql", "Switched to ramipril", "Started in April"),
     ("0022_concepts_business_allergy_medicines.sql", "Hay fever is back", "The hay is in the barn"),
     ("0023_concepts_cars_and_bosses.sql", "Bought a second-hand Ford Ranger", "Forded the river"),
     ("0024_concepts_places_and_activities.sql", "A short trip to Rome", "A short trip to the shops"),
     ("0024_concepts_places_and_activities.sql", "Moving to the US in May", "Come with us in May"),
     ("0024_concepts_places_and_activities.sql", "We went kayaking", "We went shopping"),
     ("0024_concepts_places_and_activities.sql", "Got Nate an Xbox", "Got Nate a card"),
     ("0025_concepts_roles_painkillers_grandchildren.sql", "Grandkid number three!", "Number three!"),
     ("0025_concepts_roles_painkillers_grandchildren.sql", "Gogo passed away", "The storm passed"),
     ("0026_concepts_doses_doctors_housing.sql", "Up the levo to 75mcg", "Up the road to 75 Main St"),
     ("0026_concepts_doses_doctors_housing.sql", "Saw Dr Nguyen", "Saw Drew"),
     ("0026_concepts_doses_doctors_housing.sql", "The rent went up", "The tent went up"),
     (LEXICON_0029, "Added atorvastatin at night", "Added a lamp at night"),
     (LEXICON_0029, "Last Xarelto tablet", "Last Xanax tablet"),
     (LEXICON_0029, "Pay 18k/mo, not enough", "Day 18, not enough"),
     (LEXICON_0029, "Vegan now", "Vague now"),
     (LEXICON_0029, "Dr Nguyen had a look", "Drew had a look"),
     (LEXICON_0029, "Kids started at Scoil Mhuire", "Kids started at school"),
     (LEXICON_0029, "Zosia (9) is grand", "Zosia is grand"),
     (LEXICON_0029, "Isla turned ten today", "Isla rang today"),
     (LEXICON_0030, "Gabapentin now 600mg", "Gaba now at 600"),
     (LEXICON_0030, "Three months on citalopram", "Three months in Catalonia"),
     (LEXICON_0030, "Zoloft went up", "Zoom went up"),
     (LEXICON_0031, "HIRED at St. Clare, pharmacist, 26,500/mo", "HIRED a van for the move, 26 boxes"),
     (LEXICON_0031, "Part time at the Co-op, £11.44 an hour", "Part of the Co-op for 11 years"),
     (LEXICON_0032, "One month off the fags", "One month off the grid"),
     (LEXICON_0033, "Gogo passed away last night", "The storm passed last night"),
     (LEXICON_0034, "Got a used RAV4 hybrid", "Got a used sofa"),
     (LEXICON_0036, "Laid off. Northpoint restructured", "Laid the table"),
     (LEXICON_0036, "Explains the tiredness", "Explains the delay"),
     (LEXICON_0037, "Miggy's papa Jomar didn't send it", "Miggy's pal Jomar didn't send it"),
     (LEXICON_0038, "Blue (kelpie, 13) slow of a morning", "Tess slow of a morning"),
     (LEXICON_0039, "Kitchen hand at Rosie's for two summers", "Washed my hands at Rosie's"),
     (LEXICON_0040, "Papa's doctor put him on insulin", "Papa's dog put on weight"),
     (LEXICON_0041, "Farah's bday, little sis turning 33", "Farah's party, turning 33"),
     (LEXICON_0043, "Still can't stand pumpkin", "Still can't stand him"),
     (LEXICON_0043, "Scotch bonnets in everything", "Scotch eggs in everything"),
     (LEXICON_0043, "Grade 2 hamstring tear", "Grade 2 piano exam"),
     (LEXICON_0043, "We're raising a series A", "We're watching a series"),
     (LEXICON_0043, "Up Mount Wellington in the snow", "Up in Wellington in the snow"),
     (LEXICON_0043, "East Van is getting crazy", "The east wing is getting crazy"),
     (LEXICON_0043, "Farah trying to set me up with Imran", "Farah trying to set up the router"),
     (LEXICON_0046, "I work at Osaka University", "I walk to Osaka University"),
     (LEXICON_0047, "Switching to a BSc in marine biology", "Switching to a bike for the commute"),
     (LEXICON_0048, "My salary is 26,500/mo", "My sister is 26"),
     (LEXICON_0048, "TSH high = hypothyroidism", "TSH high again"),
     (LEXICON_0048, "Zayan wants an iPhone", "Zayan wants a bike"),
     (LEXICON_0048, "Twisted my knee on the ladder", "Fixed the ladder"),
     (LEXICON_0048, "The inhaler really works", "The inhaler is new"),
     (LEXICON_0049, "Kamal got the job at the plant", "Kamal got the keys to the plant"),
     (LEXICON_0050, "Our grandson Theo is seven and plays the drums", "Theo plays the drums"),
     (LEXICON_0050, "she's 33 now", "she's here now"),
     (LEXICON_0050, "Porridge with sultanas every morning", "Toast with jam every morning"),
     (LEXICON_0051, "Podcasts on long drives", "Snacks on long drives"),
     (LEXICON_0051, "Fave ulam forever", "Fave aunt forever"),
     (LEXICON_0052, "The mortgage went through", "The paperwork went through"),
     (LEXICON_0052, "Room is £900 pcm", "Room is 9 by 12"),
     (LEXICON_0053, "Flat path along the canal", "Long path along the canal"),
     (LEXICON_0053, "Still working on the dance studio", "Still working on the dance floor"),
     (LEXICON_0054, "Did my first parkrun", "Did my first park walk"),
     (LEXICON_0054, "Picked up my Blaue Karte", "Picked up my blue coat"),
     (LEXICON_0054, "Diagnosed with rheumatoid arthritis", "Diagnosed with a cold"),
     (LEXICON_0054, "Vó Cida is home", "Vovozinha Cida is home"),
     (LEXICON_0054, "I'm tio!", "I'm tired!"),
     (LEXICON_0054, "Mamá called", "Mama called"),
     (LEXICON_0054, "Doctor put me on sertraline", "Doctor Who is back on telly"),
     (LEXICON_0055, "Engineer at Arup, seventy thousand a year gross", "Engineer at Arup, seventy people")],
)  # fmt: skip
def test_a_lexicon_migration_marks_only_the_memories_it_changes(db, user_id, migration, changed, same):
    """sql/0019, 0020, 0022 to 0026, 0029 to 0034, 0036 to 0041, 0043 and 0046 to 0055 mark for derivation
    again the memories whose text holds a word the lexicon gained."""
    marked, kept = add_memories(db, user_id, changed, same)
    statement = (Path(__file__).parents[2] / "sql" / migration).read_text()
    with db.user_transaction(user_id) as conn:  # as the rows were under the lexicon before
        conn.execute("UPDATE memories SET concepts = 'old' WHERE user_id = %s", (user_id,))
        conn.execute(statement)
        rows = conn.execute("SELECT id, concepts FROM memories WHERE user_id = %s", (user_id,)).fetchall()
    concepts = {r["id"]: r["concepts"] for r in rows}
    assert concepts == {marked["id"]: None, kept["id"]: "old"}


def test_a_lexicon_migration_marks_the_memories_whose_kinds_gained_words(db, user_id):
    """sql/0025 gave kinds the lexicon already had more words (a job title is also a role): the memories
    whose concepts hold such a kind are derived again, the others are left."""
    marked, kept = add_memories(db, user_id, "I'm the CTO now", "I'm the one now")
    statement = (
        Path(__file__).parents[2] / "sql" / "0025_concepts_roles_painkillers_grandchildren.sql"
    ).read_text()
    with db.user_transaction(user_id) as conn:  # as the rows were under the lexicon before
        conn.execute(
            "UPDATE memories SET concepts = CASE WHEN id = %s THEN 'career job occupation' ELSE 'old' END "
            "WHERE user_id = %s",
            (marked["id"], user_id),
        )
        conn.execute(statement)
        rows = conn.execute("SELECT id, concepts FROM memories WHERE user_id = %s", (user_id,)).fetchall()
    assert {r["id"]: r["concepts"] for r in rows} == {marked["id"]: None, kept["id"]: "old"}


def test_concepts_derived_again_keep_the_term_counts_exact(db, user_id):
    """The counts of each lexeme's memories that relevance reads follow a change of concepts alone (the
    daily cleanup deriving a memory's concepts again after a lexicon migration)."""
    (row,) = add_memories(db, user_id, "Switched to ramipril last week")
    with db.user_transaction(user_id) as conn:
        conn.execute("UPDATE memories SET concepts = NULL WHERE id = %s", (row["id"],))
        assert not any(dictionary_differences(conn, user_id).values())
    assert cleanup_user(user_id, datetime.now(UTC)).concepts_derived == 1
    with db.user_transaction(user_id) as conn:
        assert not any(dictionary_differences(conn, user_id).values())


@pytest.mark.own_database
def test_the_dictionary_migration_recounts_the_terms_from_the_memories(db, user_id, test_database_url):
    """sql/0027 (and 0028, which changes how every memory is read) rebuilds the counts a change of
    concepts alone had left behind before it (`engram_memory_terms_recount`)."""
    (row,) = add_memories(db, user_id, "Switched to ramipril last week")
    with psycopg.connect(test_database_url, autocommit=True) as owner:  # as before the trigger followed
        owner.execute("ALTER TABLE memories DISABLE TRIGGER memories_dictionaries_changed")
        owner.execute("UPDATE memories SET concepts = 'zebra' WHERE id = %s", (row["id"],))
        owner.execute("ALTER TABLE memories ENABLE TRIGGER memories_dictionaries_changed")
    with db.user_transaction(user_id) as conn:
        assert dictionary_differences(conn, user_id)["missing_terms"] == [("zebra", 1)]
    with psycopg.connect(test_database_url, autocommit=True) as owner:
        owner.execute("SELECT engram_memory_terms_recount()")
    with db.user_transaction(user_id) as conn:
        assert not any(dictionary_differences(conn, user_id).values())
