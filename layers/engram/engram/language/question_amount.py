"""Questions that ask for an amount of money, and the memories that state one.

"How much did the Kearny house cost?" is about the house, and "Bought a small house in Kearny" shares
its words, but only a memory that states an amount ("paid 310k for it", "£950 a month") answers it.
Told no amount, the user was never told the answer: such a memory is about the right thing and not about
what is asked, as a tie statement is for a question about someone's surname. Counting questions ("how
many times did I go swimming?") are not among them: the memories counted need hold no number. Pure: no
I/O.
"""

from __future__ import annotations

import re

_AMOUNT_WORDS = (
    "cost|costs|price|prices|salary|stipend|rent|wage|wages|fee|fees|worth|paid|pay|pays|earn|earns"
)
_ASKS = re.compile(
    rf"^\s*(?:how\s+much\b|what\b.*\b(?:{_AMOUNT_WORDS})\b)",
    re.IGNORECASE,
)
# For PostgreSQL's regular expressions (`~*`, `\y` its word boundary): a figure or a currency sign, or
# an amount in words ("two grand", "a few hundred quid", "it was free"); not any number word ("a two-room
# flat", "one day").
AMOUNT_PATTERN = (
    r"[0-9£$€¥]|\y(?:hundred|thousand|million|billion|grand|quid|pounds?|dollars?|euros?|bucks|"
    r"kroner|krone|yen|rupees?|free|nothing)\y"
)


def asks_amount(question: str) -> bool:
    """Does the question ask how much something cost, paid or is worth? ("how much is my rent?",
    "what did I pay for the flat?", "what's my salary?"; not "who pays my salary?")."""
    return bool(_ASKS.search(question))
