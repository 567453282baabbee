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
# "How much alcohol do I drink?", "how much sleep am I getting?": a quantity of something else, no money;
# but "how much rent do we pay?", "how much money did I make?".
_OTHER_QUANTITY = re.compile(
    rf"^\s*how\s+much\s+(?!(?:{_AMOUNT_WORDS}|money|cash|more|less|is|are|was|were|does|do|did|will|would|"
    r"should|can|could|has|have|had)\b)\w+\s+(?:do|does|did|am|is|are|was|were|have|has|had|will|should|can)\b",
    re.IGNORECASE,
)
_ASKS = re.compile(
    rf"^\s*(?:how\s+much\b|what\b.*\b(?:{_AMOUNT_WORDS})\b)",
    re.IGNORECASE,
)
# For PostgreSQL's regular expressions (`~*`, `\y` its word boundary): a currency sign or code by a
# figure ("£950", "R5300", "310k", "1,200 EUR"), a figure by a unit of time it is paid in ("950 a month",
# "32 an hour", "26,500/mo"), or an amount in words ("two grand", "a few hundred quid", "it was free");
# not a date ("starting 2 March (2 March 2026)": a figure, no amount) nor any number word ("a two-room
# flat").
AMOUNT_PATTERN = (
    r"[£$€¥₹]\s?[0-9]|\y(?:r|rs|kr|chf|usd|eur|gbp|nzd|aud|cad|zar)\s?[0-9]|"
    r"[0-9][0-9,.]*\s?(?:k|m|bn|usd|eur|gbp|nzd|aud|cad|zar|kr|pln|zł)\y|"
    r"[0-9][0-9,.]*\s+(?:a|an|per|each)\s+(?:hour|day|week|month|year|night)\y|"
    r"[0-9][0-9,.]*\s?/\s?(?:hr|hour|day|wk|week|mo|mth|month|yr|year|night)\y|"
    r"\y(?:hundred|thousand|million|billion|grand|quid|pounds?|dollars?|euros?|bucks|"
    r"kroner|krone|yen|rupees?|rand|zloty|free|nothing)\y|"
    # a figure said of what is paid: "the rent is 7,000", "salary 31000", "paid 450 for it"; not a year
    rf"\y(?:{_AMOUNT_WORDS}|costing|priced)\y\D{{0,12}}(?!(?:19|20)[0-9]{{2}}\y)[0-9][0-9,.]*[0-9]"
)


# A measure by a figure ("14 kg from two hives", "3.6 kilos", "2 litres a day"): what a "how much" that
# names no money asks ("how much did the bees give me?", "how much did Lachlan weigh?").
QUANTITY_PATTERN = (
    r"[0-9][0-9,.]*\s?(?:kg|kgs|kilos?|kilograms?|g|grams?|lbs?|oz|ounces?|stone|litres?|liters?|l|ml|"
    r"km|kms|miles?|jars?|bottles?|pints?|cups?|tonnes?|tons?)\y"
)
_MONEY = re.compile(
    rf"\b(?:{_AMOUNT_WORDS}|money|cash|spend|spent|charge|charged|owe|owed|buy|bought|sell|sold|make|made|"
    r"raise|raised|save|saved|borrow|borrowed|lend|lent|budget|send|sent|transfer|transferred|donate|donated|"
    r"tip|tipped|afford|invest|invested|loan)\b",
    re.IGNORECASE,
)


def amount_pattern(question: str) -> str:
    """What states the amount a question asks (`asks_amount`), as a PostgreSQL regular expression: money,
    and a measure too when it names no money."""
    return AMOUNT_PATTERN if _MONEY.search(question) else f"{AMOUNT_PATTERN}|{QUANTITY_PATTERN}"


def asks_amount(question: str) -> bool:
    """Does the question ask how much something cost, paid or is worth? ("how much is my rent?",
    "what did I pay for the flat?", "what's my salary?"; not "who pays my salary?")."""
    return bool(_ASKS.search(question)) and not _OTHER_QUANTITY.search(question)
