"""Name corrections as people phrase them: both spellings named, or the right one with a hint."""

from __future__ import annotations

import pytest

from engram.language.name_corrections import read_name_correction
from engram.language.names import name_differs


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("Actually it's spelled Ingrid, not Ingrit", "Ingrit", "Ingrid"),
        ("it is spelt Aleksandr rather than Alexander", "Alexander", "Aleksandr"),
        ("Correction: it's Matthias, not Mathias", "Mathias", "Matthias"),
        ("Teodor is actually spelled Theodor", "Teodor", "Theodor"),
        ("Teodor is written Theodor", "Teodor", "Theodor"),
        ("Sorry, not Bram but Brahm", "Bram", "Brahm"),
        ("I meant Yusuf, not Yousef", "Yousef", "Yusuf"),
        ("Oops, I misspelled her name as Siobhan, it's Shavonne", "Siobhan", "Shavonne"),
        ("I keep writing Lorraine but her name is Loraine", "Lorraine", "Loraine"),
        ("Geraldine should have been spelled Jeraldine", "Geraldine", "Jeraldine"),
        ("It's spelled Anaïs, not Anais", "Anais", "Anaïs"),
        ("Mirjam, not Miriam.", "Miriam", "Mirjam"),
        # the right spelling and a hint at the wrong one
        ("Her name is Kristiane with a K", "Cristiane", "Kristiane"),
        ("it's Hanna without an h", "Hannah", "Hanna"),
        ("His name is Filip with an f", "Philip", "Filip"),
        ("It's Alan with one l", "Allan", "Alan"),
        ("his name's spelled Allan with two Ls", "Alan", "Allan"),
    ],
)
def test_a_correction_names_the_wrong_spelling_and_the_right_one(text: str, old: str, new: str) -> None:
    assert read_name_correction(text) == (old, new)


@pytest.mark.parametrize(
    "text",
    [
        "I work at Google, not Meta",
        "Dinner should be Friday.",
        "Lunch with Ingrid was great",
        "I love Lisbon, not Porto",
        "It's Sara with a smile",
        "Her name is Maud with an umlaut",
    ],
)
def test_what_is_not_a_name_correction(text: str) -> None:
    assert read_name_correction(text) is None


@pytest.mark.parametrize(
    ("new", "stored", "names", "differs"),
    [
        ("Wrenfielt is my neighbor", "Wrenfield is my neighbor", ["Wrenfielt"], True),
        ("Sprint 8 ends on Friday", "Sprint 7 ends on Friday", [], True),
        ("Climbing with Ivan", "Climbing with Ivo", [], True),
        ("Met Sarah and Tomas for lunch", "Met Sarah for lunch", ["Sarah", "Tomas"], False),
        ("Really enjoys hiking", "Enjoys hiking", [], False),
        ("Sarah enjoys hiking a lot", "Sarah enjoys hiking", ["Sarah"], False),
    ],
)
def test_a_memory_that_names_another_thing_in_its_place(new, stored, names, differs) -> None:
    assert name_differs(new, stored, names) is differs
