"""The offline `rules` extractor (phase 1 without a model): what every user without an API key meets first.

It reads each new turn sentence by sentence, clause by clause, and turns what is about the user and the
people in their life into candidate memories with every field an LLM extractor would fill (seed 000 §1.3):
type, layer, category, entities, subject/attribute/value (the scope of contradictions), temporal fields
resolved against when it was said, sensitivity, importance, confidence, sentiment, outcome, provenance.

How it generalises instead of matching examples:

- grammar, not strings: a clause's *subject* is found first (I / we / "my sister" / a name / a resolved
  "he" / an implied "I" in a note fragment), then small predicate grammars read an *attribute* from any
  inflection of their verbs ("works/working/worked at", "moved/relocated to", "broke up with") and take the
  value from a capitalised run or a short noun phrase;
- vocabularies are grouped constants (relationship words, pets, action verbs, health and money lexicons,
  sentiment) so a new word is one edit;
- tense and hedging are read, not assumed: "thinking about leaving Stripe" keeps Stripe as the employer,
  "used to live in Boston" is history, "I think" halves confidence;
- dates go through temporal.py (own grammar + dateparser + recurrent), always against `observed_at`.

Precision beats recall: a missed memory comes back the next time it is said, a wrong one misleads every
later answer. Everything is deterministic; per-call cost is a few milliseconds (no model, no I/O).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from engram.models import (
    ActionRecord,
    CandidateFact,
    ChangeDetected,
    DecisionRecord,
    EntityMention,
    ExtractionResult,
    ProvenanceEntry,
    cap_evidence,
)
from engram.pipeline.ports import ExtractionInput, TurnInput
from engram.pipeline.temporal import TemporalInfo, analyse_temporal, as_utc
from engram.pipeline.text import (
    FAMILY_RELATIONS,
    FIRST_NAMES,
    IRREGULAR_PASTS,
    ORGANISATIONS,
    PARTNER_RELATIONS,
    PET_WORDS,
    PLACES,
    RELATION_WORDS,
    RELATIVE_DAY_WORDS,
    SOCIAL_RELATIONS,
    STOPWORDS,
    WORK_RELATIONS,
    SpottedEntity,
    has_first_person,
    is_filler,
    is_help_request,
    matches_topic,
    normalise_text,
    rewrite_first_person,
    second_to_first_person,
    singular,
    split_clauses,
    split_sentences,
    spot_entities,
    statement_part,
    strip_discourse_fillers,
    words,
)

MODEL = "rules-v1"
USER_SUBJECT = "user"
CONTENT_MAX_CHARS = 2000  # CandidateFact.content's limit

# ---------------------------------------------------------------------------------------------------
# Confidence (seed 002's scale)
# ---------------------------------------------------------------------------------------------------

CONFIDENCE_EXPLICIT = 0.8  # a plain statement by the user
CONFIDENCE_REMEMBER = 1.0  # "remember that ...": the user asked for it
CONFIDENCE_HEDGED = 0.5  # "I think", "maybe", "probably"
CONFIDENCE_HEARSAY = 0.7  # "Marcus told me he ...": explicit, but second hand
CONFIDENCE_ASSISTANT = 0.5  # an assistant's tool summary: inferred
CONFIDENCE_ASSISTANT_HEDGED = 0.4
CONFIDENCE_INFERRED = 0.4  # derived by us (a person merely mentioned becomes an entity memory)

# ---------------------------------------------------------------------------------------------------
# Sentence-level requests
# ---------------------------------------------------------------------------------------------------

_CAP = r"(?-i:[A-Z][\w'&.\-]*)"  # names stay case-sensitive inside IGNORECASE patterns
_CAP_RUN = rf"{_CAP}(?:(?:\s+(?:of|de|&)\s+|\s+){_CAP})*"  # "Blue Bottle", "Bank of America", "NYC"
_NAME = r"(?-i:[A-Z][a-z'\-]+(?:\s+[A-Z][a-z'\-]+)?)"
_PARTNER_WORD = (
    r"(?:(?:my|his|her|their)\s+(?:ex|girlfriend|boyfriend|partner|wife|husband|fianc[ée]e?|spouse)\s+)?"
)

FORGET_REQUEST = re.compile(
    r"^(?:(?:please|pls|hey|ok|okay|actually|also|and)[,\s]+)*(?:can you\s+|could you\s+|would you\s+|"
    r"i want you to\s+|i'd like you to\s+|i need you to\s+)?"
    r"(?P<verb>forget|don'?t remember|do not remember|stop remembering|no need to remember|"
    r"(?:delete|remove|erase|wipe|drop|clear|unlearn)(?=\s+(?:what|the memor|my memor|any memor|all memor|"
    r"everything|that\b|this\b|it\b|anything|the (?:fact|info|note|part|thing)|.*\bfrom (?:your |"
    r"my )?memory)))"
    r"\s*(?P<what>.*)$",
    re.IGNORECASE,
)
# Framing around the thing to forget: "that I told you about", "what I said about", "the memory of".
_FORGET_FRAMING = re.compile(
    r"^(?:(?:about|that|what|everything|anything|all|the\s+(?:memory|memories|fact|facts|info|"
    r"information|note|notes|part|thing|stuff)|(?:any|all|my)\s+memor(?:y|ies)|you know|you have|"
    r"(?:that\s+|what\s+)?(?:I|i)\s+(?:told you|said|mentioned|wrote|shared|typed|noted)|i\s+(?:ever\s+)?"
    r"(?:told you|said|mentioned)|(?:about|regarding|of|on|concerning|related to)|from\s+(?:your|"
    r"my)\s+memory|"
    r"it|this|that)\b[\s,:]*)+",
    re.IGNORECASE,
)
_FORGET_TAIL = re.compile(
    r"[\s,]*(?:please|pls|thanks|thank you|from (?:your |my )?memory|for good|"
    r"forever|permanently|ok|okay)?[\s.!?]*$",
    re.IGNORECASE,
)
REMEMBER_THIS = re.compile(
    r"^(?:please\s+)?(?:remember (?:this|that|it)|this is (?:really |very |super )?important|"
    r"(?:don'?t|do not) forget (?:this|that|it)|keep (?:this|that) in mind|note (?:this|that)|"
    r"important)[.!]*$",
    re.IGNORECASE,
)
REMEMBER_PREFIX = re.compile(
    r"^(?:please\s+)?(?:remember(?:\s+that)?|note to self|important|fyi|for the record|"
    r"keep in mind(?:\s+that)?|"
    r"(?:don'?t|do not) forget(?:\s+that)?|make a note(?:\s+that)?|note that|just so you know)\s*[:,\-]?\s+",
    re.IGNORECASE,
)
REMIND_ME = re.compile(
    r"^(?:please\s+|can you\s+|could you\s+|pls\s+)?remind me (?:to|that|about)\s+(?P<what>.+?)[?.!]*$",
    re.IGNORECASE,
)
CORRECTION_PREFIX = re.compile(
    r"^(?:actually|correction|sorry|oops|wait|no|to clarify|let me correct (?:that|myself)|scratch that|"
    r"my (?:bad|mistake))\s*[,:!\-]*\s+(?:(?:I meant|I mean|it'?s|it is)\s*,?\s*(?-i:(?=[A-Z])))?",
    re.IGNORECASE,
)
NAME_CORRECTION = [
    re.compile(rf"\bspelled\s+(?P<new>{_NAME})\s*,?\s+not\s+(?P<old>{_NAME})\b"),
    re.compile(rf"\b(?P<old>{_NAME})\s+is\s+(?:actually\s+)?spelled\s+(?P<new>{_NAME})\b"),
    re.compile(
        rf"\b(?:I meant|I mean|it'?s|it is|name is|called)\s+(?P<new>{_NAME})\s*,?\s+not\s+(?P<old>{_NAME})\b"
    ),
    re.compile(rf"\bnot\s+(?P<old>{_NAME})\s*,?\s+(?:but|it'?s|it is)\s+(?P<new>{_NAME})\b"),
    re.compile(rf"^(?P<new>{_NAME})\s*,?\s+not\s+(?P<old>{_NAME})[.!]*$"),
]
_NOT_ALTERNATIVE = re.compile(rf",?\s+not\s+(?P<old>{_CAP_RUN}|[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\s*$")

PROCEDURE = re.compile(
    r"^(?:to\s+[a-z]\w*(?:\s+[\w'\-]+){0,6}\s*[,:]\s*(?:first|you|just|simply|always|never|make sure|run|use|"
    r"open|go|add|put|set|click|type|call|press|take|mix|boil|heat|start|check|log|push|pull|build|"
    r"install|copy|select|turn|wait|ask|send|get|do|don't|remove|create|update|restart|enter|fill|"
    r"book|pay|bring)\b"
    r"|(?:the\s+)?(?:trick|secret|key|best way|way|process|recipe|procedure|steps?|instructions?|routine|"
    r"method|workflow|checklist)\s+(?:to|for|of|is|are)\b"
    r"|how\s+(?:I|we|to)\s+[\w\s]+:|step\s*(?:1|one)\b|first,?\s+[\w\s',]+\bthen\b"
    r"|always\s+\w+[\w\s',]*\bbefore\b|never\s+\w+[\w\s',]*\bwithout\b|make sure (?:to|you)\b)",
    re.IGNORECASE,
)
PROCEDURE_CONTINUATION = re.compile(
    r"^(?:then|next|after that|afterwards|finally|lastly|second(?:ly)?|"
    r"third(?:ly)?|step\s*\d+|and then|once (?:done|that's done))\b",
    re.IGNORECASE,
)

# ---------------------------------------------------------------------------------------------------
# Clause-level cues
# ---------------------------------------------------------------------------------------------------

_ASIDE = re.compile(r"\s+[-\u2013\u2014]+\s+|\s*\(")
# Words that make the speaker unsure whether the fact is true. Not "kind of"/"kinda"/"sort of" (degree:
# "kinda nervous" is nervous) nor "I think of/about" (thinking of someone is not a guess).
HEDGES = re.compile(
    r"\b(?:I think(?!\s+(?:of|about)\b)|I guess|I believe|I suppose|maybe|perhaps|probably|might|possibly|"
    r"not sure|not certain|I feel like|seems like|apparently|I heard|rumou?r|supposedly|I'm guessing|"
    r"could be|may be)\b",
    re.IGNORECASE,
)
TENTATIVE = re.compile(
    r"\b(?:thinking (?:about|of)|considering|consider|might|may|maybe|could|planning (?:to|on)|plans? to|"
    r"want(?:s|ed)? to|wanna|hop(?:e|es|ing) to|would like to|'d like to|wish(?:es)? to|dream(?:s|ing)? of|"
    r"looking (?:into|at)|if|whether|debating|weighing|tempted to|trying to)\b",
    re.IGNORECASE,
)
REPORTED_SPEECH = re.compile(
    rf"^(?P<who>{_NAME}|(?:my|our)\s+[a-z\-]+(?:\s+[a-z\-]+)?|he|she)\s+(?:just\s+|finally\s+|also\s+)?"
    r"(?:told me|told us|said|says|mentioned|mentions|texted me|texted|let me know|informed me|announced|"
    r"shared|admitted|confessed|revealed|explained|tells me|wrote|emailed me|messaged me|called to say|"
    r"called me to say)\s*(?:that\s+|,\s*)?(?P<rest>(?:he|she|they)\b.+)$",
)
# "Big news: ...", "Update - ...", "Can't believe ...": framing before the statement itself.
_LABEL_PREFIX = re.compile(
    r"^(?:(?:big|good|great|bad|sad|exciting|quick|some|random)\s+(?:news|update|thought)|update|news|fyi|"
    r"psa|"
    r"heads up|status|reminder|life update|(?:I\s+)?can'?t believe|(?:I\s+)?cannot believe|turns out|"
    r"(?:so\s+)?(?:happy|glad|excited|sad|relieved|proud) (?:to (?:say|report|share)|that)|guess what|"
    r"just found out|I just learned)\s*(?:[:!,\-]+\s*|\s+(?:that\s+)?)",
    re.IGNORECASE,
)
_PRONOUN_START = re.compile(r"^(?P<pronoun>he|she|He|She)(?P<contraction>'s|'d|'ll)?\b")
_LEADING_ADVERBIAL = re.compile(
    r"^(?:(?:yesterday|today|tonight|tomorrow|this (?:morning|afternoon|evening|week|weekend)|"
    r"last (?:night|week|weekend|month|year|\w+day)|next \w+|on \w+day|finally|recently|lately|also|then|"
    r"back (?:in (?:\d{4}|the day|college|school)|then|when \w+ \w+)|"
    r"now|earlier|later|after (?:work|school|lunch|dinner|that)|over the weekend|at (?:work|school|home)|"
    r"in (?:\w+ )?\d{4}|in [A-Z]\w+|(?:\w+ )?(?:days?|weeks?|months?|years?) ago|since \w+|"
    r"a (?:few|couple of) (?:days|weeks) ago|this past \w+)\s*,?\s+)+",
    re.IGNORECASE,
)
_FRAGMENT_VERBS = frozenset(
    """
    need needs want wants love loves like likes hate hates feel feeling felt think thinking going
    working trying planning hoping looking started finished just finally still really also can't cannot
    gotta got had went made took met saw spent tried started bought ran won lost sold left moved called
    texted visited decided chose picked booked signed shipped launched closed finished completed
    submitted
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

# ---------------------------------------------------------------------------------------------------
# Attribute grammar (subject / attribute / value)
# ---------------------------------------------------------------------------------------------------


JOB_TITLES = frozenset(
    item.strip()
    for item in """
    engineer|developer|programmer|designer|manager|director|teacher|nurse|doctor|physician|surgeon|
    lawyer|attorney|accountant|analyst|scientist|researcher|consultant|architect|writer|editor|
    journalist|photographer|artist|musician|chef|cook|baker|barista|bartender|waiter|waitress|cashier|
    pharmacist|dentist|therapist|psychologist|counselor|counsellor|social worker|paramedic|firefighter|
    police officer|pilot|mechanic|electrician|plumber|carpenter|contractor|realtor|recruiter|founder|
    cofounder|co-founder|ceo|cto|cfo|coo|vp|intern|student|freelancer|marketer|salesperson|entrepreneur|
    professor|lecturer|tutor|librarian|veterinarian|secretary|administrator|clerk|technician|nanny|
    caregiver|coach|trainer|data scientist|product manager|project manager|software engineer|
    web developer|ux designer|graphic designer|product designer|teaching assistant|real estate agent
    """.replace("\n", "").split("|")
    if item.strip()
)
_LOWER_NP = (
    r"(?:a|an|the)\s+[a-z][\w\-]*(?:\s+(?!(?:in|on|at|for|with|and|but|since|as|from|to|because|"
    r"until|last|next|this|now|anymore|yet|too)\b)[a-z][\w\-]*){0,2}"
)
_ORG_VALUE = rf"(?P<v>{_CAP_RUN}|{_LOWER_NP})"
_PLACE_VALUE = rf"(?P<v>{_CAP_RUN})"

