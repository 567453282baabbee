"""Word lists of the language engine: small talk, names, relationships, pets, places, organisations.

Grouped module constants so a new word is one edit and never touches the logic. They favour precision over
recall: a list that over-matches turns ordinary words into people and places.
"""

from __future__ import annotations

import re

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
    r"where\s+(?:is|are|was|can)\b|is\s+it\s+true\b|define\b|compare\b|calculate\b|convert\b|"
    r"rewrite\b|proofread\b|describe\b|compose\b|play\s+(?:some|me|a|an|the)\b|"
    r"set\s+(?:a|an)\s+(?:timer|alarm|reminder)\b|"
    r"make\s+(?:a|an)\s+(?:[\w\-]+\s+)?(?:list|plan|playlist|poem|story|summary|table|schedule)\b)",
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

# Short and pet names for family that the relation words keep out (a reader that knows whose family is
# meant reads them: "Ana's sis", "Mum's nan"); "lola" and "lolo" are given names as often as grandparents.
KIN_SHORTHAND = {
    "sis": "sister",
    "bro": "brother",
    "nan": "grandmother",
    "nana": "grandmother",
    "gran": "grandmother",
    "auntie": "aunt",
    "lola": "grandmother",
    "lolo": "grandfather",
}
# Relationship words -> the canonical relationship stored on people (and the category they imply).
# Family called in the languages notes use for them ("my abuela Rosa", "Gogo isn't well"), each used as a
# name when capitalised, as "Mum" is; not "lola" or "lolo", which are given names as often as grandparents.
OTHER_LANGUAGE_KIN = {
    "abuela": "grandmother",
    "abuelo": "grandfather",
    "nonna": "grandmother",
    "nonno": "grandfather",
    "babcia": "grandmother",
    "dziadek": "grandfather",
    "oma": "grandmother",
    "opa": "grandfather",
    "ouma": "grandmother",
    "oupa": "grandfather",
    "gogo": "grandmother",
    "halmeoni": "grandmother",
    "harabeoji": "grandfather",
    "nanay": "mother",
    "inay": "mother",
    "tatay": "father",
    "eomma": "mother",
    "appa": "father",
    "amma": "mother",
}
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
    "grandchild": "grandchild",
    "grandkid": "grandchild",
    "grandchildren": "grandchild",
    **OTHER_LANGUAGE_KIN,
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
    "physio": "physio",
    "physiotherapist": "physio",
    "optometrist": "optometrist",
    "dietitian": "dietitian",
    "chiropractor": "chiropractor",
    "osteopath": "osteopath",
    "podiatrist": "podiatrist",
    "midwife": "midwife",
    "mechanic": "mechanic",
    "hairdresser": "hairdresser",
    "barber": "barber",
    "nanny": "nanny",
    "childminder": "childminder",
    "carer": "carer",
}
# Ties one person holds at a time: a new one goes to someone else and the previous holder's ends. A
# partner always; a supervisor, manager, landlord or GP when the user says it is a new one.
PARTNER_TIES = frozenset(
    {
        "partner",
        "girlfriend",
        "boyfriend",
        "wife",
        "husband",
        "spouse",
        "fiancé(e)",
        "fiancé",
        "fiancée",
        "fiance",
    }
)
ONE_HOLDER_TIES = PARTNER_TIES | frozenset(
    {"supervisor", "manager", "boss", "landlord", "therapist", "doctor"}
)


def same_place_ties(tie: str) -> frozenset[str]:
    """The ties that fill the same one-holder place as `tie`: any partner tie for a partner ("Esi is my
    girlfriend" after "Noor is my partner"), else the tie itself."""
    return PARTNER_TIES if tie in PARTNER_TIES else frozenset({tie})


RELATION_WORDS: dict[str, str] = {
    **FAMILY_RELATIONS,
    **PARTNER_RELATIONS,
    **SOCIAL_RELATIONS,
    **WORK_RELATIONS,
    **CARE_RELATIONS,
}

