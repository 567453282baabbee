"""Text helpers of the offline rules engine: sentences, clauses, perspective, names, topics.

Everything here is deterministic and pure (no I/O, no model): the extractor builds on it, and the decider
reuses the word helpers so both sides agree on what "the same words" means. Vocabularies are grouped
module constants so they can grow without touching the logic; they favour precision over recall, because a
wrong memory is worse than a missed one (the user can always say it again).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

# ---------------------------------------------------------------------------------------------------
# Vocabularies
# ---------------------------------------------------------------------------------------------------

# Whole-message small talk: nothing here is worth remembering. Compared after lowercasing and stripping
# punctuation/emoji, so "Thanks!!" and "ok 👍" match too.
FILLER_PHRASES = frozenset(
    item.strip()
    for item in """
    hi|hello|hey|heya|hiya|yo|sup|howdy|hi there|hello there|hey there|good morning|good afternoon|
    good evening|good night|gm|gn|morning|evening|night|thanks|thank you|thank you so much|thanks a lot|
    many thanks|thx|ty|tysm|cheers|ok|okay|k|kk|okey|alright|all right|got it|gotcha|understood|i see|
    sure|sure thing|of course|yes|yeah|yep|yup|no|nope|nah|maybe|lol|lmao|rofl|haha|hahaha|hehe|heh|
    cool|nice|great|awesome|perfect|wow|omg|oh|ah|hmm|hm|um|uh|huh|oops|sounds good|sounds great|
    makes sense|fair enough|no worries|no problem|np|you're welcome|welcome|bye|goodbye|bye bye|see you|
    see ya|see you later|later|talk soon|take care|have a good day|have a nice day|how are you|
    how are you doing|how's it going|how is it going|what's up|whats up|how have you been|
    good to see you|nice to meet you|same here|me too|i agree|agreed|true|right|exactly|indeed|
    i don't know|i dont know|idk|not sure|i guess|i guess so|i think so|i hope so|never mind|nevermind|
    good|fine|good thanks|fine thanks|i'm good|im good|i'm fine|im fine|not bad|pretty good|
    interesting|that's cool|thats cool|that's great|thats great|that's nice|that's awesome|love it|
    got it thanks|ok thanks|okay thanks|thanks for asking|you too|same to you|congrats|congratulations
    """.replace("\n", "|").split("|")
    if item.strip()
)

# Openings that ask the assistant to do something or to answer a general question: not facts.
HELP_REQUEST = re.compile(
    r"^(?:(?:can|could|would|will)\s+you\b|please\s+(?!remember|note|forget|delete|remove|don'?t)\w+|"
    r"help\s+me\b|explain\b|tell\s+me\b|write\b|draft\b|give\s+me\b|show\s+me\b|summari[sz]e\b|"
    r"translate\b|list\b|generate\b|create\s+a\b|make\s+me\b|find\s+me\b|suggest\b|recommend\b|"
    r"what(?:'s|\s+is|\s+are|\s+was|\s+were|\s+does|\s+do)\b|who(?:'s|\s+is|\s+was)\b|"
    r"how\s+(?:do|does|can|to|should|would|many|much|long|far)\b|why\b|when\s+(?:is|was|did|does)\b|"
    r"where\s+(?:is|are|was|can)\b|is\s+it\s+true\b|define\b|compare\b|calculate\b|convert\b)",
    re.IGNORECASE,
)

# Leading discourse markers dropped from the app user's own sentences ("So, I moved" -> "I moved").
# "actually" is not here: it often signals a correction, which the extractor reads first.
DISCOURSE_FILLERS = re.compile(
    r"^(?:(?:so|well|honestly|anyway|anyways|oh|um+|uh+|hmm+|like|basically|ok(?:ay)?|alright|"
    r"yeah|yes|hey|btw|by the way|fyi|also|plus|and|but|lol|haha|ah|oh well|you know|i mean|"
    r"to be honest|tbh|frankly|seriously|guess what|just so you know|quick update|update|news)"
    r"\s*[,:!.\-]*\s+|"
    # Interjections only count with their punctuation: "Great, we adopted ..." but not "Great news".
    r"(?:wow|great|awesome|cool|nice|congrats|congratulations|yay|omg|aw+|oh no|damn|ugh|phew|haha|lol)"
    r"\s*[,!.]+\s*)+",
    re.IGNORECASE,
)

ABBREVIATIONS = frozenset(
    """
    dr mr mrs ms prof st jr sr vs etc inc co ltd corp no mt ft approx dept e.g i.e a.m p.m u.s u.k jan
    feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

TITLES = (
    "Dr",
    "Doctor",
    "Mr",
    "Mrs",
    "Ms",
    "Miss",
    "Prof",
    "Professor",
    "Aunt",
    "Auntie",
    "Uncle",
    "Grandma",
    "Grandpa",
    "Coach",
    "Nurse",
    "Rev",
    "Sir",
)

