"""Search and recall answer with what is true now: the current memory of a slot outranks the ones it
replaced (with history included too), a question finds the memory that answers its slot by the memory's
stored attribute when they share no word, and recall labels the past as past.

Both write paths: notes through the offline rules engine (`/v1/analyze`), and structured facts as a
model or a client extracts them (`/v1/memory-update`, subject / attribute / value)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engram.language.changes import reads_as_ending
from engram.language.question_slots import question_slots, same_relations, slot_words
from tests.scenarios.conftest import Engram


def _search(engram: Engram, query: str, **extra) -> list[dict]:
    body = {"query": query, "special": False, "include_historical": True, "limit": 10} | extra
    body = {k: v for k, v in body.items() if v is not None}  # None: the client leaves it out
    response = engram.api.post("/v1/search", body, user=engram.user)
    assert response.status == 200, response.body
    return response.body["results"]


def _recall(engram: Engram, query: str) -> str:
    response = engram.api.post("/v1/recall", {"query": query}, user=engram.user)
    assert response.status == 200, response.body
    return response.body["context"] or ""


def _fact(engram: Engram, content: str, attribute: str, value: str, when: datetime, subject: str = "user"):
    fact = {"content": content, "subject": subject, "attribute": attribute, "value": value,
            "confidence": 0.9, "importance": "high"}  # fmt: skip
    body = {"candidate_fact": fact, "observed_at": when.strftime("%Y-%m-%dT%H:%M:%SZ")}
    response = engram.api.post("/v1/memory-update", body, user=engram.user)
    assert response.status in (200, 201), response.body


def _first(results: list[dict], *words: str) -> int:
    return next(i for i, r in enumerate(results) if any(w in r["content"] for w in words))


SLOT_CHANGES = [
    # (first note, second note, question, old value, new value)
    ("I work at Halvorsen Freight.", "I joined Brindlecomb after leaving Halvorsen Freight.",
     "where do I work?", "Halvorsen", "Brindlecomb"),
    ("I live in Kristiansand.", "We moved to Trondheim last month.", "where do I live?", "Kristiansand",
     "Trondheim"),
    ("I live in a small flat on Elm Row in Kristiansand.", "We moved into a cottage in Trondheim.",
     "where do I live now?", "Kristiansand", "Trondheim"),
]  # fmt: skip


def test_a_relatives_home_answers_where_they_live_not_the_users(engram: Engram):
    engram.note("We live in a terraced house in Ostend with the kids.", when="2026-02-01T10:00:00Z")
    engram.note("My mum lives in Ghent and calls every Sunday.", when="2026-02-02T10:00:00Z")
    engram.note("My brother Piet lives in Leuven.", when="2026-02-03T10:00:00Z")
    results = _search(engram, "where does my mother live?")
    assert "Ghent" in results[0]["content"], [r["content"] for r in results]
    results = _search(engram, "where do we live?")
    assert "Ostend" in results[0]["content"], [r["content"] for r in results]


@pytest.mark.parametrize(("before", "after", "ask", "old", "new"), SLOT_CHANGES)
def test_rules_path_current_memory_outranks_its_predecessor_with_history(
    engram: Engram, before: str, after: str, ask: str, old: str, new: str
):
    engram.note(before, when="2026-02-01T10:00:00Z")
    engram.note(after, when="2026-04-01T10:00:00Z")
    results = _search(engram, ask)
    assert [r for r in results if r["status"] == "superseded" and old in r["content"]], results
    current = _first(results, new)
    stale = [i for i, r in enumerate(results) if old in r["content"] and new not in r["content"]]
    assert all(current < i for i in stale), [(r["content"], r["status"]) for r in results]


@pytest.mark.parametrize(
    ("attribute", "old", "new", "ask"),
    [
        ("employer", "The user works at Quarrytown Press", "The user started at Lindqvist Dental",
         "which company employs me?"),
        ("location", "The user lives in Leuven", "The user relocated to Graz", "where is my home?"),
        ("owns:car", "The user drives a Skoda Octavia", "The user bought a Kia Niro", "what car do I have?"),
    ],
)  # fmt: skip
def test_fact_path_slot_question_finds_the_current_memory_first(
    engram: Engram, attribute: str, old: str, new: str, ask: str
):
    start = datetime.now(UTC) - timedelta(days=60)
    _fact(engram, old, attribute, old.split()[-1], start)
    _fact(engram, new, attribute, new.split()[-1], start + timedelta(days=30))
    results = _search(engram, ask)
    assert results and results[0]["content"] == new, [(r["content"], r["status"]) for r in results]
    context = _recall(engram, ask)
    assert new in context
    assert old not in context.split("<historical_context>")[0]


def test_leaving_the_old_job_leaves_the_new_one_the_current_answer(engram: Engram):
    engram.note("Got the offer! Wind turbine technician with Western Wind Services, starting 2 March.",
                when="2025-11-20T09:00:00Z")  # fmt: skip
    engram.note("Told Gerry I'm leaving Doyle Electrical at the end of February.", when="2026-01-16T09:00Z")
    results = _search(engram, "where do I work these days?", include_historical=None)
    assert "Western Wind" in results[0]["content"], [r["content"] for r in results]


def test_a_job_title_told_answers_where_i_work_before_a_memory_that_says_work(engram: Engram):
    # the title says no place, but a mate "from work" says less of where the user works
    for note in ("Eid. Farah trying to set me up with Imran - Kamal's mate from work, engineer, widower",
                 "Community midwife, start 2 June", "Carers from Home Instead start Mon, 8am + 9pm visits",
                 "Bought the car - 2019 Toyota Yaris hybrid"):  # fmt: skip
        engram.note(note)
    results = _search(engram, "Where do I work?", include_historical=None)
    assert "midwife" in results[0]["content"], [r["content"] for r in results]


def test_an_older_memory_of_the_same_slot_is_demoted_even_while_active(engram: Engram):
    """Two active memories of the user's phone: the newer one is the current answer, whatever the
    older one's words share with the question."""
    start = datetime.now(UTC) - timedelta(days=40)
    _fact(engram, "My phone is a Fairphone 4, the phone I use every day", "phone", "Fairphone 4", start)
    _fact(
        engram,
        "I replaced it with a Nothing Phone 2",
        "owns:phone",
        "Nothing Phone 2",
        start + timedelta(days=20),
    )
    results = _search(engram, "what phone do I use every day?", explain=True)
    assert "Nothing Phone" in results[0]["content"], [r["content"] for r in results]
    older = next(r for r in results if "Fairphone" in r["content"])
    assert older["explain"]["contributions"]["outdated"] < 0


