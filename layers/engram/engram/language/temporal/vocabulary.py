"""Words and cue patterns of the temporal grammar: calendar names, numbers, zones, tense and role cues."""

from __future__ import annotations

import re

TEMPORARY_DEFAULT_DAYS = 7  # "for now", "temporary", "for the time being": a short, reviewable horizon

MONTH_NAMES = (
    "",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
RRULE_DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
MONTH_ABBREVIATIONS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
SEASON_START_MONTH = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}  # northern hemisphere
NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "a couple of": 2,
    "couple of": 2,
    "a couple": 2,
    "couple": 2,
    "a few": 3,
    "few": 3,
    "several": 3,
}
UNIT_DAYS = {"day": 1, "week": 7, "fortnight": 14}
# Period words as typed on a phone ("in 2 wks", "nxt mth", "this wknd"), read as the words they stand for.
TYPED_PERIODS = {
    "wk": "week",
    "wknd": "weekend",
    "wkend": "weekend",
    "mth": "month",
    "mnth": "month",
    "yr": "year",
}
# Offsets from UTC in hours for zone abbreviations people write after a time. Standard time is used for
# the US "ET/PT" shorthands: a deliberate approximation (the memory keeps the zone in its text anyway).
TIMEZONE_OFFSETS = {
    "utc": 0,
    "gmt": 0,
    "z": 0,
    "est": -5,
    "edt": -4,
    "et": -5,
    "cst": -6,
    "cdt": -5,
    "ct": -6,
    "mst": -7,
    "mdt": -6,
    "mt": -7,
    "pst": -8,
    "pdt": -7,
    "pt": -8,
    "akst": -9,
    "hst": -10,
    "bst": 1,
    "cet": 1,
    "cest": 2,
    "eet": 2,
    "eest": 3,
    "ist": 5.5,
    "sgt": 8,
    "jst": 9,
    "kst": 9,
    "aest": 10,
    "aedt": 11,
    "nzst": 12,
}

_NUM = (
    r"(?:\d{1,3}|a couple of|couple of|a couple|a few|several|an?|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
)
_UNIT = r"(?:day|week|fortnight|month|year|decade|wk|mth|yr)"
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_MONTH_ANY = _MONTH + r"|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?"
# Typed in lower case, as on a phone ("dentist feb 10", "back on the 3rd of september"): any month
# but May, which in lower case is the modal verb ("I may 2-stroke it"). Only beside a day number, which
# says it is a date.
_MONTH_TYPED = (
    r"(?i:january|february|march|april|june|july|august|september|october|november|december|"
    r"jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?|" + _MONTH_ANY
)
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
# Weekdays as typed in shorthand ("dentist next tues", "thurs 6pm"): the abbreviations that are no
# other word; "mon", "wed", "sat" and "sun" only after next/this/last/on ("sat on the sofa").
_WEEKDAY_TYPED = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tues?|thu|thur|thurs|weds|fri"
    r"|(?<=next\s)(?:mon|wed|sat|sun)|(?<=this\s)(?:mon|wed|sat|sun)|(?<=last\s)(?:mon|wed|sat|sun)"
    r"|(?<=on\s)(?:mon|wed|sat|sun))"
)
# What an ordinal counts when it is no day of the month: "the 14th floor", "her 70th birthday", "our
# 10th anniv".
_COUNTED_THINGS = (
    r"floor|storey|birthday|bday|b-day|anniv\w*|time|place|row|grade|century|street|st|avenue|round|lap|"
    r"attempt|edition|year|wedding|party|percentile|hole|minute|min|week"
)
_TZ = r"(?:" + "|".join(sorted(TIMEZONE_OFFSETS, key=len, reverse=True)) + r")"