# Occupations: what someone is at work ("a nurse", "the head chef").
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
    web developer|ux designer|graphic designer|product designer|teaching assistant|real estate agent|
    sous-chef|sous chef|head chef|line cook|kitchen porter|porter|receptionist|cleaner|janitor|caretaker|
    security guard|guard|bouncer|driver|bus driver|taxi driver|lorry driver|truck driver|delivery driver|
    courier|postman|postwoman|warehouse worker|forklift driver|factory worker|labourer|laborer|builder|
    welder|roofer|painter|decorator|gardener|landscaper|farmer|fisherman|miner|locksmith|hairdresser|
    barber|beautician|nail technician|make-up artist|tattoo artist|optician|midwife|radiographer|
    care worker|carer|support worker|healthcare assistant|nursing assistant|pharmacy technician|
    translator|interpreter|copywriter|illustrator|animator|drummer|guitarist|singer|dj|actor|actress|
    dancer|producer|sound engineer|shop assistant|sales assistant|store manager|shop manager|
    team lead|team leader|supervisor|foreman|bookkeeper|auditor|banker|broker|estate agent|
    civil servant|soldier|sailor|police constable|detective|lifeguard|zookeeper|vet nurse|vet|
    software developer|devops engineer|sysadmin|data engineer|call centre agent|customer service agent|
    coordinator|officer|specialist|advisor|adviser|representative|operator|inspector|planner|strategist|
    crew member|tester|solicitor|paralegal|barrister|surveyor|physio|physiotherapist|optometrist|
    dietitian|nutritionist|chemist|biologist|postdoc|registrar|headteacher|head teacher|trainee|
    apprentice|dispatcher|controller|associate|agent|ceo|superintendent|sergeant|constable|
    bricklayer|scaffolder|plasterer|tiler|joiner|glazier|stonemason|kitchen hand|barman|barmaid|
    shopkeeper|butcher|fishmonger|florist|tailor|seamstress|jeweller|upholsterer|housekeeper|
    concierge|doorman|flight attendant|cabin crew|steward|stewardess|deckhand|cab driver|refuse collector|
    dinner lady|lollipop lady|lab tech|lab technician|picker|packer|machinist|dental nurse|
    dental hygienist|hygienist|sonographer|phlebotomist|anaesthetist|psychiatrist|paediatrician|
    pediatrician|radiologist|orthodontist|chiropractor|osteopath|podiatrist|occupational therapist|
    speech therapist|youth worker|probation officer|prison officer|gp|locum|junior doctor|staff nurse|
    healthcare worker|civil engineer|structural engineer|quantity surveyor|bookseller
    """.replace("\n", "").split("|")
    if item.strip()
)

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
# The cardinal numbers in words, as a regex alternation ("a hundred" one number): an age ("turned ten"),
# a figure ("ten kilos").
CARDINAL_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a\s+hundred"
)
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
    dose dosage meds medication pills rent bills pay salary payslip mortgage loan insurance budget weight
    bloods results scan exam interview shift rota lease landlord boiler heating laundry groceries knee
    ankle back headache stomach flat house kitchen garden car bike bus train commute
    """.split()  # noqa: SIM905 - a word list reads better as prose
)

# Well-known places (lowercase) so "I live in NYC" and "Paris is lovely" find a place, not a person. Entity
# spotting reads one capitalised word as a place from this list alone, so it holds places that are rarely
# anyone's name; the gazetteer (`gazetteer.py`, what a place is, for search) holds many more, Petra and
# Kingston among them.
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
    Services Electrical Construction Logistics Energy Insurance
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
IRREGULAR_THIRD_PERSON = {
    "have": "has",
    "do": "does",
    "go": "goes",
    "am": "is",
    "be": "is",
    # as typed: "I gotta say" -> "Joanna has to say", "I wanna start" -> "Jon wants to start"
    "gotta": "has to",
    "wanna": "wants to",
    "hafta": "has to",
}

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