def test_recall_labels_the_past_as_past_when_asked_about_it(engram: Engram):
    engram.note("I work at Halvorsen Freight.", when="2026-02-01T10:00:00Z")
    engram.note("I joined Brindlecomb after leaving Halvorsen Freight.", when="2026-04-01T10:00:00Z")
    now = _recall(engram, "where do I work?")
    assert "Brindlecomb" in now and "<historical_context>" not in now
    past = _recall(engram, "where did I work before?")
    history = past.split("<historical_context>")[1]
    assert "Previously: I work at Halvorsen Freight" in history


def test_a_question_about_how_things_were_reads_what_was_superseded(engram: Engram):
    engram.note(
        "I'm on a keto diet, no bread or pasta, lots of eggs and cheese.", when="2025-02-03T10:00:00Z"
    )
    engram.note("I went fully vegan this January, no more meat, eggs or dairy.", when="2026-01-20T10:00:00Z")
    assert [m["status"] for m in engram.memories(status="superseded") if "keto" in m["content"]] == [
        "superseded"
    ]
    # Unless the client says, a question about before reads the superseded memory, as recall does
    results = _search(engram, "What diet was I on before going vegan?", include_historical=None)
    assert any("keto" in r["content"] and r["status"] == "superseded" for r in results), results
    # ... and a question about now does not
    now = _search(engram, "What diet am I on?", include_historical=None)
    assert not any("keto" in r["content"] for r in now), [r["content"] for r in now]
    # Full text reads the superseded memory when history is included (not the vector signal alone)
    (keto,) = [r for r in _search(engram, "keto diet", explain=True) if "keto" in r["content"]]
    assert "fts" in keto["explain"]["signals"], keto["explain"]


