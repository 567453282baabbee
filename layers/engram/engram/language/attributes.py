"""The attribute grammar: small predicate grammars that read a subject's attribute and its value.

Each pattern reads one attribute from any inflection of its verbs ("works/working/worked at", "moved to",
"broke up with") and takes the value from a capitalised run or a short noun phrase.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from engram.language.phrases import CAP_RUN, NAME, PARTNER_WORD, RELATION_ALTERNATION
from engram.language.text import PET_WORDS
from engram.language.text.vocabulary import JOB_TITLES

# The job titles as one regex alternation, longest first ("head nurse" before "nurse"), in a fixed order.
TITLE_HEADS = "|".join(sorted(JOB_TITLES, key=lambda title: (-len(title), title)))

_LOWER_NP = (
    r"(?:a|an|the)\s+[a-z][\w\-]*(?:\s+(?!(?:in|on|at|for|with|and|but|since|as|from|to|because|"
    r"until|last|next|this|now|anymore|yet|too|is|was|are|were|has|had|feels|felt|sucks|pays|paid|"
    r"will|can|isn't|wasn't)\b)[a-z][\w\-]*){0,2}"
)
# A number that is part of a name: "Mitre 10", "Studio 54"; not "Acme 3 days ago".
_ORG_NUMBER = (
    r"(?:\s+\d{1,3}(?=[\s,.!?;]|$)(?!\s+(?:years?|months?|weeks?|days?|nights?|hours?|times?|shifts?|mins?|"
    r"minutes|am|pm|%)\b))?"
)
_ORG_VALUE = rf"(?P<v>{CAP_RUN}{_ORG_NUMBER}|{_LOWER_NP})"
PLACE_VALUE = rf"(?P<v>{CAP_RUN})"

EMPLOYER_JOIN = re.compile(
    r"\b(?:(?:(?:got|was|been|get|gets|getting)\s+|^)(?:hired|employed|recruited)\s+(?:at|by)|"
    # "first day at Monzo!!", "first week at Globe Telecom done", "signed my contract with Oakfield Academy"
    r"(?:first|1st)\s+(?:day|week|shift|month)\s+(?:at|with)|signed\s+(?:my|a|the)\s+(?:new\s+)?contract\s+with|"
    r"(?:accept(?:ed|s|ing)?|took|take|taking)\s+"
    r"(?:the|an|a|their|that)\s+(?:job\s+|position\s+|role\s+)?(?:offer\s+)?(?:at|from|with)|"
    r"start(?:ed|s|ing)?\s+(?:a\s+new\s+(?:job|role|position)\s+|work(?:ing)?\s+|"
    r"my\s+new\s+job\s+|"
    r"his\s+new\s+job\s+|her\s+new\s+job\s+)?(?:at|with)|new\s+(?:job|role|position|gig)\s+(?:at|with)|"
    # an offer one got is not yet a job ("got an offer from BMW but she's still deciding"); one taken is
    r"(?:got|landed|accepted|took|scored)\s+(?:a|an|the)\s+(?:new\s+)?(?:(?:part|full)[- ]time\s+)?"
    r"(?:job|position|role|gig|(?<!got\san\s)(?<!got\sthe\s)offer)\s+"
    r"(?:at|with|from)|accept(?:ed|s)?\s+(?:an?\s+)?offer\s+from|(?:is|was|got)\s+(?:now\s+)?"
    r"(?:working|employed)\s+(?:at|for|by))\s+"
    + _ORG_VALUE
    # "joined a book club" is not a job: joining only counts with a named organisation.
    + r"|\b(?:joined|joining|join|joins|(?:signed|signing)\s+with)\s+(?:the\s+team\s+at\s+)?"
    + _ORG_VALUE.replace("?P<v>", "?P<v_join>").replace("|" + _LOWER_NP, "")
    # "joined Dennistoun running club", "joined the St Mary's choir": a membership, no employer
    + r"(?!\w|(?:'s)?\s+(?:[\w'-]+\s+){0,2}?(?:club|choir|gym|group|society|league|band|orchestra|crew|"
    r"church|squad|circle|class|classes|parkrun|union|association|walk|walkers|runners|running|cycling)\b)",
    re.IGNORECASE,
)
EMPLOYER_STATE = re.compile(
    r"\b(?:work(?:s|ed|ing)?|employed|intern(?:s|ed|ing)?|consult(?:s|ed|ing)?|freelanc(?:e|es|ed|ing)|"
    r"(?:drive|drives|driving|deliver|delivers|delivering)(?=\s+for))\s+(?:full[- ]time\s+|"
    r"part[- ]time\s+|remotely\s+|from\s+home\s+|(?:(?:night|day|weekend|early|late)\s+)?shifts\s+|"
    # "works in marketing at Unilever"
    r"nights\s+|weekends\s+|in\s+[a-z]+(?:\s+[a-z]+)?\s+(?=at\b))?(?:as\s+(?:a|an)\s+[\w\s\-]+?\s+)?(?:at|for|by)\s+"
    + _ORG_VALUE
    + r"|\b(?:job|position|role|internship)\s+(?:is\s+)?(?:at|with)\s+"
    + _ORG_VALUE.replace("?P<v>", "?P<v2>")
    # "New job: tutoring high school maths online for LearnLoop"
    + r"|^new\s+job\s*[:!-]?\s+(?:[\w\-]+\s+){1,6}?(?:at|for|with)\s+"
    + _ORG_VALUE.replace("?P<v>", "?P<v3>")
    # "I teach maths at Hillcrest High", "Teaching Year 4 at St Mary's Primary"
    + r"|\bteach(?:es|ing)?\s+(?:[\w\-]+\s+){0,3}?at\s+"
    + _ORG_VALUE.replace("?P<v>", "?P<v4>"),
    re.IGNORECASE,
)
# Running a business of one's own is one's work: "I run a small bakery in Leeds", "we own a farm", "I
# launched my food truck, Smoke and Pepper", "manages a pub in Dalston". The value is the business's
# name when the sentence gives one, else what kind it is.
BUSINESS_WORDS = (
    r"bakery|caf[eé]|coffee\s+shop|shop|restaurant|pub|bar|salon|barbershop|business|company|start-?up|firm|"
    r"practice|clinic|studio|gym|farm|food\s+truck|truck|agency|consultancy|store|boutique|garage|nursery|"
    r"b&b|bookshop|bistro|deli|takeaway|market\s+stall|stall|brewery|vineyard|hotel|guesthouse|kitchen"
)
_FIRM_WORDS = r"business|company|start-?up|firm|practice|agency|consultancy|studio"
BUSINESS_OWNER = re.compile(
    r"\b(?:(?:run|runs|running|ran|own|owns|owning|owned|manage|manages|managing|managed|opened|launched|"
    r"set\s+up|founded|co-?founded)\s+(?:a|an|the|my|our|his|her|their)\s+(?:own\s+)?"
    rf"(?P<kind>(?:(?!(?:at|in|on|for|with|of|from|to|a|an|the)\s)[\w'-]+\s+){{0,3}}?(?:{BUSINESS_WORDS}))|"
    # "started a company", not "started bouldering at a gym"
    rf"start(?:ed|s|ing)?\s+(?:a|an|my|our|his|her|their)\s+(?:own\s+)?(?P<firm>(?:[\w'-]+\s+)?(?:{_FIRM_WORDS})))\b"
    # a business's name may hold "and": "Smoke and Pepper", "Salt and Straw"
    rf"(?:(?:\s+now)?,?\s+(?:called\s+|named\s+)?(?P<name>(?-i:{CAP_RUN}(?:\s+and\s+{CAP_RUN})?)))?",
    re.IGNORECASE,
)
EMPLOYER_TITLE_AT = re.compile(
    # "I'm a nurse at ...", or the user's shorthand opening on the title: "Wind turbine technician with
    # Western Wind Services, starting 2 March", "New job: barista at Bean There"
    r"(?:(?:\b(?:I'm|I am|am|is|was|he's|she's|as|(?<=I've\s)been|(?<=I\shave\s)been)|"
    # "Ollie's a security guard at Westfield": the verb cut short after a name
    r"(?<=[A-Za-z])['’]s(?=\s+(?:now\s+)?(?:a|an|the)\s))\s+"
    r"(?:now\s+)?(?:a|an|the)\s+"
    r"|^(?!(?:the|my|his|her|our|their|your|this|that)\b)"
    r"(?:(?:now|officially|finally|just)\s+)?(?:new\s+job\s*[:!-]?\s*)?(?:(?:a|an)\s+)?)"
    # the words before the title describe it ("senior staff nurse"); after a determiner the title is
    # the object of a verb: "Booked the physio for Tuesday"
    r"(?:(?!(?:the|my|his|her|our|their|your|this|that|a|an)\s)[\w\-]+\s+){0,3}?(?:"
    + TITLE_HEADS
    + r")\s+(?:at|for|with)\s+"
    + _ORG_VALUE,
    re.IGNORECASE,
)
# The user's job said in shorthand, with no "I": "New job: ...", "Wind turbine technician with Western
# Wind Services": the clause is about the writer. With a verb of its own, the title is someone else
# ("Nurse at St James's says my bloods are fine").
JOB_SHORTHAND = re.compile(
    r"^(?!(?:the|my|his|her|our|their|your|this|that)\b)"
    r"(?!.*\b(?:says|said|wants|wanted|told|tells|thinks|reckons|is|was|will|gave|put|asked|rang)\b)(?:new\s+job\b|(?:(?:a|an)\s+)?(?:[\w\-]+\s+){0,3}?(?:"
    + TITLE_HEADS
    + r")\s+(?:at|for|with)\s+(?-i:[A-Z]))",
    re.IGNORECASE,
)
EMPLOYER_LEAVE = re.compile(
    r"\b(?:left|leaving|leave|leaves|quit|quitting|quits|resigned\s+from|resigning\s+from|resign\s+from|"
    r"(?:got|was|been)\s+(?:fired|laid\s+off|let\s+go)\s+(?:from|by)|departed|depart(?:ing)?\s+from|"
    # "last shift at Greggs today", "that's me finished at Tesco", "chucked in the job at Woolies"
    r"(?:last|final)\s+(?:day|shift|week|night\s+shift)\s+(?:at|with)|(?:me\s+)?finished\s+(?:up\s+)?at|"
    r"(?:chucked|packed|jacked)\s+in\s+(?:my|the)\s+job\s+at|walked\s+out\s+of|resigned\s+at)\s+"
    r"(?:(?:my|his|her|their)\s+job\s+at\s+)?" + _ORG_VALUE,
    re.IGNORECASE,
)
# "Going freelance full time", "I'm freelance now": one's own work, with no employer to name.
FREELANCE = re.compile(r"\b(?:going|gone|went|go|turned|I'm|I am|am|is|now)\s+(?:fully\s+)?freelance\b", re.I)
EMPLOYER_LOSS = re.compile(
    r"\b(?:got|was|been|being|get)\s+(?:fired|laid off|let go|made redundant)\b|\b(?:retired|retiring)\b"
    r"|\blost (?:my|his|her|their) job\b",
    re.IGNORECASE,
)

# Where a home is said through the dwelling: "I live in a small flat on Douglas Street in Cork", "we moved
# into a bungalow in Whitby", "rent a room in a share house in Sandy Bay": the place is the one after the
# dwelling (and after its street, if named), not the dwelling.
_DWELLING = (
    r"(?:(?:a|an|the|our|my|this|that)\s+)(?:[a-z0-9][\w'’-]*\s+){0,5}?"
    r"(?:flat|apartment|house|home|bungalow|semi|cottage|condo|room|studio|place|loft|villa|townhouse|unit|"
    r"duplex|terrace|bedsit|dorm|houseboat|caravan|farmhouse|cabin|chalet|\d-bed|(?:one|two|three|four|five)-bed|"
    r"bed|bedder|bedroom|rental|pad|digs|PG)"
    r"(?:\s+(?:on|at|off|near|by)\s+[^,.;!?]{1,40}?)?\s+in\s+"
)
# The homes one buys, as a cheer names them ("WE GOT IT 🏡 townhouse in Killarney").
_HOME_BOUGHT = "flat|apartment|house|townhouse|semi|bungalow|cottage|condo|home"
# The verbs of a move: "moved", "relocating", "got transferred", "shifted" (Indian English), "emigrated".
MOVE_VERB = (
    r"(?:mov(?:ed|ing|e|es)|relocat(?:ed|ing|e|es)|transferr?(?:ed|ing)?|shift(?:ed|ing)|emigrat(?:ed|ing))"
)
LOCATION_MOVE = re.compile(
    rf"\b{MOVE_VERB}\s+"
    r"(?:(?:back|over|out|up|down|home|across\s+town|across\s+the\s+country|abroad|finally)\s+)*"
    r"(?:to|into)\s+(?:"
    + _DWELLING
    + r")?"
    + PLACE_VALUE
    # "moved in with Josh at his place in Marrickville", "moved in with my sister in Leeds"
    + r"|\bmov(?:ed|ing)\s+in\s+with\s+[^,.;!?]{1,40}?\s+in\s+"
    + PLACE_VALUE.replace("?P<v>", "?P<v4>")
    # "officially a Dennistoun resident", "now a resident of Leith", "Hamburg's home now", "new address:
    # 14 Jacaranda Ave, Umhlanga"
    + r"|\b(?:a|an)\s+"
    + PLACE_VALUE.replace("?P<v>", "?P<v5>")
    + r"\s+resident\b|\bresident\s+of\s+"
    + PLACE_VALUE.replace("?P<v>", "?P<v6>")
    + r"|^"
    + PLACE_VALUE.replace("?P<v>", "?P<v7>")
    # not someone else's: "Tromsø is home now for my sister Ana"
    + r"(?:['’]s|\s+is)\s+(?:my\s+|our\s+)?home\s+now\b(?!\s+for\b)"
    + r"|\bnew\s+address\s*[:-]?\s+[^,.;!?]{1,40},\s*"
    + PLACE_VALUE.replace("?P<v>", "?P<v8>")
    # "new place in Leith", "Our new home is in Kreuzberg"
    + r"|\bnew\s+(?:place|apartment|house|home|flat|condo)\s+(?:is\s+)?in\s+"
    + PLACE_VALUE.replace("?P<v>", "?P<v2>")
    # a home said as it is now: "Home is Albuquerque these days", "the flat in Grünerløkka is finally ours"
    + r"|^home\s+(?:is|=)\s+(?:now\s+)?"
    + PLACE_VALUE.replace("?P<v>", "?P<v11>")
    + rf"|^(?:the|our|my)\s+(?:new\s+)?(?:{_HOME_BOUGHT}|place|unit)\s+in\s+"
    + PLACE_VALUE.replace("?P<v>", "?P<v12>")
    + r"\s+is\s+(?:now\s+|finally\s+|officially\s+)*(?:ours|mine)\b(?!\s+to\b)"
    # the keys of a new home: "got the keys to our new flat on Holloway Road", "Moving day. Keys to
    # Lidgett Lane!", "picked up the keys for the house in Roundhay"
    + r"|(?:\b(?:got|get|getting|picked\s+up|collected|handed)\s+(?:the|our|my)\s+|^|[.!]\s+)"
    r"keys?\s+(?:to|for)\s+"
    r"(?:(?:a|an|the|our|my)\s+(?:new\s+)?(?:flat|apartment|house|home|place|bungalow|semi|cottage|condo|unit)"
    r"\s+(?:on|at|in)\s+)?(?:\d+[a-z]?\s+)?"
    + PLACE_VALUE.replace("?P<v>", "?P<v9>")
    # "bought a 2 bedroom unit on Fairway St in Narrogin", "signed the lease for a 3-bed house on Lytton
    # Street in Observatory", "found an apartment in Passi ... moving Dec 6" (found, and moving)
    # a home bought as people cheer it: "Sale agreed on a three-bed semi in Oranmore", "WE GOT IT 🏡
    # townhouse in Killarney"
    + rf"|\b(?:sale\s+agreed\s+on|got\s+it\W+)\s*(?:(?:a|an|the|our)\s+)?(?:[\w-]+\s+){{0,2}}?"
    rf"(?:{_HOME_BOUGHT})\s+in\s+"
    + PLACE_VALUE.replace("?P<v>", "?P<v10>")
    + r"|\b(?:bought|closed\s+on|signed\s+(?:the|a)\s+(?:lease|contract|tenancy)\s+(?:for|on)|"
    r"found(?=.*\bmov(?:e|es|ing)\s+(?:in|on|date)?)(?=\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:flat|apartment|house|unit|room|home)\b))\s+" + _DWELLING + PLACE_VALUE.replace("?P<v>", "?P<v3>"),
    re.IGNORECASE,
)
LOCATION_STATE = re.compile(
    r"\b(?:live|lives|living|lived|based|reside|resides|residing|stay(?:ing)?\s+permanently)\s+"
    # "lives all the way out in Whitefield", "living over in Fremont now"
    r"(?:(?:out|over|up|down|all\s+the\s+way|now|still|just|currently|happily)\s+){0,3}"
    # "still living w/ Nanay Cora & Tatay Ben in Pototan", "living with my parents in Leeds"
    r"(?:(?:with|w/)\s+(?:(?!in\s)[^,.;!?\s]+\s+){1,6}?)?"
    r"(?:in\s+"
    + _DWELLING
    + r"|(?:in|out of|near)\s+)"
    + PLACE_VALUE
    # "rent a room in a share house in Sandy Bay", "I share a flat in Ancoats with Declan"
    + r"|\b(?:rent(?:s|ed|ing)?|share|shares|sharing)\s+"
    + _DWELLING
    + PLACE_VALUE.replace("?P<v>", "?P<v4>")
    # "my flat is in Ancoats", "our place is out in Didsbury"
    + r"|\b(?:my|our)\s+(?:flat|apartment|house|home|place|room|digs)\s+(?:is|'s|’s)\s+"
    + r"(?:(?:out|over|up|down)\s+)?in\s+"
    + PLACE_VALUE.replace("?P<v>", "?P<v5>"),
    re.IGNORECASE,
)
HOMETOWN = re.compile(
    r"\b(?:grew up in|born in|(?:I'm|I am|is|am|are|we're)\s+(?:originally\s+)?from|hometown is)\s+"
    + PLACE_VALUE,
    re.IGNORECASE,
)

RELATIONSHIP_EVENTS: list[tuple[re.Pattern[str], str, bool]] = [
    # (pattern, status value, is_change). A (?P<other>) group names the partner when given.
    (
        re.compile(
            rf"\b(?:broke|broken|break(?:ing)?)\s+up(?:\s+with\s+{PARTNER_WORD}(?P<other>{NAME}))?", re.I
        ),
        "broke up",
        True,
    ),
    (
        re.compile(
            rf"\bsplit(?:ting)?\s+(?:up\s+)?(?:with|from)\s+{PARTNER_WORD}(?P<other>{NAME})|"
            rf"\bsplit(?:ting)? up\b",
            re.I,
        ),
        "broke up",
        True,
    ),
    (
        # "Callum and I are done", "we're over", "it's over between us", "ended things with Liam", "she
        # ended it", "calling it quits", "we parted ways", "Jordan and I split.", "not seeing Nathan anymore"
        re.compile(
            rf"(?:\b(?P<other>{NAME})\s+and\s+I|\bme\s+(?:and|n|&)\s+\w+|\bwe)\s*(?:are|'re|’re|have|'ve)\s+"
            r"(?:so\s+|officially\s+|definitely\s+|properly\s+)?(?:done|over|through|finished)\b(?!\s+with\s+(?!each))"
            rf"|\bit['’]?s\s+(?:all\s+)?over\s+(?:between\s+us|with\s+{PARTNER_WORD}(?P<other2>{NAME}))"
            rf"|\b(?:ended|ending|end|broke\s+off|called\s+off)\s+(?:things|it|the\s+relationship)\s+with\s+"
            rf"{PARTNER_WORD}(?P<other3>{NAME})"
            r"|\b(?:she|he|they)\s+ended\s+(?:it|things)\b|\b(?:call(?:ed|ing)?)\s+it\s+quits\b"
            r"|\b(?:part(?:ed|ing)?|go(?:ne|ing)?\s+our\s+separate|went\s+our\s+separate)\s+ways\b"
            rf"|(?:\b(?P<other4>{NAME})\s+and\s+I|\bwe)\s+(?:have\s+|just\s+|finally\s+)?split\b"
            r"(?!\s+(?:the|a|an|it|our|my|up\s+the|the\s+bill)\b)"
            rf"|\bnot\s+(?:seeing|dating|with)\s+(?P<other5>{NAME})\s+any\s?more\b"
            rf"|\bdumped\s+{PARTNER_WORD}(?P<other6>{NAME})|\b(?P<other7>{NAME})\s+dumped\s+me\b"
            # "Daniel & I called it off", "we ended it"
            rf"|(?:\b(?P<other8>{NAME})\s+(?:and|&)\s+I|\bwe)\s+(?:have\s+|just\s+|finally\s+|officially\s+)?"
            r"(?:call(?:ed)?\s+it\s+off|ended\s+(?:it|things))\b",
            re.I,
        ),
        "broke up",
        True,
    ),
    (
        # "Divorce finalised today", "the divorce came through", "we're officially divorced"
        re.compile(
            r"\bdivorce\s+(?:is\s+|was\s+|has\s+been\s+|got\s+)?(?:now\s+|finally\s+)?(?:finali[sz]ed|final|"
            r"came\s+through|went\s+through|through|granted)\b"
            r"|\b(?:are|were|'re|’re|got)\s+(?:now\s+|officially\s+|finally\s+)+divorced\b",
            re.I,
        ),
        "divorced",
        True,
    ),
    (
        re.compile(
            rf"\b(?:got|getting|get|are|were)\s+divorced(?:\s+from\s+{PARTNER_WORD}(?P<other>{NAME}))?|"
            rf"\bdivorced\s+"
            rf"{PARTNER_WORD}(?P<other2>{NAME})|\bfiled for divorce\b",
            re.I,
        ),
        "divorced",
        True,
    ),
    (
        re.compile(
            rf"\bseparated\s+from\s+{PARTNER_WORD}(?P<other>{NAME})|\b(?:are|got)\s+separated\b|"
            r"\b(?:we|and\s+I|and\s+me|and\s+(?-i:[A-Z][a-z'\-]+))\s+(?:have\s+|just\s+|recently\s+|finally\s+)?"
            r"separated\b"
            r"(?!\s+(?:the|our|my|his|her|their|it|them|a|an|some|all)\b)",
            re.I,
        ),
        "separated",
        True,
    ),
    (re.compile(r"\b(?:are|were|'re|’re|is|am|'m)\s+(?:now\s+)?separating\b", re.I), "separated", True),
    (
        # "Kofi asked me to marry him", "Jomar proposed! Engaged na kami"
        re.compile(r"\basked\s+me\s+to\s+marry\s+(?:him|her|them)\b|\bengaged\s+na\b", re.I),
        "engaged",
        True,
    ),
    (re.compile(r"\bgot\s+hitched\b|\bnikkah\s+(?:is\s+)?done\b", re.I), "married", True),
    (
        # "been on three dates with Sofia", "went on a first date with Callum", "seeing a guy called Ravi",
        # "new guy is Oliver"
        re.compile(
            r"\b(?:been\s+on|went\s+on|gone\s+on|had)\s+(?:a|an|our|my|a\s+few|a\s+couple\s+of|two|three|four|"
            r"five|several|some)\s+(?:first\s+|second\s+|third\s+|proper\s+)?dates?\s+with\s+"
            rf"{PARTNER_WORD}(?P<other>{NAME})"
            r"|\b(?:seeing|dating)\s+(?:a|this)\s+(?:guy|girl|man|woman|lad|bloke|fella)\s+(?:called|named)\s+"
            rf"(?P<other2>{NAME})"
            r"|\bnew\s+(?:guy|girl|man|woman|boyfriend|girlfriend|bf|gf|partner|fella|lad|bloke)\s+is\s+"
            rf"(?:called\s+)?(?P<other3>{NAME})"
            # "Kofi and I had dinner. like an actual date": the pair's outing said to be a date
            rf"|\b(?P<other4>{NAME})\s+(?:and|&)\s+I\s+(?:had|went|got|grabbed)\b[^.!?]{{0,40}}[.!?,]?\s*"
            r"(?:like\s+|it\s+was\s+|basically\s+)?(?:an?\s+|our\s+)?(?:actual|real|proper|first|second|official)\s+date\b",
            re.I,
        ),
        "dating",
        True,
    ),
    (
        re.compile(
            rf"\b(?:got|getting|just|are|is|am|'re|'m|we're|"
            rf"recently)\s+engaged(?:\s+to\s+{PARTNER_WORD}(?P<other>{NAME}))?"
            rf"|\b(?:proposed|popped the question)(?:\s+to\s+{PARTNER_WORD}(?P<other2>{NAME}))?",
            re.I,
        ),
        "engaged",
        True,
    ),
    (
        re.compile(
            rf"\b(?:got|getting|get)\s+married(?:\s+to\s+{PARTNER_WORD}(?P<other>{NAME}))?|"
            rf"\bmarried\s+{PARTNER_WORD}(?P<other2>{NAME})"
            rf"|\b(?:tied the knot)(?:\s+with\s+{PARTNER_WORD}(?P<other3>{NAME}))?",
            re.I,
        ),
        "married",
        True,
    ),
    (
        re.compile(
            rf"\b(?:am|is|are|'m|'re|been)\s+married(?:\s+to\s+{PARTNER_WORD}(?P<other>{NAME}))?", re.I
        ),
        "married",
        False,
    ),
    (
        re.compile(
            rf"\bstart(?:ed|ing)\s+(?:dating|seeing|going out with)\s*{PARTNER_WORD}(?P<other>{NAME})?",
            re.I,
        ),
        "dating",
        True,
    ),
    (
        re.compile(
            rf"\b(?:dating|seeing|going out with|in a relationship with|"
            rf"together with)\s+{PARTNER_WORD}(?P<other>{NAME})"
        ),
        "dating",
        False,
    ),
    (
        # "Zainab and I are officially together now", "we're a couple": the pair is the news.
        re.compile(
            rf"(?:\b(?P<other>{NAME})\s+and\s+I\s+(?:are|'re|have\s+been)|\bme\s+and\s+(?P<other2>{NAME})\s+are"
            rf"|\bwe(?:\s+are|'re|’re|\s+have\s+been|'ve\s+been))\s+"
            r"(?:(?:now|officially|finally|really|back)\s+)*"
            r"(?:together|a\s+couple|an\s+item|dating|seeing\s+each\s+other|official)"
            # the tie ends the clause: "together on the project" is not one
            r"(?=\s*(?:(?:now|again|officially)\s*)?(?:\s*(?:i\s+guess|i\s+think|lol|haha|yay)\b)?"
            r"(?:[.,;!?]|$|\s+(?:since|and)\b|\s*[^\w\s]))",
            re.I,
        ),
        "dating",
        True,
    ),
    (
        # "I'm seeing someone new, her name is Marisol": the partner is named after the news.
        re.compile(
            rf"\b(?:dating|seeing|going out with)\s+(?:someone|somebody|a\s+(?:guy|girl|man|woman))\b"
            rf"[^.;]*?\b(?:her|his|their)\s+name\s+is\s+(?P<other>{NAME})",
            re.I,
        ),
        "dating",
        True,
    ),
    (
        # "Paolo and I made it official", "we made it official"
        re.compile(rf"(?:\b(?P<other>{NAME})\s+and\s+I|\bwe)\s+(?:finally\s+)?made\s+it\s+official\b", re.I),
        "dating",
        True,
    ),
    (re.compile(r"\bmoved in together\b|\bmoving in together\b", re.I), "living together", True),
]
# "My partner Ezra and I share a flat": the pair states the tie, whatever else the clause says.
PARTNER_PAIR = re.compile(
    rf"^(?:(?:my|our)\s+(?P<word>girlfriend|boyfriend|partner|wife|husband|fianc[ée]e?|spouse)\s+(?P<other>{NAME})"
    rf"\s+and\s+(?:I|me)|(?:I|me)\s+and\s+my\s+(?P<word2>girlfriend|boyfriend|partner|wife|husband|"
    rf"fianc[ée]e?|spouse)\s+(?P<other2>{NAME}))\b",
    re.IGNORECASE,
)
PAIR_STATUS = {"wife": "married", "husband": "married", "spouse": "married", "fiance": "engaged",
               "fiancé": "engaged", "fiancee": "engaged", "fiancée": "engaged"}  # fmt: skip
# A name as a sentence states a tie: "Dr. Ngaire Whitlock is my supervisor", "my dentist is Dr. Patel".
# The title belongs to the name; the sentence, not the title, says how they relate to the user.
TITLED_NAME = (
    rf"(?:(?-i:(?:Dr|Prof|Professor|Doctor|Mr|Mrs|Ms|Mx|Miss)\.?)\s+)?{NAME}(?:\s+(?-i:[A-Z][a-z'\-]+))?"
)
# A tie is stated as it is or as it will be: "Fiona will be my boss", "my landlord is going to be Mr Byrne".
_TIE_VERB = r"(?:\s+(?:is|will\s+be|is\s+going\s+to\s+be)|\s*['’](?:ll|s\s+going\s+to)\s+be)"
# "My partner is Noor", "My sister's name is Elif", "My PhD supervisor is Professor Haldane, an expert on
# kelp": the tie first (one qualifying word allowed, not a possessive: "my sister's boss" is not mine),
# the name after, perhaps with an aside.
RELATION_IS_NAME = re.compile(
    rf"^(?:my|our)\s+(?:(?:best|close|oldest|old|new|older|younger|little|big|twin)\s+|(?!\w+'s\b)[\w\-]+\s+(?=\w))?"
    rf"(?P<rel>{RELATION_ALTERNATION})"
    rf"(?:'s\s+name)?{_TIE_VERB}\s+(?:called\s+|named\s+)?(?P<name>{TITLED_NAME})\s*(?:,[^.!?]*)?[.!]?$",
    re.IGNORECASE,
)
STATUS_RELATION = {
    "dating": "partner",
    "engaged": "fiancé(e)",
    "married": "spouse",
    "living together": "partner",
    "broke up": "ex",
    "divorced": "ex",
    "separated": "ex",
}

# Words that praise or judge rather than say which job: "a great cook" is no job title.
_JUDGING = (
    r"great|good|bad|terrible|amazing|brilliant|natural|born|proper|real|total|better|best|decent|fine|"
    r"lovely|nice|rubbish|awful|excellent|fantastic|wonderful|horrible|lousy|crap|happy|proud|very|such"
)
JOB_TITLE = re.compile(
    r"\b(?:(?:work(?:s|ed|ing)?|freelanc(?:e|es|ed|ing)|now|start(?:s|ed|ing)?(?:\s+\w+){0,3}?)\s+as|"
    # taken on somewhere as one: "joined the fire service as a trainee", "started at St Mary's as a
    # porter", "got taken on as a night porter", "signed with a new agency as a freelance illustrator"
    r"(?:join(?:s|ed|ing)?|sign(?:s|ed|ing)?\s+(?:on|with)|taken\s+on|took\s+me\s+on|hired|employed|"
    r"start(?:s|ed|ing)?)(?:\s+[\w'’&.-]+){0,5}?\s+as|"
    # not a relative clause: "my roommate Declan, who is a tattoo artist" is Declan's job
    r"(?<!\bwho\s)(?<!\bwhich\s)(?:I'm|I am|he's|she's|is|am|was|were|used to be|been|became|become|"
    # "Bolu's a nurse now"
    r"(?<=[A-Za-z])['’]s(?=\s+(?:a|an|now|officially|finally)\s))"
    r"(?:\s+(?:now|officially|finally|just))*|(?:got\s+)?promoted\s+to|"
    # "they've made me practice manager", "Made senior associate!!", "she's been made director of product"
    r"(?:^|(?<=\bbeen\s)|(?<=\bwas\s)|(?<=\bgot\s))made|made\s+me|"
    r"new\s+(?:role|title|job)(?:\s+just\s+dropped)?\s*(?:is|as|:)|(?:my|his|her)\s+(?:job|title|role)\s+is)"
    r"\s+(?:(?:a|an|the)\s+)?(?:new\s+)?(?:[a-z]+-[a-z]+\s+)?"
    # the title: its head, perhaps after a word or two of which job ("shift manager", "QA tester")
    rf"(?P<v>(?:(?!(?:{_JUDGING}|the|a|an|my|his|her|to|at|in|of|and|for|made|me)\b)[a-z]+\s+){{0,2}}?"
    rf"(?:{TITLE_HEADS}|head)(?:\s+of\s+(?!the\b)[a-z]+)?)\b",
    re.IGNORECASE,
)
# The user's new job in shorthand, the title and its start: "Community midwife, start 2 June", "Junior
# dev - starting Monday", "New job: barista, from the 3rd", with its grade or pay between ("Project
# Engineer, VPS 5, $114k + super, start 11 May"; "Civil Engineer, $88k + super from 1 May").
TITLE_STARTING = re.compile(
    rf"^(?:new\s+job\s*[:!-]?\s*)?(?:(?:a|an)\s+)?(?P<v>(?:[a-z]+\s+){{0,3}}?(?:{TITLE_HEADS}))\s*[,:\-–—]\s*"
    r"(?:[^,.;!?]{1,30},\s*){0,3}?(?:[^,.;!?]{1,30}\s)?(?:start(?:s|ing)?|from)\b"
    r"(?=\s+(?:\d|the\b|next\b|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))",
    re.IGNORECASE,
)
SCHOOL = re.compile(
    r"\b(?:stud(?:y|ies|ying|ied)\s+(?:[\w\s]{0,30}?\s+)?at|(?:student|freshman|sophomore|junior|senior|"
    r"undergrad|grad student|phd student)\s+at|enrolled\s+(?:at|in)|go(?:es|ing)?\s+to|attend(?:s|ing|ed)?|"
    r"graduated\s+from|got\s+into|accepted\s+(?:to|at|into))\s+"
    r"(?P<v>(?:the\s+)?" + CAP_RUN + r")",
    re.IGNORECASE,
)
SCHOOL_CHANGE = re.compile(
    r"\b(?:(?:transferr?(?:ed|ing|s)?|switch(?:ed|es|ing)?|mov(?:ed|es|ing))\s+(?:schools\s+)?"
    r"(?:from\s+(?P<old>(?:the\s+)?" + CAP_RUN + r")\s+)?(?:over\s+)?to|"
    r"start(?:ed|s|ing)?\s+(?:school\s+|classes\s+|college\s+)?at|(?:is|am|'m|are|'re)\s+now\s+(?:at|in)|"
    r"now\s+(?:attends|goes\s+to|studies\s+at)|dropped\s+out\s+(?:of|from)|withdr[ae]w\s+from|"
    r"left|quit|enrolled\s+(?:at|in))\s+"
    r"(?P<v>(?:the\s+)?" + CAP_RUN + r")",
    re.IGNORECASE,
)
SCHOOL_WORDS = re.compile(
    # "High" and "Primary" end a school's name ("Central High", "Roundhay Primary"), not "High Street"
    r"\b(?:University|College|School|Institute|Academy|Polytechnic|High(?!\s+St)|Primary|MIT|Stanford|Harvard|"
    r"Yale|Princeton|Oxford|Cambridge|Berkeley|UCLA|NYU|Caltech|Columbia|"
    # and in the languages schools are named in: "Escuela Primaria Benito Juárez", "Lycée Henri-IV"
    r"Escuela|Colegio|Universidad|Universit[éàa]|Lyc[ée]e|Gymnasium|Schule|Hochschule|Liceo|Instituto|"
    r"Scoil|Gaelscoil|Kindergarten|Montessori|Nursery)\b"
)
# Study said by its verb, so the place studied at need not say it is a school ("Enrolled at UCL", "doing
# my MSc at Wageningen", "in her second year at Wits", "started Year 7 at Roundhay").
SCHOOL_STUDY = re.compile(
    r"\b(?:enrol(?:l)?ed\s+(?:at|in)|stud(?:y|ies|ying)\s+(?:[\w\s]{0,30}?\s+)?at|"
    r"(?:student|fresher|freshman|sophomore|undergrad|postgrad|grad\s+student|phd\s+(?:student|candidate))\s+at|"
    r"(?:doing|started|starting|finishing|halfway\s+through)\s+(?:my|his|her|their|a|an)\s+(?:msc|ma|ba|bsc|"
    r"phd|masters?|master's|degree|doctorate|mba|llm|a-levels|diploma|foundation\s+year|apprenticeship)"
    r"(?:\s+in\s+[\w\s]{1,25}?)?\s+at|"
    # "second year BCom accounting at UCT", "final year law at Leeds"
    r"(?:first|second|third|fourth|final|1st|2nd|3rd|4th)\s+year\s+(?:[\w\s]{0,30}?\s+)?at|"
    r"(?:started|starting|starts|began)\s+(?:uni|university|college|school|nursery|kindergarten|reception|"
    r"(?:year|grade|class)\s+\d{1,2}|high\s+school|primary\s+school|secondary\s+school)\s+at)\s+"
    r"(?P<v>(?:the\s+)?" + CAP_RUN + r")",
    re.IGNORECASE,
)
PET = re.compile(
    r"\b(?:have|has|had|got|get|adopted|adopt|rescued|bought|welcomed|brought home)\s+(?:a|an|two|three|"
    r"another|our|my|his|her)\s+(?:new\s+)?(?:little\s+)?(?:[\w\-]+\s+)?(?P<species>"
    + "|".join(PET_WORDS)
    + r")"
    r"(?:\s+(?:named|called)\s+(?P<v>" + NAME + r"))?\b",
    re.IGNORECASE,
)
PET_SPECIES = {
    "puppy": "dog",
    "pup": "dog",
    "kitten": "cat",
    "kitty": "cat",
    "bunny": "rabbit",
    "goldfish": "fish",
    "pony": "horse",
}
PET_DESCRIPTION = re.compile(
    r"^(?:the|our|my|his|her)\s+(?P<species>"
    + "|".join(PET_WORDS)
    + r")(?:'s name)?\s+(?:is|was)\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
DIET = re.compile(
    r"\b(?:I'm|I am|am|is|been|went|gone|going|became|become|now|eat|eats|eating)\s+(?:a\s+|fully\s+|"
    r"strictly\s+|"
    r"mostly\s+)?(?P<v>vegetarian|vegan|pescatarian|keto|paleo|gluten[- ]free|dairy[- ]free|"
    r"kosher|halal|plant[- ]based|carnivore)\b"
    r"|\b(?P<neg>don't|do not|doesn't|no longer|never|stopped|quit|gave up|cut out)\s+(?:(?:eat|"
    r"drink)(?:ing|s)?\s+)?"
    r"(?P<food>meat|pork|beef|dairy|gluten|fish|sugar|eggs|chicken|seafood|red meat|alcohol|coffee|caffeine|"
    r"soda|booze)\b"
    # "I don't drink, I'll have a Fanta", "stopped drinking in May", "teetotal now": alcohol
    r"|\b(?P<neg2>don't|do not|doesn't|never|no longer|stopped|quit|gave up)\s+drink(?:ing|s)?\b"
    r"(?=\s*(?:[.,;!?)]|$)|\s+(?:alcohol|booze|any\s?more|at\s+all|now|these\s+days|in|since|last|this|for|"
    r"after|because|when|on|and|but|completely|entirely|totally|altogether)\b)"
    r"|\b(?P<dry>teetotal|tee-total|sober\s+(?:now|since|for))\b",
    re.IGNORECASE,
)
FAVORITE = re.compile(
    r"\b(?:[Ff]avou?rite|[Ff]ave)\s+(?P<thing>[a-z][a-z ]{1,25}?)\s+(?:is|are|was|=|"
    r":)\s+(?P<v>[\w'&\- ]{1,40}?)(?=[,.;!?]|\s+and\b|\s+but\b|$)"
    r"|(?P<v2>[A-Z][\w'&\- ]{0,40}?|[a-z][\w'\-]*(?:\s+[a-z][\w'\-]*)?)\s+(?:is|are)\s+"
    r"(?P<whose>my|his|her|our)\s+"
    r"(?:all[- ]time\s+)?(?:favou?rite|fave)\s+(?P<thing2>[a-z][a-z ]{1,25}?)(?=[,.;!?]|\s+and\b|\s+but\b|$)",
)
# What narrows a favourite without naming its kind: "favourite food *in the world*", "film *of all time*".
FAVORITE_SCOPE = re.compile(
    r"\s+(?:in\s+the\s+(?:world|universe)|of\s+all\s+time|ever|right\s+now|at\s+the\s+moment|these\s+days)$"
)
# Words before a favourite that are not it: "is *still* Spirited Away", "is *my lola's* chicken adobo".
FAVORITE_LEAD = re.compile(
    r"^(?:(?:still|definitely|probably|always|now|honestly|hands\s+down)\s+)*"
    r"(?:(?:my|our|his|her|their)\s+(?:[\w\-]+['’]s\s+)?)?"
)
MY_NAME = re.compile(r"\b(?:my name is|call me|I go by|name's)\s+(?P<v>" + NAME + r")\b")
AGE = re.compile(
    r"\b(?:I'm|I am|is|turned|turning|turn)\s+(?P<v>\d{1,2})(?:\s+years?\s+old)?(?=[\s,.!?]|$)"
    r"(?!\s*(?:am|pm|%|minutes|hours|days|weeks|months|kg|lbs|miles|km))"
)
BIRTHDAY = re.compile(
    r"\b(?:birthday|bday|b-day)\s+(?:is\s+)?(?:on\s+)?(?P<v>(?:January|February|March|April|"
    r"May|June|July|August|September|October|November|December)\s+\d{1,2}(?:st|nd|rd|th)?|"
    r"\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:January|February|March|April|May|June|July|"
    r"August|September|October|November|December))",
    re.IGNORECASE,
)
# An intolerance is a condition, not a diet one follows: "I'm lactose intolerant" stays true when the user
# goes vegan or gives up coffee, so it is a slot of its own (`intolerance:<thing>`).
_INTOLERABLE = r"lactose|gluten|fructose|histamine|wheat|dairy|caffeine|alcohol|eggs?|soy|fodmap"
INTOLERANCE = re.compile(
    rf"\b(?P<v>{_INTOLERABLE})[- ]intoleran(?:t|ce)\b|\bintolerant\s+to\s+(?P<v2>{_INTOLERABLE})\b",
    re.IGNORECASE,
)
# Food a diet leaves out in one word: "I don't eat meat" is a diet; "I gave up coffee" is one food of many
# one can go without at once (`avoids:<food>`), and a new diet does not bring it back.
DIET_FOODS = frozenset(("meat", "red meat"))
FOOD_SYNONYMS = {"booze": "alcohol", "eggs": "egg"}
ALLERGY = re.compile(
    r"\ballergic\s+to\s+(?P<v>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)|\b(?P<v2>[a-z][\w\-]*)\s+allergy\b",
    re.IGNORECASE,
)

PREFERENCE_POSITIVE = (
    r"love|loves|loved|adore|adores|enjoy|enjoys|enjoyed|prefer|prefers|preferred|"
    r"(?:am|'m|is|are|really|so|super|totally|big)\s+into|(?:a\s+)?(?:big\s+|huge\s+)?fan of|"
    r"obsessed with|crazy about|passionate about|fond of|can't live without|partial to|"
    r"(?:I|we|he|she|they|really|also|do|does|still|kinda|totally|always|actually)\s+like[sd]?(?!\s+to\b)"
)
PREFERENCE_NEGATIVE = (
    r"hate|hates|hated|dislike|dislikes|disliked|can't stand|cannot stand|can not stand|detest|"
    r"detests|loathe|loathes|not a (?:big\s+)?fan of|sick of|tired of|"
    r"(?:don't|do not|doesn't|does not|never|didn't)\s+(?:really\s+)?(?:like|enjoy|love)"
)
PREFERENCE = re.compile(
    rf"\b(?P<neg>{PREFERENCE_NEGATIVE})\b|\b(?P<pos>{PREFERENCE_POSITIVE})\b", re.IGNORECASE
)
OBJECT_STOP = re.compile(
    r"[,.;!?]|\s(?:especially|because|since|but|when|while|though|although|and I|and my|"
    r"in|on|at|with|from|for|during|after|before|more than|over|than|like|so|as|"
    r"too|anymore|any more|now|lately|these days|nowadays|very|a lot|so much)\b"
)
OBJECT_DETERMINERS = frozenset(
    """
    the a an my our his her their some all any this that these those
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
PRONOUN_OBJECTS = frozenset(
    """
    it that this them him her you me us everything nothing something one
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
PREFER_OVER = re.compile(
    r"\bprefer(?:s|red)?\s+(?P<a>[\w\s'\-]+?)\s+(?:over|to|rather than|instead of)\s+"
    r"(?P<b>[\w\s'\-]+?)(?=[,.;!?]|$)",
    re.IGNORECASE,
)


# A health reading whose newest value is the one that holds ("my blood pressure was 150 over 95", "A1C
# 6.1", "my blood pressure is down to 128 over 82", "I weigh 82 kg"): the measure and its value.
MEASURES = (
    r"blood pressure|bp|a1c|hba1c|cholesterol|ldl|hdl|blood sugar|glucose|resting heart rate|heart rate|"
    r"weight|bmi|body fat|vo2 ?max|ferritin|vitamin d|oxygen saturation"
)
MEASUREMENT = re.compile(
    rf"\b(?P<what>{MEASURES})\b(?:\s+(?:reading|level|levels|result|score))?"
    r"(?:\s+(?:is|was|'s|are|were|came back|came in|has been|measured|reads|read|of|at|:))?"
    r"(?:\s+(?:now|still|finally|only|just))?"
    r"(?:\s+(?:down|up|back)\s+to|\s+at|\s+around|\s+about|\s+under|\s+over)?\s*:?\s*"
    r"(?P<v>\d[\d.,]*(?:\s*(?:over|/)\s*\d[\d.]*)?(?:\s*(?:kg|kilos|lbs|pounds|stone|mmol(?:/l)?|mg/dl|%|bpm))?)"
    r"|\bI\s+(?:now\s+)?weigh\s+(?P<v2>\d[\d.,]*\s*(?:kg|kilos|lbs|pounds|stone))",
    re.IGNORECASE,
)

# An amount of money: with a currency ("$4,200", "R25,000", "PHP 26,500"), or without one when it is
# plainly money all the same: thousands ("52k", "26,500"), or so much a period ("18k/mo", "R180 an hour").
_PERIOD = r"(?:\s*(?:/|a|an|per)\s*(?:month|year|week|hour|mo|yr|wk|hr|annum)|\s?(?:pcm|pw))"
_CURRENCY = r"(?:[$€£¥₱₹₦]|(?-i:R|PHP|ZAR|USD|EUR|GBP|NZD|AUD|CAD)\s?)"
_MONEY = (
    rf"(?:{_CURRENCY}\d[\d,.]*\s?(?:k|m)?{_PERIOD}?|\d[\d,.]*\s?k\b{_PERIOD}?|\d{{1,3}}(?:,\d{{3}})+{_PERIOD}?"
    rf"|\d[\d,.]*{_PERIOD})"
)
# Money that is plainly pay or a price: with a currency, or so much a period ("26,500/mo", "R180 an hour").
PRICED = re.compile(rf"{_CURRENCY}\d|\d[\d,.]*\s?k?{_PERIOD}\b", re.IGNORECASE)
MONEY_ATTRIBUTE = re.compile(
    # so much a month for a home: "we pay 980 a month for this tiny place in Kraków"
    rf"\bpay(?:s|ing)?\s+(?P<v_rent>(?:{_CURRENCY})?\d[\d,.]*\s?k?){_PERIOD}\s+for\s+(?:a|an|the|this|that|our|my)\s+"
    r"(?:[\w\-]+\s+){0,2}?(?:place|flat|room|apartment|house|one-bed|studio|unit|bedsit)\b"
    r"|\b(?P<what>salary|income|pay|rent|mortgage|mortgage payment|car payment)\b[^.;!?]{0,40}?"
    r"(?:is|was|of|at|to|are|went up to|increased to|raised to|dropped to|now|:)\s+(?:about\s+|around\s+|"
    # with the word for it said, a plain number is the amount: "rent going up to 1450 from May"
    rf"roughly\s+)?(?P<v>{_MONEY}|\d{{3,}}(?:[.,]\d+)?\b(?!\s*(?:%|km|miles|kg|sq|m2)))"
    r"|\b(?:make|makes|earn|earns|making|earning)\s+(?P<v2>[$€£¥]?\s?\d[\d,.]*\s?(?:k|K)?(?:\s+(?:a|"
    r"per)\s+(?:year|month|hour))?)"
    # a note's shorthand: "pay 18k/mo", "Rent: €1,200"
    rf"|\b(?P<what3>salary|pay|rent|mortgage)\s*:?\s+(?P<v3>{_MONEY})(?![\d,.]*\s*(?:in\s+|for\s+)?(?:rent|mortgage)\b)"
    # the amount first: "we're paying $2,100 rent", "1,400 in rent"
    rf"|(?P<v4>{_CURRENCY}\d[\d,.]*\s?k?|\d{{1,3}}(?:,\d{{3}})+|\d{{3,}})\s+(?:in\s+|for\s+)?(?P<what4>rent|mortgage)\b"
    # a job's pay: "New contract signed, £42k a year", "the new job at Safaricom pays 250k shillings a month"
    r"|\b(?:contract|offer|job|role|position|gig)\b[^.;!?]{0,40}?(?<![\w$€£¥₱₹₦])"
    rf"(?P<v_pay>(?:{_CURRENCY})?\d[\d,.]*\s?k?(?:\s+(?:shillings|rupees|pesos|rand|naira|euros|pounds|dollars))?)"
    rf"(?={_PERIOD})",
    re.IGNORECASE,
)


# The money a number is may be said after it: "700 quid", "9,000 baht", "1.200€", "14 000 rand"
_CURRENCY_AFTER = (
    r"(?:\s?(?:€|£|\$)|\s(?:quid|bucks|baht|rand|euros?|pounds?|dollars?|rupees?|pesos?|naira|shillings?|"
    r"dirhams?|lira|zloty|kr|kronor|kroner|yen|yuan|won|ringgit|lei|forint|cedis?|birr|soles|reais)\b)"
)
_AMOUNT = (
    rf"(?<![\w.,])(?P<amount>{_CURRENCY}\d[\d,.]*\s?[km]?|\d{{1,3}}(?:[ .,]\d{{3}})+{_CURRENCY_AFTER}|"
    rf"\d[\d,.]*\s?k?{_CURRENCY_AFTER}|\d[\d,.]*\s?k\b|\d{{1,3}}(?:,\d{{3}})+|"
    r"\d{2,}(?:\.\d\d)?)"
    r"(?!\s*(?:%|km|miles|kg|sq|m2|mins?|minutes|hours?|hrs?|days?|weeks?|years?|people|times|steps|pages)\b)"
)
_PER = (
    r"\s*(?:pcm|pw|p/m|/\s*(?:month|mo|week|wk|year|yr|hour|hr|h|day)|"
    r"(?:a|an|per)\s+(?:month|week|year|hour|annum|day|shift|gig))\b"
)
_MONEY_AMOUNT = re.compile(_AMOUNT + rf"(?P<per>{_PER})?", re.IGNORECASE)
_HOME_WORDS = re.compile(
    r"\b(?:rent|lease|flat|room|place|apartment|apt|house|bedsit|studio|one-bed|two-bed|"
    r"\d[- ]?bed(?:room)?)\b",
    re.IGNORECASE,
)
_PAY_WORDS = re.compile(
    r"\b(?:salary|salarys|pay|paid|raise|pay\s*rise|wage|wages|earn|earns|earning|earned|make|makes|making|"
    r"contract|offer|hourly|income|take\s+home)\b",
    re.IGNORECASE,
)


# A home looked at, not lived in, or a change someone wants: no one's rent yet.
_CONSIDERED = re.compile(
    r"\b(?:view(?:ed|ing|ings)?|listing|listed|advert\w*|asking|to\s+let|for\s+rent|looked\s+at|"
    r"looking\s+at|open\s+house|shortlist\w*|considering|might|could|would|wants?\s+to|going\s+to|"
    r"plans?\s+to|will)\b",
    re.IGNORECASE,
)


_RENT = re.compile(r"\brent\b", re.IGNORECASE)
_MORE_BY = re.compile(r"\b(?:up|by|extra|another)\s+$", re.IGNORECASE)


def _stated_amounts(text: str) -> Iterator[re.Match[str]]:
    """The amounts of money the text states, but how much more ("put the rent up R400")."""
    return (found for found in _MONEY_AMOUNT.finditer(text) if not _MORE_BY.search(text, 0, found.start()))


def _plainly_money(found: re.Match[str]) -> bool:
    """Said as money, not as a bare number: a period, a currency, a "k", thousands."""
    amount = found.group("amount").strip()
    return bool(found.group("per")) or not amount[:1].isdigit() or not amount[-1:].isdigit() or "," in amount


def money_in_frame(text: str) -> tuple[str, str] | None:
    """("rent" | "salary", the amount) of the amount the words around it say is rent or pay, or None.

    For what no grammar above reads: a home's cost so much a period ("The room costs 600 a month",
    "£850pcm for a room in Hackney"), the rent however said ("Rent's 1200 now", "Monthly rent 1100
    EUR"), or pay ("Got a raise to 70k", "Paid 22 an hour now", "Earning 3,000 a month at the hotel")."""
    if _CONSIDERED.search(text):
        return None  # "Viewed 3 bed semi on Lidgett Lane, £1,150 pcm": a place's asking rent, not ours
    rent_said, home_said = bool(_RENT.search(text)), bool(_HOME_WORDS.search(text))
    pay = _PAY_WORDS.search(text)
    for found in _stated_amounts(text):
        amount, per = found.group("amount").strip(), found.group("per")
        if rent_said or (per and home_said):
            return "rent", amount
        # "paid 45 quid for a haircut" spends; "paid 22 an hour" earns
        if _plainly_money(found) and pay and (per or pay.group(0).lower() not in ("pay", "paid")):
            return "salary", amount
    return None


def pay_told(text: str) -> re.Match[str] | None:
    """The amount a note about a job gives as pay, beside the job ("Wren is a teaching assistant at
    Oakfield now, £19k pro rata", "warehouse op at DHL, nights, 14.20/h", "senior social worker, Camden
    council. 44,200."): plainly money, not how much more, and not in a note about a home or one looked
    at. Whether the note tells a job is `tells_a_job`'s to read."""
    if _CONSIDERED.search(text) or _RENT.search(text) or _HOME_WORDS.search(text):
        return None
    return next((found for found in _stated_amounts(text) if _plainly_money(found)), None)


def tells_a_job(text: str) -> bool:
    """Does a job grammar read anything in the text: a title, a title at an employer, work somewhere, a
    job taken?"""
    return any(
        grammar.search(text) for grammar in (JOB_TITLE, EMPLOYER_TITLE_AT, EMPLOYER_STATE, EMPLOYER_JOIN)
    )


IS_MY_RELATION = re.compile(
    # "Priya's my flatmate": the tie said with the verb cut short
    rf"^(?P<name>{TITLED_NAME})(?:{_TIE_VERB}|['’]s)\s+(?:(?:now|officially|finally)\s+)*(?:my|our)\s+"
    r"(?:(?:best|close|oldest|old|new|older|younger|little|big|favou?rite)\s+)?"
    rf"(?P<rel>{RELATION_ALTERNATION})\b",
    re.IGNORECASE,
)
