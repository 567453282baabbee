"""Idioms whose words say something else to english stemming: "what does Callum do *for a living*?" is
"live" to full text, the stem of "where do I live?", and asks what he does for work; "what am I taking
for my blood pressure?" asks for a medicine without the word. Search reads the question with such an
idiom put plainly. Pure: no I/O."""

from __future__ import annotations

import re

_IDIOMS = (
    (re.compile(r"\b(?:do|does|did|doing)\s+for\s+a\s+living\b", re.IGNORECASE), "do for work"),
    # "what am I taking for my blood pressure?", "what is Mum on for her heart?": the medicine asked after
    (
        re.compile(r"\b(?P<verb>tak(?:e|es|ing)|on)\s+for\s+(?=(?:my|his|her|their|your)\b)", re.IGNORECASE),
        r"\g<verb> as medication for ",
    ),
    # How one "takes" one's tea or coffee is how one drinks it: "how do I take my tea?" of "I drink Earl
    # Grey with lemon"
    (
        re.compile(
            r"\btak(?:e|es|ing)\s+(?P<what>(?:(?:my|his|her|their|your)\s+)?(?:tea|coffee))\b", re.IGNORECASE
        ),
        r"drink \g<what>",
    ),
    # What one likes best is one's favourite: "what cuisine do I like best?" of "my favourite food is
    # Ethiopian", not of "my best friend Joss"
    (
        re.compile(
            r"\b(?P<verb>(?:like|love|enjoy)(?:\s+\w+ing)?)\s+(?:the\s+)?(?:best|most)\b"
            r"(?=\s*(?:[?.!,]|$|about\b|of\s+all\b))",
            re.IGNORECASE,
        ),
        r"\g<verb> as favourite",
    ),
    # Whom one is "seeing" is whom one is dating: "who am I seeing at the moment?", "is Priya seeing
    # anyone?"; not "am I seeing the physio on Monday?"
    (
        re.compile(
            r"\b(?P<who>who\s+(?:am|is|are|was|were)\s+[\w']+\s+)seeing\b"
            r"(?!\s+(?:a|an|the|my|his|her|on|for|at(?!\s+the\s+(?:moment|minute)))\b)",
            re.IGNORECASE,
        ),
        r"\g<who>dating",
    ),
    (re.compile(r"\bseeing\s+(?=(?:someone|anyone|anybody|somebody)\b)", re.IGNORECASE), "dating "),
    # Whom one was "with" before someone, or is with now, is whom one dated: "who was I with before Mira?";
    # not "who was I with at the concert?"
    (
        re.compile(
            r"\bwho\s+(?P<be>was|were|am|are)\s+(?P<who>I|we)\s+with\b"
            r"(?=\s+(?:before|after|now|these\s+days|at\s+the\s+moment|in\s+\d{4})\b|\s*\?)",
            re.IGNORECASE,
        ),
        r"who \g<be> \g<who> dating",
    ),
    # Whom one saw or met at a time or a place is whom one was with: "who did I see last week?" of "went to
    # the cinema with Jess" (`question_company`); after the rule above, so it is no one dated
    (
        re.compile(
            r"^(?P<lead>\s*who\s+)(?:did|have|had)\s+(?P<who>I|we)\s+(?:see|seen|meet|met|catch\s+up\s+with|"
            r"hang\s+out\s+with|spend\s+time\s+with|have\s+(?:lunch|dinner|coffee|drinks)\s+with)\b",
            re.IGNORECASE,
        ),
        r"\g<lead>was \g<who> with",
    ),
    # "who am I going out with these days?", "who was I going out with in 2025?": whom one dates
    (re.compile(r"\bgo(?:ing|es)?\s+out\s+with\b", re.IGNORECASE), "dating"),
    # Those one lives with are one's housemates: "what did I cook for the people I live with?"
    (
        re.compile(
            r"\b(?:the\s+)?(?:people|person|folks|guys|girls|ones)\s+(?:(?:that|who)\s+)?(?:I|we)\s+"
            r"(?:live|share\s+(?:a|the|my|our)\s+(?:house|flat|place))\s+with\b",
            re.IGNORECASE,
        ),
        "housemates",
    ),
    # Whom one reports to is one's boss: "who do I report to at the moment?" of "manager will be Grace"
    (re.compile(r"\bwho\s+(?:do|did)\s+I\s+report\s+to\b", re.IGNORECASE), "who is my boss or manager"),
    (re.compile(r"\bwho\s+(?:do|did)\s+we\s+report\s+to\b", re.IGNORECASE), "who is our boss or manager"),
    (
        re.compile(r"\b(?i:who\s+(?:does|did))\s+(?P<who>[A-Z][\w']*)\s+(?i:report\s+to)\b"),
        r"who is \g<who>'s boss or manager",
    ),
    # What one "makes" or "takes home" is one's pay: "how much do I make these days?" of "$114k + super"
    (
        re.compile(
            r"\bhow\s+much\s+(?:money\s+)?(?P<aux>do|does|did)\s+(?P<who>[\w']+)\s+"
            r"(?:make|bring\s+(?:in|home)|take\s+home)\b",
            re.IGNORECASE,
        ),
        r"how much salary \g<aux> \g<who> earn",
    ),
    # A "last name" is a surname, not anything last: "what's Katrin's last name?" is not asked of "last
    # Thursday"
    (re.compile(r"\b(?:last|family)\s+name(?P<s>s?)\b", re.IGNORECASE), r"surname\g<s>"),
    # Staying in shape is exercise: "what do I do to stay in shape?", "how do I keep fit these days?"
    (
        re.compile(
            r"\b(?:stay|stays|staying|keep|keeps|keeping)\s+(?:in\s+shape|fit|active)\b", re.IGNORECASE
        ),
        "exercise",
    ),
    # To "kick" a habit is to quit it: "what habit did I kick in 2025?" of "quit smoking in March"
    (re.compile(r"\bhabit\b(?P<mid>.*?)\bkick(?:ed|ing|s)?\b", re.IGNORECASE), r"habit\g<mid>quit"),
    (re.compile(r"\bkick(?:ed|ing|s)?\b(?P<mid>.*?)\bhabit\b", re.IGNORECASE), r"quit\g<mid>habit"),
    # A negated verb's contraction is two words to full text, and the first may be one: "won't" is the
    # stem of "I won a scholarship", "didn't" a stem "didn" of every memory that says it. Memories are
    # read alike (`engram_plain_text`, sql/0028 and 0042); the two readings are tested to agree.
    (re.compile(r"\bwon['’]t\b", re.IGNORECASE), "will not"),
    (re.compile(r"\bcan['’]t\b", re.IGNORECASE), "can not"),
    (re.compile(r"\b(?P<verb>\w+)n['’]t\b", re.IGNORECASE), r"\g<verb> not"),
    # A question typed on a phone asks in the words memories are searched by (a memory that says "bday"
    # stands for "birthday" too: `concepts`): "when's my sis's bday?" of "Farah's birthday is on the 14th"
    *(
        (re.compile(rf"\b{short}\b", re.IGNORECASE), long)
        for short, long in (
            ("bf", "boyfriend"),
            ("gf", "girlfriend"),
            ("hubby", "husband"),
            ("wifey", "wife"),
            ("sis", "sister"),
            ("bro", "brother"),
            ("bday", "birthday"),
            ("b-day", "birthday"),
            ("xmas", "christmas"),
            ("appt", "appointment"),
            ("meds", "medication"),
            ("fave", "favourite"),
            ("fav", "favourite"),
        )
    ),
    # "Wed" is Wednesday as a phone types it, and to english stemming the stem of "wedding": memories are
    # read alike (`engram_plain_text`, sql/0042).
    (re.compile(r"\bweds?\b", re.IGNORECASE), "wednesday"),
)


def plain_question(query: str) -> str:
    """The question with each idiom of `_IDIOMS` put in its plain words."""
    for idiom, plain in _IDIOMS:
        query = idiom.sub(plain, query)
    return query