def test_asked_about_the_one_before_the_present_holder_is_not_the_answer(engram: Engram):
    engram.note("Took my girlfriend Ama to the Lowry for Valentine's Day.", when="2025-02-14T10:00:00Z")
    engram.note("Ama and I split up.", when="2025-08-01T10:00:00Z")
    engram.note("Zainab and I are officially together now.", when="2026-01-10T10:00:00Z")
    for query in ("Who was my previous girlfriend?", "who was my old girlfriend?"):
        results = _search(engram, query)
        assert "Zainab" not in results[0]["content"], (query, [r["content"] for r in results])
    assert "Zainab" in _search(engram, "Who is my partner?")[0]["content"]


def test_asked_about_the_one_before_a_holder_the_new_one_superseded_answers(engram: Engram):
    # no word of the question in either memory: only the stored attribute (the slot) finds them
    engram.note("Junior engineer at Halvorsen Freight, start 3 June", when="2024-05-08T10:00:00Z")
    engram.note("Data analyst at Brindlecomb, start 1 March", when="2026-02-10T10:00:00Z")
    assert any("Halvorsen" in m["content"] for m in engram.memories(status="superseded"))
    results = _search(engram, "Who was my previous employer?", threshold=0.3)
    assert results and "Halvorsen" in results[0]["content"], [r["content"] for r in results]
    assert "Brindlecomb" in _search(engram, "Who is my employer?", include_historical=None)[0]["content"]


def test_asked_what_came_before_a_named_one_a_memory_of_the_named_one_answers_less(engram: Engram):
    # the name locates the answer in time: a memory that holds it is not, for that, about what is asked
    engram.note("We sold the house on Cobden Road after twelve years there.", when="2025-03-02T10:00:00Z")
    engram.note("First night in the Eastfield flat, boxes everywhere.", when="2025-04-14T10:00:00Z")
    engram.note("The Eastfield neighbours brought round a lasagne.", when="2025-04-20T10:00:00Z")
    results = _search(engram, "What house did we live in before Eastfield?", threshold=0)
    relevance = {r["content"]: r["relevance"] for r in results}
    (cobden,) = [v for c, v in relevance.items() if "Cobden" in c]
    assert all(v < cobden for c, v in relevance.items() if "Eastfield" in c), relevance
    # asked about Eastfield itself, its memories answer
    relevance = {
        r["content"]: r["relevance"] for r in _search(engram, "What house did we live in at Eastfield?")
    }
    (cobden,) = [v for c, v in relevance.items() if "Cobden" in c] or [0.0]
    assert any(v > cobden for c, v in relevance.items() if "Eastfield" in c), relevance


def test_asked_how_things_are_now_the_last_told_of_the_answers_comes_first(engram: Engram):
    # the write path keeps both (a book is no slot); the question about now reads the later one
    engram.note("These days I'm reading Middlemarch on the bus, slow going.", when="2025-01-05T10:00:00Z")
    engram.note("The reading group meets at the library on Fridays.", when="2025-05-02T10:00:00Z")
    engram.note("Reading The Overstory, I can't put it down.", when="2025-10-01T10:00:00Z")
    results = _search(engram, "What am I reading these days?")
    assert "Overstory" in results[0]["content"], [r["content"] for r in results]
    assert _first(results, "Overstory") < _first(results, "Middlemarch")
    # a period the question names says which time it asks about: the last told is no answer then
    results = _search(engram, "What was I reading these days in January 2025?", explain=True)
    assert "Middlemarch" in results[0]["content"], [r["content"] for r in results]
    assert not [r for r in results if "newer" in r["explain"]["contributions"]], results


