"""Questions that ask what someone is called, and memories that speak of them without a name."""

from __future__ import annotations

import pytest

from engram.language.question_name import asked_name, name_untold
from engram.retrieval.transform import names_in


@pytest.mark.parametrize(
    ("question", "roles"),
    [
        ("What's the landlord's name?", ["landlord"]),
        ("What's Kasia's brother called?", ["brother"]),
        ("Who's my physio?", ["physio"]),
        ("What is my sister's fiancée called?", ["fiancée"]),
        ("Who supervises my PhD now?", ["supervises", "phd"]),  # the one in a role, by what they do
        ("What's the landlord's name now?", ["landlord"]),  # when it is asked of is no role
        ("What are my kids' names?", ["kids"]),  # names asked of several
        ("What are the names of my grandchildren?", ["grandchildren"]),
        ("Who cuts my hair?", ["cuts", "hair"]),
        ("Who supports Caroline?", None),  # not the user's: who she leans on, not a role's name
        ("Who is Declan?", None),  # his name is given: who he is to the user is asked
        ("What is my favourite food?", None),
    ],
)
def test_a_question_that_asks_a_name_says_whose(question: str, roles: list[str] | None) -> None:
    assert asked_name(question, names_in(question)) == roles


@pytest.mark.parametrize(
    ("memory", "untold"),
    [
        ("Mpho says the landlord wants to put the rent up R400 from June", True),
        ("Our landlord, Mr Byrne, fixed the boiler", False),
        ("The landlord at the Obs house, Shireen, is strict about guests", False),
        ("Shireen, our landlord, is strict about guests", False),
        ("The landlord is a retired teacher called Shireen", False),
        ("New landlord - Mr Byrne from Cork", False),
        ("Landlords are Shireen and Ahmed Adams", False),  # a plural role, named
        ("Found the landlord of the new flat: Shireen Adams", False),  # a role of a few words, a colon
        ("The landlord wants more, Mpho says", True),  # a comma and a name after is someone else
        ("The boiler broke again", False),  # no landlord spoken of: it may be said in other words
        # a name put to the role as it will be, or with "there is" and "="
        ("Landlord will be Shireen Adams from March", False),
        ("New flat in Leith, landlord there is Mr Byrne", False),
        ("Landlord = Shireen, very strict", False),
        ("Shireen will be our landlord", False),
        ("The landlord will be furious about the carpet", True),
    ],
)
def test_a_memory_that_speaks_of_the_role_and_names_no_one_does_not_answer(memory: str, untold: bool) -> None:
    assert name_untold(memory, ["landlord"]) is untold


@pytest.mark.parametrize(
    ("memory", "untold"),
    [
        ("I need a new supervisor", True),  # the role the verb names ("supervises": a supervisor)
        ("Dr. Ngaire Whitlock is my new supervisor", False),
    ],
)
def test_a_role_asked_by_what_it_does_is_spoken_of_by_its_noun(memory: str, untold: bool) -> None:
    roles = asked_name("Who supervises my PhD now?", [])
    assert roles is not None and name_untold(memory, roles) is untold