EMPLOYER_JOIN = re.compile(
    r"\b(?:(?:got|was|been|get|gets|getting)\s+hired\s+(?:at|by)|(?:accept(?:ed|s|ing)?|took|take|taking)\s+"
    r"(?:the|an|a|their|that)\s+(?:job\s+|position\s+|role\s+)?(?:offer\s+)?(?:at|from|with)|"
    r"start(?:ed|s|ing)?\s+(?:a\s+new\s+(?:job|role|position)\s+|work(?:ing)?\s+|"
    r"my\s+new\s+job\s+|"
    r"his\s+new\s+job\s+|her\s+new\s+job\s+)?(?:at|with)|new\s+(?:job|role|position|gig)\s+(?:at|with)|"
    r"(?:got|landed|accepted)\s+(?:a|an|the)\s+(?:job|position|role|offer)\s+(?:at|with|from))\s+"
    + _ORG_VALUE
    # "joined a book club" is not a job: joining only counts with a named organisation.
    + r"|\b(?:joined|joining|join|joins|(?:signed|signing)\s+with)\s+(?:the\s+team\s+at\s+)?"
    + _ORG_VALUE.replace("?P<v>", "?P<v_join>").replace("|" + _LOWER_NP, ""),
    re.IGNORECASE,
)
EMPLOYER_STATE = re.compile(
    r"\b(?:work(?:s|ed|ing)?|employed|intern(?:s|ed|ing)?|consult(?:s|ed|ing)?)\s+(?:full[- ]time\s+|"
    r"part[- ]time\s+|remotely\s+)?(?:as\s+(?:a|an)\s+[\w\s\-]+?\s+)?(?:at|for|by)\s+"
    + _ORG_VALUE
    + r"|\b(?:job|position|role|internship)\s+(?:is\s+)?(?:at|with)\s+"
    + _ORG_VALUE.replace("?P<v>", "?P<v2>"),
    re.IGNORECASE,
)
EMPLOYER_TITLE_AT = re.compile(
    r"\b(?:I'm|I am|am|is|was|he's|she's|as)\s+(?:a|an|the)\s+(?:[\w\-]+\s+){0,3}?(?:"
    + "|".join(sorted(JOB_TITLES, key=len, reverse=True))
    + r")\s+(?:at|for|with)\s+"
    + _ORG_VALUE,
    re.IGNORECASE,
)
EMPLOYER_LEAVE = re.compile(
    r"\b(?:left|leaving|leave|leaves|quit|quitting|quits|resigned\s+from|resigning\s+from|resign\s+from|"
    r"(?:got|was|been)\s+(?:fired|laid\s+off|let\s+go)\s+(?:from|by)|departed|depart(?:ing)?\s+from)\s+"
    r"(?:(?:my|his|her|their)\s+job\s+at\s+)?" + _ORG_VALUE,
    re.IGNORECASE,
)
EMPLOYER_LOSS = re.compile(
    r"\b(?:got|was|been|being|get)\s+(?:fired|laid off|let go)\b|\b(?:retired|retiring)\b"
    r"|\blost (?:my|his|her|their) job\b",
    re.IGNORECASE,
)

LOCATION_MOVE = re.compile(
    r"\b(?:mov(?:ed|ing|e|es)|relocat(?:ed|ing|e|es)|transferr?(?:ed|ing)?)\s+(?:back\s+|over\s+|out\s+)?"
    r"(?:to|into)\s+"
    + _PLACE_VALUE
    + r"|\bnew\s+(?:place|apartment|house|home|flat|condo)\s+in\s+"
    + _PLACE_VALUE.replace("?P<v>", "?P<v2>")
    + r"|\bbought\s+(?:a|our|my)\s+(?:first\s+)?(?:house|home|apartment|flat|condo)\s+in\s+"
    + _PLACE_VALUE.replace("?P<v>", "?P<v3>"),
    re.IGNORECASE,
)
LOCATION_STATE = re.compile(
    r"\b(?:live|lives|living|lived|based|reside|resides|residing|stay(?:ing)?\s+permanently)\s+"
    r"(?:in|out of|near)\s+" + _PLACE_VALUE,
    re.IGNORECASE,
)
HOMETOWN = re.compile(
    r"\b(?:grew up in|born in|(?:I'm|I am|is|am|are|we're)\s+(?:originally\s+)?from|hometown is)\s+"
    + _PLACE_VALUE,
    re.IGNORECASE,
)

RELATIONSHIP_EVENTS: list[tuple[re.Pattern[str], str, bool]] = [
    # (pattern, status value, is_change). A (?P<other>) group names the partner when given.
    (
        re.compile(
            rf"\b(?:broke|broken|break(?:ing)?)\s+up(?:\s+with\s+{_PARTNER_WORD}(?P<other>{_NAME}))?", re.I
        ),
        "broke up",
        True,
    ),
    (
        re.compile(
            rf"\bsplit(?:ting)?\s+(?:up\s+)?(?:with|from)\s+{_PARTNER_WORD}(?P<other>{_NAME})|"
            rf"\bsplit(?:ting)? up\b",
            re.I,
        ),
        "broke up",
        True,
    ),
    (
        re.compile(
            rf"\b(?:got|getting|get|are|were)\s+divorced(?:\s+from\s+{_PARTNER_WORD}(?P<other>{_NAME}))?|"
            rf"\bdivorced\s+"
            rf"{_PARTNER_WORD}(?P<other2>{_NAME})|\bfiled for divorce\b",
            re.I,
        ),
        "divorced",
        True,
    ),
    (
        re.compile(
            rf"\bseparated\s+from\s+{_PARTNER_WORD}(?P<other>{_NAME})|\b(?:are|got)\s+separated\b", re.I
        ),
        "separated",
        True,
    ),
    (
        re.compile(
            rf"\b(?:got|getting|just|are|is|am|'re|'m|we're|"
            rf"recently)\s+engaged(?:\s+to\s+{_PARTNER_WORD}(?P<other>{_NAME}))?"
            rf"|\b(?:proposed|popped the question)(?:\s+to\s+{_PARTNER_WORD}(?P<other2>{_NAME}))?",
            re.I,
        ),
        "engaged",
        True,
    ),
    (
        re.compile(
            rf"\b(?:got|getting|get)\s+married(?:\s+to\s+{_PARTNER_WORD}(?P<other>{_NAME}))?|"
            rf"\bmarried\s+{_PARTNER_WORD}(?P<other2>{_NAME})"
            rf"|\b(?:tied the knot)(?:\s+with\s+{_PARTNER_WORD}(?P<other3>{_NAME}))?",
            re.I,
        ),
        "married",
        True,
    ),
    (
        re.compile(
            rf"\b(?:am|is|are|'m|'re|been)\s+married(?:\s+to\s+{_PARTNER_WORD}(?P<other>{_NAME}))?", re.I
        ),
        "married",
        False,
    ),
    (
        re.compile(
            rf"\bstart(?:ed|ing)\s+(?:dating|seeing|going out with)\s*{_PARTNER_WORD}(?P<other>{_NAME})?",
            re.I,
        ),
        "dating",
        True,
    ),
    (
        re.compile(
            rf"\b(?:dating|seeing|going out with|in a relationship with|"
            rf"together with)\s+{_PARTNER_WORD}(?P<other>{_NAME})"
        ),
        "dating",
        False,
    ),
    (re.compile(r"\bmoved in together\b|\bmoving in together\b", re.I), "living together", True),
]
STATUS_RELATION = {
    "dating": "partner",
    "engaged": "fiancé(e)",
    "married": "spouse",
    "living together": "partner",
    "broke up": "ex",
    "divorced": "ex",
    "separated": "ex",
}