def test_asked_now_for_a_kind_of_thing_a_later_memory_without_it_is_not_the_present(engram: Engram):
    engram.note(
        "Cardiologist: stop warfarin, start apixaban (Eliquis) 5 mg twice a day", when="2025-03-04T10:00:00Z"
    )
    engram.note("Blood pressure 150/95 at the pharmacy", when="2025-09-20T10:00:00Z")
    results = _search(
        engram, "Which blood thinner am I taking now?", explain=True, sensitivity_max="sensitive"
    )
    assert "Eliquis" in results[0]["content"], [r["content"] for r in results]
    pressure = [r for r in results if "150/95" in r["content"]]
    assert all("newer" not in r["explain"]["contributions"] for r in pressure), pressure


def test_a_new_health_reading_supersedes_the_last_one(engram: Engram):
    engram.note("My blood pressure was 150 over 95 at the GP.", when="2025-03-01T10:00:00Z")
    engram.note("My A1C is 6.1, the doctor says prediabetes.", when="2025-03-02T10:00:00Z")
    engram.note(
        "My blood pressure is down to 128 over 82 since the diet change.", when="2026-03-01T10:00:00Z"
    )
    old = [m["content"] for m in engram.memories(status="superseded")]
    assert any("150 over 95" in c for c in old) and not any("A1C" in c for c in old), old
    private = {"sensitivity_max": "private", "include_historical": None}
    results = _search(engram, "How is my blood pressure these days?", **private)
    assert "128 over 82" in results[0]["content"] and not any("150" in r["content"] for r in results)
    past = _search(engram, "What was my blood pressure before?", **private)
    assert any("150 over 95" in r["content"] and r["status"] == "superseded" for r in past), past


def test_a_new_dose_supersedes_the_last_and_the_question_finds_it(engram: Engram):
    engram.note("levothyroxine 50mcg every morning, empty stomach", when="2025-06-20T10:00:00Z")
    engram.note("My dad takes warfarin 3mg a day.", when="2025-06-21T10:00:00Z")
    engram.note(
        "TSH came back high. Dr Sumagaysay is increasing the levo to 75mcg", when="2025-11-02T10:00:00Z"
    )
    engram.note("Dad's warfarin dropped to 2mg after his INR came back high.", when="2025-11-03T10:00:00Z")
    old = [m["content"] for m in engram.memories(status="superseded")]
    assert any("50mcg" in c for c in old) and any("3mg" in c for c in old), old
    private = {"sensitivity_max": "private", "include_historical": None}
    results = _search(engram, "What dose of levothyroxine do I take?", **private)
    assert "75mcg" in results[0]["content"] and not any("50mcg" in r["content"] for r in results)
    results = _search(engram, "How much warfarin is Dad on now?", **private)
    assert "2mg" in results[0]["content"], [r["content"] for r in results]
    started = _search(engram, "What dose of levothyroxine did I start on?", **private)
    assert any("50mcg" in r["content"] and r["status"] == "superseded" for r in started), started


