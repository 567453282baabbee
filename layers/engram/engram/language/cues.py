"""Cues of the fact grammar: what the user asks of the memory, how sure a clause is, which memory type.

Sentence-level requests ("forget ...", "remember that ...", "actually ..."), clause-level cues (hedges,
plans, reported speech, leading adverbials) and the patterns that pick a memory type (decision, goal,
action and its outcome, event, an introduced entity). Patterns favour precision over recall.
"""

from __future__ import annotations

import re

from engram.language.phrases import CAP_RUN, NAME, RELATION_ALTERNATION
from engram.language.text import PET_WORDS, RELATION_WORDS

# ---------------------------------------------------------------------------------------------------
# Sentence-level requests
# ---------------------------------------------------------------------------------------------------

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
FORGET_FRAMING = re.compile(
    r"^(?:(?:about|that|what|everything|anything|all|the\s+(?:memory|memories|fact|facts|info|"
    r"information|note|notes|part|thing|stuff)|(?:any|all|my)\s+memor(?:y|ies)|you know|you have|"
    r"(?:that\s+|what\s+)?(?:I|i)\s+(?:told you|said|mentioned|wrote|shared|typed|noted)|i\s+(?:ever\s+)?"
    r"(?:told you|said|mentioned)|(?:about|regarding|of|on|concerning|related to)|from\s+(?:your|"
    r"my)\s+memory|"
    r"it|this|that)\b[\s,:]*)+",
    re.IGNORECASE,
)
FORGET_TAIL = re.compile(
    r"(?:[\s,]*(?:please|pls|thanks|thank you|from (?:your |my )?memory|for good|any ?more|at all|"
    r"forever|permanently|ok|okay))*[\s.!?]*$",
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
    # "no" opens a correction ("No, it's Globex", "no I meant Tuesday"), not a note ("No more naproxen")
    r"^(?:actually|correction|sorry|oops|wait|no(?=\s*[,:!\-]|\s+(?:I|it'?s|it is|we|my)\b)|to clarify|"
    r"let me correct (?:that|myself)|scratch that|"
    r"my (?:bad|mistake))\s*[,:!\-]*\s+(?:(?:I meant|I mean|it'?s|it is)\s*,?\s*(?-i:(?=[A-Z])))?",
    re.IGNORECASE,
)
NOT_ALTERNATIVE = re.compile(rf",?\s+not\s+(?P<old>{CAP_RUN}|[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\s*$")

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

ASIDE = re.compile(r"\s+[-\u2013\u2014]+\s+|\s*\(")
# Words that make the speaker unsure whether the fact is true. Not "kind of"/"kinda"/"sort of" (degree:
# "kinda nervous" is nervous) nor "I think of/about" (thinking of someone is not a guess).
HEDGES = re.compile(
    r"\b(?:I think(?!\s+(?:of|about)\b)|I guess|I believe|I suppose|maybe|perhaps|probably|might|possibly|"
    r"not sure|not certain|I feel like|seems like|apparently|I heard|rumou?r|supposedly|I'm guessing|"
    r"could be|may be)\b",
    re.IGNORECASE,
)
_WORD_LEFT = re.compile(r"[^\W\d_]{2,}")


def hedges_statement(text: str) -> bool:
    """Whether a hedge makes the speaker unsure of the statement itself. One in an aside after a dash or
    a bracket ("I want to coach - maybe even open a gym") leaves it certain, and so does one in a part
    after a comma that says something of its own ("wedding next summer, Bansko probably", "moving to
    Leeds, probably in May": the place or the date is the guess); a bare tag after the comma ("she's
    pregnant, I think", "moving to Leeds, maybe") hedges it all."""
    head = ASIDE.split(text, maxsplit=1)[0]
    main, _, tail = head.partition(",")
    if HEDGES.search(main):
        return True
    return bool(HEDGES.search(tail)) and not _WORD_LEFT.search(HEDGES.sub(" ", tail))