JOB_TITLE = re.compile(
    r"\b(?:work(?:s|ed|ing)?\s+as|(?:I'm|I am|he's|she's|is|am|was|were|used to be|been|became|become)"
    r"(?:\s+now)?|promoted\s+to|new\s+(?:role|title|job)\s+(?:is|as)|(?:my|his|her)\s+(?:job|title|"
    r"role)\s+is)"
    r"\s+(?:(?:a|an|the)\s+)?"
    r"(?P<v>(?:(?:senior|junior|lead|head|staff|principal|chief|assistant|associate|full[- ]time|"
    r"part[- ]time|"
    r"freelance|registered|software|data|product|project|marketing|sales|ux|ui|graphic|web|research|"
    r"high school|elementary school|middle school|kindergarten|art|music|math|english|science|"
    r"engineering|operations|account|executive|general|creative)\s+)*"
    r"(?:" + "|".join(sorted(JOB_TITLES, key=len, reverse=True)) + r"))\b",
    re.IGNORECASE,
)
SCHOOL = re.compile(
    r"\b(?:stud(?:y|ies|ying|ied)\s+(?:[\w\s]{0,30}?\s+)?at|(?:student|freshman|sophomore|junior|senior|"
    r"undergrad|grad student|phd student)\s+at|enrolled\s+(?:at|in)|go(?:es|ing)?\s+to|attend(?:s|ing|ed)?|"
    r"graduated\s+from|got\s+into|accepted\s+(?:to|at|into))\s+"
    r"(?P<v>(?:the\s+)?" + _CAP_RUN + r")",
    re.IGNORECASE,
)
_SCHOOL_WORDS = re.compile(
    r"\b(?:University|College|School|Institute|Academy|Polytechnic|MIT|Stanford|Harvard|"
    r"Yale|Princeton|Oxford|Cambridge|Berkeley|UCLA|NYU|Caltech|Columbia)\b"
)
PET = re.compile(
    r"\b(?:have|has|had|got|get|adopted|adopt|rescued|bought|welcomed|brought home)\s+(?:a|an|two|three|"
    r"another|our|my|his|her)\s+(?:new\s+)?(?:little\s+)?(?:[\w\-]+\s+)?(?P<species>"
    + "|".join(PET_WORDS)
    + r")"
    r"(?:\s+(?:named|called)\s+(?P<v>" + _NAME + r"))?\b",
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
    r"lactose[- ]intolerant|"
    r"kosher|halal|plant[- ]based|carnivore)\b"
    r"|\b(?P<neg>don't|do not|doesn't|no longer|never|stopped|quit|gave up|cut out)\s+(?:(?:eat|"
    r"drink)(?:ing|s)?\s+)?"
    r"(?P<food>meat|pork|beef|dairy|gluten|fish|sugar|eggs|chicken|seafood|red meat|alcohol|coffee|caffeine|"
    r"soda|booze)\b",
    re.IGNORECASE,
)
FAVORITE = re.compile(
    r"\bfavou?rite\s+(?P<thing>[a-z][a-z ]{1,25}?)\s+(?:is|are|was|=|"
    r":)\s+(?P<v>[\w'&\- ]{1,40}?)(?=[,.;!?]|\s+and\b|\s+but\b|$)"
    r"|(?P<v2>[A-Z][\w'&\- ]{0,40}?|[a-z][\w'\-]*(?:\s+[a-z][\w'\-]*)?)\s+(?:is|are)\s+(?:my|his|her|our)\s+"
    r"(?:all[- ]time\s+)?favou?rite\s+(?P<thing2>[a-z][a-z ]{1,25}?)(?=[,.;!?]|\s+and\b|\s+but\b|$)",
)
CAR = re.compile(
    r"\b(?:drive|drives|driving|bought|got|have|has|leased?)\s+(?:a|an|my)\s+(?:new\s+|used\s+)?"
    r"(?P<v>(?:Tesla|Toyota|Honda|Ford|BMW|Audi|Mercedes|Volkswagen|VW|Subaru|Kia|Hyundai|Nissan|"
    r"Mazda|Volvo|Jeep|Chevy|Chevrolet|Porsche|Lexus|Rivian|Polestar|Prius|Civic|Corolla|Camry)"
    r"(?:\s+[\w\-]+)?)",
    re.IGNORECASE,
)
PHONE = re.compile(
    r"\b(?:use|uses|have|has|got|bought|switched to|using)\s+(?:an?\s+|the\s+)?(?:new\s+)?"
    r"(?P<v>iPhone(?:\s+\d+(?:\s+Pro(?:\s+Max)?)?)?|Pixel(?:\s+\d+)?|Android|Galaxy\s+\w+|Samsung)\b"
)
MY_NAME = re.compile(r"\b(?:my name is|call me|I go by|name's)\s+(?P<v>" + _NAME + r")\b")
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
_OBJECT_STOP = re.compile(
    r"[,.;!?]|\s(?:especially|because|since|but|when|while|though|although|and I|and my|"
    r"in|on|at|with|from|for|during|after|before|more than|over|than|like|so|as|"
    r"too|anymore|any more|now|lately|these days|nowadays|very|a lot|so much)\b"
)
_OBJECT_DETERMINERS = frozenset(
    """
    the a an my our his her their some all any this that these those
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
_PRONOUN_OBJECTS = frozenset(
    """
    it that this them him her you me us everything nothing something one
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
PREFER_OVER = re.compile(
    r"\bprefer(?:s|red)?\s+(?P<a>[\w\s'\-]+?)\s+(?:over|to|rather than|instead of)\s+"
    r"(?P<b>[\w\s'\-]+?)(?=[,.;!?]|$)",
    re.IGNORECASE,
)

# ---------------------------------------------------------------------------------------------------
# Memory types
# ---------------------------------------------------------------------------------------------------

DECISION = re.compile(
    r"\b(?:decided|decide|decides|'ve decided|chose|choose|chosen|going with|went with|go with|gone with|"
    r"made up (?:my|our|his|her) minds?|settled on|opted (?:for|to)|picked(?!\s+up)|committed to|"
    r"final decision|we'll go with|I'll go with|decision (?:is|was) to)\b",
    re.IGNORECASE,
)
_DECISION_OVER = re.compile(
    r"\b(?P<a>[\w'\-]+(?:\s+[\w'\-]+){0,3})\s+(?:over|instead of|rather than|vs\.?|versus)\s+"
    r"(?P<b>[\w'\-]+(?:\s+[\w'\-]+){0,3}?)(?=[,.;!?]|\s+(?:for|because|since|as|and)\b|$)",
    re.IGNORECASE,
)
_DECISION_REASON = re.compile(
    r"\b(?:because|since|as|due to|so that|given that)\s+(?P<why>.+)$", re.IGNORECASE
)
GOAL = re.compile(
    r"\b(?:thinking (?:about|of)|considering|want(?:s)? to|wanna|plan(?:s)? to|planning (?:to|on)|hop(?:e|"
    r"es|ing) to|aim(?:s|ing)? (?:to|for)|"
    r"trying to|try to|(?:my|our|his|her) goal|goal (?:is|for)|dream(?:s|ing)? (?:of|about)|(?:my|"
    r"the) dream is|"
    r"intend(?:s|ing)? to|would love to|'d love to|would like to|'d like to|determined to|"
    r"working (?:on|towards?|toward)|resolution|need(?:s)? to|have to|has to|gotta|must|wish(?:es)? (?:to|"
    r"I could)|"
    r"aspire|(?:going\s+to|gonna)\s+(?!(?:the|a|an|my|our|his|her|their|this|that|see|be|bed|work|school|"
    r"church|class|sleep)\b)(?-i:[a-z]+)\b(?!\s+(?:for|in|on|at|this|next)\b)|"
    r"saving (?:up )?for|learn(?:ing)? (?:to|how to)|"
    r"(?:might|may|could)\s+(?:\w+\s+)?(?:move|quit|leave|switch|start|join|go back|buy|sell|take|apply|"
    r"try|get|"
    r"adopt|change|study|learn|visit))\b",
    re.IGNORECASE,
)
ACTION = re.compile(
    r"\b(?:finished|completed|shipped|launched|released|closed|signed|bought|purchased|submitted|published|"
    r"sold|built|fixed|won|passed(?!\s+(?:away|on|out))|graduated|booked|paid off|paid|ran|delivered|"
    r"deployed|presented|wrote|"
    r"painted|baked|cooked|created|organi[sz]ed|hosted|applied|sent|registered|enrolled|renewed|"
    r"cancel(?:l)?ed|donated|volunteered|installed|cleaned|repaired|achieved|earned|finalized|finalised|"
    r"merged|raised|planted|hit|crushed|nailed|aced|completed|made|started|signed up|got (?:promoted|a raise|"
    r"certified|accepted|my (?:license|degree|certificate))|hired|interviewed|pitched|negotiated|"
    r"filed|uploaded|handed in|turned in|wrapped up)\b",
    re.IGNORECASE,
)
OUTCOME = re.compile(
    r"(?:,\s*|\s+)(?:and|but|so)\s+(?P<outcome>(?:it|they|users?|customers?|clients?|everyone|everybody|"
    r"people|"
    r"we|(?:my|our|his|her)\s+\w+|the\s+(?:team|client|customers?|feedback|result|results|response|"
    r"reviews?|audience|crowd|boss|"
    r"manager|launch|demo|talk|presentation|interview|deal))\b.+)$"
    r"|,?\s+which\s+(?P<outcome2>(?:was|went|is|got|made|led|turned|means|meant|resulted).+)$"
    r"|\s+-\s+(?P<outcome3>.+)$"
    r"|,?\s+(?:resulting in|leading to|and got|and earned|and made)\s+(?P<outcome4>.+)$",
    re.IGNORECASE,
)
EVENT_WORDS = re.compile(
    r"\b(?:wedding|meeting|meetup|appointment|trip|flight|interview|deadline|party|dinner|lunch|brunch|"
    r"concert|game|match|vacation|holiday|reunion|ceremony|funeral|recital|surgery|checkup|check-up|"
    r"conference|presentation|demo|launch|exam|test|class|lesson|standup|stand-up|review|retro|sync|"
    r"1:1|one-on-one|date night|date|birthday|anniversary|graduation|shower|festival|show|performance|"
    r"workshop|webinar|call|visit|tournament|race|marathon|session|event|support group|gathering|hangout)\b",
    re.IGNORECASE,
)
_RELATION_ALTERNATION = "|".join(sorted(map(re.escape, RELATION_WORDS), key=len, reverse=True))
ENTITY_INTRO = re.compile(
    rf"^(?:(?:this is|meet|that's|here's)\s+(?:my|our)\s+[\w\s\-]+?\s+{_NAME}"
    rf"|(?:my|our)\s+(?:[\w\-]+\s+)?(?:{_RELATION_ALTERNATION}|"
    rf"{'|'.join(PET_WORDS)})(?:'s name)?\s+(?:is\s+)?(?:called\s+|named\s+)?{_NAME}"
    rf"|(?:I|we)\s+(?:have|has|got|adopted|welcomed)\s+(?:a|an|two|three|another|new)\s+[\w\s\-]*?(?:named|"
    rf"called)\s+{_NAME}"
    rf"|{_NAME}\s+is\s+(?:my|"
    rf"our)\s+(?:[\w\-]+\s+)?(?:{'|'.join(sorted(map(re.escape, RELATION_WORDS), key=len, reverse=True))}|"
    rf"{'|'.join(PET_WORDS)}))$",
    re.IGNORECASE,
)

# ---------------------------------------------------------------------------------------------------
# Sensitivity, importance, sentiment and categories
# ---------------------------------------------------------------------------------------------------

HEALTH_TERMS = re.compile(
    r"\b(?:diagnos(?:is|ed|e)|cancer|tumou?r|chemo(?:therapy)?|radiation|diabetes|diabetic|asthma|"
    r"depression|depressed|anxiety|panic attacks?|adhd|autism|autistic|bipolar|ptsd|ocd|schizophrenia|"
    r"eating disorder|anorexia|bulimia|therapy|therapist|psychiatrist|counsel(?:l)?ing|counsel(?:l)?or|"
    r"medication|meds|prescription|prescribed|antidepressants?|ssris?|insulin|surgery|operation|"
    r"hospital(?:i[sz]ed)?|\ber\b|icu|emergency room|pregnan(?:t|cy)|miscarriage|ivf|fertility|hiv|std|sti|"
    r"illness|disease|disorder|symptoms?|injur(?:y|ed)|broke my (?:leg|arm|wrist|ankle)|concussion|"
    r"migraines?|rehab|addiction|addicted|sober|sobriety|relapse[d]?|mental health|suicid(?:e|al)|"
    r"self[- ]harm|blood pressure|cholesterol|covid|chronic pain|arthritis|stroke|heart attack|seizures?|"
    r"epilepsy|biopsy|mri|dementia|alzheimer'?s|parkinson'?s|ms\b|multiple sclerosis|lupus|"
    r"thyroid|infection|fever|flu|sick|illness|physical therapy|doctor'?s appointment|"
    r"pneumonia|bronchitis|strep|appendicitis|kidney stones?|fracture[d]?|sprain(?:ed)?|cast on|"
    r"expecting (?:a|our|my|their|her) (?:first |second |third )?(?:baby|child)|due date|"
    r"gender dysphoria|transition(?:ing)? (?:surgery|medically)|hormones?|hrt)\b",
    re.IGNORECASE,
)
MENTAL_HEALTH_TERMS = re.compile(
    r"\b(?:depress\w*|anxiety|anxious|panic|therap\w+|psychiatr\w+|mental health|"
    r"bipolar|ptsd|ocd|burn(?:ed|t)? ?out|suicid\w*|self[- ]harm|counsel\w*)\b",
    re.IGNORECASE,
)
EMERGENCY_TERMS = re.compile(
    r"\b(?:emergency|\ber\b|icu|hospitali[sz]ed|in the hospital|heart attack|stroke|"
    r"seizure|overdose|ambulance|suicid\w*|cancer|tumou?r|diagnosed|surgery|"
    r"miscarriage|critical condition|life[- ]threatening)\b",
    re.IGNORECASE,
)
LOSS_TERMS = re.compile(
    r"\b(?:died|dies|dying|passed away|passed on|pass away|death|dead|funeral|grie(?:f|ving|ve)|"
    r"mourn(?:ing)?|lost my (?:mom|mother|dad|father|wife|husband|son|daughter|brother|"
    r"sister|friend|grandma|grandmother|grandpa|grandfather|baby|dog|cat|partner|aunt|uncle|"
    r"cousin|best friend)|miscarriage|memorial|put down|euthani[sz]ed|killed|suicide|"
    r"terminal(?:ly ill)?|widow(?:ed|er)?)\b",
    re.IGNORECASE,
)
BREAKUP_TERMS = re.compile(
    r"\b(?:broke up|break(?:ing)? ?up|broken up|split(?:ting)? up|divorc\w+|separated|split up|cheated|"
    r"affair|"
    r"custody)\b",
    re.IGNORECASE,
)
MONEY_TERMS = re.compile(
    r"\b(?:salary|salaries|income|paycheck|pay raise|raise of|wage|wages|earn(?:s|ing)?|debt|debts|loan|"
    r"loans|"
    r"mortgage|rent is|rent of|my rent|net worth|bank account|savings|credit score|credit card debt|"
    r"bankrupt\w*|"
    r"owe|owes|owed|invest(?:ed|ment|ments|ing)?|401k|401\(k\)|ira|stocks?|crypto|bitcoin|taxes|tax return|"
    r"inheritance|alimony|child support|budget|overdraft|payday|bonus|equity|stock options|rsus?|"
    r"financial(?:ly)?|finances|broke\b(?! up)|in the red)\b"
    r"|[$€£¥]\s?\d[\d,.]*\s?(?:k|m|bn|million|billion|thousand)?\b"
    r"|\b\d[\d,.]*\s?(?:k|K)?\s?(?:dollars|euros|pounds|bucks|usd|eur|gbp)\b|\b\d{2,3}k\b",
    re.IGNORECASE,
)
SECRET_TERMS = re.compile(
    r"\b(?:secret|don'?t tell (?:anyone|anybody)|between (?:us|you and me)|confidential|"
    r"private|nobody knows|no one knows|keep (?:this|it) (?:quiet|private|to yourself))\b",
    re.IGNORECASE,
)
ALLERGY_TERMS = re.compile(r"\ballerg(?:y|ies|ic)\b|\banaphyla\w+|\bepipen\b", re.IGNORECASE)
# A lab value: a test's name with a number a few words on ("A1C 7.2, LDL 160", "my cholesterol came
# back at 240", "TSH 4.5"). Results are health data even when no illness is named.
LAB_RESULT_TERMS = re.compile(
    r"\b(?:(?:hb)?a1c|ldl|hdl|tsh|free t[34]|psa|cholesterol|triglycerides?|glucose|blood sugar|creatinine|"
    r"e?gfr|(?-i:ALT|AST)|ha?emoglobin|ferritin|vitamin [bd]\d*|inr|crp|esr|wbc|rbc|"
    r"white (?:blood )?cell count|"
    r"platelets?|cd4|viral load|blood (?:test|work|panel)s?|lab (?:test|result|value)s?|test results?)\b"
    r"[^.\n\d]{0,30}?\d",
    re.IGNORECASE,
)
# Where someone lives down to the door: a street address with a flat, apartment or unit number
# ("12 Baker Street, Flat 4B", "Apt 3, 45 Elm Road"). A city or a street alone stays normal.
STREET_ADDRESS = re.compile(
    r"\b\d{1,5}[a-z]?\s+(?:[\w'’.-]+\s+){1,3}(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|"
    r"blvd|way|court|ct|place|pl|terrace|close|crescent|square|row|gardens|parkway|pkwy|highway|hwy)\b",
    re.IGNORECASE,
)
UNIT_NUMBER = re.compile(
    r"\b(?:flat|apt|apartment|unit|suite|ste)\.?\s*(?:no\.?\s*|#\s*)?\d+[a-z]?\b|(?<=\s)#\s?\d+[a-z]?\b",
    re.IGNORECASE,
)
TRIVIAL_TERMS = re.compile(
    r"^(?:(?:it's|it is|it was)\s+(?:so\s+|really\s+)?(?:hot|cold|raining|sunny|windy|"
    r"snowing|nice out|late|early)|(?:I'm|I am|feeling)\s+(?:so\s+|really\s+)?"
    r"(?:tired|bored|hungry|sleepy|full|thirsty)|the weather\b)",
    re.IGNORECASE,
)
MILESTONE_TERMS = re.compile(
    r"\b(?:wedding|anniversary|birthday|graduation|funeral|baby shower|engagement|"
    r"move|moving|surgery|interview|exam|launch)\b",
    re.IGNORECASE,
)
SMALL_EVENT_TERMS = re.compile(
    r"\b(?:coffee|lunch|breakfast|brunch|snack|nap|walk|stroll|watched|movie|tv|"
    r"show|episode|groceries|grocery|laundry|errands?|haircut|shower)\b",
    re.IGNORECASE,
)
STRONG_PREFERENCE = re.compile(
    r"\b(?:love[sd]?|adore[sd]?|hate[sd]?|favou?rite|can't stand|cannot stand|"
    r"obsessed|passionate|detest|loathe|always|never)\b",
    re.IGNORECASE,
)

# word=score, -1..1 (underscores join multi-word entries); positives first, then negatives.
SENTIMENT_LEXICON: dict[str, float] = {
    word.replace("_", " "): float(score)
    for word, score in (
        entry.split("=")
        for entry in """
    love=0.8 loved=0.8 loves=0.8 adore=0.8 amazing=0.8 awesome=0.7 great=0.6 excited=0.7 exciting=0.6
    happy=0.6 glad=0.5 wonderful=0.8 fantastic=0.8 powerful=0.5 proud=0.6 grateful=0.6 thankful=0.6
    thrilled=0.8 enjoy=0.5 enjoyed=0.5 enjoying=0.5 fun=0.5 beautiful=0.6 nice=0.4 good=0.4 best=0.6
    perfect=0.7 incredible=0.7 relieved=0.4 inspiring=0.6 inspired=0.6 delighted=0.7 blessed=0.6
    peaceful=0.4 calm=0.3 success=0.5 successful=0.6 won=0.5 promoted=0.5 like=0.3 liked=0.3 likes=0.3
    favorite=0.5 favourite=0.5 brilliant=0.7 lovely=0.6 supportive=0.5 helpful=0.4 smooth=0.3
    celebrate=0.5 celebrated=0.5 congrats=0.5 yay=0.6 thrive=0.5 thriving=0.5 cool=0.3 meaningful=0.5
    rewarding=0.5 impressed=0.5 confident=0.4 hopeful=0.4 relief=0.5 win=0.5 bonus=0.4 smoothly=0.4
    well=0.2 praised=0.6 loving=0.5
    hate=-0.8 hated=-0.8 hates=-0.8 awful=-0.8 terrible=-0.8 horrible=-0.8 stressed=-0.6 stressful=-0.6
    stress=-0.5 sad=-0.6 upset=-0.6 angry=-0.7 furious=-0.8 frustrated=-0.6 frustrating=-0.6
    annoyed=-0.5 annoying=-0.5 anxious=-0.6 worried=-0.5 disappointed=-0.6 disappointing=-0.6
    depressed=-0.7 lonely=-0.6 tired=-0.3 exhausted=-0.5 sick=-0.4 bad=-0.5 worst=-0.8 miserable=-0.8
    hurt=-0.5 painful=-0.6 pain=-0.5 scared=-0.5 afraid=-0.5 overwhelmed=-0.6 rough=-0.5 failed=-0.5
    fail=-0.5 died=-0.8 death=-0.7 grief=-0.8 dislike=-0.5 boring=-0.4 bored=-0.3 difficult=-0.4
    struggle=-0.5 struggling=-0.5 cried=-0.5 crying=-0.5 heartbroken=-0.9 devastated=-0.9 broke=-0.3
    fired=-0.6 nervous=-0.4 sucks=-0.6 sucked=-0.6 ugh=-0.4 crashed=-0.5 bug=-0.2 bugs=-0.2
    complained=-0.5 hated_it=-0.8 mad=-0.6 ashamed=-0.6 guilty=-0.5 jealous=-0.4 regret=-0.5
    unfortunately=-0.3
    """.split()  # noqa: SIM905 - a word list reads better as prose
    )
}
SENTIMENT_PHRASES: dict[str, float] = {
    "passed away": -0.8,
    "broke up": -0.6,
    "laid off": -0.6,
    "can't stand": -0.7,
    "let go": -0.4,
    "went well": 0.6,
    "went great": 0.7,
    "so powerful": 0.6,
}
INTENSIFIERS = frozenset(
    """
    so really very super extremely incredibly truly totally absolutely deeply
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
NEGATORS = frozenset(
    """
    not no never don't doesn't didn't isn't wasn't aren't weren't can't won't hardly
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

CATEGORY_LEXICONS: list[tuple[str, re.Pattern[str]]] = [
    (
        "work",
        re.compile(
            r"\b(?:work|job|boss|coworker|colleague|office|team|manager|career|promot\w+|"
            r"deploy\w*|ship(?:ped)?|launch\w*|standup|stand-up|sprint|deadline|client|project|"
            r"meeting|startup|company|employer|hired|interview\w*|salary|resume|cv|linkedin|"
            r"product|customer|user|beta|release|feature|roadmap|okr|quarter|q[1-4])s?\b",
            re.I,
        ),
    ),
    (
        "education",
        re.compile(
            r"\b(?:school|class(?:es)?|exams?|course|university|college|degree|stud(?:y|ying|ied)|"
            r"homework|thesis|dissertation|semester|professor|lecture|graduat\w+|phd|masters?|"
            r"tuition|campus|student)\b",
            re.I,
        ),
    ),
    ("pets", re.compile(r"\b(?:" + "|".join(PET_WORDS) + r"|vet|pets?)s?\b", re.I)),
    (
        "travel",
        re.compile(
            r"\b(?:trip|flight|flew|fly(?:ing)?|vacation|travel\w*|hotel|airport|abroad|passport|"
            r"visa|tour|beach|road trip|itinerary|backpacking|airbnb)\b",
            re.I,
        ),
    ),
    (
        "food",
        re.compile(
            r"\b(?:food|eat(?:s|ing)?|ate|cook\w*|recipe|restaurant|coffee|tea|dinner|lunch|breakfast|"
            r"brunch|sushi|pizza|vegan|vegetarian|pescatarian|bak(?:e|ed|ing)|cuisine|dish|meal|"
            r"wine|beer|chocolate|spicy|dessert|snack|brew)\b",
            re.I,
        ),
    ),
    (
        "home",
        re.compile(
            r"\b(?:house|apartment|flat|home|rent(?:ing)?|moved|mov(?:e|ing)|neighbou?rhood|garden|"
            r"furniture|landlord|roommate|lease|condo|live[sd]?|living)\b",
            re.I,
        ),
    ),
    (
        "hobbies",
        re.compile(
            r"\b(?:hik\w+|run(?:ning)?|ran|painting|paint|guitar|piano|read(?:ing)?|books?|gam(?:e|es|ing)|"
            r"photograph\w*|yoga|climb\w*|cycl\w+|bik(?:e|ing)|swim\w*|knit\w*|garden\w*|music|art|"
            r"chess|camp\w*|danc\w+|surf\w*|ski(?:ing)?|soccer|football|basketball|tennis|golf|"
            r"pottery|sing\w*|draw\w*|writ(?:e|ing)|novel|poetry|crochet|woodwork\w*|fishing|"
            r"marathon|workout|gym|sports?|volunteer\w*)\b",
            re.I,
        ),
    ),
]
TRAVEL_VERBS = re.compile(
    r"\b(?:go|goes|going|went|travel\w*|fly\w*|flew|flights?|visit\w*|trips?|vacation|holiday|"
    r"heading|tour\w*|backpack\w*)\b",
    re.IGNORECASE,
)
ATTRIBUTE_CATEGORIES = {
    "employer": "work",
    "job_title": "work",
    "location": "home",
    "hometown": "home",
    "relationship": "relationships",
    "partner": "relationships",
    "school": "education",
    "pet": "pets",
    "diet": "food",
    "car": "other",
    "phone": "other",
    "name": "other",
    "age": "other",
    "birthday": "family",
    "relation": "relationships",
    "allergy": "health",
}
HIGH_IMPORTANCE_ATTRIBUTES = frozenset(
    """
    employer job_title location relationship partner school pet name birthday diet hometown
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


# ---------------------------------------------------------------------------------------------------
# Working types
# ---------------------------------------------------------------------------------------------------


@dataclass
class Slot:
    """The subject/attribute/value a clause states, plus the life change it announces, if any."""

    subject: str
    attribute: str
    value: str | None
    change_type: str | None = None  # job | location | relationship | status | name ...
    old_value: str | None = None
    historical: bool = False
    other_person: str | None = None  # the partner in a relationship slot


@dataclass
class Subject:
    """Who a clause is about: the owner (the user or the named speaker), a named person or a relative."""

    key: str  # the `subject` stored on the fact
    is_owner: bool
    person: str | None = None  # a person's name when the subject is one
    relation: str | None = None
    owner: str = "user"  # the user or the named speaker, whoever the clause is about


@dataclass
class _Draft:
    """A candidate fact with the side records (change, decision, action) that travel with it."""

    fact: CandidateFact
    change: ChangeDetected | None = None
    decision: DecisionRecord | None = None
    action: ActionRecord | None = None
    topics: set[str] = field(default_factory=set)  # domain tags for preference topic matching
    turn_index: int = 0


@dataclass
class _TurnContext:
    turn: TurnInput
    index: int
    speaker: str | None  # a named speaker, else None (the app's user)
    is_assistant: bool
    observed_at: datetime
    source_id: str
    known_people: frozenset[str]
    speakers: frozenset[str]
    last_person: str | None = None
    question: str | None = None  # the other speaker's question this turn answers, if it follows one
    drafts: list[_Draft] = field(default_factory=list)

    @property
    def owner(self) -> str:
        return self.speaker or USER_SUBJECT


# ---------------------------------------------------------------------------------------------------
# The extractor
# ---------------------------------------------------------------------------------------------------


class RulesExtractor:
    """Deterministic phase-1 extractor (see module docstring). Stateless: one instance serves every call."""

    name = "rules"
    model = MODEL

    def extract(self, inp: ExtractionInput) -> ExtractionResult:
        """Candidate facts of `inp.turns` (context fields are only read for pronouns and old values)."""
        speakers = frozenset(
            turn.name
            for turn in [*inp.turns, *inp.recent_messages, inp.previous_message]
            if turn and turn.name
        )
        known_people = speakers | _people_in(inp.previous_message)
        last_person = _last_person(inp.previous_message, known_people, speakers)
        drafts: list[_Draft] = []
        for index, turn in enumerate(inp.turns):
            if turn.role == "system":
                continue
            ctx = _TurnContext(
                turn=turn,
                index=index,
                speaker=turn.name if turn.role == "user" or turn.name else None,
                is_assistant=turn.role in ("assistant", "tool"),
                observed_at=as_utc(turn.timestamp or inp.observed_at),
                source_id=inp.source_id,
                known_people=known_people,
                speakers=speakers,
                last_person=last_person,
            )
            if ctx.is_assistant:
                ctx.speaker = None  # an assistant's summary is about the app's user
            _extract_turn(ctx, inp)
            drafts.extend(ctx.drafts)
            last_person = ctx.last_person
        drafts = _apply_preferences(drafts, inp)
        drafts.extend(_apply_preferences(_entity_memories(drafts, speakers), inp))
        drafts = _dedupe(drafts)
        _fill_old_values(drafts, inp)
        return ExtractionResult(
            facts=[draft.fact for draft in drafts],
            changes_detected=[draft.change for draft in drafts if draft.change],
            decisions=[draft.decision for draft in drafts if draft.decision],
            actions=[draft.action for draft in drafts if draft.action],
            model=MODEL,
        )


def is_speaker(name: str, speakers: frozenset[str]) -> bool:
    """A speaker of the conversation, by name or by a short form of it ("Mel" for Melanie, "Jo" for Joanna):
    the other speaker addressed by a nickname is not a new person they know."""
    lowered = name.lower()
    return name in speakers or (
        len(lowered) >= 2 and " " not in lowered and any(s.lower().startswith(lowered) for s in speakers)
    )


def _people_in(turn: TurnInput | None) -> frozenset[str]:
    if turn is None:
        return frozenset()
    return frozenset(e.name for e in spot_entities(normalise_text(turn.content)) if e.kind == "person")


def _last_person(turn: TurnInput | None, known: frozenset[str], speakers: frozenset[str]) -> str | None:
    if turn is None:
        return None
    people = [e.name for e in spot_entities(normalise_text(turn.content), known) if e.kind == "person"]
    people = [p for p in people if p not in speakers]
    return people[-1] if people else None


# ---------------------------------------------------------------------------------------------------
# Turns and sentences
# ---------------------------------------------------------------------------------------------------

_ASSISTANT_SELF = re.compile(
    r"^(?:I|I'm|I've|I'll|I'd|Let me|Here's|Here is|Sure|Of course|Happy to|Great|"
    r"Glad|Absolutely|Certainly)\b"
)
_ASSISTANT_TOOL_VERB = re.compile(
    r"^I\s+(?:just\s+)?(?:found|see|saw|noticed|checked|searched|looked (?:at|through)|"
    r"can see|pulled up|located)\s+",
    re.IGNORECASE,
)


def _extract_turn(ctx: _TurnContext, inp: ExtractionInput) -> None:
    text = normalise_text(ctx.turn.content)
    ctx.question = _previous_question(ctx, inp) if ctx.speaker and not ctx.is_assistant else None
    for sentence in split_sentences(text):
        if ctx.is_assistant:
            tool = _ASSISTANT_TOOL_VERB.match(sentence)
            if tool:
                rest = sentence[tool.end() :]
                sentence = "Found " + rest if rest else sentence
            elif _ASSISTANT_SELF.match(sentence):
                continue  # the assistant talking about itself
            sentence = second_to_first_person(sentence)
        before = len(ctx.drafts)
        _sentence(sentence, ctx, inp)
        if len(ctx.drafts) == before and ctx.speaker and not ctx.is_assistant:
            _said(sentence, ctx, inp)


# A conversation between named people is an episodic record: what a speaker said with substance is kept
# even when no fact can be parsed out of it ("Researching adoption agencies", "That charity race sounds
# great!"), as a low-confidence observation in the speaker's name. Questions are not kept; a fragment
# that answers the other speaker's question carries the question as its context.
SAID_MIN_CONTENT_WORDS = 3
SAID_MIN_CONTENT_WORDS_ANSWER = 2  # "The Minnesota Wolves!" answering "Which team did you sign with?"
SAID_CONFIDENCE = 0.5
_QUESTION_TAIL = re.compile(r"([^.!?]*\?)\s*$")


def _said(sentence: str, ctx: _TurnContext, inp: ExtractionInput) -> None:
    speaker = ctx.speaker
    if speaker is None:
        return
    text = _strip_vocative(strip_discourse_fillers(sentence.strip()), ctx)
    if "[redacted:" in text.lower() or text.endswith("?"):
        return
    if is_filler(text, ctx.speakers) or is_help_request(text):
        return
    names = {n.lower() for n in ctx.speakers}
    content_words = [w for w in words(text) if w not in STOPWORDS and w not in names]
    question = ctx.question
    if len(content_words) < (SAID_MIN_CONTENT_WORDS_ANSWER if question else SAID_MIN_CONTENT_WORDS):
        return
    temporal = analyse_temporal(text, ctx.observed_at)
    content = _content(text, temporal, ctx)
    if not has_first_person(text):
        content += f" (answering: {question})" if question else ""
    content = _attributed(content, ctx)
    entities = spot_entities(text, ctx.known_people)
    fact = CandidateFact(
        content=content,
        memory_type="event" if temporal.event_date else "fact",
        layer="episodic",
        category="other",
        sentiment=sentiment_of(text),
        importance="medium",  # what someone said is as important as a parsed fact; only less certain
        confidence=SAID_CONFIDENCE,
        # An observation of the conversation, not a fact parsed from it: like any observation it is stored
        # whatever the user's `min_confidence` (which filters explicit facts) and, unless said again,
        # dropped after 180 days. As "explicit" at 0.5 the default preferences silently discarded it.
        source_type="inferred",
        evidence=cap_evidence(sentence),
        event_date=temporal.event_date,
        sensitivity_level=_sensitivity(text)[1],
        subject=speaker,
        entities=[
            EntityMention(name=e.name, kind=e.kind, entity_type=e.entity_type)  # type: ignore[arg-type]
            for e in entities
            if not is_speaker(e.name, ctx.speakers)
        ],
        provenance=[_provenance(ctx)],
    )
    ctx.drafts.append(_Draft(fact=fact, turn_index=ctx.index))


def _previous_question(ctx: _TurnContext, inp: ExtractionInput) -> str | None:
    previous = inp.turns[ctx.index - 1] if ctx.index > 0 else inp.previous_message
    if previous is None or previous.name == ctx.speaker:
        return None
    match = _QUESTION_TAIL.search(normalise_text(previous.content))
    if not match:
        return None
    question = match.group(1).strip()
    return question if len(question) <= 120 else None


def _sentence(sentence: str, ctx: _TurnContext, inp: ExtractionInput) -> None:
    if "[redacted:" in sentence.lower():
        return  # never a memory about a secret, not even "I have a card"
    text = sentence.strip()
    if REMEMBER_THIS.match(text):
        if ctx.drafts:
            _boost(ctx.drafts[-1])
        return
    if ctx.drafts and ctx.drafts[-1].fact.memory_type == "procedure" and PROCEDURE_CONTINUATION.match(text):
        fact = ctx.drafts[-1].fact
        fact.content = _tidy(f"{fact.content}. {text}")
        return
    forget = FORGET_REQUEST.match(strip_discourse_fillers(text))
    if forget:
        _forget(forget.group("what"), sentence, ctx, inp)
        return
    remind = REMIND_ME.match(text)
    if remind:
        text = f"I need to {remind.group('what')}"
    elif text.endswith("?"):
        part = statement_part(text)
        if part is None:
            return
        text = part
    if is_filler(text, ctx.speakers) or is_help_request(text):
        return
    if PROCEDURE.match(strip_discourse_fillers(text)):
        _clause(text, sentence, ctx, procedure=True)
        return
    first_draft = len(ctx.drafts)
    clauses = [c for part in split_clauses(text) for c in _TODO_TAIL.split(part) if c.strip()]
    for clause in _keep_outcomes_attached(clauses):
        for part in _split_shared_subject(clause):
            # A clause that says nothing personal on its own ("they think it's pneumonia") completes the
            # sentence's previous fact instead of being lost.
            previous = ctx.drafts[-1] if len(ctx.drafts) > first_draft else None
            _clause(part, sentence, ctx, procedure=False, reminder=bool(remind), attach_to=previous)


# "Anna's wedding is on the 14th, need to buy a gift": the to-do is a memory of its own.
_TODO_TAIL = re.compile(
    r",\s+(?=(?:need to|have to|gotta|must|should|remember to|don't forget to|gonna)\b)", re.IGNORECASE
)
_SHARED_SUBJECT = re.compile(
    r"^(?P<subject>(?:(?:my|our|his|her|their)\s+(?:(?:best|older|younger|little|big|new|old|ex|"
    r"twin)\s+)?[\w\-]+(?:,?\s+(?-i:[A-Z][a-z'\-]+)(?=[\s,]))?|(?-i:[A-Z][a-z'\-]+(?:\s+[A-Z][a-z'\-]+)?)|"
    r"I|we|he|she|they))\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
_VERB_START = re.compile(
    r"^(?:also\s+|now\s+|then\s+|still\s+)?(?:[a-z]+(?:s|ed)|is|has|had|was|got|went|left|love|like|hate|enjoy|"
    r"prefer|adore|"
    r"quit|met|took|made|became|runs|ran)\b"
)


def _split_shared_subject(clause: str) -> list[str]:
    """ "My brother lives in Chicago and works for Deloitte" -> two facts with the same subject.

    Only when both halves state a different attribute: "left Stripe and joined Notion" stays one change.
    """
    match = _SHARED_SUBJECT.match(clause)
    joint = re.search(r",?\s+(?:and|but)\s+", match.group("rest")) if match else None
    if not match or not joint:
        return [clause]
    left_rest, right_rest = match.group("rest")[: joint.start()], match.group("rest")[joint.end() :]
    if not _VERB_START.match(right_rest):
        return [clause]
    left, right = f"{match.group('subject')} {left_rest}", f"{match.group('subject')} {right_rest}"
    probe = Subject("?", is_owner=True)
    left_slot, right_slot = _slot_of(left, probe), _slot_of(right, probe)
    if left_slot and right_slot and left_slot.attribute != right_slot.attribute:
        return [left, right]
    return [clause]


def _keep_outcomes_attached(clauses: list[str]) -> list[str]:
    """Re-join "I finished my thesis" + "my advisor was thrilled": a reaction is the action's outcome."""
    out: list[str] = []
    for clause in clauses:
        reaction = not re.match(
            r"^(?:(?:now|then|still|also|today|these days),?\s+)?(?:I|I'm|I've|we|we're)\b",
            clause,
            re.IGNORECASE,
        )
        about_it = reaction and bool(re.search(r"\b(?:it|that|this|them)\W*$", clause, re.IGNORECASE))
        if out and sentiment_of(clause) is not None and ((ACTION.search(out[-1]) and reaction) or about_it):
            lowered = clause[0].lower() + clause[1:] if clause[:2] != clause[:2].upper() else clause
            out[-1] = f"{out[-1]} and {lowered}"
            continue
        out.append(clause)
    return out


def _boost(draft: _Draft) -> None:
    """ "Remember this" after a statement: the user vouches for it (seed 002: 1.0) and flags it critical."""
    draft.fact.confidence = CONFIDENCE_REMEMBER
    draft.fact.importance = "critical"


# ---------------------------------------------------------------------------------------------------
# Clauses
# ---------------------------------------------------------------------------------------------------


def _clause(
    clause: str,
    sentence: str,
    ctx: _TurnContext,
    procedure: bool,
    reminder: bool = False,
    attach_to: _Draft | None = None,
) -> None:
    text = clause.strip().rstrip(" ,;:-")
    remember = False
    prefix = REMEMBER_PREFIX.match(text)
    if prefix and len(text) > prefix.end():
        remember, text = True, text[prefix.end() :]
    correction_prefix = CORRECTION_PREFIX.match(text)
    if correction_prefix and len(text) > correction_prefix.end():
        text = text[correction_prefix.end() :]
    for pattern in NAME_CORRECTION:
        match = pattern.search(text)
        if match and match.group("old") != match.group("new"):
            _name_correction(match.group("old"), match.group("new"), sentence, ctx)
            return
    text = strip_discourse_fillers(_LABEL_PREFIX.sub("", text, count=1)) if not procedure else text
    text = _strip_vocative(text, ctx)
    hearsay = False
    reported = REPORTED_SPEECH.match(text)
    if reported:
        who = reported.group("who")
        if who.lower() in ("he", "she"):
            who = ctx.last_person or ""
        if who:
            text = _replace_leading_pronoun(reported.group("rest"), who)
            hearsay = True
    if ctx.last_person:
        text = _replace_leading_pronoun(text, ctx.last_person)
    if is_filler(text, ctx.speakers) or not [w for w in words(text) if w not in STOPWORDS]:
        return
    entities = spot_entities(text, ctx.known_people)
    temporal = analyse_temporal(text, ctx.observed_at)
    if ctx.drafts and _only_time(text, temporal):
        _extend_with_time(ctx.drafts[-1], text, temporal, ctx)  # "... Starting on June 1st."
        return
    if not procedure and not remember and not _is_personal(text, entities, temporal, ctx):
        if attach_to is not None:
            _extend(attach_to, _content(text, temporal, ctx))
        return
    subject = _subject_of(text, ctx, entities)
    slot = _slot_of(text, subject) if subject is not None and not procedure else None
    if slot is None and subject is not None and attach_to is not None:
        slot = _inherited_preference(text, subject, attach_to)
        if slot is not None:
            text = _name_the_object(text, attach_to.fact.content)  # "Now I love them" -> "Now I love olives"
    if slot is not None and temporal.is_historical:
        slot.historical = True
        slot.change_type = None  # "I used to live in Boston" reports history, it does not move anyone
    is_correction = bool(correction_prefix) and slot is not None
    if is_correction and slot is not None:
        alternative = _NOT_ALTERNATIVE.search(text)
        if alternative:
            slot.old_value = alternative.group("old")
        slot.change_type = slot.change_type or _CHANGE_OF.get(slot.attribute.split(":")[0], "status")
    intro = bool(ENTITY_INTRO.match(text.rstrip(".!")))
    memory_type = _memory_type(text, slot, temporal, procedure, intro)
    if reminder and temporal.event_date is not None:
        memory_type = "event"  # "remind me to call mom tomorrow": a dated to-do
    if (
        slot is not None
        and slot.change_type
        and temporal.event_date
        and temporal.event_date > ctx.observed_at
    ):
        # "I start at Notion next month": the new state is true from then on.
        temporal.effective_from, temporal.event_date = temporal.event_date, None
    # A hedge in an aside after a dash ("I want to coach - maybe even open a gym") leaves the statement
    # itself certain; only the words before it decide.
    hedged = bool(HEDGES.search(_ASIDE.split(text, maxsplit=1)[0]))
    topics, sensitivity = _sensitivity(text)
    content = _attributed(_answering(_content(text, temporal, ctx), ctx), ctx)
    fact = CandidateFact(
        content=content,
        memory_type=memory_type,
        layer=_layer(memory_type, temporal),
        category=_category(text, memory_type, slot, topics, temporal, entities),
        sentiment=sentiment_of(text),
        importance=_importance(text, memory_type, slot, remember, topics),
        confidence=_confidence(ctx, remember, hedged, hearsay),
        source_type="inferred" if ctx.is_assistant else "explicit",
        evidence=cap_evidence(sentence),
        is_historical=temporal.is_historical or bool(slot and slot.historical),
        effective_from=temporal.effective_from,
        expires_at=temporal.expires_at,
        event_date=temporal.event_date,
        recurrence=temporal.recurrence,
        sensitivity_level=sensitivity,
        subject=slot.subject if slot else (subject.key if subject else None),
        attribute=slot.attribute if slot else None,
        value=slot.value if slot else None,
        is_correction=is_correction,
        entities=_mentions(entities, subject, slot, ctx, text, memory_type),
        provenance=[_provenance(ctx)],
    )
    _fill_identity(fact, subject, slot, entities, ctx)
    if intro and slot is None and fact.name:
        # "My sister Emma": the clause *is* the entity memory, scoped like the derived ones.
        fact.subject, fact.attribute, fact.value = fact.name, "relation", fact.relationship
    draft = _Draft(fact=fact, topics=topics, turn_index=ctx.index)
    draft.change = _change(slot, is_correction)
    if memory_type == "decision":
        draft.decision = _decision_record(text, content)
    if memory_type == "action":
        _attach_outcome(draft, text, content)
    ctx.drafts.append(draft)
    people = [e.name for e in entities if e.kind == "person" and not is_speaker(e.name, ctx.speakers)]
    if people:
        ctx.last_person = people[-1]
    elif subject is not None and subject.person and subject.person not in ctx.speakers:
        ctx.last_person = subject.person


_TIME_CUE_WORDS = frozenset(
    """
    starting start starts beginning from as of until till til through thru on in at by effective since for
    the next this that
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


def _only_time(text: str, temporal: TemporalInfo) -> bool:
    """A clause that only says when ("Starting on June 1st", "Until Friday"): it dates the previous fact."""
    if not (temporal.mentions or temporal.expires_at):
        return False
    rest = text
    for mention in temporal.mentions:
        rest = rest.replace(mention.text, " ")
    return not [w for w in words(rest) if w not in _TIME_CUE_WORDS and w not in STOPWORDS]


def _extend_with_time(draft: _Draft, text: str, temporal: TemporalInfo, ctx: _TurnContext) -> None:
    fact = draft.fact
    fact.effective_from = fact.effective_from or temporal.effective_from
    fact.expires_at = fact.expires_at or temporal.expires_at
    if temporal.event_date and fact.event_date is None:
        if fact.attribute and draft.change is not None and temporal.event_date > ctx.observed_at:
            fact.effective_from = (
                fact.effective_from or temporal.event_date
            )  # "Got the job! Starting June 1st."
        else:
            fact.event_date = temporal.event_date
            fact.layer = "episodic" if fact.memory_type in ("event", "action") else fact.layer
    _extend(draft, _content(text, temporal, ctx))


def _extend(draft: _Draft, addition: str) -> None:
    """Append a clause to a fact's text (and let it raise the fact's sensitivity)."""
    fact = draft.fact
    if addition[:2] != addition[:2].upper():
        addition = addition[0].lower() + addition[1:]
    fact.content = _tidy(f"{fact.content.rstrip('!?.,;: ')}, {addition}")
    topics, level = _sensitivity(fact.content)
    draft.topics |= topics
    rank = {"normal": 0, "private": 1, "sensitive": 2}
    if rank[level] > rank[fact.sensitivity_level]:
        fact.sensitivity_level = level  # type: ignore[assignment]


_CHANGE_OF = {
    "employer": "job",
    "job_title": "job",
    "location": "location",
    "relationship": "relationship",
    "partner": "relationship",
    "name": "name",
    "school": "status",
    "diet": "status",
    "preference": "preference",
}


_TRAILING_NAME = re.compile(r",\s*(?P<name>(?-i:[A-Z][a-z'\-]+))\s*(?P<end>[!.?]*)\s*$")


_RELATION_BEFORE_NAME = re.compile(
    r"\b(?:" + "|".join(sorted(map(re.escape, RELATION_WORDS), key=len, reverse=True)) + r")s?$",
    re.IGNORECASE,
)  # "my coworker, Marcus": an apposition


_LEADING_GREETING = re.compile(
    r"^(?:(?:hey|hi|hello|heya|yo|dear|oh|wow|yeah|yes|sure|thanks|thank you|aw+|haha|lol)[\s,!.]+)*",
    re.IGNORECASE,
)


def _strip_vocative(text: str, ctx: _TurnContext) -> str:
    """ "Wow, that's cool, Caroline!" -> "Wow, that's cool!", "Hey Jon, glad I could help" -> "Glad I could
    help": the person addressed is not what is said. Only the other speakers of a conversation count at the
    start ("Marcus, my coworker, ..." in a note is the subject)."""
    greeting = _LEADING_GREETING.match(text)
    rest = text[greeting.end() :] if greeting else text
    others = frozenset(n for n in ctx.speakers if n != ctx.speaker)
    alone = re.fullmatch(r"(?P<name>(?-i:[A-Z][a-z'\-]+))\s*[,!.:\-]*", rest)
    if alone and is_speaker(alone.group("name"), others):
        return ""  # "Hey John" (or "John" after the greeting was stripped): nothing said
    lead = re.match(r"(?P<name>(?-i:[A-Z][a-z'\-]+))\s*[,!.:\-]+\s+(?=\S)", rest)
    if lead and is_speaker(lead.group("name"), others):
        rest = rest[lead.end() :]
        text = rest[0].upper() + rest[1:] if rest[:1].islower() and not rest.startswith("i ") else rest
    match = _TRAILING_NAME.search(text)
    if match and (
        is_speaker(match.group("name"), ctx.speakers) or match.group("name").lower() in FIRST_NAMES
    ):
        before = text[: match.start()].rstrip(" ,")
        if _RELATION_BEFORE_NAME.search(before):
            return text  # "had lunch with Caroline": an object, not someone addressed
        return before + match.group("end")
    return text


def _replace_leading_pronoun(text: str, person: str) -> str:
    """ "he's thinking about leaving Stripe" -> "Marcus is thinking about leaving Stripe"."""
    match = _PRONOUN_START.match(text)
    if not match:
        return text
    rest = text[match.end() :]
    contraction = match.group("contraction")
    if contraction == "'s":
        verb = (
            " has" if re.match(r"\s+(?:been|got|gotten|had|done|gone|never|already|just)\b", rest) else " is"
        )
    elif contraction == "'d":
        verb = " would"
    elif contraction == "'ll":
        verb = " will"
    else:
        verb = ""
    return f"{person}{verb}{rest}"


def _is_personal(text: str, entities: list[SpottedEntity], temporal: TemporalInfo, ctx: _TurnContext) -> bool:
    """About the user or someone/something in their life, rather than general knowledge.

    "Paris is the capital of France" and "Water boils at 100 degrees" have no person, no first person, no
    relative date, no personal event: they are skipped.
    """
    if has_first_person(text):
        return True
    tokens = words(text)
    first = tokens[0] if tokens else ""
    if first in _FRAGMENT_VERBS or first in IRREGULAR_PASTS or (first.endswith("ed") and len(first) > 4):
        return True  # a note fragment with an implied "I": "Had coffee with Marcus", "Shipped the beta"
    if any(e.kind == "person" or e.entity_type in ("pet", "project") for e in entities):
        return True
    lead = entities[0] if entities else None
    if (
        lead is not None
        and lead.start <= 4
        and lead.entity_type in ("organization", "place", "other", "product")
    ):
        return False  # "Apple released a new iPhone today": news about the world, not the writer's life
    if any(token in RELATION_WORDS for token in tokens) or RELATIVE_DAY_WORDS.search(text):
        return True
    if any(m.label for m in temporal.mentions):
        return True
    if temporal.recurrence and EVENT_WORDS.search(text):
        return True  # "daily standup at 9:30", "monthly review"
    if re.match(
        r"^(?:work|job|school|class|home|life|today|tonight|rent|mortgage|salary|paycheck)\b", text, re.I
    ):
        return True  # a note about the writer's own day, home or money ("Work is crazy", "Rent is due")
    return bool(
        re.search(
            r"\b(?:the|my|our|this|next|tomorrow's|today's)\s+(?:[\w\-]+\s+)?(?:"
            + "|".join(PET_WORDS)
            + r"|meeting|appointment|wedding|trip|flight|interview|deadline|"
            r"party|standup|stand-up|launch|demo|presentation|review|exam|class|surgery|checkup|"
            r"project|team|boss|kids?|family|house|apartment|car|garden)\b",
            text,
            re.IGNORECASE,
        )
    )


_OWNER_START = re.compile(
    r"^(?:I|I'm|I've|I'd|I'll|Im|Ive)\b|^(?:we|we're|we've|we'd|we'll|our|me and \w+)\b", re.IGNORECASE
)
_PAIR_START = re.compile(
    rf"^{_PARTNER_WORD}(?P<other>{_NAME})\s+and\s+(?:I|me)\b|^(?:I|"
    rf"me)\s+and\s+{_PARTNER_WORD}(?P<other2>{_NAME})\b|"
    r"^(?:my|our)\s+(?P<rel>[\w\-]+)\s+and\s+(?:I|me)\b",
    re.IGNORECASE,
)
_RELATIVE_START = re.compile(
    r"^(?P<poss>my|our)\s+(?:(?:best|older|younger|little|big|old|new|ex|former|late|twin|baby)\s+)?"
    r"(?P<rel>"
    + "|".join(sorted((re.escape(w) for w in [*RELATION_WORDS, *PET_WORDS]), key=len, reverse=True))
    + r")(?P<plural>s)?\b(?:,?\s+(?P<name>(?-i:(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][a-z'\-]+))\b)?",
    re.IGNORECASE,
)
_HEDGE_PREFIX = re.compile(
    r"^(?:I think|I guess|I believe|I suppose|I feel like|I heard|I hear|apparently|"
    r"maybe|probably|perhaps|honestly|I'm pretty sure|I'm sure)\s*,?\s*(?:that\s+)?",
    re.IGNORECASE,
)
_NAME_START = re.compile(rf"^(?P<name>(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?{_NAME})(?:'s)?\s+\S")


def _subject_of(text: str, ctx: _TurnContext, entities: list[SpottedEntity]) -> Subject | None:
    """Who the clause is about (the first subject after a leading time/place adverbial)."""
    body = _HEDGE_PREFIX.sub("", text, count=1)
    body = _LEADING_ADVERBIAL.sub("", body, count=1) or text
    owner = Subject(ctx.owner, is_owner=True, person=ctx.speaker, owner=ctx.owner)
    pair = _PAIR_START.match(body)
    if pair:
        partner = pair.group("other") or pair.group("other2") or pair.group("rel")
        return Subject(ctx.owner, is_owner=True, person=ctx.speaker, relation=partner, owner=ctx.owner)
    relative = _RELATIVE_START.match(body)
    if relative:
        rel = relative.group("rel").lower()
        name = relative.group("name")
        if rel in PET_WORDS:
            return Subject(
                name or ctx.owner, is_owner=name is None, person=None, relation=rel, owner=ctx.owner
            )
        if name and name.lower() not in STOPWORDS:
            return Subject(
                name, is_owner=False, person=name, relation=RELATION_WORDS.get(rel, rel), owner=ctx.owner
            )
        possessive = "my" if ctx.speaker is None else f"{ctx.speaker}'s"
        surface = rel + (relative.group("plural") or "")
        return Subject(
            f"{possessive} {surface}", is_owner=False, relation=RELATION_WORDS.get(rel, rel), owner=ctx.owner
        )
    if _OWNER_START.match(body):
        return owner
    couple = re.match(rf"^(?P<a>{_NAME})\s+and\s+(?P<b>{_NAME})\b", body)
    if couple and couple.group("b") not in ("I",):
        return Subject(
            couple.group("a"), is_owner=False, person=couple.group("a"), relation=couple.group("b")
        )
    if re.match(r"^(?:my|our)\s+\w", body, re.IGNORECASE):
        return owner  # "My goal is ...", "Our rent went up": the owner's own things
    named = _NAME_START.match(body)
    if named:
        name = named.group("name")
        if any(e.name == name and e.kind == "person" for e in entities) or name in ctx.known_people:
            return Subject(name, is_owner=False, person=name)
    if re.match(r"^(?:[\w',]+\s+){1,5}?(?:I|I'm|I've|I'd|I'll|[Ww]e|[Ww]e're)\s", body):
        return owner  # "Back in 2015 I lived in Boston", "After the move we ..."
    tokens = words(body)
    first = tokens[0] if tokens else ""
    if first in _FRAGMENT_VERBS or first in IRREGULAR_PASTS or (first.endswith("ed") and len(first) > 4):
        return owner  # "Had coffee with Marcus", "Moved to SF last month"
    if PET_DESCRIPTION.match(body):
        return owner
    return None


def _inherited_preference(text: str, subject: Subject, previous: _Draft) -> Slot | None:
    """ "I used to hate olives but now I love them": "them" is the olives of the clause before."""
    attribute = previous.fact.attribute or ""
    match = PREFERENCE.search(text)
    if not attribute.startswith("preference:") or not match:
        return None
    if not re.match(r"\s+(?:it|them|that|those|these)\b", text[match.end() :], re.IGNORECASE):
        return None
    return Slot(subject.key, attribute, "dislikes" if match.group("neg") else "likes")


def _name_the_object(text: str, previous: str) -> str:
    """Replace the pronoun after the preference verb with the object named in the previous clause."""
    match = PREFERENCE.search(text)
    earlier = PREFERENCE.search(previous)
    found = _object_after(previous, earlier.end()) if earlier else None
    if not match or not found:
        return text
    head, tail = text[: match.end()], text[match.end() :]
    pronoun = re.compile(r"^(\s+)(?:it|them|that|those|these)\b", re.IGNORECASE)
    return head + pronoun.sub(lambda m: m.group(1) + found[0], tail, count=1)


def _tentative(text: str, position: int) -> bool:
    return bool(TENTATIVE.search(text[:position]))


def _negated(text: str, position: int) -> bool:
    before = words(text[max(0, position - 30) : position])[-4:]
    return any(
        word in ("not", "never", "don't", "doesn't", "didn't", "no", "isn't", "aren't") for word in before
    )


def _no_longer(text: str) -> bool:
    return bool(re.search(r"\bno longer\b|\b(?:any ?more)\b|\bnot .* anymore\b", text, re.IGNORECASE))


def _clean_value(value: str | None) -> str | None:
    if not value:
        return None
    value = re.sub(r"^(?:the)\s+(?=[A-Z])", "", value.strip())
    value = re.sub(r"(?:'s)$", "", value)
    return value.strip(" ,.;:!?") or None


def _is_org_like(value: str) -> bool:
    return value.lower() in ORGANISATIONS or value.lower() not in PLACES


def _slot_of(text: str, subject: Subject) -> Slot | None:
    """The attribute a clause states about its subject, from small predicate grammars (first match wins)."""
    key = subject.key
    for reader in _SLOT_READERS:
        slot = reader(text, key, subject)
        if slot is not None:
            return slot
    return None


_IS_MY_RELATION = re.compile(
    rf"^(?P<name>{_NAME})\s+is\s+(?:my|our)\s+(?:(?:best|close|oldest|old|new|older|younger|little|big|favou?rite)\s+)?"
    rf"(?P<rel>{_RELATION_ALTERNATION})\b",
    re.IGNORECASE,
)


def _read_relation(text: str, key: str, subject: Subject) -> Slot | None:
    """ "Lisa is my best friend from college": how a named person relates to the owner."""
    match = _IS_MY_RELATION.match(_LEADING_ADVERBIAL.sub("", text, count=1))
    if not match:
        return None
    adjective = "best " if re.search(r"\bbest\s+" + re.escape(match.group("rel")), text, re.I) else ""
    relation = RELATION_WORDS.get(
        adjective + match.group("rel").lower(), RELATION_WORDS[match.group("rel").lower()]
    )
    return Slot(match.group("name"), "relation", relation, other_person=match.group("name"))


def _read_name(text: str, key: str, subject: Subject) -> Slot | None:
    match = MY_NAME.search(text)
    if match and subject.is_owner:
        return Slot(key, "name", match.group("v"))
    return None


def _read_relationship(text: str, key: str, subject: Subject) -> Slot | None:
    for pattern, status, is_change in RELATIONSHIP_EVENTS:
        match = pattern.search(text)
        if not match or _tentative(text, match.start()) or _negated(text, match.start()):
            continue
        groups = match.groupdict()
        other = next((groups[name] for name in ("other", "other2", "other3") if groups.get(name)), None)
        other = other or (subject.relation if subject.relation and subject.relation[:1].isupper() else None)
        attribute = f"relationship:{other}" if other else "relationship"
        return Slot(key, attribute, status, "relationship" if is_change else None, other_person=other)
    return None


def _read_employer(text: str, key: str, subject: Subject) -> Slot | None:
    join = EMPLOYER_JOIN.search(text)
    leave = EMPLOYER_LEAVE.search(text)
    if join and not _tentative(text, join.start()) and not _negated(text, join.start()):
        value = _clean_value(join.group("v") or join.group("v_join"))
        if value and _is_org_like(value):
            old = _clean_value(leave.group("v")) if leave else None
            return Slot(key, "employer", value, "job", old)
    if leave:
        value = _clean_value(leave.group("v"))
        if value and _is_org_like(value) and not value.lower().startswith(("a ", "an ", "the ")):
            if _tentative(text, leave.start()):
                return Slot(key, "employer", value)  # "thinking about leaving Stripe": still at Stripe
            return Slot(key, "employer", f"left {value}", "job", value)
    titled = EMPLOYER_TITLE_AT.search(text)
    if titled and not _negated(text, titled.start()):
        value = _clean_value(titled.group("v"))
        if value and _is_org_like(value) and value[0].isupper():
            historical = bool(re.search(r"\bwas\b", titled.group(0), re.I)) or _no_longer(text)
            return Slot(key, "employer", value, historical=historical)
    state = EMPLOYER_STATE.search(text)
    if state:
        value = _clean_value(state.group("v") or state.group("v2"))
        if value and _is_org_like(value):
            historical = bool(re.search(r"\bworked\b", state.group(0), re.I)) or _no_longer(text)
            if _negated(text, state.start()) and not _no_longer(text):
                return None
            return Slot(key, "employer", value, historical=historical)
    loss = EMPLOYER_LOSS.search(text)
    if loss and not _tentative(text, loss.start()):
        word = loss.group(0).lower()
        value = "retired" if "retir" in word else "laid off" if "laid" in word else "lost job"
        return Slot(key, "employer", value, "job")
    return None


def _read_job_title(text: str, key: str, subject: Subject) -> Slot | None:
    match = JOB_TITLE.search(text)
    if not match or _negated(text, match.start()):
        return None
    phrase = match.group(0).lower()
    change = "job" if ("promoted" in phrase or "new" in phrase) else None
    return Slot(key, "job_title", match.group("v").lower(), change)


def _read_school(text: str, key: str, subject: Subject) -> Slot | None:
    match = SCHOOL.search(text)
    if not match or not _SCHOOL_WORDS.search(match.group("v")) or _tentative(text, match.start()):
        return None
    phrase = match.group(0).lower()
    value = _clean_value(match.group("v"))
    change = "status" if re.search(r"\b(?:got into|accepted|enrolled)\b", phrase) else None
    return Slot(key, "school", value, change, historical="graduated" in phrase or "studied" in phrase)


def _read_location(text: str, key: str, subject: Subject) -> Slot | None:
    move = LOCATION_MOVE.search(text)
    if move and not _tentative(text, move.start()) and not _negated(text, move.start()):
        value = _clean_value(move.group("v") or move.group("v2") or move.group("v3"))
        if value and value.lower() not in ORGANISATIONS:
            return Slot(key, "location", value, "location")
    state = LOCATION_STATE.search(text)
    if state:
        value = _clean_value(state.group("v"))
        if value and value.lower() not in ORGANISATIONS:
            if _negated(text, state.start()) and not _no_longer(text):
                return None
            historical = bool(re.search(r"\blived\b", state.group(0), re.I)) or _no_longer(text)
            return Slot(key, "location", value, historical=historical)
    origin = re.search(
        r"\bmov(?:ed|ing)\s+(?:here\s+|over\s+|away\s+)?from\s+" + _PLACE_VALUE, text, re.IGNORECASE
    )
    if origin:
        return Slot(
            key, "location", _clean_value(origin.group("v")), historical=True
        )  # where they lived before
    home = HOMETOWN.search(text)
    if home:
        return Slot(key, "hometown", _clean_value(home.group("v")))
    return None


def _read_pet(text: str, key: str, subject: Subject) -> Slot | None:
    described = PET_DESCRIPTION.match(_LEADING_ADVERBIAL.sub("", text, count=1))
    if described:
        named = re.search(rf"\b(?:named|called)\s+(?P<v>{_NAME})", described.group("rest"))
        species = PET_SPECIES.get(described.group("species").lower(), described.group("species").lower())
        return Slot(key, f"pet:{species}", named.group("v") if named else None)
    match = PET.search(text)
    if match and not _tentative(text, match.start()):
        species = PET_SPECIES.get(match.group("species").lower(), match.group("species").lower())
        return Slot(key, f"pet:{species}", match.group("v") or species)
    return None


def _read_diet(text: str, key: str, subject: Subject) -> Slot | None:
    match = DIET.search(text)
    if not match or _tentative(text, match.start()):
        return None
    if match.group("v"):
        if _negated(text, match.start()):
            return None
        phrase = match.group(0).lower()
        change = "status" if re.search(r"\b(?:went|gone|became|become|now)\b", phrase) else None
        return Slot(key, "diet", match.group("v").lower().replace(" ", "-"), change)
    change = "status" if match.group("neg").lower() in ("stopped", "quit", "no longer") else None
    return Slot(key, "diet", f"no {match.group('food').lower()}", change)


def _read_favorite(text: str, key: str, subject: Subject) -> Slot | None:
    match = FAVORITE.search(text)
    if not match:
        return None
    thing = (match.group("thing") or match.group("thing2") or "").strip().lower()
    value = (match.group("v") or match.group("v2") or "").strip()
    if not thing or not value or value.lower() in ("it", "that", "this"):
        return None
    return Slot(key, f"favorite:{' '.join(singular(w) for w in thing.split())}", value)


def _read_possessions(text: str, key: str, subject: Subject) -> Slot | None:
    for attribute, pattern in (("car", CAR), ("phone", PHONE)):
        match = pattern.search(text)
        if match and not _tentative(text, match.start()):
            change = "status" if re.search(r"\b(?:bought|got|switched)\b", match.group(0), re.I) else None
            return Slot(key, attribute, match.group("v"), change)
    return None


def _read_age_birthday(text: str, key: str, subject: Subject) -> Slot | None:
    match = BIRTHDAY.search(text)
    if match:
        return Slot(key, "birthday", match.group("v"))
    match = AGE.search(text)
    explicit_age = bool(match and re.search(r"turn|years? old", match.group(0)))
    if (
        match
        and (subject.is_owner or explicit_age)
        and 1 < int(match.group("v")) < 120
        and not _negated(text, match.start())
    ):
        return Slot(key, "age", match.group("v"))
    return None


MONEY_ATTRIBUTE = re.compile(
    r"\b(?P<what>salary|income|pay|rent|mortgage|mortgage payment|car payment)\b[^.;!?]{0,40}?"
    r"(?:is|was|of|at|to|are|went up to|increased to|raised to|dropped to|now)\s+(?:about\s+|around\s+|"
    r"roughly\s+)?"
    r"(?P<v>[$€£¥]\s?\d[\d,.]*\s?(?:k|K|m|M)?(?:\s+(?:a|per|/)\s*(?:month|year|week|hour|mo|yr))?)"
    r"|\b(?:make|makes|earn|earns|making|earning)\s+(?P<v2>[$€£¥]?\s?\d[\d,.]*\s?(?:k|K)?(?:\s+(?:a|"
    r"per)\s+(?:year|month|hour))?)",
    re.IGNORECASE,
)


def _read_money(text: str, key: str, subject: Subject) -> Slot | None:
    """Salary and housing costs belong to the owner even when the landlord is the grammatical subject."""
    match = MONEY_ATTRIBUTE.search(text)
    if not match:
        return None
    what = (match.group("what") or "salary").lower().replace("pay", "salary").replace("income", "salary")
    attribute = (
        "rent" if what == "rent" else "mortgage" if what.startswith("mortgage") else what.replace(" ", "_")
    )
    value = (match.group("v") or match.group("v2") or "").strip()
    owner_key = key if subject.is_owner or subject.person else subject.owner
    change = (
        "status"
        if re.search(r"\b(?:raised|increased|went up|dropped|new|now|got a raise)\b", text, re.I)
        else None
    )
    return Slot(owner_key, attribute, value, change)


def _read_allergy(text: str, key: str, subject: Subject) -> Slot | None:
    match = ALLERGY.search(text)
    if not match:
        return None
    thing = (match.group("v") or match.group("v2") or "").lower().split()
    thing = [w for w in thing if w not in STOPWORDS]
    if not thing:
        return None
    return Slot(key, f"allergy:{' '.join(singular(w) for w in thing)}", "allergic")


def _object_after(text: str, position: int) -> tuple[str, str] | None:
    """(display, key) of the object after a preference verb: "hiking in the mountains" -> "hiking"."""
    rest = text[position:].lstrip()
    if re.match(r"(?:to|that|how|when|if|being)\b", rest, re.IGNORECASE):
        return None  # "love to travel" is a goal or habit, not an object
    stop = _OBJECT_STOP.search(" " + rest)
    if stop:
        rest = rest[: max(0, stop.start() - 1)]
    tokens = [t for t in words(rest) if t not in ("really", "so", "much", "absolutely", "totally")]
    while tokens and tokens[0] in _OBJECT_DETERMINERS:
        tokens = tokens[1:]
    if not tokens or tokens[0] in _PRONOUN_OBJECTS or tokens[0] in RELATION_WORDS:
        return None
    kept = [t for t in tokens[:3] if t not in STOPWORDS]
    if not kept:
        return None
    display = " ".join(kept)
    return display, " ".join(singular(t) for t in kept)


def _read_preference(text: str, key: str, subject: Subject) -> Slot | None:
    over = PREFER_OVER.search(text)
    if over:
        found = _object_after(over.group("a"), 0)
        if found:
            return Slot(key, f"preference:{found[1]}", "likes")
    match = PREFERENCE.search(text)
    if not match:
        return None
    found = _object_after(text, match.end())
    if not found:
        return None
    negative = bool(match.group("neg"))
    if _negated(text, match.start()) and not negative:
        negative = True
    return Slot(key, f"preference:{found[1]}", "dislikes" if negative else "likes")


_SLOT_READERS = (
    _read_relation,
    _read_name,
    _read_relationship,
    _read_employer,
    _read_job_title,
    _read_school,
    _read_location,
    _read_pet,
    _read_diet,
    _read_allergy,
    _read_money,
    _read_favorite,
    _read_possessions,
    _read_age_birthday,
    _read_preference,
)


# ---------------------------------------------------------------------------------------------------
# Fields
# ---------------------------------------------------------------------------------------------------


def _memory_type(text: str, slot: Slot | None, temporal: TemporalInfo, procedure: bool, intro: bool) -> str:
    if procedure:
        return "procedure"
    decision = DECISION.search(text)
    if decision and not _tentative(text, decision.start()):
        return "decision"
    attribute = slot.attribute.split(":")[0] if slot else ""
    if attribute in ("preference", "allergy", "favorite"):
        return "preference"
    if intro:
        return "entity"
    if slot is not None and attribute not in ("birthday",):
        return "fact"
    goal = GOAL.search(text)
    past_wish = goal and re.search(r"\b(?:wanted|planned|hoped|tried|needed)\b", text[: goal.end()], re.I)
    if (
        goal
        and not past_wish
        and (
            temporal.tense != "past" or re.search(r"\b(?:going|gonna|want|plan|hope)\b", goal.group(0), re.I)
        )
    ):
        return "goal"
    preference = PREFERENCE.search(text)
    if preference and (
        _object_after(text, preference.end())
        or re.match(
            r"\s+(?:it\s+)?(?:when|how|that|being|having|getting)\b", text[preference.end() :], re.IGNORECASE
        )
    ):
        return "preference"
    action = ACTION.search(text)
    if (
        action
        and temporal.tense == "past"
        and not re.search(
            r"\b(?:got|get|was|were|been|being|is|are)\s+$", text[: action.start()], re.IGNORECASE
        )
    ):
        return "action"  # "got cancelled" happened to them, it is not something they did
    if (
        temporal.event_date
        or temporal.recurrence
        or (EVENT_WORDS.search(text) and temporal.tense == "future")
    ):
        return "event"
    return "fact"


def _layer(memory_type: str, temporal: TemporalInfo) -> str:
    if memory_type == "procedure":
        return "procedural"
    if memory_type in ("event", "action") and temporal.event_date is not None:
        return "episodic"
    return "semantic"


# "working in mental health", "a charity race for mental health": a field or a cause, not a condition.
# Health as a field, a cause or a topic of work ("raising awareness for mental health", "a career in
# counseling") is not a health condition of anyone: it stays normal, whatever the topic lists say.
_HEALTH_AS_FIELD = re.compile(
    r"\b(?:in|for|about|on|into|of|studying|study|studies|career in|working in|work in|keen on|interested in|"
    r"passionate about|volunteer(?:ing)? (?:in|for)|degree in|job in|awareness (?:for|of|about|around)|"
    r"raising awareness (?:for|of|about)|charity (?:race|run|walk|event|drive) for|fundrais\w* for|"
    r"donat\w* to|advocacy for|advocat\w* for|support for|workshop on)\s+(?:mental health|counsel(?:l)?ing|"
    r"therapy|"
    r"psychology|medicine|nursing|healthcare|health care|public health)\b",
    re.IGNORECASE,
)


def _sensitivity(text: str) -> tuple[set[str], str]:
    """(topic tags, level): health (lab values too), loss, breakups and a home address down to the flat
    number are sensitive; money and secrets are private."""
    topics: set[str] = set()
    text = _HEALTH_AS_FIELD.sub(" ", text)
    if HEALTH_TERMS.search(text):
        topics |= {"health", "medical"}
    if MENTAL_HEALTH_TERMS.search(text):
        topics |= {"health", "mental health", "therapy"}
    if LOSS_TERMS.search(text):
        topics |= {"death", "loss", "grief"}
    if BREAKUP_TERMS.search(text):
        topics |= {"breakup", "relationships"}
    if ALLERGY_TERMS.search(text):
        topics |= {"health", "allergy"}
    if LAB_RESULT_TERMS.search(text):
        topics |= {"health", "medical", "lab results"}
    if STREET_ADDRESS.search(text) and UNIT_NUMBER.search(text):
        topics |= {"address"}
    money = bool(MONEY_TERMS.search(text))
    if money:
        topics |= {"financial", "finance", "money"}
    secret = bool(SECRET_TERMS.search(text))
    if topics & {"health", "death", "breakup", "address"}:
        return topics, "sensitive"
    if money or secret:
        return topics, "private"
    return topics, "normal"


def _has_family(text: str) -> bool:
    return any(word in FAMILY_RELATIONS or word in PARTNER_RELATIONS for word in words(text))


def _importance(text: str, memory_type: str, slot: Slot | None, remember: bool, topics: set[str]) -> str:
    if remember or LOSS_TERMS.search(text) or EMERGENCY_TERMS.search(text) or ALLERGY_TERMS.search(text):
        return "critical"
    attribute = slot.attribute.split(":")[0] if slot else ""
    if (
        memory_type in ("decision", "goal")
        or (slot is not None and slot.change_type)
        or attribute in HIGH_IMPORTANCE_ATTRIBUTES
        or topics & {"health", "breakup"}
        or (memory_type in ("event", "action", "entity") and _has_family(text))
        or (memory_type == "event" and MILESTONE_TERMS.search(text))
    ):
        return "high"
    if TRIVIAL_TERMS.match(text):
        return "trivial"
    if memory_type == "preference" and not STRONG_PREFERENCE.search(text):
        return "low"
    if (
        memory_type == "event"
        and SMALL_EVENT_TERMS.search(text)
        and not EVENT_WORDS.search(SMALL_EVENT_TERMS.sub("", text))
    ):
        return "low"
    return "medium"


def _confidence(ctx: _TurnContext, remember: bool, hedged: bool, hearsay: bool) -> float:
    if ctx.is_assistant:
        return CONFIDENCE_ASSISTANT_HEDGED if hedged else CONFIDENCE_ASSISTANT
    if remember:
        return CONFIDENCE_REMEMBER
    if hedged:
        return CONFIDENCE_HEDGED
    if hearsay:
        return CONFIDENCE_HEARSAY
    return CONFIDENCE_EXPLICIT


def sentiment_of(text: str) -> float | None:
    """-1..1 from a small lexicon with intensifiers and negation; None when nothing emotional is said."""
    tokens = words(text)
    lowered = text.lower()
    total, hits = 0.0, 0
    for phrase, score in SENTIMENT_PHRASES.items():
        if phrase in lowered:
            total, hits = total + score, hits + 1
    for index, token in enumerate(tokens):
        found = SENTIMENT_LEXICON.get(token)
        if found is None:
            continue
        score = found
        previous = tokens[index - 1] if index else ""
        if token in ("like", "likes", "liked") and previous in (
            "look",
            "looks",
            "looked",
            "feel",
            "feels",
            "felt",
            "seem",
            "seems",
            "sound",
            "sounds",
            "just",
            "more",
            "something",
            "anything",
            "would",
            "'d",
        ):
            continue
        if previous in INTENSIFIERS:
            score *= 1.3
        if any(word in NEGATORS for word in tokens[max(0, index - 3) : index]):
            score *= -0.6
        total, hits = total + score, hits + 1
    if not hits:
        return None
    value = max(-1.0, min(1.0, total / hits**0.5))
    return round(value, 2) if abs(value) >= 0.05 else None


def _category(
    text: str,
    memory_type: str,
    slot: Slot | None,
    topics: set[str],
    temporal: TemporalInfo,
    entities: list[SpottedEntity],
) -> str:
    if topics & {"health", "medical", "mental health"}:
        return "health"
    if topics & {"death"}:
        return "family" if _has_family(text) else "relationships"
    if "financial" in topics:
        return "finance"
    if temporal.recurrence:
        return "recurring"
    if memory_type == "goal":
        return "goals"
    if slot is not None:
        attribute = slot.attribute.split(":")[0]
        if attribute in ATTRIBUTE_CATEGORIES:
            return ATTRIBUTE_CATEGORIES[attribute]
    if any(e.entity_type == "place" for e in entities) and TRAVEL_VERBS.search(text):
        return "travel"
    tokens = set(words(text))
    if tokens & set(FAMILY_RELATIONS):
        return "family"
    if tokens & (set(PARTNER_RELATIONS) | set(SOCIAL_RELATIONS)):
        return "relationships"
    if tokens & set(WORK_RELATIONS):
        return "work"
    for name, pattern in CATEGORY_LEXICONS:
        if pattern.search(text):
            return name
    if memory_type == "preference":
        return "preferences"
    if any(e.kind == "person" for e in entities):
        return "relationships"
    return "other"


def _content(text: str, temporal: TemporalInfo, ctx: _TurnContext) -> str:
    """The memory text: dates made absolute, the speaker named, tidy punctuation."""
    content = temporal.annotate(text)
    if ctx.speaker:
        content = rewrite_first_person(content, ctx.speaker)
    return _tidy(content)


_ANAPHORIC_START = re.compile(
    r"^(?:it|it's|its|that|that's|this|they|they're|those|these|there|some)\b", re.IGNORECASE
)


def _answering(content: str, ctx: _TurnContext) -> str:
    """ "It was amazing" answering "How was New York?" keeps the question: it says what "it" is."""
    if ctx.question and _ANAPHORIC_START.match(content):
        return f"{content} (answering: {ctx.question})"
    return content


def _attributed(content: str, ctx: _TurnContext) -> str:
    """A named speaker's memory names them: "We explored the coast" -> "Melanie: We explored the coast".

    First-person singular is already rewritten to the name; "we", "it" and "that" clauses would otherwise
    leave no trace of who said them, and search could not tell one speaker's memories from the other's.
    """
    speaker = ctx.speaker
    if not speaker or ctx.is_assistant or re.search(rf"\b{re.escape(speaker)}\b", content, re.IGNORECASE):
        return content
    return f"{speaker}: {content}"


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([,.;:!?])", r"\1", text)
    text = text.rstrip(" ,;:.-")
    if text and text[0].islower() and not re.match(r"^i[A-Z]", text):
        text = text[0].upper() + text[1:]
    if len(text) > CONTENT_MAX_CHARS:  # the model's limit; a run-on paste keeps its first 2000 characters
        text = text[: CONTENT_MAX_CHARS - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"
    return text or "(empty)"


def _provenance(ctx: _TurnContext) -> ProvenanceEntry:
    message_ids = [ctx.turn.message_id] if ctx.turn.message_id else []
    return ProvenanceEntry(source_id=ctx.source_id, message_ids=message_ids)


def _mentions(
    entities: list[SpottedEntity],
    subject: Subject | None,
    slot: Slot | None,
    ctx: _TurnContext,
    text: str,
    memory_type: str,
) -> list[EntityMention]:
    out: list[EntityMention] = []
    seen: set[str] = set()
    if ctx.speaker:
        out.append(EntityMention(name=ctx.speaker, kind="person", entity_type="person", role="subject"))
        seen.add(ctx.speaker.lower())
    for entity in entities:
        if entity.name.lower() in seen:
            continue
        seen.add(entity.name.lower())
        role = "mention"
        if subject is not None and entity.name in (subject.person, subject.key):
            role = "subject"
        elif slot is not None and entity.name in (slot.value, slot.other_person, slot.old_value):
            role = "object"
        relationship = entity.relationship
        owners_partner = slot is not None and slot.subject == ctx.owner and slot.other_person == entity.name
        if slot is not None and owners_partner and slot.attribute.startswith("relationship"):
            status_relation = STATUS_RELATION.get(slot.value or "")
            if slot.value != "dating" or relationship is None:
                relationship = status_relation or relationship  # "broke up" makes a girlfriend an ex
        kind = entity.kind if entity.kind in ("person", "concept", "entity") else "entity"
        out.append(
            EntityMention(
                name=entity.name,
                kind=kind,
                entity_type=entity.entity_type,  # type: ignore[arg-type]
                relationship=relationship,
                role=role,
            )
        )
    if slot is not None and slot.attribute.startswith("preference:"):
        concept = slot.attribute.split(":", 1)[1]
        if concept not in seen:
            out.append(EntityMention(name=concept, kind="concept", entity_type="concept", role="object"))
    return out


def _fill_identity(
    fact: CandidateFact,
    subject: Subject | None,
    slot: Slot | None,
    entities: list[SpottedEntity],
    ctx: _TurnContext,
) -> None:
    """`name`, `entity_type`, `relationship`: the fact's main entity (its subject unless that is the user)."""
    if fact.subject and fact.subject != USER_SUBJECT:
        fact.name = fact.subject
    elif slot is not None and slot.value and any(e.name == slot.value for e in entities):
        fact.name = slot.value
    elif slot is not None and slot.other_person:
        fact.name = slot.other_person
    else:
        people = [e for e in entities if e.kind == "person"]
        fact.name = (people or entities)[0].name if (people or entities) else None
    main = next((e for e in entities if e.name == fact.name), None)
    if main is not None:
        fact.entity_type = main.entity_type
        fact.relationship = main.relationship
    elif subject is not None and subject.relation and not subject.is_owner:
        fact.entity_type = "pet" if subject.relation in PET_WORDS else "person"
        fact.relationship = subject.relation
    elif fact.name and ctx.speaker and fact.name == ctx.speaker:
        fact.entity_type = "person"


def _change(slot: Slot | None, is_correction: bool) -> ChangeDetected | None:
    if slot is None or not slot.change_type or slot.historical:
        return None
    return ChangeDetected(
        entity=slot.subject,
        change_type=slot.change_type,
        old_value=slot.old_value,
        new_value=slot.value,
        is_correction=is_correction,
    )


def _decision_record(text: str, content: str) -> DecisionRecord:
    over = _DECISION_OVER.search(text)
    reason = _DECISION_REASON.search(text)
    alternatives = [_tidy(over.group("b"))] if over else []
    decision = content
    if reason:
        cut = content.lower().find(reason.group(0).lower()[:20])
        decision = _tidy(content[:cut]) if cut > 0 else content
    return DecisionRecord(
        decision=decision,
        context=_tidy(reason.group("why")) if reason else None,
        alternatives_considered=alternatives,
    )


def _attach_outcome(draft: _Draft, text: str, content: str) -> None:
    match = OUTCOME.search(text)
    outcome = None
    if match:
        outcome = next(
            (match.group(g) for g in ("outcome", "outcome2", "outcome3", "outcome4") if match.group(g)), None
        )
    outcome = _tidy(outcome) if outcome else None
    if outcome:
        outcome = outcome[0].lower() + outcome[1:] if not outcome[:2].isupper() else outcome
    outcome_sentiment = sentiment_of(outcome) if outcome else None
    action = content
    if outcome and match:
        action = _tidy(text[: match.start()])
    draft.fact.outcome = outcome
    draft.fact.outcome_sentiment = outcome_sentiment
    draft.action = ActionRecord(action=action, outcome=outcome, outcome_sentiment=outcome_sentiment)


# ---------------------------------------------------------------------------------------------------
# Corrections and forget requests
# ---------------------------------------------------------------------------------------------------


def _name_correction(old: str, new: str, sentence: str, ctx: _TurnContext) -> None:
    """ "Actually it's spelled Michael, not Mike": subject = the old form, attribute name, value = the new."""
    content = f"{old} is actually spelled {new}"
    fact = CandidateFact(
        content=content,
        name=new,
        memory_type="fact",
        category="other",
        importance="medium",
        confidence=_confidence(ctx, False, False, False),
        source_type="inferred" if ctx.is_assistant else "explicit",
        evidence=cap_evidence(sentence),
        subject=old,
        attribute="name",
        value=new,
        is_correction=True,
        entities=[EntityMention(name=new, kind="person", entity_type="person", role="subject")],
        provenance=[_provenance(ctx)],
    )
    draft = _Draft(fact=fact, turn_index=ctx.index)
    draft.change = ChangeDetected(
        entity=old, change_type="name", old_value=old, new_value=new, is_correction=True
    )
    ctx.drafts.append(draft)


def _forget(what: str, sentence: str, ctx: _TurnContext, inp: ExtractionInput) -> None:
    """A forget request becomes one `forget=True` fact describing what to forget (and nothing else)."""
    target = _FORGET_FRAMING.sub("", what.strip()).strip()
    target = _FORGET_TAIL.sub("", target).strip(" ,.")
    if not target or target.lower() in ("it", "that", "this", "what i said", "everything i said"):
        if ctx.drafts:
            ctx.drafts.pop()  # "... Actually, forget that.": the user retracted what they just said
            return
        previous = inp.previous_message
        if previous is None or previous.role != "user":
            return
        target = normalise_text(previous.content)
    if "[redacted:" in target.lower():
        target = re.sub(r"\[redacted:[^\]]*\]", "", target).strip() or "a secret"
    entities = spot_entities(target, ctx.known_people)
    subject = _subject_of(target, ctx, entities)
    slot = _slot_of(target, subject) if subject is not None else None
    content = rewrite_first_person(target, ctx.speaker) if ctx.speaker else target
    fact = CandidateFact(
        content=_tidy(content),
        memory_type="fact",
        importance="medium",
        confidence=CONFIDENCE_REMEMBER,
        source_type="explicit",
        evidence=cap_evidence(sentence),
        subject=slot.subject if slot else None,
        attribute=slot.attribute if slot else None,
        value=slot.value if slot else None,
        forget=True,
        entities=_mentions(entities, subject, slot, ctx, target, "fact"),
        provenance=[_provenance(ctx)],
    )
    people = [e.name for e in entities if e.kind == "person"]
    fact.name = people[0] if people else None
    ctx.drafts.append(_Draft(fact=fact, turn_index=ctx.index))


# ---------------------------------------------------------------------------------------------------
# Whole-result passes
# ---------------------------------------------------------------------------------------------------


def _apply_preferences(drafts: list[_Draft], inp: ExtractionInput) -> list[_Draft]:
    """Seed 000 §6.1: disabled types are dropped, never-store topics dropped, sensitive topics marked."""
    preferences = inp.preferences
    enabled = set(preferences.enabled_categories)
    kept: list[_Draft] = []
    for draft in drafts:
        fact = draft.fact
        texts = (
            fact.content,
            fact.evidence,
            fact.category,
            fact.name,
            *draft.topics,
            *(e.name for e in fact.entities),
        )
        if not fact.forget:
            if fact.memory_type not in enabled:
                continue
            if any(matches_topic(topic, *texts) for topic in preferences.never_store):
                continue
        if fact.sensitivity_level == "normal":
            topical = [_HEALTH_AS_FIELD.sub(" ", t) if isinstance(t, str) else t for t in texts]
            if any(matches_topic(topic, *topical) for topic in preferences.auto_mark_sensitive):
                fact.sensitivity_level = "sensitive"
            elif preferences.default_sensitivity_level != "normal":
                fact.sensitivity_level = preferences.default_sensitivity_level
        kept.append(draft)
    return kept


def _entity_memories(drafts: list[_Draft], speakers: frozenset[str]) -> list[_Draft]:
    """One entity memory per person, pet or project a kept fact mentions ("Emma is my sister").

    A person merely mentioned ("coffee with Marcus") gets an inferred, low-confidence memory that
    reinforcement strengthens when they keep coming up; an introduced one ("my sister Emma") is explicit.
    """
    introduced = {
        d.fact.name.lower()
        for d in drafts
        if d.fact.attribute == "relation" and d.fact.name and d.fact.subject
    }
    seen: set[str] = set(introduced)
    out: list[_Draft] = []
    for draft in drafts:
        fact = draft.fact
        if fact.forget or fact.attribute == "name":
            continue
        owner = next((e.name for e in fact.entities if e.role == "subject" and e.name in speakers), None)
        for mention in fact.entities:
            lowered = mention.name.lower()
            if lowered in seen or is_speaker(mention.name, speakers):
                continue
            if mention.kind != "person" and mention.entity_type not in ("pet", "project"):
                continue
            seen.add(lowered)
            out.append(_entity_memory(mention, fact, owner, draft))
    return out


def _entity_memory(mention: EntityMention, source: CandidateFact, owner: str | None, draft: _Draft) -> _Draft:
    relation = mention.relationship
    possessive = "my" if owner is None else f"{owner}'s"
    if mention.entity_type == "pet":
        content = f"{mention.name} is {possessive} {relation or 'pet'}"
    elif mention.entity_type == "project":
        content = f"{mention.name} is a project" + (
            " I'm involved in" if owner is None else f" {owner} is involved in"
        )
    elif relation:
        content = f"{mention.name} is {possessive} {relation}"
    else:
        content = f"{mention.name} is someone {'I know' if owner is None else owner + ' knows'}"
    explicit = relation is not None or mention.entity_type in ("pet", "project")
    category = "pets" if mention.entity_type == "pet" else _relation_category(relation)
    topics, sensitivity = _sensitivity(content)
    entities = [
        EntityMention(
            name=mention.name,
            kind=mention.kind,
            entity_type=mention.entity_type,
            relationship=relation,
            role="subject",
        )
    ]
    if owner:
        entities.append(EntityMention(name=owner, kind="person", entity_type="person", role="mention"))
    fact = CandidateFact(
        content=content,
        name=mention.name,
        memory_type="entity",
        layer="semantic",
        category=category,
        entity_type=mention.entity_type,
        relationship=relation,
        importance="high"
        if relation
        in (*FAMILY_RELATIONS.values(), *PARTNER_RELATIONS.values(), "partner", "spouse", "fiancé(e)")
        else ("medium" if explicit else "low"),
        confidence=source.confidence if explicit else CONFIDENCE_INFERRED,
        source_type=source.source_type if explicit else "inferred",
        evidence=source.evidence,
        sensitivity_level=sensitivity,
        subject=mention.name,
        attribute="relation",
        value=relation,
        entities=entities,
        provenance=list(source.provenance),
    )
    return _Draft(fact=fact, topics=topics, turn_index=draft.turn_index)


def _relation_category(relation: str | None) -> str:
    if relation is None:
        return "relationships"
    if relation in FAMILY_RELATIONS.values():
        return "family"
    if relation in WORK_RELATIONS.values():
        return "work"
    if relation in ("doctor", "therapist", "dentist", "psychiatrist", "counselor", "nurse"):
        return "health"
    return "relationships"


def _dedupe(drafts: list[_Draft]) -> list[_Draft]:
    seen: set[str] = set()
    out: list[_Draft] = []
    for draft in drafts:
        key = ("forget:" if draft.fact.forget else "") + re.sub(
            r"\W+", " ", draft.fact.content.lower()
        ).strip()
        if key in seen:
            continue
        seen.add(key)
        out.append(draft)
    return out


def _fill_old_values(drafts: list[_Draft], inp: ExtractionInput) -> None:
    """A change's old value from what is already known (established facts, recent observations)."""
    pending = [d for d in drafts if d.change and not d.change.old_value and d.fact.attribute]
    if not pending:
        return
    known: dict[tuple[str, str], str] = {}
    owner_ctx = _TurnContext(
        turn=TurnInput(content=""),
        index=0,
        speaker=None,
        is_assistant=False,
        observed_at=inp.observed_at,
        source_id=inp.source_id,
        known_people=frozenset(),
        speakers=frozenset(),
    )
    for fact in [*inp.established_facts, *inp.recent_observations]:
        text = normalise_text(fact.content)
        entities = spot_entities(text)
        subject = _subject_of(text, owner_ctx, entities)
        slot = _slot_of(text, subject) if subject is not None else None
        if slot is not None and slot.value:
            known.setdefault((slot.subject.lower(), slot.attribute), slot.value)
    for draft in pending:
        assert draft.change is not None and draft.fact.attribute is not None
        old = known.get(((draft.fact.subject or "").lower(), draft.fact.attribute))
        if old and old != draft.fact.value:
            draft.change.old_value = old