def test_a_new_dose_said_without_the_medicine_supersedes_the_one_told_long_before(engram: Engram):
    engram.note("Dr Lam bumped my levothyroxine to 75mcg, recheck in 8 weeks", when="2025-06-20T10:00:00Z")
    # many facts told since: the dose is far down what the write path reads as known
    crops = ["beans", "leeks", "kale", "chard", "peas"] * 24
    garden = [
        {"content": f"Planted row {i} of the allotment by the canal with {crop}, watered twice a week",
         "confidence": 0.95}
        for i, crop in enumerate(crops)
    ]  # fmt: skip
    response = engram.api.post("/v1/import", {"facts": garden}, user=engram.user)
    assert response.status == 200, response.body
    engram.note("bloods: TSH crept back up. Dr Lam upped me to 88mcg", when="2026-08-11T10:00:00Z")

    old = [m["content"] for m in engram.memories(status="superseded")]
    assert any("75mcg" in c for c in old), old
    results = _search(engram, "What dose of levothyroxine am I on?", sensitivity_max="private")
    assert "88mcg" in results[0]["content"], [r["content"] for r in results]


def test_my_partner_finds_the_fiancee_by_her_relation():
    assert "fiancée" in same_relations("partner") and "girlfriend" in same_relations("wife")
    assert same_relations("neighbour") == {"neighbour"}


def test_partner_question_finds_the_engagement_in_both_search_modes(engram: Engram):
    engram.note("My boyfriend Tobiah loves sailing.", when="2026-02-01T10:00:00Z")
    engram.note("Tobiah and I got engaged yesterday!", when="2026-04-01T10:00:00Z")
    for special in (True, False):
        response = engram.api.post("/v1/search", {"query": "who is my partner?", "special": special},
                                   user=engram.user)  # fmt: skip
        assert any("Tobiah" in r["content"] for r in response.body["results"]), (special, response.body)


@pytest.mark.parametrize(
    ("question", "subjects", "attributes"),
    [
        ("where is Ingrid working these days?", ("ingrid",), {"employer"}),
        ("which city do we live in now?", ("user",), {"location"}),
        ("what university does Oren attend?", ("oren",), {"school"}),
        ("do I still own a kayak?", ("user",), {"kayak", "owns:kayak"}),
        ("how is Pepper doing?", ("pepper",), {"health%"}),
        ("explain photosynthesis", (), set()),
        ("where do my parents live?", ("my parents", "our parents", "parents"), {"location"}),
        ("where does my sister work these days?", ("my sister", "our sister", "sister"), {"employer"}),
        ("where do I live with my wife?", ("user",), {"location"}),
        (
            "where does Dad live?",
            ("my dad", "our dad", "dad", "my father", "our father", "father"),
            {"location"},
        ),
        (
            "what dose of metformin does Grandma take?",
            (
                "my grandma",
                "our grandma",
                "grandma",
                "my grandmother",
                "our grandmother",
                "grandmother",
                "my granny",
                "our granny",
                "granny",
                "my nana",
                "our nana",
                "nana",
            ),
            {"medication:metformin"},
        ),
        (
            "what's my mum's address?",
            ("my mom", "our mom", "mom", "my mother", "our mother", "mother", "my mum", "our mum", "mum"),
            {"location"},
        ),
    ],
)
def test_question_slots_read_kinds_of_questions(question: str, subjects: tuple, attributes: set[str]):
    slots = question_slots(question)
    assert slots.subjects == subjects
    assert attributes <= {rule.pattern for rule in slots.rules}


@pytest.mark.parametrize(
    ("question", "asks_the_partner"),
    [("Who is my partner?", True), ("Is Tom's partner coming to the party?", True),
     ("Do I have a partner?", True), ("Who's my business partner?", False),
     ("Who was my lab partner in first year?", False)],
)  # fmt: skip
def test_a_business_or_lab_partner_is_no_one_the_user_is_with(question: str, asks_the_partner: bool):
    patterns = {rule.pattern for rule in question_slots(question).rules}
    assert ("relationship:%" in patterns) == asks_the_partner, patterns


@pytest.mark.parametrize(
    ("question", "asks_home"),
    [("Where is my work based?", False), ("Where's the company based?", False),
     ("Where am I based now?", True)],
)  # fmt: skip
def test_where_a_workplace_is_based_is_no_home(question: str, asks_home: bool):
    assert ("location" in {r.pattern for r in question_slots(question).rules}) is asks_home


