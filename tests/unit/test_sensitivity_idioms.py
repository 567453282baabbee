"""A turn of phrase is no sensitive topic: money, loss, breakups and health words said in their everyday
senses leave a memory `normal`, so a search at the default ceiling still finds it; said in the senses the
ceiling is for, they keep it `sensitive` or `private`."""

from __future__ import annotations

import pytest

from engram.language.lexicons import sensitivity_of


@pytest.mark.parametrize(
    "text",
    [
        "My car broke down last Fri on my way to work",
        "She had no other family - it broke her heart",
        "I'm already really invested in those little guys!",
        "Investing in our future generations is key",
        "Investing my time in the business will pay off",
        "Also invest in a blanket with a bit of weight to it",
        "He kept playing through high school before earning a college scholarship",
        "You earned all the kudos for your hard work",
        "Bonus points for both being into fantasy books",
        "I like breaking up my studying into smaller parts",
        "Last week we had a meaningful experience at a military memorial",
        "I killed it at the open mic",
        "I'm dying to try that ramen place",
        "Dead tired after the night shift",
        "Put down a deposit on the flat",
        "Each stroke carries a part of me",
        "Sick of waiting for the bus",
        "Cooking is therapy for me",
        "It was fun and therapeutic",
        "Excited but also a bit anxious about the premiere",
        "Podcasts on long drives, Nobody Panic mostly",
        "You'd be a great counselor! Your empathy will really help people",
        "A rollercoaster of emotions - relief, excitement, some anxiety",
    ],
)
def test_an_everyday_sense_stays_normal(text: str) -> None:
    assert sensitivity_of(text)[1] == "normal"


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("I'm broke until payday", "private"),
        ("We went broke when the shop closed", "private"),
        ("I invested in index funds", "private"),
        ("Invested my savings in crypto", "private"),
        ("I earn 3k a month", "private"),
        ("Earning cash on weekends", "private"),
        ("Still earning a living from the shop", "private"),
        ("Sarah and I broke up", "sensitive"),
        ("Still sad after that tough breakup", "sensitive"),
        ("Her memorial service is on Friday", "sensitive"),
        ("My dog was killed by a car", "sensitive"),
        ("My grandma is dying", "sensitive"),
        ("We had to put down our dog", "sensitive"),
        ("Papa had a small stroke", "sensitive"),
        ("Jack broke his wrist on the trampoline", "sensitive"),
        ("I started therapy in March", "sensitive"),
        ("I had a panic attack at work", "sensitive"),
        ("I am sick with the flu", "sensitive"),
        ("My counselor says the anxiety will pass", "sensitive"),
    ],
)
def test_the_sense_the_ceiling_is_for_keeps_its_level(text: str, level: str) -> None:
    assert sensitivity_of(text)[1] == level
