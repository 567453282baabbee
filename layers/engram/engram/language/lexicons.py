"""Topic lexicons: what a text is about (health, loss, money, work, travel ...) and how sensitive that is."""

from __future__ import annotations

import re

from engram.language.attributes import MONEY_ATTRIBUTE
from engram.language.medicines import names_medicine
from engram.language.text import PET_WORDS

HEALTH_TERMS = re.compile(
    r"\b(?:diagnos(?:is|ed|e)|cancer|tumou?r|chemo(?:therapy)?|radiation|diabetes|diabetic|asthma|"
    r"depression|depressed|anxiety|panic attacks?|adhd|autism|autistic|bipolar|ptsd|ocd|schizophrenia|"
    r"eating disorder|anorexia|bulimia|therapy|therapist|psychiatrist|counsel(?:l)?ing|counsel(?:l)?or|"
    r"medication|meds|prescription|prescribed|antidepressants?|ssris?|insulin|surgery|operation|"
    r"hospital(?:i[sz]ed)?|\ber\b|icu|emergency room|pregnan(?:t|cy)|miscarriage|ivf|fertility|hiv|std|sti|"
    r"illness|disease|disorder|symptoms?|injur(?:y|ed)|concussion|broke (?:my|his|her|their|a) "
    r"(?:leg|arm|wrist|ankle|hip|collarbone|nose|finger|toe|rib|foot|hand|back)|"
    r"migraines?|rehab|addiction|addicted|sober|sobriety|relapse[d]?|mental health|suicid(?:e|al)|"
    r"self[- ]harm|blood pressure|cholesterol|covid|chronic pain|arthritis|"
    r"(?<!each )(?<!every )(?<!brush )(?<!paint )(?<!pen )(?<!key )(?<!swim )(?<!back )(?<!breast )"
    r"stroke(?! of\b)|heart attack|seizures?|"
    r"epilepsy|biopsy|mri|dementia|alzheimer'?s|parkinson'?s|ms\b|multiple sclerosis|lupus|"
    r"thyroid|infection|fever|flu|sick(?! of\b)|illness|physical therapy|doctor'?s appointment|"
    r"pneumonia|bronchitis|strep|appendicitis|kidney stones?|fracture[d]?|sprain(?:ed)?|cast on|"
    r"expecting (?:a|our|my|their|her) (?:first |second |third )?(?:baby|child)|due date|"
    r"gender dysphoria|transition(?:ing)? (?:surgery|medically)|hormones?|hrt)\b",
    re.IGNORECASE,
)
# A feeling ("a bit anxious about it") or a likeness ("cooking is therapy for me", "so therapeutic") is no
# mental health condition or treatment.
MENTAL_HEALTH_TERMS = re.compile(
    r"\b(?:depress\w*|anxiety|panic attacks?|"
    r"therap(?:y|ies|ist|ists|ist's)|psychiatr\w+|mental health|"
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
    # a death, not a turn of phrase: "dying to try it", "dead tired", "killed it", "a war memorial", "put
    # down a deposit" are no loss
    r"\b(?:died|dies|dying(?!\s+(?:to|for|of\s+(?:laughter|embarrassment|boredom)))|passed away|passed on|"
    r"pass away|death|dead(?!\s+(?:tired|set|serious|end|easy|on|good|funny|keen|busy|heat|last|right|wrong|"
    r"simple|quiet|cute|proud|broke))|funeral|grie(?:f|ving|ve)|"
    r"mourn(?:ing)?|lost my (?:mom|mother|dad|father|wife|husband|son|daughter|brother|"
    r"sister|friend|grandma|grandmother|grandpa|grandfather|baby|dog|cat|partner|aunt|uncle|"
    r"cousin|best friend)|miscarriage|memorial (?:service|mass|gathering|for)|"
    r"(?:had|have|has|having|was|were|be|been|get|got) (?:\w+ )?put (?:down|to sleep)|"
    r"put (?:him|her) (?:down|to sleep)|euthani[sz]ed|killed(?! it\b)|suicide|"
    r"terminal(?:ly ill)?|widow(?:ed|er)?)\b",
    re.IGNORECASE,
)
BREAKUP_TERMS = re.compile(
    r"\b(?:(?:broke|break(?:s|ing)?|broken|split(?:s|ting)?) ?up\b(?!\s+(?:the|a|an|my|his|her|their|our|its|"
    r"it|them|this|that|into|[a-z]+['’]s)\b)|divorc\w+|separated|cheated|"
    r"affair|"
    r"custody)\b",
    re.IGNORECASE,
)
MONEY_TERMS = re.compile(
    r"\b(?:salary|salaries|income|paycheck|pay raise|raise of|wage|wages|debt|debts|loan|"
    r"loans|"
    r"mortgage|rent is|rent of|my rent|net worth|bank account|savings|credit score|credit card debt|"
    r"bankrupt\w*|"
    r"owe|owes|owed|investments?|401k|401\(k\)|ira|stocks?|crypto|bitcoin|taxes|tax return|"
    r"inheritance|alimony|child support|budget|overdraft|payday|bonus(?! points?)|equity|stock options|rsus?|"
    r"financial(?:ly)?|finances|in the red)\b"
    # broke as having no money ("I'm broke", "went broke"), not "broke down", "broke her heart"
    r"|\b(?:am|is|are|was|were|be|being|been|so|too|flat|stone|dead|totally|completely|pretty|really|"
    r"super|go|goes|going|went|gone|[’']m|[’']re)\s+broke\b(?!\s+(?:down|up|into|out|off|through|in|away|"
    r"free|the|a|an|my|his|her|their|our|its|it|me|him|them)\b)"
    r"|[$€£¥]\s?\d[\d,.]*\s?(?:k|m|bn|million|billion|thousand)?\b"
    r"|\b\d[\d,.]*\s?(?:k|K)?\s?(?:dollars|euros|pounds|bucks|usd|eur|gbp)\b|\b\d{2,3}k\b",
    re.IGNORECASE,
)
# Money put in or earned, as against time, trust or a place: "invested in index funds", "invest my
# savings", "earns 3k a month", "earning money", "earning a living"; not "invested in those little guys",
# "investing in positive change", "earning a scholarship", "earning their respect".
MONEY_PUT_OR_EARNED = re.compile(
    r"\binvest(?:s|ed|ing)?\s+(?:(?:my|our|his|her|their|all|the|some)\s+)?(?:money|savings|cash|"
    r"pension|inheritance|bonus)\b"
    r"|\binvest(?:s|ed|ing)?\s+(?:\w+\s+){0,2}?in(?:to)?\s+(?:(?:the|some|a|an|my|our|more)\s+)?"
    r"(?:stocks?|shares?|crypto\w*|bitcoin|property|properties|real estate|(?:index |mutual )?funds?|etfs?|"
    r"bonds?|(?:a |my )?pension|(?:the )?(?:stock )?market|gold|an? isa|startups?)\b"
    r"|\bearn(?:s|ing)?\b(?!\s+(?:(?:a|an|the|my|his|her|their|our|its|some|all)\s+(?!living|wage|salary|"
    r"fortune|bonus|commission|raise)|respect|trust|praise|points?|recognition|stripes|it|them|him|me\b))",
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
    "medication": "health",
    "measurement": "health",
    "salary": "finance",
    "rent": "finance",
    "mortgage": "finance",
}
HIGH_IMPORTANCE_ATTRIBUTES = frozenset(
    """
    employer job_title location relationship partner school pet name birthday diet hometown
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


# "working in mental health", "a charity race for mental health": a field or a cause, not a condition.
# Health as a field, a cause or a topic of work ("raising awareness for mental health", "a career in
# counseling") is not a health condition of anyone: it stays normal, whatever the topic lists say.
HEALTH_AS_FIELD = re.compile(
    r"\b(?:in|for|about|on|into|of|studying|study|studies|career in|working in|work in|keen on|interested in|"
    r"passionate about|volunteer(?:ing)? (?:in|for)|degree in|job in|awareness (?:for|of|about|around)|"
    r"raising awareness (?:for|of|about)|charity (?:race|run|walk|event|drive) for|fundrais\w* for|"
    r"donat\w* to|advocacy for|advocat\w* for|support for|workshop on)\s+(?:mental health|counsel(?:l)?ing|"
    r"therapy|"
    r"psychology|medicine|nursing|healthcare|health care|public health)\b",
    re.IGNORECASE,
)


# A likeness of therapy ("cooking is therapy for me", "running is my therapy", "so therapeutic"), a
# passing feeling ("excitement, some anxiety") and a career ("you'd be a great counselor", "she wants to
# become a therapist") are no one's condition or treatment.
NOT_A_CONDITION = re.compile(
    r"\b(?:like|is|was|as|be)\s+(?:(?:a|my|real|great|good|such a|a kind of|a form of|a bit of)\s+)?therapy\b"
    r"|\btherapeutic\b"
    r"|\b(?:some|a bit of|a little|a touch of|a wee bit of)\s+anxiety\b"
    r"|\b(?:be|become|becoming|became|make)\s+(?:such\s+)?an?\s+(?:(?:great|good|amazing|wonderful|brilliant)\s+)?"
    r"(?:counsel(?:l)?or|therapist|psychologist|psychiatrist|nurse|doctor)\b",
    re.IGNORECASE,
)


def sensitivity_of(text: str) -> tuple[set[str], str]:
    """(topic tags, level): health (lab values too), loss, breakups and a home address down to the flat
    number are sensitive; money and secrets are private."""
    topics: set[str] = set()
    text = NOT_A_CONDITION.sub(" ", HEALTH_AS_FIELD.sub(" ", text))
    if HEALTH_TERMS.search(text) or names_medicine(text):
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
    # "Pay is now R25,000 a month"
    money = bool(MONEY_TERMS.search(text) or MONEY_PUT_OR_EARNED.search(text) or MONEY_ATTRIBUTE.search(text))
    if money:
        topics |= {"financial", "finance", "money"}
    secret = bool(SECRET_TERMS.search(text))
    if topics & {"health", "death", "breakup", "address"}:
        return topics, "sensitive"
    if money or secret:
        return topics, "private"
    return topics, "normal"
