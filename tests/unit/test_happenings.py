"""The timeline's rule on one memory: the kind of happening it records, or None (not a happening)."""

from __future__ import annotations

import pytest

from engram.language.happenings import happening_kind


@pytest.mark.parametrize(
    ("memory_type", "content", "kind"),
    [
        ("fact", "Cycled to Brighton with Ottilie", "event"),
        ("fact", "Yesterday we hosted a quiz night (3 June 2025)", "event"),
        ("fact", "My uncle Ferdinand relocated to Malta", "change"),
        ("fact", "Signe has just started a PhD in Uppsala", "change"),
        ("fact", "Signe has been promoted to principal", "change"),
        ("fact", "My flatmate Caius got dumped by his girlfriend", "change"),
        ("fact", "Had a checkup at the clinic", "event"),
        ("fact", "Ottilie told me she got into medical school", "event"),
        ("fact", "Ferdinand's kids started swimming lessons", "change"),
        ("fact", "Caius is no longer with the band", "change"),
        ("entity", "We adopted two guinea pigs", "change"),
        ("event", "Pottery workshop next Saturday", "event"),
        ("decision", "I decided to stay in Lyon", "decision"),
        ("action", "I cancelled the gym membership", "action"),
    ],
)
def test_what_happened(memory_type: str, content: str, kind: str):
    assert happening_kind(memory_type, content) == kind


@pytest.mark.parametrize(
    ("memory_type", "content"),
    [
        ("fact", "Ottilie coaches the under-12s"),
        ("fact", "I coach advanced swimmers"),
        ("fact", "My favourite dish is roasted aubergine"),
        ("fact", "I drive a used van"),
        ("fact", "I was raised in Cork"),
        ("fact", "I had a hamster growing up"),
        ("fact", "I've been sober for three years"),
        ("fact", "Caius seems tired lately"),
        ("entity", "Signe is my flatmate"),
        ("fact", "Ferdinand didn't come to the wedding"),
        ("action", "I never replied to the landlord"),
        ("event", "Choir practice every Thursday evening"),
        ("fact", "I'll start at the bakery in May"),
        ("preference", "I adore Sicilian cooking"),
        ("goal", "I want to run a sub-four marathon"),
        ("procedure", "To bleed the radiator, turn the valve a quarter"),
    ],
)
def test_what_did_not_happen(memory_type: str, content: str):
    assert happening_kind(memory_type, content) is None


def test_a_supersession_is_a_change_and_a_date_puts_a_fact_on_its_day():
    assert happening_kind("fact", "I live in Lyon", supersedes=True) == "change"
    assert happening_kind("fact", "Ottilie's recital is on June 4", dated=True) == "event"
    assert happening_kind("fact", "Ottilie's recital is on June 4") is None


def test_a_routine_is_never_a_happening_whatever_its_type_or_date():
    assert happening_kind("event", "Standup with the team", recurring=True) is None
    assert happening_kind("fact", "I swim on Tuesdays", dated=True, recurring=True) is None
    assert happening_kind("preference", "I loved the gig at the Roundhouse", dated=True) == "event"
    assert happening_kind("goal", "My goal is to save 5k this year (2025)", dated=True) is None