# Cue words right before a mention that give it a role other than "when it happens".
END_CUE = re.compile(
    r"(?:\buntil|\btill|\btil|'til|\bthrough|\bthru|\bup to|\bending|\bends|\bno later than|\bexpires?|"
    r"\bexpiring|\bvalid through)\s+(?:on\s+|in\s+)?(?:the\s+)?(?:end\s+of\s+)?$",
    re.IGNORECASE,
)
# Verb forms ("the course starts Monday") stay events: the extractor turns them into effective_from only
# when the clause announces a change of state ("my new job starts Monday").
START_CUE = re.compile(
    r"(?:\bstarting|\bbeginning|\bfrom|\bas of|\beffective|\bcommencing|\bstart(?:ing)? date is)\s+"
    r"(?:on\s+|in\s+|from\s+|at\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)
RANGE_END_CUE = re.compile(r"(?:\bto|-|\band)\s+$", re.IGNORECASE)
# What joins the two ends of a range ("Thursday to Sunday", "4-18 December", "28 Feb \u2013 2 Mar").
RANGE_JOINERS = r"to|-|\u2013|\u2014|through|thru|till|until"
_EVERY_BEFORE = re.compile(r"\b(?:every|each|other|alternate)\s+$", re.IGNORECASE)

FUTURE_MARKERS = re.compile(
    r"\b(?:will|shall|won't|going to|gonna|plan(?:s|ning)? to|about to|next|upcoming|tomorrow|soon|"
    r"scheduled|intend(?:s|ing)? to|hope to|want to|would like to|coming up|later|until|till|starting|"
    r"from now|"
    # a past decision about a later event: "decided to take the trip in May" is about the coming May
    r"(?:decided|chose|agreed|promised|planned|arranged|booked|signed up|registered|committed) (?:to|for)|"
    r"(?:booked|reserved|got tickets)\b[^.!?]{0,40}?\bfor)\b|'ll\b|"
    # an arrangement in the present progressive: "(told Gerry) I'm leaving at the end of February"
    r"(?:'m|\bam|'re|\bare|'s|\bis)\s+(?:leaving|moving|flying|quitting|retiring|heading|travell?ing|"
    r"returning|relocating|coming)\b|"
    # the same arrangement told after what led to it: "got his Canada visa, leaving in September"
    r"[,;\u2013\u2014-]\s+(?:and\s+)?(?:leaving|moving|flying|heading|relocating|returning)\b",
    re.IGNORECASE,
)
PAST_MARKERS = re.compile(
    r"\b(?:was|were|did|had|yesterday|ago|last|went|got|came|saw|met|told|said|took|made|gave|found|"
    r"felt|thought|bought|left|ran|won|lost|sold|spent|sent|began|wrote|drove|flew|knew|heard|paid|"
    r"kept|slept|ate|fell|became|moved|died|lied|fled|sued|\w{3,}ed)\b",
    re.IGNORECASE,
)
# Past-tense adjectives and present-tense forms that look like "-ed" pasts.
_NOT_PAST_ED = re.compile(
    r"\b(?:excited|interested|tired|worried|scared|stressed|married|engaged|"
    r"based|obsessed|bored|need|feed|seed|speed|indeed|supposed|used to)\b",
    re.IGNORECASE,
)
_PRESENT_PERFECT = re.compile(r"\b(?:have|has|'ve|'s)\s+been\b", re.IGNORECASE)

HISTORICAL_CUES = re.compile(
    r"\b(?:used to|previously|no longer|back when|in the past|formerly|once upon a time|"
    # "back in 2015", "back in college"; not "back in range", "back in Dublin" (which is now)
    r"back in (?:the (?:day|days|old days|\d{2,4}s)|(?:19|20)\d{2}|'\d{2}|(?:high )?school|college|"
    r"uni(?:versity)?|my (?:teens|twenties|thirties|forties|fifties|youth|day)|"
    r"jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
    r"nov(?:ember)?|dec(?:ember)?)|"
    r"growing up|when (?:I|we|he|she) (?:was|were) (?:a kid|a child|little|young|younger|small|"
    r"a teen(?:ager)?|in (?:college|school|high school|university))|as a (?:kid|child|teen|teenager)|"
    r"(?:my|his|her|our) (?:old|former|previous) (?:job|apartment|house|place|company|employer|boss|"
    r"school|city|home|team|role)|in my (?:old|former|previous) (?:job|life|role))\b",
    re.IGNORECASE,
)
_WAS_FOR_YEARS = re.compile(
    r"\b(?:was|were|worked|lived|studied|taught|dated|served|played|stayed|ran|owned|managed|led)\b"
    r"[^.;]{0,60}?\bfor\s+(?:" + _NUM + r"|many|several|a few|almost|nearly|over|about)\s+"
    r"(?:\w+\s+)?(?:years?|months?|decades?)\b",
    re.IGNORECASE,
)
_YEAR_RANGE = re.compile(r"\b(?:from|between)\s+((?:19|20)\d{2})\s+(?:to|and|until|-)\s+((?:19|20)\d{2})\b")

# "swim 2x wk", "3x a week", "4x/week": times a week in shorthand.
TIMES_A_WEEK_SHORT = r"\d\s*x\s*(?:a\s+|per\s+|/\s*)?(?:wk|week)"
RECURRENCE_CUES = re.compile(
    r"\b(?:every|each\s+(?:day|week|month|year|morning|evening|night|weekday|weekend|" + _WEEKDAY + r")|"
    r"daily|nightly|weekly|bi-?weekly|fortnightly|monthly|bi-?monthly|quarterly|yearly|annually|annual|"
    r"once\s+a|twice\s+a|(?:three|four|\d)\s+times\s+a|"
    + TIMES_A_WEEK_SHORT
    + r"|weekdays|weekends|on\s+"
    + _WEEKDAY
    + r"s|"
    r"anniversary|birthday|standups?|stand-ups?)\b",
    re.IGNORECASE,
)
# A date that is when something begins, not a happening that ends the day after it: "starts July", "move
# in June 1", "the rent goes up in June", "carers start Mon". A clock time right after the verb is one
# happening ("the party starts at 8pm").
BEGINS = re.compile(
    r"\b(?:starts?|starting|begins?|beginning|commences?|kicks?\s+off|moves?\s+in(?:to)?|moving\s+in(?:to)?|goes\s+up"
    r"|going\s+up|takes?\s+effect|comes?\s+into\s+force)\b(?!\s+(?:at\s+)?\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)\b)",
    re.IGNORECASE,
)
# A weekday that names a habit rather than a date: "Tuesdays", "Tuesday mornings" ("choir Thursday
# nights", "Men's shed meets Tuesday mornings").
WEEKDAY_HABIT = re.compile(
    r"\b(?P<day>"
    + _WEEKDAY
    + r")s\b|\b(?P<day2>"
    + _WEEKDAY
    + r")\s+(?:mornings|afternoons|evenings|nights)\b",
    re.IGNORECASE,
)
# A weekday said once with words that make it every week: "sunday dinner = jollof one week, jjigae the
# next", "friday pizza, every week without fail", "saturday parkrun most weeks".
WEEKDAY_NAMED = re.compile(r"\b(?P<day>" + _WEEKDAY + r")\b", re.IGNORECASE)
WEEKLY_MARKER = re.compile(
    r"\bone\s+week\b.*\b(?:the\s+next|the\s+other)\b|\b(?:every|each|most)\s+(?:other\s+)?(?:week|wk)s?\b"
    r"|\balternate\s+weeks\b|\bweekly\b",
    re.IGNORECASE,
)
# A span of weekdays, the shape of a schedule ("mon to sat", "Mon-Fri", "Monday to Friday"): typed short
# either side, or the working week in full (a span of full names may be one trip: "in London Monday to
# Wednesday").
_DAY_SHORT = r"(?:mon|tues?|weds?|thu|thur|thurs|fri|sat|sun)"
WEEKDAY_SPAN = re.compile(
    r"\b(?:(?P<a>" + _DAY_SHORT + r")\.?\s*(?:-|–|to|thru)\s*(?P<b>" + _DAY_SHORT + r")"
    r"|(?P<a2>monday)\s*(?:-|–|to|thru|through)\s*(?P<b2>friday|saturday|sunday))\b",
    re.IGNORECASE,
)
_YEARLY_DATE = re.compile(
    r"\b(?:anniversary|birthday|bday|b-day)\b[^.;]{0,30}?\b(?:is|on|falls on|=|:)?\s*(?:on\s+)?"
    r"(?:(?P<m1>" + _MONTH_ANY + r")\s+(?P<d1>\d{1,2})(?:st|nd|rd|th)?|"
    r"(?:the\s+)?(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m2>" + _MONTH_ANY + r"))\b",
    re.IGNORECASE,
)
_TIME = re.compile(
    r"\b(?:at\s+|@\s*)?(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s*(?P<ampm>a\.m\.|p\.m\.|am|pm)(?![a-z])"
    r"(?:\s+(?P<tz>" + _TZ + r")\b)?|\bat\s+(?P<h2>\d{1,2}):(?P<m2>\d{2})(?:\s+(?P<tz2>" + _TZ + r")\b)?|"
    r"\bat\s+(?P<word>noon|midnight)\b",
    re.IGNORECASE,
)


# Durations that end a fact: "for the next week", "for 3 days", "for the rest of the month".
_FOR_NEXT = re.compile(
    r"\bfor\s+the\s+next\s+(?:(?P<n>" + _NUM + r")\s+)?(?P<unit>" + _UNIT + r"|hour)s?\b", re.I
)
_FOR_N = re.compile(
    r"\bfor\s+(?:about\s+|around\s+|another\s+|a further\s+)?(?P<n>" + _NUM + r")\s+"
    r"(?P<unit>" + _UNIT + r"|hour)s?\b",
    re.I,
)
_REST_OF = re.compile(r"\bfor\s+the\s+rest\s+of\s+(?:the|this)\s+(?P<period>day|week|month|year)\b", re.I)
_TEMPORARY = re.compile(
    r"\b(?:for now|for the time being|for the moment|temporar(?:y|ily)|short[- ]term)\b", re.I
)
