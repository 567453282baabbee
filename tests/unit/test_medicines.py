"""What a note says about taking a medicine, read into the slot a later note supersedes: the dose, how
often, a start or a stop, and who takes it. (The end-to-end change cases are in
tests/scenarios/change_sentences.json, kind "medication".)"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engram.language.cues import CORRECTION_PREFIX
from engram.language.lexicons import sensitivity_of
from engram.language.medicine_takers import WRITER, known_medicines, taker_of
from engram.language.medicines import medication_in
from engram.language.question_slots import question_slots
from engram.language.temporal import analyse_temporal

READ = [
    ("levothyroxine 50mcg every morning empty stomach", "levothyroxine", "50mcg"),
    ("Dr Sumagaysay increasing the levo to 75mcg starting monday", "levothyroxine", "75mcg"),
    ("I take 20mg of atorvastatin at night", "atorvastatin", "20mg"),
    ("Bisoprolol 2.5mg in the morning since the heart scare", "bisoprolol", "2.5mg"),
    ("Switched from amlodipine 5mg to ramipril 5mg", "ramipril", "5mg"),
    ("Using the 21mg patches from the chemist", "patches", "21mg"),
    ("Now I only need the Ventolin once a week", "ventolin", "once a week"),
    ("Maya only needs her Ventolin as needed now", "ventolin", "as needed"),
    ("Dr Farrelly took me off the amlodipine", "amlodipine", "stopped"),
    ("Finished the iron tablets. energy back to normal", "iron tablets", "stopped"),
    ("No more naproxen for me, the GP took me off it", "naproxen", "stopped"),
    ("Dr. Pryce put me on metformin", "metformin", "taking"),
    ("Three months on citalopram 20mg now", "citalopram", "20mg"),
]


@pytest.mark.parametrize(("text", "medicine", "value"), READ)
def test_a_dose_a_frequency_a_start_or_a_stop_is_read(text: str, medicine: str, value: str) -> None:
    found = medication_in(text)
    assert found is not None, text
    assert (found.medicine, found.value) == (medicine, value)


@pytest.mark.parametrize(
    "text",
    [
        "The ramipril is doing its job",  # a mention, nothing about taking it
        "Pharmacist thinks it's the amlodipine",
        "white rice or I'll be on metformin in 2 yrs",  # a warning of a future
        "Dr Sumagaysay says keep off softdrinks and no need for metformin",
        "If my TSH stays high they'll raise the levothyroxine to 100mcg",
        "Forgot my atorvastatin last night",
        "Three months on sertraline now and I'm sleeping much better",  # still taken: the dose told stands
        "Took two tablets for my headache",
        "I drink 14 units a week",
    ],
)
def test_a_mention_a_plan_or_a_denial_states_nothing(text: str) -> None:
    assert medication_in(text) is None


@pytest.mark.parametrize(
    ("text", "taker"),
    [
        ("Mum's losartan going up to 100mg from tomorrow", "my mum"),
        ("Tom's Zoloft went up to 100mg this week", "Tom"),
        ("Warfarin for Dad dropped to 2mg after his INR came back high", "my dad"),
        ("Jack's consultant put his methylphenidate up to 18mg", "Jack"),
        ("The cardiologist told my dad to stop taking his simvastatin altogether", "my dad"),
        ("Leo's paediatrician moved him onto the 5mg montelukast chewables", "Leo"),
        ("Dr Patel increased my citalopram to 20mg", WRITER),
        ("Cardiologist doubled my bisoprolol to 5mg", WRITER),
    ],
)
def test_who_takes_it_is_read_from_the_words_by_the_medicine(text: str, taker: str | None) -> None:
    found = medication_in(text)
    assert found is not None, text
    assert taker_of(text, found) == taker


def test_a_medicine_is_health_to_privacy() -> None:
    """Which medicines one takes says what one is treated for: sensitive, as a diagnosis is."""
    assert sensitivity_of("Levothyroxine 50mcg every morning")[1] == "sensitive"
    assert sensitivity_of("The ramipril is doing its job")[1] == "sensitive"
    assert sensitivity_of("Ramen at the new place on Friday")[1] == "normal"


def test_a_medicine_told_before_is_known_by_name_and_by_who_takes_it() -> None:
    """A later note names it without a dose ("done with the codeine") and often without its taker."""
    known = known_medicines(
        ["My grandad is on tramadol 50mg", "codeine 30mg every 6 hours", "Mum's on Eliquis"]
    )
    assert known == {"tramadol": "my grandad", "codeine": WRITER}  # Eliquis: no dose, start or stop
    found = medication_in("jaw much better, done with the codeine", known)
    assert found is not None and found.value == "stopped"
    said = "Grandad was too drowsy so his tramadol's been cut back to twice a day"
    found = medication_in(said, known)
    assert found is not None and (found.value, taker_of(said, found, known)) == ("twice a day", "my grandad")


def test_a_new_dose_of_ones_only_medicine_needs_no_name() -> None:
    known = known_medicines(["Dr Lam bumped levo to 75mcg, TSH still 6.8"])
    found = medication_in("Dr Lam upped me to 88mcg. recheck oct", known)
    assert found is not None and (found.medicine, found.value) == ("levothyroxine", "88mcg")
    assert medication_in("Dr Lam upped me to 88mcg", {}) is None  # no medicine told before
    two = known_medicines(["levothyroxine 75mcg", "ramipril 5mg"])
    assert medication_in("GP upped me to 10mg", two) is None  # which one is not said
    dads = known_medicines(["levothyroxine 75mcg", "Dad's warfarin dropped to 2mg"])
    found = medication_in("Dr Lam upped me to 88mcg", dads)  # Dad's is not the user's
    assert found is not None and found.medicine == "levothyroxine"
    assert medication_in("Ran 10k, upped me to 5km a day", known) is None  # no dose
    # the dose said as the subject, with no medicine named: the one the user takes, never a word near it
    found = medication_in("Dose went up to 100mg", known)
    assert found is not None and (found.medicine, found.value) == ("levothyroxine", "100mg")
    assert medication_in("The dosage went down to 5mg", {}) is None


def test_a_question_naming_a_medicine_asks_for_that_medicine_alone() -> None:
    assert [r.pattern for r in question_slots("What dose of levothyroxine do I take?").rules] == [
        "medication:levothyroxine"
    ]
    assert [r.pattern for r in question_slots("What medication am I on?").rules] == ["medication:%"]


def test_a_note_that_opens_with_no_is_no_correction() -> None:
    """ "No more naproxen for me" keeps its "No"; "No, it's Globex" corrects."""
    assert CORRECTION_PREFIX.match("No more naproxen for me") is None
    assert CORRECTION_PREFIX.match("No, it's Globex") is not None


def test_back_in_range_is_now_and_back_in_2019_is_history() -> None:
    said = datetime(2026, 3, 10, tzinfo=UTC)
    assert not analyse_temporal("T4 is back in range, so the dose went down", said).is_historical
    assert analyse_temporal("Back in 2019 I was on topiramate", said).is_historical