# A dream told: nothing in it happened ("Had a dream Jomar and I broke up").
DREAMT = r"(?:had a (?:dream|nightmare)|dreamt|dreamed)"
TENTATIVE = re.compile(
    r"\b(?:thinking (?:about|of)|considering|consider|might|may|maybe|could|planning (?:to|on)|plans? to|"
    r"want(?:s|ed)? to|wanna|hop(?:e|es|ing) to|would like to|'d like to|wish(?:es)? to|dream(?:s|ing)? of|"
    r"looking (?:into|at)|if|whether|debating|weighing|tempted to|trying to|talk(?:ed|ing|s)? about|"
    r"someday|some day|one day|appl(?:y|ies|ied|ying) for|interview(?:ed|ing)? (?:for|at|with)|"
    r"shortlisted for|ask(?:s|ed|ing)? (?:me )?(?:when|if|whether)|"
    rf"wonder(?:s|ed|ing)? (?:when|if|whether)|{DREAMT})\b",
    re.IGNORECASE,
)
REPORTED_SPEECH = re.compile(
    rf"^(?P<who>{NAME}|(?:my|our)\s+[a-z\-]+(?:\s+[a-z\-]+)?|he|she)\s+(?:just\s+|finally\s+|also\s+)?"
    r"(?:told me|told us|said|says|mentioned|mentions|texted me|texted|let me know|informed me|announced|"
    r"shared|admitted|confessed|revealed|explained|tells me|wrote|emailed me|messaged me|called to say|"
    r"called me to say)\s*(?:that\s+|,\s*)?(?P<rest>(?:he|she|they)\b.+)$",
)
# "Big news: ...", "Update - ...", "Can't believe ...": framing before the statement itself.
LABEL_PREFIX = re.compile(
    r"^(?:(?:big|good|great|bad|sad|exciting|quick|some|random)\s+(?:news|update|thought)"
    rf"(?:\s+(?:from|about|on)\s+(?P<about>{NAME}))?|update|news|fyi|"
    r"psa|"
    r"heads up|status|reminder|life update|(?:I\s+)?can'?t believe|(?:I\s+)?cannot believe|turns out|"
    r"(?:so\s+)?(?:happy|glad|excited|sad|relieved|proud) (?:to (?:say|report|share)|that)|guess what|"
    r"just found out|I just learned)\s*(?:[:!,\-]+\s*|\s+(?:that\s+)?)",
    re.IGNORECASE,
)
PRONOUN_START = re.compile(r"^(?P<pronoun>he|she|He|She)(?P<contraction>'s|'d|'ll)?\b")
LEADING_ADVERBIAL = re.compile(
    r"^(?:(?:yesterday|today|tonight|tomorrow|this (?:morning|afternoon|evening|week|weekend)|"
    r"last (?:night|week|weekend|month|year|\w+day)|next \w+|on \w+day|finally|recently|lately|also|then|"
    r"back (?:in (?:\d{4}|the day|college|school)|then|when \w+ \w+)|"
    r"now|earlier|later|after (?:work|school|lunch|dinner|that)|over the weekend|at (?:work|school|home)|"
    r"in (?:\w+ )?\d{4}|in [A-Z]\w+|(?:\w+ )?(?:days?|weeks?|months?|years?) ago|since \w+|"
    r"a (?:few|couple of) (?:days|weeks) ago|this past \w+|"
    # "First week of second year at UCT", "Last week of term" (not "First day at Kelvin": the day is the news)
    r"(?:first|second|last|final) (?:day|week|month|night|term|semester) of)\s*,?\s+)+",
    re.IGNORECASE,
)
FRAGMENT_VERBS = frozenset(
    """
    need needs want wants love loves like likes hate hates feel feeling felt think thinking going
    working trying planning hoping looking started finished just finally still really also can't cannot
    gotta got had went made took met saw spent tried started bought ran won lost sold left moved called
    texted visited decided chose picked booked signed shipped launched closed finished completed
    submitted
    """.split()  # noqa: SIM905 - a word list reads better as prose
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
DECISION_OVER = re.compile(
    r"\b(?P<a>[\w'\-]+(?:\s+[\w'\-]+){0,3})\s+(?:over|instead of|rather than|vs\.?|versus)\s+"
    r"(?P<b>[\w'\-]+(?:\s+[\w'\-]+){0,3}?)(?=[,.;!?]|\s+(?:for|because|since|as|and)\b|$)",
    re.IGNORECASE,
)
DECISION_REASON = re.compile(
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


ENTITY_INTRO = re.compile(
    rf"^(?:(?:this is|meet|that's|here's)\s+(?:my|our)\s+[\w\s\-]+?\s+{NAME}"
    rf"|(?:my|our)\s+(?:[\w\-]+\s+)?(?:{RELATION_ALTERNATION}|"
    rf"{'|'.join(PET_WORDS)})(?:'s name)?\s+(?:is\s+)?(?:called\s+|named\s+)?{NAME}"
    rf"|(?:I|we)\s+(?:have|has|got|adopted|welcomed)\s+(?:a|an|two|three|another|new)\s+[\w\s\-]*?(?:named|"
    rf"called)\s+{NAME}"
    rf"|{NAME}(?:\s+is|['’]s)\s+(?:my|"
    rf"our)\s+(?:[\w\-]+\s+)?(?:{'|'.join(sorted(map(re.escape, RELATION_WORDS), key=len, reverse=True))}|"
    rf"{'|'.join(PET_WORDS)}))$",
    re.IGNORECASE,
)