@pytest.mark.parametrize(
    ("value", "ends"),
    [("left C&M", True), ("no longer owns a car", True), ("ended: passed away", True),
     ("Western Wind Services", False), ("Leftfield Studios", False), (None, False)],
)  # fmt: skip
def test_a_stored_value_reads_as_an_ending(value, ends: bool):
    assert reads_as_ending(value) is ends


def test_a_job_answers_where_one_works_not_what_else_is_asked_about_work(engram: Engram):
    """The stored employer answers the words that ask for it: asked about gear worn at work, the memory
    that says what is worn answers better than the job memory, which explains only "work" of it."""
    notes = [
        "I joined Brindlecomb Civil as a site engineer.",
        "Moved into a flat in Footscray with Dev.",
        "Have to wear steel-capped boots and hi-vis on site every day.",
        "Booked the physio for Tuesday.",
        "Dinner at Mum's on Sunday, she made empanadas.",
        "Signed up for the Sunday football league.",
    ]
    for day, note in enumerate(notes, start=1):
        engram.note(note, when=f"2026-02-{day:02d}T10:00:00Z")
    results = _search(engram, "what safety gear do I have to wear at work?", explain=True, threshold=0.0)
    relevance = {r["content"]: r["relevance"] for r in results}
    job = next(r for r in results if "Brindlecomb" in r["content"])
    boots = next(r for r in results if "boots" in r["content"])
    assert boots["relevance"] > job["relevance"], relevance
    assert job["explain"]["evidence"]["slot"] and job["explain"]["evidence"]["slot_share"] < 0.5
    # the physio booked for a day is no employer: the job is still the answer to where one works
    results = _search(engram, "where do I work?", explain=True)
    assert "Brindlecomb" in results[0]["content"], [r["content"] for r in results]
    assert results[0]["explain"]["evidence"]["slot_share"] == 1.0


def test_a_question_asking_only_its_slot_is_answered_by_the_slot_not_by_the_word(engram: Engram):
    """A question asking nothing but the employer ("who did I work for before ...?"): once a memory
    stores the employer, a memory that merely says "work" ("the van somehow works") does not answer,
    however many of the question's words it holds; an ending ("Resigned from ...") is the one before,
    not what is now."""
    notes = [
        ("2025-03-03", "Back on the Sandyford site this week, fitting out the third floor"),
        ("2025-11-20", "Got the offer! Wind turbine technician with Western Wind Services, starting 2 March"),
        ("2026-01-16", "Told Gerry I'm leaving Doyle Electrical at the end of February"),
        ("2026-03-09", "The old van somehow works again, Oleh fixed the starter"),
        ("2026-03-20", "Working at heights again next week, the harness still rubs"),
    ]
    for day, note in notes:
        engram.note(note, when=f"{day}T10:00:00Z")
    results = _search(engram, "Who did I work for before the wind company?", explain=True, threshold=0.0)
    assert "Doyle Electrical" in results[0]["content"], [r["content"] for r in results]
    van = next(r for r in results if "van" in r["content"])
    assert van["relevance"] < results[0]["relevance"], [(r["content"], r["relevance"]) for r in results]
    results = _search(engram, "Who do I work for now?", include_historical=None)
    assert "Western Wind" in results[0]["content"], [r["content"] for r in results]


@pytest.mark.parametrize(
    ("question", "words"),
    [("Where do I work?", ["work"]), ("Which suburb do we live in?", ["suburb", "live"]),
     ("Which days am I working from home?", []), ("Do I have a bike?", ["bike"]),
     ("What dose of levothyroxine do I take?", ["levothyroxine"]),
     ("How is my grandfather?", ["grandfather"]), ("Where does my sister work?", ["work", "sister"])],
)  # fmt: skip
def test_the_words_that_ask_for_a_slot(question: str, words: list[str]):
    assert slot_words(question) == words
