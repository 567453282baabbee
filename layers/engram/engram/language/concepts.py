"""The general words a memory's specific words stand for: "jazz" is music, "a beagle" is a dog and a pet,
"metformin" a medication, "cycling to the office" a commute.

A question is asked in general words ("what music do I like?", "what medication am I on?") about a
memory written in specific ones ("I love jazz records", "put me on metformin"); no shared word, and the
offline hash embedder only sees shared words and spellings. The memory's own extraction therefore
stores, next to its text, the kinds its words are instances of (`memories.concepts`, searched with the
text at a lower weight): the bridge is built once, from the memory, and the question needs no guessing.

Each group lists the general words a question uses for a kind of thing and the specific words that are
one of them. Groups are kinds of everyday life (food, drink, health, work, home, travel, sport, pets,
people, media), written from the kinds and not from any question; a specific word may be in several
groups. The base form of an irregular verb's past form ("won": win, `verb_forms`) is one too. Matching
is on lowercase words with a plural "s"/"es" removed; multi-word instances ("blood
pressure", "half marathon") match as phrases. Pure: no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

from engram.language.attributes import PRICED
from engram.language.text.gazetteer import place_kinds
from engram.language.text.vocabulary import CARDINAL_WORDS, JOB_TITLES
from engram.language.verb_forms import base_form

# (general words a question uses, specific words a memory uses)
_GROUPS: tuple[tuple[str, str], ...] = (
    # --- food and drink ---
    (
        "food cuisine dish",
        "ethiopian thai italian indian mexican japanese chinese korean vietnamese greek turkish lebanese "
        "french spanish moroccan caribbean persian georgian ukrainian polish nigerian ghanaian "
        "west african middle eastern mediterranean",
    ),
    (
        "food dish meal",
        "injera stew curry pasta pizza sushi ramen noodle dumpling pelmeni taco burrito burger "
        "sandwich salad soup risotto paella lasagne lasagna kebab falafel hummus jollof suya "
        "pie roast omelette pancake porridge stir fry fish and chips dal biryani tagine wrap "
        "bread sourdough rice steak sausage barbecue bbq ulam",
    ),
    ("breakfast", "porridge oats oatmeal cereal muesli granola"),
    # what one listens to: "what do I like listening to in the car?" of "podcasts on long drives"
    ("listen listening audio", "podcast radio audiobook playlist spotify"),
    (
        "food ingredient",
        "mushroom peanut nut almond cashew walnut garlic onion chilli chili scotch bonnet pepper "
        "coriander cilantro tofu lentil bean chickpea egg cheese milk meat chicken beef pork lamb "
        "fish shellfish prawn shrimp seafood salt sugar gluten wheat soy sesame tomato avocado",
    ),
    (
        "vegetable veg",
        "pumpkin carrot potato broccoli cabbage spinach kale courgette zucchini aubergine eggplant "
        "cauliflower pea sprout brussels sprout leek onion beetroot parsnip turnip celery lettuce cucumber "
        "butternut sweet potato okra asparagus radish",
    ),
    (
        "fruit",
        "apple banana orange pear grape strawberry mango pineapple plum peach cherry melon "
        "watermelon blueberry raspberry blackberry papaya lychee pomegranate apricot",
    ),
    (
        "chilli chili pepper spicy",
        "scotch bonnet jalapeno habanero cayenne ghost pepper piri piri peri peri sriracha harissa gochujang",
    ),
    ("dairy", "milk cheese yoghurt yogurt butter cream ice cream lactose"),
    (
        "dessert pudding sweet",
        "crumble cake chocolate ice cream biscuit cookie pastry tart brownie custard trifle cheesecake",
    ),
    (
        "drink beverage",
        "coffee tea matcha espresso latte cappuccino earl grey juice smoothie beer wine cider gin "
        "whisky whiskey vodka cocktail soda fizzy drink lemonade cola water",
    ),
    ("alcohol", "beer wine cider gin whisky whiskey vodka cocktail prosecco champagne"),
    ("tea", "earl grey green tea matcha chai rooibos oolong assam darjeeling camomile chamomile"),
    ("coffee", "espresso latte cappuccino flat white americano mocha macchiato cold brew decaf"),
    (
        "diet eat food",
        "vegan vegetarian pescatarian keto paleo gluten free dairy free intermittent fasting fasting "
        "halal kosher low carb calorie",
    ),
    # a diet says whether one eats meat ("do I eat meat?" of "vegan now"), and so does eating a meat
    ("meat", "vegan vegetarian pescatarian plant-based carnivore"),
    ("meat", "chicken beef pork lamb steak bacon ham sausage mince turkey venison"),
    ("cook cooking food", "bake baking roast grill fry recipe homemade"),
    # --- health ---
    # how one feels, said in other words either way: "why was I so exhausted and freezing?" of
    # "explains the tiredness + always being cold"
    (
        "tired tiredness exhausted exhaustion fatigue",
        "tired tiredness exhausted exhaustion fatigue fatigued knackered shattered drained worn-out",
    ),
    ("cold freezing chilly", "cold freezing chilly shivering"),
    (
        "illness condition disease health chronic diagnosis diagnosed",
        "diabetes asthma arthritis migraine apnea apnoea epilepsy hypertension blood pressure "
        "cholesterol eczema psoriasis celiac coeliac crohn lupus anaemia anemia thyroid "
        "depression anxiety insomnia tinnitus allergy allergic intolerant intolerance cancer",
    ),
    ("breathing lung", "asthma apnea apnoea inhaler bronchitis copd"),
    (
        "autoimmune illness condition disease",
        "rheumatoid lupus crohn coeliac celiac psoriasis hashimoto sclerosis",
    ),
    ("allergy allergic", "hay fever hayfever pollen antihistamine cetirizine loratadine epipen hives"),
    ("headache pain", "migraine"),
    (
        "stomach digestion gut",
        "lactose intolerant intolerance ibs reflux heartburn bloating coeliac celiac crohn indigestion",
    ),
    ("sleep", "apnea apnoea insomnia cpap"),
    (
        "medication medicine drug prescription pill",
        "metformin insulin inhaler epipen statin antibiotic ibuprofen paracetamol aspirin "
        "antidepressant sertraline levothyroxine antihistamine dose",
    ),
    # what a medicine known by another name than its stem is taken for
    (
        "blood thinner anticoagulant clot medication medicine drug",
        "warfarin clopidogrel xarelto eliquis pradaxa",
    ),
    ("cholesterol heart medication medicine drug", "lipitor crestor ezetimibe"),
    ("depression anxiety mood medication medicine drug", "zoloft prozac lexapro"),
    ("stomach acid reflux heartburn medication medicine drug", "nexium losec zantac"),
    ("pain inflammation painkiller medication medicine drug", "mobic"),
    ("asthma breathing lung medication medicine", "ventolin symbicort seretide flixotide"),
    ("thyroid medication medicine drug", "levothyroxine thyroxine levo eltroxin synthroid"),
    ("diabetes blood sugar glucose medication medicine", "insulin metformin ozempic jardiance"),
    ("device machine equipment", "cpap inhaler hearing aid pacemaker glasses brace crutch monitor"),
    (
        "injury injured hurt",  # "injured" is no stem of "injury" to full text
        "knee ankle wrist shoulder sprain sprained fracture fractured broke swollen torn hamstring "
        "ligament acl concussion dislocated whiplash twisted",
    ),
    ("doctor", "gp physiotherapist physio dentist surgeon consultant specialist dr"),
    # the title of the doctor one sees is one's GP's more often than not: "who's my GP?" of "Dr Nguyen"
    ("gp physician", "dr"),
    ("operation surgery", "replacement transplant bypass procedure op"),
    (
        "painkiller pain medication medicine",
        "panadol nurofen tylenol advil voltaren codeine tramadol naproxen co-codamol paracetamol ibuprofen",
    ),
    # --- sport, fitness, hobbies ---
    (
        "exercise fit fitness sport workout active activity shape",
        "running jog jogging cycling cycle bike swim swimming walk walking hike hiking climb "
        "climbing bouldering yoga pilates gym lift lifting rowing tennis football futsal rugby cricket "
        "golf badminton squash boxing martial arts dance dancing skating surf surfing dive diving "
        "marathon parkrun",
    ),
    (
        "play sport game",
        "tennis football futsal rugby cricket golf badminton squash hockey basketball netball",
    ),
    ("race event", "marathon half marathon 10k 5k triathlon parkrun sportive"),
    (
        "hobby pastime free time spare time activity interest",
        "birdwatching gardening painting knitting photography crossword chess reading fishing "
        "climbing bouldering hiking camping pottery baking collect collecting guitar piano",
    ),
    (
        "outdoor outdoors activity",
        "hike hiking camp camping climb climbing bouldering surf surfing kayak kayaking canoe canoeing "
        "sailing ski skiing snowboarding fishing birdwatching gardening picnic cycling mountaineering",
    ),
    ("bird", "kingfisher heron robin owl eagle hawk puffin gull swan"),
    ("habit addiction vice tobacco", "smoking smoke smoker cigarette fag vaping vape nicotine"),
    ("habit addiction vice", "booze drinking gambling"),
    # --- music, books, films ---
    (
        "music",
        "jazz rock pop classical folk blues hip hop rap reggae soul metal punk techno opera "
        "record vinyl album band concert gig orchestra choir song playlist",
    ),
    (
        "instrument music play",
        "violin viola cello piano guitar bass drum drums drum kit ukulele flute clarinet trumpet "
        "saxophone harp keyboard banjo mandolin harmonica accordion oboe bassoon trombone tuba",
    ),
    ("book read reading", "novel audiobook ebook kindle author poetry memoir book club"),
    (
        "film movie",
        "horror comedy thriller documentary romcom drama sci-fi animation cinema",
    ),
    ("tv show series", "series sitcom episode netflix"),
    ("game", "video game board game puzzle game chess"),
    ("game video game", "console playstation xbox nintendo gamecube gaming gamer esports"),
    # --- animals ---
    (
        "pet animal",
        "dog puppy cat kitten beagle labrador spaniel terrier collie poodle retriever dachshund "
        "greyhound whippet ferret rabbit hamster guinea pig parrot budgie tortoise goldfish",
    ),
    (
        "breed dog pet animal",
        "beagle labrador spaniel terrier collie poodle retriever dachshund greyhound whippet pug husky corgi "
        "kelpie heeler staffy labradoodle cavoodle cockapoo schnauzer chihuahua rottweiler doberman "
        "dalmatian bulldog mastiff",
    ),
    ("breed cat", "siamese persian maine coon ragdoll tabby"),
    # --- work, money, study ---
    # a job lost, as people tell it: "when did I lose my job?" of "laid off. Northpoint restructured"
    ("lose lost job fired", "laid off made redundant redundancy sacked fired"),
    (
        "job work occupation profession career role position",
        "engineer developer nurse chef sous-chef teacher architect paramedic designer doctor "
        "lawyer accountant manager technician cto ceo founder researcher scientist analyst "
        "consultant electrician plumber driver barista cashier waiter artist tattoo vet "
        "student phd lecturer professor journalist writer waitress bartender barman barmaid kitchen hand "
        "shop assistant sales assistant shopkeeper midwife pharmacist carer builder bricklayer carpenter "
        "scaffolder",
    ),
    # the trades a job is in, by the jobs only (not the places one visits): "have I ever worked in
    # hospitality?" of "barista at Little Ember"
    ("hospitality", "barista waiter waitress bartender barman barmaid chef sous-chef kitchen hand"),
    ("retail", "cashier shop assistant sales assistant shopkeeper"),
    (
        "healthcare medical",
        "nurse doctor paramedic physiotherapist physio gp surgeon midwife pharmacist carer",
    ),
    ("construction building", "builder bricklayer carpenter electrician plumber scaffolder"),
    # a start-up's rounds of money: "what funding round is the company raising?" of "raising a series A"
    (
        "funding round investment investor raise raising",
        "series a series b series c seed round pre-seed angel investor venture capital vc",
    ),
    (
        "company employer business firm",
        "founded start-up startup ltd inc agency studio labs analytics consultancy food truck bakery "
        "salon stall franchise side hustle",
    ),
    (
        "salary pay paid income money earn",
        "job work employer founded raise bonus pay wage wages payslip paycheck salary income stipend",
    ),
    # a job is work: "where does Kamal work?" of "Kamal got the job at the plant"
    ("work", "job"),
    ("boss manager", "supervisor director manager"),
    # what someone in a role does: "who supervises my PhD?" of "Dr. Whitlock is my supervisor"
    ("supervise supervision", "supervisor"),
    ("manage", "manager boss"),
    ("teach", "teacher tutor lecturer professor"),
    ("coach train", "coach trainer instructor"),
    ("treat", "doctor gp physician physiotherapist physio therapist dentist surgeon"),
    ("rent", "landlord landlady tenant"),
    ("housing", "rent mortgage lease landlord landlady"),
    ("home loan", "mortgage"),
    ("employ", "employer"),
    ("colleague coworker", "team teammate"),
    ("study studying education", "phd degree masters course university college school thesis"),
    (
        "qualification certificate licence license",
        "degree diploma exam licence license certification",
    ),
    # a degree by its letters: "switching to a BSc in marine biology", "an MBA at Said"
    (
        "degree qualification study studying education",
        "bsc msc mba meng beng llb llm bcom mphil dphil phd hnd bachelor bachelors",
    ),
    ("office workplace", "office desk coworking"),
    # --- home and places ---
    (
        "home live house",
        "flat apartment house bungalow cottage semi studio flat studio apartment room share house rent",
    ),
    ("flatmate housemate roommate", "flatmate housemate roommate flat share share house"),
    # a device by its maker or line ("Zayan wants an iPhone": what "when will he get his own phone?" asks)
    ("phone mobile device", "iphone smartphone oneplus xiaomi"),
    ("laptop computer device", "macbook thinkpad chromebook"),
    ("tablet device", "ipad"),
    ("e-reader ereader device", "kindle kobo"),
    ("watch device", "smartwatch fitbit apple watch"),
    (
        "car vehicle ride motor drive",
        "ford toyota skoda volkswagen vw honda nissan bmw audi mercedes tesla kia hyundai peugeot "
        "renault fiat volvo mazda subaru vauxhall opel citroen citroën jeep chevrolet chevy lexus "
        "suzuki mitsubishi dacia hatchback saloon sedan suv pickup pick-up estate convertible minivan van "
        # models said without their make ("got a used RAV4"), those that are no other word
        "corolla camry rav4 yaris prius hilux cr-v crv passat tiguan qashqai micra impreza "
        "crosstrek cx-5 ioniq tucson elantra sportage picanto octavia fabia sandero",
    ),
    (
        "commute travel transport",
        "cycling cycle bike bus train tram metro tube drive driving car walk walking ferry",
    ),
    # --- travel ---
    (
        "holiday vacation trip travel",
        "cruise trip holiday vacation flight flying fly layover abroad visit visited tour",
    ),
    # --- living in another country: "what's my immigration status?" of "picked up my Blaue Karte" ---
    (
        "immigration status residency residence permit visa",
        "visa blue card blaue karte green card work permit residence permit permanent residence "
        "permanent residency citizenship naturalisation naturalization settled status",
    ),
    # --- people and relationships ---
    (
        "partner dating seeing relationship single",
        "girlfriend boyfriend wife husband fiance fiancee spouse together dating engaged married",
    ),
    # how dating starts, as people tell it: "who am I going out with?" of "Farah trying to set me up with
    # Imran"
    (
        "dating date partner relationship",
        "first date blind date set me up set up with asked me out asked him out asked her out",
    ),
    ("family relative", "mother father mum mom dad sister brother daughter son aunt uncle cousin gran"),
    ("child kid", "daughter son baby toddler"),
    ("grandchild grandchildren", "grandson granddaughter grandkid grandbaby"),
    ("parent", "mother father mum mom dad"),
    ("sibling", "sister brother"),
    # family said in the user's other language (Filipino, Zulu and Xhosa, Spanish, German, Italian,
    # Polish, Afrikaans): "when did my grandmother die?" of "Gogo passed away in her sleep"
    ("grandmother grandma granny family", "gogo abuela oma nonna babcia ouma"),
    ("grandfather grandpa family", "lolo mkhulu abuelo nonno dziadek oupa"),
    ("mother mum mom parent family", "nanay inay mamá mama mutti mami umama"),
    ("father dad parent family", "tatay itay papá papa vati ubaba"),
    ("brother sibling family", "kuya"),
    # and Portuguese, Spanish and Italian: "am I an uncle?" of "I'm tio!", "vó Cida broke her hip"
    ("grandmother grandma granny family", "vó avó vovó"),
    ("grandfather grandpa family", "vô avô vovô"),
    ("mother mum mom parent family", "mãe"),
    ("uncle family", "tio tío zio"),
    ("aunt family", "tia tía zia"),
    ("friend", "best friend mate buddy pal"),
    # --- people as they are typed on a phone: "where does my sister's husband work?" of "little sis
    # turning 33 ... her hubby Kamal" ---
    ("boyfriend partner dating relationship", "bf"),
    ("girlfriend partner dating relationship", "gf"),
    ("husband spouse partner married", "hubby"),
    ("wife spouse partner married", "wifey"),
    ("sister sibling family", "sis sissy"),
    ("brother sibling family", "bro"),
    ("best friend friend", "bestie bff"),
    ("family relative", "fam"),
    ("grandmother grandma family", "nan nana nanna"),
    # --- days and things as they are typed: "when is my birthday?" of "bday drinks at the pub" ---
    ("birthday", "bday b-day"),
    ("christmas holiday", "xmas"),
    ("appointment", "appt appts"),
    ("medication medicine", "meds"),
    ("holiday vacation", "hols vacay"),
    ("favourite favorite like", "fav fave faves favs"),
    ("university uni study studying student", "uni"),
    # --- a death, as people tell it: "when did my grandmother die?" of "Gogo passed away last night" ---
    ("die death dead", "passed away pass away passes away passing away funeral buried"),
    # --- likes and dislikes: "what music do I like?" of "I love jazz", "what food do I dislike?" of "I
    # can't stand mushrooms" ---
    (
        "like love enjoy prefer favourite favorite",
        "love loved adore adored enjoy enjoyed prefer preferred favourite favorite fond keen passion",
    ),
    (
        "dislike hate",
        "hate hated detest loathe dislike disliked can't stand cannot stand don't like do not like not a fan",
    ),
)

_NAMED = re.compile(r"\b(?:called|named)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*")
_COMPASS_NAME = re.compile(r"(?-i:\b(?:East|West|North|South)\s+[A-Z][\w'-]*)")
# Something that works does its job and has none: "the inhaler talaga works", "that works for me"; not
# "Dad works nights", "she works at the bank".
_WORKS_WELL = re.compile(
    r"\bworks\b(?=\s*(?:[.!?,;:)]|$))|\b(?:it|that|this)\s+(?:\w+\s+)?works\b", re.IGNORECASE
)
# Letters of any alphabet: "mamá", "vó" and "citroën" are words, not "mam" and "v".
_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
# "Flat" is a home in "a flat in Leith", not in "a flat path" or "a flat tyre" (and a studio one only as "a
# studio flat", not "Jon's dance studio"): what "which house am I living in?" asks of neither.
_NOT_A_HOME = re.compile(
    r"\bflat\b(?=\s+(?:path|road|ground|surface|tyre|tire|cap|rate|fee|out|broke|screen|feet|foot|"
    r"line|battery|shoes|terrain|land|top|pack|bread|iron|stomach|tummy)\b)",
    re.IGNORECASE,
)


def _norm(word: str) -> str:
    """A word without a plural ending: enough to match "mushrooms" to "mushroom", "dishes" to "dish"; not
    a word whose singular is another word ("blues" is music, "blue" a colour or a dog called Blue)."""
    if word in _NO_SINGULAR:
        return word
    if word.endswith("oes") and word[:-2] in _O_PLURALS:
        return word[:-2]
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


_NO_SINGULAR = frozenset(("blues", "news", "glasses", "series"))
_O_PLURALS = frozenset(("potato", "tomato", "mango"))  # "potatoes", not "shoes"


def _kinds(token: str) -> frozenset[str]:
    """The general words one normalised word stands for (`_index`)."""
    return _index()[0].get(token, frozenset())


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, frozenset[str]], dict[tuple[str, ...], frozenset[str]]]:
    """Specific single words and phrases (tuples of normalised words) -> the general words they stand for."""
    words: dict[str, set[str]] = {}
    phrases: dict[tuple[str, ...], set[str]] = {}
    for general, specific in _GROUPS:
        kinds = set(general.split())
        for item in _split_items(specific):
            key = tuple(_norm(w) for w in item.split())
            target = words.setdefault(key[0], set()) if len(key) == 1 else phrases.setdefault(key, set())
            target |= kinds
    return (
        {k: frozenset(v) for k, v in words.items()},
        {k: frozenset(v) for k, v in phrases.items()},
    )


def _split_items(specific: str) -> list[str]:
    """The items of a group: known phrases first (so "ice cream" stays one), then the single words."""
    items: list[str] = []
    text = f" {specific} "
    for phrase in _PHRASES:
        if f" {phrase} " in text:
            items.append(phrase)
            text = text.replace(f" {phrase} ", " ")
    return items + text.split()


_PHRASES = (
    "studio flat",
    "studio apartment",
    "kitchen hand",
    "shop assistant",
    "sales assistant",
    "laid off",
    "made redundant",
    "passed away",
    "pass away",
    "passes away",
    "passing away",
    "west african",
    "middle eastern",
    "stir fry",
    "fish and chips",
    "scotch bonnet",
    "first date",
    "blind date",
    "set me up",
    "set up with",
    "asked me out",
    "asked him out",
    "asked her out",
    "ghost pepper",
    "piri piri",
    "peri peri",
    "brussels sprout",
    "sweet potato",
    "series a",
    "series b",
    "series c",
    "seed round",
    "angel investor",
    "venture capital",
    "ice cream",
    "earl grey",
    "green tea",
    "flat white",
    "cold brew",
    "fizzy drink",
    "gluten free",
    "dairy free",
    "intermittent fasting",
    "low carb",
    "blood pressure",
    "hearing aid",
    "martial arts",
    "half marathon",
    "free time",
    "spare time",
    "hip hop",
    "drum kit",
    "book club",
    "video game",
    "board game",
    "puzzle game",
    "guinea pig",
    "maine coon",
    "share house",
    "food truck",
    "side hustle",
    "hay fever",
    "flat share",
    "best friend",
    "tv show",
    "can't stand",
    "cannot stand",
    "don't like",
    "do not like",
    "not a fan",
    "blue card",
    "blaue karte",
    "green card",
    "work permit",
    "residence permit",
    "permanent residence",
    "permanent residency",
    "settled status",
)


# What a medicine is taken for, by its naming stem: "what am I taking for my blood pressure?" of
# "I'm on ramipril 5mg now", "what do I take for my cholesterol?" of "added atorvastatin 20mg".
_TREATS: tuple[tuple[str, str], ...] = (
    ("blood pressure hypertension heart", "pril sartan dipine olol thiazide"),
    ("cholesterol heart", "statin"),
    ("diabetes blood sugar glucose", "formin gliptin gliflozin glutide"),
    ("stomach acid reflux heartburn", "prazole tidine"),
    ("asthma breathing lung", "lukast meterol moterol buterol sonide tropium"),
    ("migraine headache", "triptan"),
    ("depression anxiety mood", "oxetine xetine citalopram pramine triptyline"),
    ("anxiety sleep", "azepam zepam zolam"),
    ("infection antibiotic", "cillin mycin cycline floxacin oxacin"),
    ("allergy allergic", "tirizine atadine"),
    ("pain inflammation", "profen coxib oxicam"),
    ("nerve pain epilepsy seizure", "pentin gabalin"),
    ("adhd attention", "phenidate"),
    ("prostate bladder urinary", "osin"),
    ("blood thinner anticoagulant clot", "parin xaban gatran"),
    ("steroid inflammation", "nisone nisolone thasone cortisone"),
)
# A medicine's generic name says what it is by its ending (the naming stems of the WHO's International
# Nonproprietary Names): ramipril and lisinopril, amlodipine, atenolol, atorvastatin, losartan,
# omeprazole, amoxicillin, sertraline's cousins fluoxetine and citalopram, donepezil, cetirizine. The
# stems of `_TREATS` say what for as well; these say only that it is a medicine.
_OTHER_MEDICINE_STEMS = (
    "pezil semide vudine navir ciclovir conazole azole setron peridol apine idone lamotrigine barbital "
    "caine dronate dronic tinib zumab ximab mumab trexate"
)
_MEDICINE_STEMS = [*_OTHER_MEDICINE_STEMS.split(), *(stem for _, stems in _TREATS for stem in stems.split())]


def _by_ending(stems: list[str]) -> re.Pattern[str]:
    """A word that ends in one of `stems`; a stem that is a whole name ("citalopram") is one itself."""
    whole = "|".join(s for s in stems if len(s) >= 8) or "(?!)"
    return re.compile(rf"^[a-z]{{2,}}(?:{'|'.join(stems)})$|^(?:{whole})$")


_MEDICINE = _by_ending(_MEDICINE_STEMS)
# A condition says what it is by its ending, as a medicine does: tendonitis, endometriosis, leukaemia,
# neuropathy, fibromyalgia, hypothyroidism; not the everyday words that end alike.
_CONDITION = _by_ending(["itis", "osis", "aemia", "emia", "pathy", "algia"])
_HYPO_HYPER = re.compile(r"^hyp(?:o|er)[a-z]{4,}ism$")  # hypothyroidism, hyperparathyroidism
_NOT_A_CONDITION = frozenset(
    ("diagnosis", "prognosis", "hypnosis", "osmosis", "symbiosis", "metamorphosis", "apotheosis", "nostalgia")
    + ("academia", "bohemia")
    + ("empathy", "sympathy", "apathy", "antipathy", "telepathy", "homeopathy", "osteopathy", "naturopathy")
)
_MEDICINE_WORDS = frozenset(("medication", "medicine", "drug", "prescription", "pill"))
_CONDITION_WORDS = frozenset(("illness", "condition", "disease", "health", "diagnosis", "diagnosed"))
_TREATS_INDEX = tuple((_by_ending(endings.split()), frozenset(treats.split())) for treats, endings in _TREATS)
# A school by its name: a name that ends in the word for its kind ("Kaikorai Valley High", "St Mary's
# Primary", "Leeds Grammar"), or the Irish "Scoil" before it ("Scoil Mhuire"): "which school was I at?"
# "kunanyi Mount Wellington", "Mt Kenya": a mountain (not the city the gazetteer knows by the name)
_MOUNTAIN = re.compile(r"\b(?:Mount|Mt\.?)\s+[A-Z]")
_SCHOOL_NAME = re.compile(
    r"\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3}\s+(?:High|Primary|Grammar|Academy|College|Polytechnic|"
    r"Kindergarten|Montessori)\b|\bScoil\s+[A-Z]"
)
# An age: "Zosia (9)", "aged 9", "a 9-year-old", "turned ten", "is 9 now": what "how old is she?" asks.
AGE = re.compile(
    rf"\b[A-Z][a-z]+\s*\((?:aged\s+)?\d{{1,2}}\)|\baged\s+(?:\d{{1,3}}|{CARDINAL_WORDS})\b|"
    rf"\b(?:\d{{1,3}}|{CARDINAL_WORDS})[- ]years?[- ]old\b|"
    rf"\bturn(?:s|ed|ing)\s+(?:\d{{1,3}}|{CARDINAL_WORDS})\b(?!\s*(?:%|degrees|minutes|hours|km|miles|kg))|"
    # someone named is a number, and the sentence or its clause ends there: "Theo is seven and plays the
    # drums", "she's 33 now"; not "Tom is 2 points ahead"
    rf"\b(?!(?:It|This|That|There|Here|What|Which|Who|When|Where|How|Today|Tonight|Tomorrow)\b)"
    rf"(?:[A-Z][a-z]+|[Hh]e|[Ss]he)(?:\s+(?:is|was)|['’]s)\s+(?:now\s+|nearly\s+|almost\s+|only\s+|just\s+)?"
    rf"(?:\d{{1,2}}|{CARDINAL_WORDS})\b(?=\s*(?:[,.!?;)]|and\b|now\b|today\b|this\b|next\b|$))"
)

# An amount by the month as typed: "mortgage ~$3,650/mo", "£900 pcm", "26,500/mo".
_PER_MONTH = re.compile(r"\d\s*/\s*mo\b|\d\s*(?:pcm|p/m)\b", re.IGNORECASE)
# A dose by its measure ("75mcg", "5 mg", "2 puffs", "two tablets"): what "what dose do I take?" asks.
# Working at or for a place is a job ("I work at Osaka University", "she works for the council"): what
# "what was my job in Japan?" asks. "Work" alone is no job ("after work", "the work on the house").
_WORKS_AT = re.compile(r"\bwork(?:s|ed|ing)?\s+(?:at|for)\b|\bjob\s+(?:at|with)\b", re.IGNORECASE)
_DOSE = re.compile(
    r"\b(?:\d+(?:\.\d+)?|one|two|three|four)\s?(?:mg|mcg|µg|ug|ml|iu|units?|puffs?|tablets?|capsules?|"
    r"drops?)\b",
    re.IGNORECASE,
)


def is_medicine(word: str) -> bool:
    """Whether a word names a medicine: by its generic name's ending ("ramipril") or as a known brand or
    kind ("Xarelto", "statin", "inhaler"). The write path reads a dose or a stop of it as a change."""
    token = _norm(word.lower())
    if _MEDICINE.match(token):
        return True
    return token not in _NOT_A_MEDICINE and not _MEDICINE_WORDS.isdisjoint(_kinds(token))


# words in a medicine's group that name no medicine of one's own
_NOT_A_MEDICINE = _MEDICINE_WORDS | {"dose"}


# A job said with money beside it says what the job pays.
_WORK_WORDS = frozenset(
    {"hired", "job", "offer", "role", "position", "shift", "contract", "employer", "promoted", "promotion"}
    | {title for title in JOB_TITLES if " " not in title}
)
_PART_TIME = re.compile(r"\b(?:part|full)[- ]time\b", re.IGNORECASE)
# Pay said in words, as speech-to-text writes it: "seventy-eight thousand a year gross", "two grand a month".
_PAID_IN_WORDS = re.compile(
    r"\b(?:thousand|grand)\s+(?:(?:a|per)\s+(?:year|month|week|hour)|gross|net|before\s+tax)\b", re.IGNORECASE
)
_PAY = frozenset(("salary", "pay", "paid", "income", "earn", "wage"))


# What a job title stands for when it is someone's job ("a nurse", "I'm the CTO", "works as a chef").
_JOB_KINDS = frozenset(("job", "work", "occupation", "profession", "career"))
_POSSESSIVES = frozenset(("my", "our", "his", "her", "their", "your"))
_COPULAS = frozenset(
    ("am", "is", "are", "was", "were", "be", "been", "being", "as", "became", "become")
    + ("i'm", "he's", "she's", "it's", "who's")
)


def _someones_role(tokens: list[str], i: int) -> bool:
    """Whether the job title at `tokens[i]` names a person by their role ("Papa's doctor", "my physio",
    "our first junior designer", "the nurse said") rather than telling a job ("a nurse", "I'm the CTO",
    "works as a chef"): "what do I do for work?" is not asked of every memory that mentions a doctor."""
    if i == 0 and (tokens[1:2] and tokens[1] in _SAYS_OR_TREATS or {"me", "us"} & set(tokens[1:4])):
        return True  # a note that opens with the one who treats the writer: "Doctor put me on sertraline"
    for back in range(1, min(i, 3) + 1):
        word = tokens[i - back]
        if word in ("a", "an") or word in _COPULAS:
            return False
        if word in _POSSESSIVES or word.endswith(("'s", "'")):  # "papa's" is "papa'" without its s
            return True
        if word == "the":
            before = tokens[i - back - 1] if i - back > 0 else ""
            return before not in _COPULAS and not before.endswith("'m")
    return False


_SAYS_OR_TREATS = frozenset(
    "said says told tells thinks reckons wants put puts gave gives prescribed referred upped sent".split()  # noqa: SIM905
)
# A job told of someone the text names: "Callum, a sound engineer", "Vesela, retired pharmacist", "Kate is
# a paramedic now", "Dev (structural engineer at ...)".
_TOLD_OF = re.compile(
    r"(?-i:\b[A-Z][a-zà-ÿ'’-]+)(?:,\s+|\s+\(\s*|\s+(?:is|was|'s)(?:\s+now)?\s+)(?P<rest>[\w\s'-]{1,40})"
)
# The writer's own job in the same text: "I work as", "I'm a nurse", "my new job".
_MY_JOB = re.compile(
    r"\b(?:I\s+(?:work|worked|started|got|am\s+(?:a|an|now)\b)|I['’]m\s+(?:a|an|now)\b|"
    r"my\s+(?:new\s+)?(?:job|role|work|position|career))",
    re.IGNORECASE,
)


def tells_anothers_job(text: str) -> bool:
    """The text tells the job of someone it names and none of the writer's: asked "where do I work?", a
    memory that stands for work through Callum's job ("first date with Callum, a sound engineer") is
    about someone else, though it answers "what does Callum do?"."""
    if _MY_JOB.search(text):
        return False
    for match in _TOLD_OF.finditer(text):
        tokens = [_norm(t) for t in _WORD.findall(match.group("rest").lower())][:4]
        if any(_kinds(token) & _JOB_KINDS for token in tokens):
            return True
    return False


def concepts_of(text: str) -> str:
    """The general words (space separated, sorted) that `text`'s specific words stand for and that it
    does not already say; "" when none."""
    words, phrases = _index()
    # A name is no instance of anything: "a whippet called Biscuit" is no dessert.
    text = _NOT_A_HOME.sub(" ", _WORKS_WELL.sub(" ", _NAMED.sub(" ", text)))
    found: set[str] = place_kinds(text)  # "Rome" is a city in Italy, in Europe
    if _DOSE.search(text):
        found |= {"dose", "dosage"}
    if _PER_MONTH.search(text):
        found |= {"month", "monthly"}
    if _SCHOOL_NAME.search(text):
        found |= {"school", "study", "studying", "education"}
    if _WORKS_AT.search(text):
        found |= {"job", "occupation", "employer"}
    if AGE.search(text):
        found |= {"age", "old"}
    if _MOUNTAIN.search(text):
        found |= {"mountain", "peak", "hill"}
    # "East Van" is a part of Vancouver and "West Ham" a club: no vehicle, no meat
    tokens = [_norm(t) for t in _WORD.findall(_COMPASS_NAME.sub(" ", text).lower().replace("\u2019", "'"))]
    present = set(tokens)
    if (not present.isdisjoint(_WORK_WORDS) or _PART_TIME.search(text)) and (
        PRICED.search(text) or _PAID_IN_WORDS.search(text)
    ):
        found |= _PAY  # "HIRED at St. Clare, hospital pharmacist, 26,500/mo": what "how much do I earn?" asks
    for i, token in enumerate(tokens):
        kinds = words.get(token, frozenset())
        if kinds & _JOB_KINDS and token not in _JOB_KINDS and _someones_role(tokens, i):
            kinds -= _JOB_KINDS  # "Papa's doctor put him on insulin" tells no one's job
        found |= kinds
        if (_CONDITION.match(token) or _HYPO_HYPER.match(token)) and token not in _NOT_A_CONDITION:
            found |= _CONDITION_WORDS
        if _MEDICINE.match(token):
            found |= _MEDICINE_WORDS
            found.update(*(treats for stems, treats in _TREATS_INDEX if stems.match(token)))
        base = base_form(token)
        if base is not None:  # "won" stands for "win": what a question asks after "did"
            found.add(base)
    for size in (2, 3, 4):
        for i in range(len(tokens) - size + 1):
            found |= phrases.get(tuple(tokens[i : i + size]), frozenset())
    return " ".join(sorted(w for w in found if _norm(w) not in present))