# Common given names (lowercase), so "Sarah is pregnant" finds a person while "Mortgage is €3,000" does not.
# Not exhaustive on purpose: a name not listed is still found through context ("with X", "X told me",
# "my friend X", "Dr. X"); the list only settles sentence-initial and cue-less cases.
FIRST_NAMES = frozenset(
    """
    aaron abby abdul abigail abraham adam adrian adriana ahmed aidan aiden aisha alan albert alec alex
    alexa alexander alexandra alexis alfred ali alice alicia alina alison allison alyssa amanda amber amelia
    amir amit amy ana anand andre andrea andrew andy angela angelica angie anika anita ann anna anne annie
    anthony antonio anya april aria ariana arjun arthur arun asha ashley ashton audrey austin ava avery
    barbara barry beatrice becca becky ben benjamin bernard beth betty bianca bill billy blake bob bobby
    brad bradley brandon brenda brendan brian briana bridget brittany brooke bruce bryan caitlin caleb
    cameron camila carl carla carlos carmen carol caroline carolyn carter casey cassie catherine cathy
    cecilia chad charles charlie charlotte chelsea chen cheryl chloe chris christian christina christine
    christopher claire clara clark claudia cody colin connor cooper courtney craig cristina crystal cynthia
    daisy dale dan dana daniel daniela danielle danny daria darius dave david dawn dean deb debbie deborah
    denise dennis derek destiny devin diana diane diego dina dominic don donna doris dorothy doug douglas
    dylan ed eddie edgar edith edward elaine eleanor elena eli elijah elisa elizabeth ella ellen ellie
    emily emir emma eric erica erik erin ethan eugene eva evan evelyn faith farah fatima felix fernando
    fiona frances francesca francis frank freddie gabriel gabriela gabrielle gary gavin gemma george
    georgia gerald gina giovanni giulia glen glenn gloria grace graham grant greg gregory hailey hana
    hannah harold harper harry harvey hassan hayden heather hector helen henry holly hugo hunter ian ibrahim
    imani irene isaac jess jessie jo kat isabel isabella isabelle ivan jack jackie jackson jacob jade jake
    james jamie jane
    janet janice jared jasmine jason javier jay jean jeff jeffrey jen jenna jennifer jenny jeremy jerry
    jesse jessica jill jim jimmy jin joan joanna joe joel john johnny jon jonathan jordan jorge jose
    joseph josh joshua joy joyce juan judith judy julia julian julie june justin kai kaitlyn kara karen
    karim kate katherine kathleen kathryn kathy katie kayla keith kelly ken kenneth kevin khalid kim
    kimberly kyle lana lara laura lauren layla leah lee leila leo leon leonardo liam lily linda lindsay
    lisa liz lizzie logan lorenzo louis louise lucas lucia lucy luis luke luna lydia lynn madeline madison
    maggie malik mandy manuel marc marco marcus margaret maria mariah marie marilyn mario marissa mark
    marta martha martin mary mason matt matteo matthew maya megan mei mel melanie melissa mia micah michael
    michelle miguel mike mila miles mira miranda misha mohamed mohammed molly monica morgan nadia nancy
    naomi natalia natalie nate nathan neil nick nicholas nicole nina noah nora olga oliver olivia omar
    oscar owen pablo paige pam pamela patricia patrick paul paula pedro peggy penny peter phil philip
    phoebe pierre priya rachel rafael rahul raj ralph ramon randy raquel ravi ray rebecca reggie renee
    ricardo richard rick riley rita rob robert roberto robin rohan roman ron ronald rosa rose ross roy
    ruby russell ruth ryan sabrina sally sam samantha samuel sandra sanjay sara sarah scott sean sebastian
    selena serena seth shane shannon sharon shawn sheila shirley simon sofia sophia sophie stacy stella
    stephanie stephen steve steven sue susan suzanne sydney sylvia tamara tanya tara taylor ted teresa
    terry theo theresa thomas tiffany tim timothy tina toby todd tom tommy tony tracy travis trevor troy
    tyler valentina valerie vanessa vera veronica victor victoria vikram vincent violet walter wanda wei
    wendy will william willow xavier yasmin yuki yusuf zach zachary zara zoe zoey
    ahmad akira alejandro amara ananya aryan ayesha bilal camille chiara deepa dmitri elif emre farid
    fatma guillermo hamza hiroshi ines ingrid jakub javi jiho kenji lars lena leyla luca magnus malika
    mateo mehmet min mustafa nikhil ngozi oluwa pooja preeti rania rashid rin sakura santiago sven tariq
    wen ximena yara yusra zainab zeynep chidi kwame amani thandiwe tunde nia kofi
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

# Relationship words -> the canonical relationship stored on people (and the category they imply).
FAMILY_RELATIONS = {
    "mom": "mother",
    "mum": "mother",
    "mother": "mother",
    "mama": "mother",
    "dad": "father",
    "father": "father",
    "papa": "father",
    "parents": "parents",
    "sister": "sister",
    "brother": "brother",
    "sibling": "sibling",
    "son": "son",
    "daughter": "daughter",
    "kid": "child",
    "child": "child",
    "baby": "child",
    "stepmom": "stepmother",
    "stepdad": "stepfather",
    "stepson": "stepson",
    "stepdaughter": "stepdaughter",
    "grandma": "grandmother",
    "grandmother": "grandmother",
    "granny": "grandmother",
    "grandpa": "grandfather",
    "grandfather": "grandfather",
    "aunt": "aunt",
    "uncle": "uncle",
    "cousin": "cousin",
    "niece": "niece",
    "nephew": "nephew",
    "twin": "twin",
    "mother-in-law": "mother-in-law",
    "father-in-law": "father-in-law",
    "sister-in-law": "sister-in-law",
    "brother-in-law": "brother-in-law",
    "grandson": "grandson",
    "granddaughter": "granddaughter",
}
PARTNER_RELATIONS = {
    "wife": "wife",
    "husband": "husband",
    "spouse": "spouse",
    "partner": "partner",
    "girlfriend": "girlfriend",
    "boyfriend": "boyfriend",
    "gf": "girlfriend",
    "bf": "boyfriend",
    "fiancee": "fiancée",
    "fiancée": "fiancée",
    "fiance": "fiancé",
    "fiancé": "fiancé",
    "ex": "ex",
    "ex-wife": "ex-wife",
    "ex-husband": "ex-husband",
    "ex-girlfriend": "ex-girlfriend",
    "ex-boyfriend": "ex-boyfriend",
    "ex-partner": "ex-partner",
}
SOCIAL_RELATIONS = {
    "friend": "friend",
    "best friend": "best friend",
    "bestie": "best friend",
    "bff": "best friend",
    "roommate": "roommate",
    "flatmate": "roommate",
    "housemate": "roommate",
    "neighbor": "neighbor",
    "neighbour": "neighbor",
    "classmate": "classmate",
    "buddy": "friend",
    "pal": "friend",
}
WORK_RELATIONS = {
    "coworker": "coworker",
    "co-worker": "coworker",
    "colleague": "colleague",
    "boss": "boss",
    "manager": "manager",
    "teammate": "teammate",
    "team lead": "team lead",
    "mentor": "mentor",
    "mentee": "mentee",
    "client": "client",
    "cofounder": "cofounder",
    "co-founder": "cofounder",
    "intern": "intern",
    "employee": "employee",
    "report": "direct report",
    "direct report": "direct report",
    "recruiter": "recruiter",
    "investor": "investor",
    "supervisor": "supervisor",
    "ceo": "CEO",
}
CARE_RELATIONS = {
    "doctor": "doctor",
    "therapist": "therapist",
    "dentist": "dentist",
    "psychiatrist": "psychiatrist",
    "counselor": "counselor",
    "counsellor": "counselor",
    "trainer": "trainer",
    "coach": "coach",
    "teacher": "teacher",
    "professor": "professor",
    "tutor": "tutor",
    "landlord": "landlord",
    "lawyer": "lawyer",
    "accountant": "accountant",
    "nurse": "nurse",
    "vet": "vet",
    "pastor": "pastor",
}
RELATION_WORDS: dict[str, str] = {
    **FAMILY_RELATIONS,
    **PARTNER_RELATIONS,
    **SOCIAL_RELATIONS,
    **WORK_RELATIONS,
    **CARE_RELATIONS,
}

PET_WORDS = frozenset(
    """
    dog puppy pup cat kitten kitty bird parrot hamster rabbit bunny fish goldfish turtle tortoise horse
    pony snake lizard gecko ferret chinchilla pig guinea-pig hedgehog cockatiel budgie
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

# Breeds and kinds that make "a golden retriever named Max" a pet.
PET_KINDS = {
    **dict.fromkeys(
        (
            "retriever",
            "labrador",
            "lab",
            "poodle",
            "terrier",
            "beagle",
            "bulldog",
            "shepherd",
            "husky",
            "corgi",
            "dachshund",
            "chihuahua",
            "pug",
            "spaniel",
            "collie",
            "doodle",
            "labradoodle",
            "goldendoodle",
            "greyhound",
            "whippet",
            "boxer",
            "rottweiler",
            "pitbull",
            "mutt",
        ),
        "dog",
    ),
    **dict.fromkeys(("tabby", "siamese", "persian", "maine-coon", "ragdoll", "sphynx"), "cat"),
    **dict.fromkeys(("parakeet", "cockatoo", "canary"), "bird"),
}

# Capitalised words that are never names (I, calendar words, holidays, interjections).
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
NOT_NAMES = frozenset(
    [*WEEKDAYS, *MONTHS, *(d + "s" for d in WEEKDAYS)]
    + """
    i i'm i've i'd i'll im ive ok okay christmas easter thanksgiving halloween hanukkah diwali ramadan
    eid new year's years year nye xmas valentine's valentines god lord jesus internet tv wifi covid
    covid-19 am pm omg lol btw fyi asap diy uk-based ai ml api ui ux pdf faq ceo cto cfo coo vp hr pr qa
    it ios mr mrs ms dr
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
# All-caps words that are not organisations.
NON_ORG_ACRONYMS = frozenset(
    """
    I OK LOL OMG BTW FYI ASAP TV AI ML API UI UX PDF FAQ CEO CTO CFO COO VP HR PR QA IT IOS DIY LGBTQ
    LGBT LGBTQIA LGBTQ+ ADHD PTSD OCD ER ICU MRI IVF HIV STD COVID RSVP ETA TBD AM PM USA US UK EU UAE
    NYC SF LA DC NZ PhD MBA BA BS MS MD RN GP CPR BBQ DM DMs PMs JSON SQL HTML CSS XML HTTP HTTPS URL
    SDK CLI GPU CPU RAM SSD USB CSV GPS DNA NBA NFL MLB NHL SAT GRE GMAT LSAT MCAT GPA PTO OOO WFH EOD
    EOW KPI OKR ROI SaaS B2B B2C MVP POC PRs CI CD IPO LLM GPT NLP AR VR
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

# Sentence-initial words that are never names even though they are capitalised there.
COMMON_STARTERS = frozenset(
    """
    a an the this that these those there here it its it's i we you he she they my our your his her their
    what which who whom whose when where why how if then so but and or nor yet because since although
    though while after before until unless once as at in on of for to from with without about into over
    under just also still even only really actually basically honestly finally today tonight tomorrow
    yesterday now later soon recently lately sometimes always never often usually maybe perhaps probably
    definitely hopefully unfortunately fortunately luckily sadly apparently anyway anyways well oh ok
    okay yes yeah no not please thanks thank hi hello hey dear good great nice bad awesome amazing
    terrible cool sure had have has went got get go going gone did do does done made make making took
    take taking saw see seeing came come coming felt feel feeling feels thought think thinking told tell
    said say says met meet meeting left leave leaving moved move moving started start starting finished
    finish finishing bought buy shipped ship launched launch closed close signed sign ran run running
    won win lost lose need needs want wants wanted love loved loves like liked likes hate hated hates
    enjoy enjoyed enjoying spent spend spending called call calling texted text visited visit visiting
    tried try trying remember remind forget note reminder decided decide chose choose picked pick booked
    book planned plan planning hoping hope working work worked works watching watched reading read
    playing played cooking cooked baking baked writing wrote learning learned studying studied talked
    talking walked walking spoke heard found received sent helped joined quit hired fired applied
    submitted completed published sold built fixed passed failed graduated paid stayed slept woke drove
    flew travelled traveled coffee lunch dinner breakfast brunch work gym school class home family life
    weather traffic everything nothing something someone everyone anyone people things stuff mood day
    week month year morning afternoon evening night weekend tomorrow's today's yesterday's first second
    third next last another every each some any all both few many much more most other such same new old
    big small long short little lots lot kind sort one two three four five six seven eight nine ten
    happy sad tired excited stressed worried grateful proud glad busy sick feeling super very so too mom
    dad mum mother father sister brother wife husband son daughter boss friend grandma grandpa project
    meeting trip flight appointment party wedding birthday anniversary dog cat kids baby note notes todo
    to-do step steps first then next finally lastly also
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

# Well-known places (lowercase) so "I live in NYC" and "Paris is lovely" find a place, not a person.
PLACES = frozenset(
    item.strip()
    for item in """
    nyc|sf|la|dc|uk|us|usa|u.s.|u.k.|eu|uae|nz|new york|new york city|san francisco|los angeles|washington|
    seattle|boston|chicago|austin|denver|portland|miami|atlanta|dallas|houston|phoenix|philadelphia|
    san diego|san jose|oakland|brooklyn|manhattan|queens|bronx|berkeley|palo alto|mountain view|
    silicon valley|bay area|detroit|minneapolis|nashville|new orleans|las vegas|salt lake city|
    pittsburgh|baltimore|cleveland|columbus|charlotte|raleigh|orlando|tampa|sacramento|honolulu|
    anchorage|st. louis|kansas city|indianapolis|cincinnati|milwaukee|albuquerque|tucson|boulder|
    toronto|vancouver|montreal|ottawa|calgary|mexico city|london|paris|berlin|munich|hamburg|
    frankfurt|cologne|vienna|zurich|geneva|amsterdam|rotterdam|brussels|madrid|barcelona|valencia|
    seville|lisbon|porto|rome|milan|naples|florence|venice|athens|dublin|edinburgh|glasgow|manchester|
    liverpool|birmingham|bristol|oxford|cambridge|copenhagen|stockholm|oslo|helsinki|reykjavik|
    warsaw|krakow|prague|budapest|bucharest|sofia|istanbul|ankara|moscow|kyiv|kiev|tel aviv|jerusalem|
    dubai|abu dhabi|doha|riyadh|cairo|lagos|nairobi|cape town|johannesburg|marrakech|casablanca|
    mumbai|delhi|new delhi|bangalore|bengaluru|hyderabad|chennai|kolkata|pune|karachi|lahore|dhaka|
    bangkok|singapore|kuala lumpur|jakarta|bali|manila|hanoi|ho chi minh city|saigon|hong kong|taipei|
    seoul|busan|tokyo|osaka|kyoto|beijing|shanghai|shenzhen|guangzhou|sydney|melbourne|brisbane|perth|
    auckland|wellington|rio|rio de janeiro|sao paulo|são paulo|buenos aires|santiago|lima|bogota|
    bogotá|medellin|quito|havana|san juan|cancun|tulum|
    america|united states|canada|mexico|brazil|argentina|chile|peru|colombia|cuba|england|scotland|
    wales|ireland|britain|great britain|united kingdom|france|germany|spain|portugal|italy|greece|
    netherlands|holland|belgium|switzerland|austria|denmark|sweden|norway|finland|iceland|poland|
    czechia|czech republic|hungary|romania|bulgaria|croatia|serbia|turkey|russia|ukraine|israel|
    egypt|morocco|nigeria|kenya|ethiopia|ghana|south africa|india|pakistan|bangladesh|sri lanka|nepal|
    china|japan|korea|south korea|taiwan|vietnam|thailand|malaysia|indonesia|philippines|australia|
    new zealand|europe|asia|africa|south america|north america|latin america|middle east|scandinavia|
    california|texas|florida|new jersey|massachusetts|oregon|colorado|arizona|nevada|utah|georgia|
    virginia|north carolina|south carolina|ohio|michigan|illinois|pennsylvania|minnesota|wisconsin|
    tennessee|kentucky|louisiana|alabama|maine|vermont|connecticut|hawaii|alaska|montana|idaho|
    ontario|quebec|british columbia|bavaria|tuscany|provence|catalonia|andalusia|
    """.replace("\n", "|").split("|")
    if item.strip()
)
PLACE_SUFFIXES = frozenset(
    """
    City Park Street St Avenue Ave Road Rd Boulevard Blvd Lake River Beach Mountain Mountains Island
    Islands Bay Valley County Heights Square Bridge Canyon Falls Coast Harbor Harbour Village Town Hill
    Hills Springs Airport Station Mall Center Centre Museum Stadium Arena Hall Trail Forest Desert
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

ORGANISATIONS = frozenset(
    item.strip()
    for item in """
    google|alphabet|apple|microsoft|amazon|aws|meta|facebook|instagram|whatsapp|netflix|stripe|notion|
    openai|anthropic|tesla|spacex|ibm|intel|nvidia|amd|oracle|salesforce|adobe|uber|lyft|airbnb|
    spotify|twitter|shopify|slack|zoom|dropbox|figma|canva|atlassian|github|gitlab|linkedin|pinterest|
    snap|snapchat|tiktok|bytedance|reddit|discord|twitch|paypal|square|block|coinbase|robinhood|
    databricks|snowflake|palantir|cloudflare|datadog|vercel|netlify|heroku|mongodb|twilio|hubspot|
    asana|trello|monday.com|doordash|instacart|deloitte|mckinsey|bain|bcg|accenture|pwc|kpmg|ey|
    goldman sachs|morgan stanley|jpmorgan|jp morgan|chase|citi|citibank|wells fargo|bank of america|
    barclays|hsbc|blackrock|fidelity|vanguard|visa|mastercard|amex|american express|walmart|target|
    costco|starbucks|mcdonald's|nike|adidas|disney|pixar|sony|samsung|lg|nintendo|xbox|playstation|
    boeing|airbus|ford|gm|toyota|honda|bmw|mercedes|volkswagen|nasa|nhs|who|un|unicef|red cross|
    harvard|stanford|mit|yale|princeton|berkeley|ucla|nyu|columbia|oxford|cambridge|caltech|
    blue bottle|whole foods|trader joe's|ikea|etsy|ebay|yelp|duolingo|peloton|strava|
    """.replace("\n", "|").split("|")
    if item.strip()
)
ORG_SUFFIXES = frozenset(
    """
    Inc Inc. Corp Corp. Corporation LLC Ltd Ltd. GmbH AG SA Labs Lab University College School Academy
    Institute Hospital Clinic Bank Group Foundation Company Co Co. Studio Studios Technologies Tech
    Systems Capital Ventures Partners Agency Consulting Solutions Software Media Press Airlines Motors
    Health Pharma Bakery Cafe Café Restaurant Church Club Society Association Council Department
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

# Nationalities and languages: capitalised, but topics rather than entities.
DEMONYMS = frozenset(
    """
    american british english scottish irish welsh french german spanish portuguese italian greek dutch
    belgian swiss austrian danish swedish norwegian finnish polish czech russian ukrainian turkish
    israeli arab arabic egyptian moroccan nigerian kenyan indian pakistani chinese mandarin cantonese
    japanese korean thai vietnamese filipino indonesian malaysian australian canadian mexican brazilian
    argentinian colombian peruvian chilean cuban latin hebrew hindi urdu bengali swahili persian farsi
    european asian african caribbean mediterranean nordic scandinavian jewish christian muslim buddhist
    hindu catholic protestant asian-american african-american
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

# Modal/auxiliary words after "I" that keep their form when the speaker becomes a third person.
MODALS = frozenset(
    """
    can could will would shall should may might must can't couldn't won't wouldn't shouldn't mightn't
    mustn't cannot didn't wasn't ought
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
# Irregular simple pasts (and forms identical in past and present) that must not get an "-s".
IRREGULAR_PASTS = frozenset(
    """
    was were had did went got made took saw came felt thought told said met left bought brought ran
    found gave knew began wrote drove flew grew threw drew spoke broke chose froze stole woke wore tore
    swore taught caught fought sought kept slept swept wept sent spent lent bent built meant dealt felt
    knelt lost sold held stood understood forgot became became sat ate fell forgave hid rode rose shook
    sang sank swam won spun stuck struck hung heard paid laid said fled fed led bled sped slid lit shot
    read put cut set let hit hurt quit cost shut spread bet split burst cast been gone done seen known
    taken given written driven flown grown thrown drawn spoken broken chosen frozen stolen woken worn
    torn sworn eaten fallen forgiven hidden ridden risen shaken sung sunk swum
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
ADVERBS_AFTER_I = frozenset(
    """
    really also just always never usually often sometimes still actually totally truly definitely
    absolutely finally recently already almost nearly barely hardly kinda sorta kind sort only even
    currently mostly generally honestly seriously literally probably maybe certainly rarely seldom
    occasionally constantly regularly normally typically basically genuinely secretly desperately so too
    very all both
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
IRREGULAR_THIRD_PERSON = {"have": "has", "do": "does", "go": "goes", "am": "is", "be": "is"}

RELATIVE_DAY_WORDS = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|last (?:night|week|month|year|weekend)|"
    r"next (?:week|month|year|weekend)|this (?:morning|afternoon|evening|week|weekend)|\w+ ago)\b",
    re.IGNORECASE,
)

FIRST_PERSON = frozenset(
    """
    i i'm i've i'd i'll im ive me my mine myself we we're we've we'd we'll us our ours ourselves
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

# ---------------------------------------------------------------------------------------------------
# Normalisation and splitting
# ---------------------------------------------------------------------------------------------------

_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201b": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2032": "'",
        "\u00a0": " ",
        "\u2013": "-",
        "\u2014": " - ",
        "\u2026": "...",
    }
)
_SPACES = re.compile(r"[ \t\f\v]+")
_BULLET = re.compile(r"^\s*(?:[-*•·▪]+|\d{1,2}[.)])\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|(?<=[!?])\s+")
_WORD = re.compile(r"[^\W_]+(?:['\-.&][^\W_]+)*'?", re.UNICODE)


def normalise_text(text: str) -> str:
    """NFKC, straight quotes, one space: every later regex can then assume plain ASCII punctuation."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    lines = [_SPACES.sub(" ", line).strip() for line in text.splitlines()]
    return "\n".join(line for line in lines if line)


def split_sentences(text: str) -> list[str]:
    """Sentences of a normalised text: lines and bullets first, then ./!/? not after an abbreviation.

    Abbreviations ("Dr. Patel", "e.g. tea") and initials ("J. K. Rowling") do not end a sentence.
    """
    sentences: list[str] = []
    for line in text.splitlines():
        line = _BULLET.sub("", line).strip()
        if not line:
            continue
        start = 0
        for match in _SENTENCE_END.finditer(line):
            before = line[start : match.start()].rstrip("\"')]")
            last_word = before.rsplit(" ", 1)[-1].rstrip(".!?").lower()
            if before.endswith(".") and (last_word in ABBREVIATIONS or re.fullmatch(r"[a-z]", last_word)):
                continue
            piece = line[start : match.start()].strip()
            if piece:
                sentences.append(piece)
            start = match.end()
        tail = line[start:].strip()
        if tail:
            sentences.append(tail)
    return sentences


_SUBORDINATE_START = re.compile(
    r"^(?:when|whenever|if|because|since|after|before|while|although|though|once|as|until|unless|"
    r"whether|even though|even if|so that|whereas|now that)\b",
    re.IGNORECASE,
)
_CLAUSE_SUBJECT = re.compile(
    r"^(?:I|I'm|I've|I'd|I'll|we|we're|we've|we'll|he|he's|she|she's|they|they're|they've|"
    r"(?:my|our|his|her|their)\s+(?:[a-z][\w\-]*\s+){0,2}?[a-z][\w\-]*|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+"
    r"(?P<verb>[a-z][\w']*)",
)
_VERBISH = re.compile(
    r"^(?:is|was|are|were|am|has|have|had|do|does|did|will|would|can|could|should|might|must|may|"
    r"isn't|wasn't|aren't|weren't|hasn't|haven't|hadn't|doesn't|don't|didn't|won't|can't|"
    r"\w+ed|\w+s|got|went|said|told|made|took|left|met|moved|started|joined|quit|just|also|still|"
    r"really|never|always|finally|recently|already|love|like|hate|want|need|think|feel|know|live|work|"
    r"go|get|came|felt|thought|bought|ran|found|gave|knew|began|wrote|won|lost|sold|built|spent|sent|"
    r"broke|became|kept)$"
)
_ANAPHORIC_SUBJECT = re.compile(r"^(?:it|this|that|which|these|those|there)\b", re.IGNORECASE)
_SPLITTERS = re.compile(r"\s*;\s+|,?\s+but\s+|,\s+and\s+|\s+and\s+|,\s+so\s+|,\s+(?=[A-Za-z])")


def split_clauses(sentence: str) -> list[str]:
    """Split a sentence into independent clauses, conservatively.

    A split happens at ";", "and", "but", ", so" or a comma splice only when the right side starts with
    its own subject and verb ("I live in NYC and my sister lives in Boston"). A right side that starts
    with "it"/"this"/"which" stays attached: it evaluates the left side ("... and it was so powerful",
    "... and users loved it") and would mean nothing alone. A left side that opens a subordinate clause
    ("When I was young, I lived in Boston") is never cut.
    """
    if _SUBORDINATE_START.match(sentence):
        return [sentence]
    clauses: list[str] = []
    start = 0
    for match in _SPLITTERS.finditer(sentence):
        left = sentence[start : match.start()].strip()
        right = sentence[match.end() :].strip()
        if len(left.split()) < 2 or not _starts_independent_clause(right, match.group(0)):
            continue
        if match.group(0).strip() == "," and _only_when(left):
            continue  # "Last week, my grandma passed away": the time belongs to what follows
        if re.match(r"(?:I|me)\b", right) and "and" in match.group(0) and len(left.split()) <= 3:
            continue  # "My husband and I have been married": one compound subject
        clauses.append(left)
        start = match.end()
    clauses.append(sentence[start:].strip())
    return [clause for clause in clauses if clause]


_WHEN_WORDS = frozenset(
    """ago weeks days months years hours few couple several of a an the in on at earlier later just back
    two three four five six seven eight nine ten""".split()  # noqa: SIM905 - a word list reads better as words
)


def _only_when(text: str) -> bool:
    """A phrase that only says when ("Last week", "Two days ago", "On Saturday morning")."""
    tokens = re.findall(r"[a-z']+|\d+", text.lower())
    return bool(tokens) and all(t in DATELINE_WORDS or t in _WHEN_WORDS or t.isdigit() for t in tokens)


_LEADING_ADVERB = re.compile(
    r"^(?:now|then|today|also|still|later|lately|recently|currently|these days|finally|at the moment|"
    r"right now|"
    r"nowadays|meanwhile),?\s+",
    re.IGNORECASE,
)


def _starts_independent_clause(right: str, splitter: str) -> bool:
    right = _LEADING_ADVERB.sub("", right, count=1)  # "... but now I live in Seattle"
    if _ANAPHORIC_SUBJECT.match(right):
        return False
    match = _CLAUSE_SUBJECT.match(right)
    if not match:
        return False
    subject_word = right.split(" ", 1)[0]
    capitalised = subject_word[0].isupper() and subject_word.lower() not in FIRST_PERSON | {
        "he",
        "she",
        "they",
    }
    # A capitalised word only counts as a subject when it is followed by a verb-like word.
    if capitalised and (subject_word.lower() in COMMON_STARTERS or not _VERBISH.match(match.group("verb"))):
        return False
    if splitter.strip() == ",":
        # A bare comma splits only before a pronoun subject (comma splice); "in Paris, France" stays.
        return subject_word.lower() in FIRST_PERSON | {"he", "he's", "she", "she's", "they", "they're"}
    return True


def strip_discourse_fillers(text: str) -> str:
    """Drop leading "So, ", "Well, ", "Honestly, " ... and re-capitalise the first letter."""
    stripped = DISCOURSE_FILLERS.sub("", text, count=1).strip()
    if not stripped:
        return text
    return stripped[0].upper() + stripped[1:] if stripped[0].islower() and stripped[0] != "i" else stripped


def filler_key(text: str) -> str:
    """Lowercase words only: the key compared against FILLER_PHRASES."""
    return " ".join(re.findall(r"[a-z']+", text.lower())).replace("  ", " ").strip()


# Reactions to what the other person said: "Wow, that's cool!", "That sounds really meaningful."
REACTION = re.compile(
    r"^(?:(?:wow|oh|aw+|omg|yay|ooh|haha|lol|whoa|nice|great|cool)[\s,!.]*)*"
    r"(?:(?:that|this|it)(?:'s| is| was| sounds| looks| seems)|sounds|so|how|what an?)\s+(?:so\s+|"
    r"really\s+|very\s+|"
    r"super\s+|totally\s+|just\s+)*(?:cool|great|awesome|amazing|nice|sweet|wonderful|lovely|good|fun|"
    r"interesting|"
    r"exciting|inspiring|meaningful|beautiful|fantastic|incredible|brave|impressive|cute|adorable|hard|tough|"
    r"sad|rough|crazy|wild|funny|true|fair|exciting news|great news|good news)\b[\s!.?]*$",
    re.IGNORECASE,
)


# Words that on their own only say when, never what: a sentence made of nothing else is a dateline.
DATELINE_WORDS = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun
    january february march april may june july august september october november december jan feb mar
    apr jun jul aug sep sept oct nov dec today tonight tomorrow yesterday morning afternoon evening
    night noon midnight weekend week day month year last next this happy good early late st nd rd th
    entry update day one two three first second third""".split()  # noqa: SIM905 - a word list reads better as words
)


def is_filler(text: str, vocatives: frozenset[str] = frozenset()) -> bool:
    """Small talk, acknowledgements, greetings and reactions ("Thanks!", "ok 👍", "Wow, that's cool, Mel!").

    `vocatives` are names the speaker may address (the other people in the conversation): "..., Caroline!"
    is stripped before judging.
    """
    for name in vocatives:
        text = re.sub(rf"(?:,\s*|\s+){re.escape(name)}\s*([!.?]*)\s*$", r"\1", text)
        text = re.sub(
            rf"^((?:hey|hi|hello|thanks|thank you|dear)[,\s]+){re.escape(name)}\b",
            r"\1",
            text,
            flags=re.IGNORECASE,
        )
    if REACTION.match(text.strip()):
        return True
    key = filler_key(text)
    if not key:
        return True
    if all(word in DATELINE_WORDS or word.isdigit() for word in key.split()):
        return True  # a journal dateline or a bare time phrase: "Monday.", "Tuesday morning", "Happy Friday!"
    if key in FILLER_PHRASES:
        return True
    # Greeting + a name or a short pleasantry ("hey mel", "thanks so much caroline").
    words = key.split()
    if len(words) <= 4 and (words[0] in FILLER_PHRASES or " ".join(words[:2]) in FILLER_PHRASES):
        rest = words[1:] if words[0] in FILLER_PHRASES else words[2:]
        if all(
            word in FILLER_PHRASES
            or word in {"so", "much", "you", "a", "lot", "man", "guys", "all"}
            or _looks_like_name_word(text, word)
            for word in rest
        ):
            return True
    return False


def _looks_like_name_word(original: str, word: str) -> bool:
    return bool(re.search(rf"\b{re.escape(word.capitalize())}\b", original))


def is_help_request(text: str) -> bool:
    """An instruction or a general question addressed to the assistant ("explain X", "what's Y?")."""
    return bool(HELP_REQUEST.match(strip_discourse_fillers(text)))


def statement_part(question: str) -> str | None:
    """The statement inside a question sentence, if it has one ("I'm moving to Berlin, any tips?").

    Returns None when the sentence is only a question.
    """
    body = question.rstrip("?!. ")
    for separator in (r",\s+", r"\s+-\s+", r"\s+so\s+", r"\s+but\s+", r"\.\s+"):
        parts = re.split(separator, body, maxsplit=1)
        if len(parts) == 2:
            head = _SUBORDINATE_START.sub("", parts[0]).strip(" ,")
            if head and has_first_person(head) and not is_help_request(head) and len(head.split()) >= 2:
                return head
    return None


# ---------------------------------------------------------------------------------------------------
# Words, stems and topics
# ---------------------------------------------------------------------------------------------------

STOPWORDS = frozenset(
    """
    a an the and or but if then so of to in on at by for with from into onto about as is am are was were
    be been being do does did have has had i me my mine we us our you your yours he him his she her it
    its they them their this that these those there here what which who whom how when where why will
    would shall should can could may might must just very also too than really i'm i've i'd i'll im ive
    it's that's there's he's she's we're they're you're 's s don't doesn't didn't myself yourself
    himself herself themselves ourselves themself some any all got get gets getting one
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
NEGATIONS = frozenset(
    """
    not no never don't doesn't didn't isn't wasn't aren't weren't can't cannot won't hasn't haven't
    hadn't nor nothing neither anymore longer
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


def words(text: str) -> list[str]:
    """Lowercased word tokens (apostrophes kept: "don't", "Sarah's")."""
    return [token.lower().rstrip("'") for token in _WORD.findall(text)]


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """A light suffix stemmer (plural, -ing, -ed, possessive) so "hiking"/"hikes" compare equal."""
    word = word.lower().removesuffix("'s")
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("ing") and len(word) >= 6:
        word = word[:-3]
        if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "lsz":
            word = word[:-1]
    elif word.endswith("ed") and len(word) >= 5 and not word.endswith("eed"):
        word = word[:-2]
        if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "lsz":
            word = word[:-1]
    elif word.endswith(("ches", "shes", "xes", "sses")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


def content_stems(text: str) -> set[str]:
    """Stems of the words that carry meaning (stopwords and date labels' digits kept out)."""
    return {stem(word) for word in words(text) if word not in STOPWORDS and not word.isdigit()}


def has_negation(text: str) -> bool:
    """True when the text negates its statement ("don't like", "no longer", "never")."""
    return any(word in NEGATIONS for word in words(text)) or "n't" in text.lower()


def singular(word: str) -> str:
    """Plural -> singular for topic matching ("dogs" -> "dog", "allergies" -> "allergy")."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@lru_cache(maxsize=1024)
def _topic_pattern(topic: str) -> re.Pattern[str] | None:
    parts = [singular(part) for part in re.findall(r"[a-z0-9']+", topic.lower())]
    if not parts:
        return None
    # Each word may appear singular or plural; words of a multi-word topic in order, spaces/hyphens between.
    body = r"[\s\-]+".join(
        rf"{re.escape(part)}(?:s|es)?"
        if not part.endswith("y")
        else rf"(?:{re.escape(part)}s?|{re.escape(part[:-1])}ies)"
        for part in parts
    )
    return re.compile(rf"(?<![\w']){body}(?![\w'])", re.IGNORECASE)


def matches_topic(topic: str, *texts: str | None) -> bool:
    """Case-insensitive, word-boundary, singular/plural tolerant topic match over any of `texts`.

    "dog" matches "dogs" and "Dog", "mental health" matches "mental-health", "allergy" matches "allergies";
    "art" does not match "party".
    """
    pattern = _topic_pattern(topic)
    return bool(pattern) and any(text and pattern.search(text) for text in texts)  # type: ignore[union-attr]


def has_first_person(text: str) -> bool:
    """Any first-person word (I, my, me, we, our ...)."""
    return any(word in FIRST_PERSON for word in words(text))


# ---------------------------------------------------------------------------------------------------
# Perspective
# ---------------------------------------------------------------------------------------------------

_PAST_PARTICIPLE_HINT = re.compile(
    r"^(?:\w+ed|been|gone|done|seen|had|known|taken|given|got|gotten|"
    r"made|met|left|told|said|heard|felt|thought|never|already|just)$"
)
_WORD_OR_GAP = re.compile(r"[A-Za-z][A-Za-z']*|[^A-Za-z]+")
# "I" + auxiliary -> name + third-person auxiliary (the auxiliary word is consumed).
_I_AUXILIARIES = {
    "am": "is",
    "have": "has",
    "do": "does",
    "don't": "doesn't",
    "haven't": "hasn't",
    "was": "was",
    "wasn't": "wasn't",
}


def third_person_verb(verb: str) -> str:
    """Present-tense verb for a third-person singular subject ("love" -> "loves", "go" -> "goes")."""
    lower = verb.lower()
    if lower in IRREGULAR_THIRD_PERSON:
        return IRREGULAR_THIRD_PERSON[lower]
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(lower) > 2 and lower.endswith("y") and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _conjugates(word: str) -> bool:
    lower = word.lower()
    return (
        lower.isalpha()
        and word[0].islower()
        and lower not in MODALS
        and lower not in IRREGULAR_PASTS
        and lower not in STOPWORDS
        and not lower.endswith(("ed", "ing", "ly"))
    )


def rewrite_first_person(text: str, name: str) -> str:
    """Rewrite the speaker's first person to their name, with verb agreement for the common auxiliaries.

    "I'm" -> "Caroline is", "I've"/"I have" -> "Caroline has", "I don't" -> "Caroline doesn't", "I'd" ->
    "would"/"had", "my"/"mine" -> "Caroline's", "me" -> "Caroline", "myself" -> "themself", and a
    present-tense verb right after "I" (past any adverbs) gets its "-s" ("I really love" -> "Caroline
    really loves"). Past tenses, modals and forms that read the same in past and present stay as they are.
    "we"/"our" stay: they are a group, not the speaker.
    """
    parts = _WORD_OR_GAP.findall(text)
    out: list[str] = []
    awaiting_verb = False
    i = 0
    while i < len(parts):
        part = parts[i]
        if not part[0].isalpha():
            out.append(part)
            awaiting_verb = awaiting_verb and part.strip() == ""
            i += 1
            continue
        lower = part.lower()
        if awaiting_verb:
            if lower in ADVERBS_AFTER_I:
                out.append(part)
                i += 1
                continue
            awaiting_verb = False
            out.append(third_person_verb(part) if _conjugates(part) else part)
            i += 1
            continue
        nxt_index = i + 2 if i + 2 < len(parts) and parts[i + 1].strip() == "" else None
        nxt = parts[nxt_index].lower() if nxt_index is not None else ""
        if part in ("I'm", "Im"):
            out.append(f"{name} is")
        elif part in ("I've", "Ive"):
            out.append(f"{name} has")
        elif part == "I'd":
            out.append(f"{name} had" if _PAST_PARTICIPLE_HINT.match(nxt) else f"{name} would")
        elif part == "I'll":
            out.append(f"{name} will")
        elif part == "I" and out and out[-1].strip() == "" and len(out) > 1 and out[-2].lower() == "and":
            out.append(name)  # "my husband and I have": a plural subject keeps its verb
        elif part == "I" and nxt in _I_AUXILIARIES and nxt_index is not None:
            out.append(f"{name} {_I_AUXILIARIES[nxt]}")
            i = nxt_index
        elif part == "I":
            out.append(name)
            awaiting_verb = True
        elif lower in ("my", "mine"):
            out.append(f"{name}'s")
        elif lower == "me":
            out.append(name)
        elif lower == "myself":
            out.append("themself")
        else:
            out.append(part)
        i += 1
    return "".join(out)


_SECOND_PERSON = [
    (re.compile(r"\byou're\b", re.I), "I'm"),
    (re.compile(r"\byou've\b", re.I), "I've"),
    (re.compile(r"\byou'll\b", re.I), "I'll"),
    (re.compile(r"\byou'd\b", re.I), "I'd"),
    (re.compile(r"\byou are\b", re.I), "I am"),
    (re.compile(r"\byou were\b", re.I), "I was"),
    (re.compile(r"\byourself\b", re.I), "myself"),
    (re.compile(r"\byours\b", re.I), "mine"),
    (re.compile(r"\byour\b", re.I), "my"),
    (re.compile(r"(?:(?<=^)|(?<=[.,;:!?] )|(?<=\band )|(?<=\bthat ))you\b", re.I), "I"),
    (re.compile(r"\byou\b", re.I), "me"),
]


def second_to_first_person(text: str) -> str:
    """An assistant's summary about the user, in the user's own voice ("your dentist" -> "my dentist")."""
    for pattern, replacement in _SECOND_PERSON:
        text = pattern.sub(replacement, text)
    return text


# ---------------------------------------------------------------------------------------------------
# Entity spotting
# ---------------------------------------------------------------------------------------------------


@dataclass
class SpottedEntity:
    """A name found in a text, with what kind of thing it looks like and how it relates to the user."""

    name: str
    kind: str  # person | entity | concept
    entity_type: str  # person|place|organization|project|pet|product|event|concept|other
    start: int
    end: int
    relationship: str | None = None
    cues: list[str] = field(default_factory=list)


_NAME_TOKEN = r"(?:[A-Z][a-zA-Z]*(?:['\-][A-Za-z]+)*\.?|[A-Z]{2,}[0-9]*\+?)"
_CAPITALISED_RUN = re.compile(
    rf"(?<![\w'])(?:(?P<title>{'|'.join(TITLES)})\.?\s+)?{_NAME_TOKEN}"
    rf"(?:(?:\s+(?:of|de|da|del|van|von|le|la|&)\s+|\s+){_NAME_TOKEN})*"
)
_RELATION_BEFORE = re.compile(
    r"(?:\b(?:my|our|his|her|their|a|the|'s)\s+)?(?:(?:best|old|new|close|older|younger|little|big|"
    r"baby|twin|former|ex|future|late)\s+)?(?P<rel>"
    + "|".join(sorted((re.escape(w) for w in RELATION_WORDS), key=len, reverse=True))
    + r")s?,?\s+$",
    re.IGNORECASE,
)
_PET_BEFORE = re.compile(
    r"\b(?:my|our|his|her|their|the|a|new)\s+(?:\w+\s+)?(?P<pet>" + "|".join(PET_WORDS) + r"),?\s+$",
    re.IGNORECASE,
)
_NAMED_BEFORE = re.compile(
    r"\b(?:a|an|the|my|our)\s+(?P<noun>[a-z][a-z\-]*(?:\s+[a-z][a-z\-]*)?)\s+"
    r"(?:named|called)\s+$",
    re.IGNORECASE,
)
_ORG_VERBS_BEFORE = re.compile(
    r"\b(?:works?|working|worked|job|position|role|offer|internship|hired|employed|joined|join|joining|"
    r"joins|started|starting|left|leaving|quit|interview(?:ed|ing)?|intern(?:ed|ing)?|studies|study|"
    r"studying|studied|student|graduated|enrolled|accepted)\s+(?:\w+\s+){0,3}?(?:at|for|with|by|from)?\s*$",
    re.IGNORECASE,
)
_PLACE_BEFORE = re.compile(
    r"\b(?:in|to|from|near|around|across|visit|visited|visiting|moved to|move to|flew to|fly to|"
    r"trip to|went to|going to|back to|live in|lives in|lived in|based in|outside|downtown)\s+$",
    re.IGNORECASE,
)
_OPTION_BEFORE = re.compile(
    r"\b(?:go|going|went|gone|stick|stuck|stay|staying|chose|choose|chosen|picked|"
    r"pick|over|instead of|rather than|vs\.?|versus|switch(?:ed)? to|migrat\w+ to|"
    r"use|using|used|try|trying|tried)\s+(?:with\s+)?$",
    re.IGNORECASE,
)
_PERSON_BEFORE = re.compile(
    r"\b(?:with|met|meet|meeting|saw|see|seeing|called|call|texted|text|told|tell|asked|ask|hugged|"
    r"dating|date|dated|married|marry|love|miss|visited|helped|invited|thanked|emailed|messaged|"
    r"introduced|and|&|to)\s+$",
    re.IGNORECASE,
)
# After a name: verbs only people do ("Priya texted"), and weaker ones that need a mid-sentence position.
_PERSON_AFTER = re.compile(
    r"^(?:\s+and\s+I\b|\s+(?:said|says|told|tells|asked|asks|called|texted|thinks|thought|wants|wanted|"
    r"and\s+I|loves|loved|likes|liked|mentioned|shared|recommended|invited|gave|brought|married|proposed|"
    r"is\s+(?:pregnant|engaged|married|dating|sick|visiting|coming|moving|leaving|thinking|turning)|"
    # "Sarah is my sister", not "Dance is my passion": after "is my" only a relationship makes a person.
    r"is\s+(?:my|our)\s+(?:(?:best|old|new|close|older|younger|little|big|twin|former|ex)\s+)?(?:"
    + "|".join(sorted((re.escape(w) for w in RELATION_WORDS), key=len, reverse=True))
    + r")s?|"
    r"just|got|went|met|moved|started|left|joined|quit|accepted|works|worked|lives|lived|feels|felt)\b)",
)
_WEAK_PERSON_AFTER = re.compile(r"^(?:'s\b|\s+(?:is|was|has|had|will|would|can|could|and)\b)")
_MEDIA_BEFORE = re.compile(
    r"\b(?:watch|watched|watching|read|reading|play|playing|played|listen to|"
    r"listening to|listened to|using|use|used|bought|downloaded|ordered)\s+$",
    re.IGNORECASE,
)
_PROJECT = re.compile(
    r"\b(?:project|app|startup|podcast|book|blog|channel|band|novel|company)\s+"
    r"(?:called|named)?\s*$",
    re.IGNORECASE,
)


# "You've", "They'd", "It's" start sentences capitalised but never name anyone.
_PRONOUN_CONTRACTION = re.compile(
    r"^(?:you|we|they|he|she|it|there|that|who|what|here|i)['’](?:ve|d|ll|re|m|s)$", re.IGNORECASE
)


def spot_entities(text: str, known_people: frozenset[str] = frozenset()) -> list[SpottedEntity]:
    """People, organisations, places, pets and projects named in `text`, in order of appearance.

    Precision first: a sentence-initial capitalised word counts only when it is clearly a name (known, or
    followed by a verb), calendar words and holidays are never names, nationalities are concepts.
    Relationship words introduce people ("my friend Sarah", "coworker Marcus"), "named/called" introduces
    pets and projects, "Dr." and other titles make a person, and prepositions decide between places
    (in/to/from) and organisations (at/for/joined/left).
    """
    found: list[SpottedEntity] = []
    for match in _CAPITALISED_RUN.finditer(text):
        entity = _classify_run(text, match, known_people)
        if entity is not None:
            found.append(entity)
    # Capitalised relationship words used as names ("Mom called", "told Dad").
    return found


def _classify_run(text: str, match: re.Match[str], known_people: frozenset[str]) -> SpottedEntity | None:
    possessive = bool(re.search(r"'s?$", match.group(0).rstrip(".")))
    raw = re.sub(r"'s?$", "", match.group(0).rstrip("."))  # "Kevin's new number" names Kevin
    start, end = match.start(), match.start() + len(raw)
    title = match.group("title")
    tokens = raw.split()
    # Drop a leading token that is only capitalised because it starts the sentence/clause.
    sentence_initial = _is_sentence_initial(text, start)
    after_determiner = False
    while tokens and not title:
        first = tokens[0].lower().rstrip(".")
        keeps_head = first == "project" and len(tokens) > 1
        if (
            first in NOT_NAMES
            or first in FIRST_PERSON
            or _PRONOUN_CONTRACTION.match(first)
            or (
                sentence_initial
                and first in COMMON_STARTERS
                and first not in RELATION_WORDS
                and not keeps_head
            )
        ):
            start = text.find(tokens[1], start + len(tokens[0])) if len(tokens) > 1 else end
            tokens = tokens[1:]
            after_determiner = first in ("the", "a", "an", "this", "that", "our", "my", "your")
            sentence_initial = after_determiner and sentence_initial
            continue
        break
    # Trailing calendar words ("Marcus Monday") are not part of the name.
    while tokens and tokens[-1].lower().rstrip(".") in NOT_NAMES and not title:
        tokens = tokens[:-1]
    if not tokens:
        return None
    name = " ".join(tokens)
    end = start + len(name)
    lower = name.lower()
    before = text[max(0, start - 40) : start]
    after = text[end : end + 30]

    if lower in DEMONYMS:
        return SpottedEntity(name, "concept", "concept", start, end)
    if lower in RELATION_WORDS:
        # "Mom", "Dad" as names; other relationship words capitalised are sentence starts.
        if lower in FAMILY_RELATIONS and lower in {"mom", "mum", "dad", "grandma", "grandpa", "mama", "papa"}:
            return SpottedEntity(name, "person", "person", start, end, RELATION_WORDS[lower], ["family-name"])
        return None
    if title:
        relation_before = _RELATION_BEFORE.search(text[max(0, match.start() - 40) : match.start()])
        if relation_before:
            related_as = RELATION_WORDS[relation_before.group("rel").lower()]
            return SpottedEntity(raw.strip(), "person", "person", match.start(), end, related_as, ["title"])
        relationship = {
            "dr": "doctor",
            "doctor": "doctor",
            "coach": "coach",
            "aunt": "aunt",
            "auntie": "aunt",
            "uncle": "uncle",
            "grandma": "grandmother",
            "grandpa": "grandfather",
            "nurse": "nurse",
            "prof": "professor",
            "professor": "professor",
        }.get(title.lower())
        return SpottedEntity(raw.strip(), "person", "person", match.start(), end, relationship, ["title"])
    rel = _RELATION_BEFORE.search(before)
    if rel and not _ORG_SUFFIX_OR_KNOWN(name):
        return SpottedEntity(
            name, "person", "person", start, end, RELATION_WORDS[rel.group("rel").lower()], ["relation"]
        )
    pet = _PET_BEFORE.search(before)
    if pet:
        return SpottedEntity(name, "entity", "pet", start, end, pet.group("pet").lower(), ["pet"])
    named = _NAMED_BEFORE.search(before)
    if named:
        noun = named.group("noun").lower()
        head = noun.split()[-1]
        if head in PET_WORDS or head in PET_KINDS:
            return SpottedEntity(name, "entity", "pet", start, end, PET_KINDS.get(head, head), ["named"])
        if head in RELATION_WORDS or head in {"guy", "girl", "woman", "man", "person", "lady", "kid"}:
            return SpottedEntity(name, "person", "person", start, end, RELATION_WORDS.get(head), ["named"])
        if head in {"project", "app", "startup", "product", "podcast", "book", "blog", "band", "tool"}:
            return SpottedEntity(name, "entity", "project", start, end, None, ["named"])
        if head in {"company", "business", "firm", "agency", "shop", "store", "restaurant", "cafe"}:
            return SpottedEntity(name, "entity", "organization", start, end, None, ["named"])
        return SpottedEntity(name, "entity", "other", start, end, None, ["named"])
    if _PROJECT.search(before) and not sentence_initial:
        return SpottedEntity(name, "entity", "project", start, end, None, ["project"])
    if tokens[0] == "Project" and len(tokens) > 1:
        return SpottedEntity(name, "entity", "project", start, end, None, ["project"])
    if name in known_people or lower in {p.lower() for p in known_people}:
        return SpottedEntity(name, "person", "person", start, end, None, ["known"])
    given = tokens[0].lower() in FIRST_NAMES and len(tokens) <= 3
    if given and possessive and lower not in PLACES:
        return SpottedEntity(name, "person", "person", start, end, None, ["given-name"])  # "at Sarah's place"
    if (
        given
        and lower not in PLACES
        and not _ORG_SUFFIX_OR_KNOWN(name)
        and not _ORG_VERBS_BEFORE.search(before)
    ):
        return SpottedEntity(name, "person", "person", start, end, None, ["given-name"])
    if lower in PLACES or (tokens[-1] in PLACE_SUFFIXES and len(tokens) > 1):
        return SpottedEntity(name, "entity", "place", start, end, None, ["gazetteer"])
    if _ORG_SUFFIX_OR_KNOWN(name):
        return SpottedEntity(name, "entity", "organization", start, end, None, ["gazetteer"])
    if name.isupper() and 2 <= len(name) <= 6 and name not in NON_ORG_ACRONYMS:
        return SpottedEntity(name, "entity", "organization", start, end, None, ["acronym"])
    if name.isupper():
        return None
    if _ORG_VERBS_BEFORE.search(before):
        return SpottedEntity(name, "entity", "organization", start, end, None, ["org-verb"])
    if _PLACE_BEFORE.search(before):
        return SpottedEntity(name, "entity", "place", start, end, None, ["place-prep"])
    if _OPTION_BEFORE.search(before) or _MEDIA_BEFORE.search(before):
        return SpottedEntity(name, "entity", "product", start, end, None, ["media"])
    if re.search(r"\bat\s+$", before, re.IGNORECASE):
        return SpottedEntity(name, "entity", "organization", start, end, None, ["org-prep"])
    if after_determiner or re.search(r"\b(?:the|a|an)\s+$", before, re.IGNORECASE):
        return SpottedEntity(name, "entity", "other", start, end, None, ["determiner"])  # "the Pacific"
    person_cue = bool(_PERSON_BEFORE.search(before) or _PERSON_AFTER.match(after))
    if not sentence_initial and _WEAK_PERSON_AFTER.match(after):
        person_cue = True
    if (
        person_cue
        and len(tokens) <= 3
        and not sentence_initial
        or (person_cue and _PERSON_AFTER.match(after))
    ):
        return SpottedEntity(name, "person", "person", start, end, None, ["context"])
    if sentence_initial:
        return None
    return SpottedEntity(name, "entity", "other", start, end, None, ["capitalised"])


def _ORG_SUFFIX_OR_KNOWN(name: str) -> bool:  # noqa: N802 - reads as a predicate on the vocabulary
    tokens = name.split()
    return name.lower() in ORGANISATIONS or (len(tokens) > 1 and tokens[-1] in ORG_SUFFIXES)


def _is_sentence_initial(text: str, start: int) -> bool:
    before = text[:start].rstrip()
    return not before or before[-1] in ".!?:;\"'(-\n" or bool(re.search(r"(?:^|[.!?]\s*)[\"']?$", before))
