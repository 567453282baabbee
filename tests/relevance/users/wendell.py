"""Wendell: a retired geography teacher in Dunedin, New Zealand, who cares for his wife Pauline through
Alzheimer's until she moves into a care home, then sells the family house and manages type 2 diabetes."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "diagnosis",
        "2025-01-08",
        "Memory clinic confirmed what we'd suspected: Pauline has Alzheimer's, mild stage for now. Dr "
        "Okonjo was very gentle with her.",
    ),
    n(
        "retired",
        "2025-01-10",
        "Two years retired after forty-one years teaching geography, the last twenty at Kaikorai Valley "
        "High, and I still wake at 6.15 as if there's a bell to answer.",
    ),
    n(
        "diabetes",
        "2025-01-15",
        "My GP, Dr Walker, has started me on metformin 500mg twice a day for the type 2 diabetes. HbA1c "
        "came back at 58.",
    ),
    n(
        "highgate",
        "2025-01-22",
        "The house on Highgate is far too big for the two of us, four bedrooms and that garden, but Pauline "
        "won't hear of selling.",
    ),
    n(
        "fiona-easter-plan",
        "2025-02-02",
        "Our daughter Fiona rang from Melbourne, she wants to fly over at Easter with the grandkids, Isla "
        "and Rory.",
    ),
    n(
        "callum-gutter",
        "2025-02-09",
        "callum drove down from christchurch for the day, fixed the gutter and ate everything in the "
        "fridge. still our boy at 38",
    ),
    n(
        "donepezil",
        "2025-02-17",
        "bought one of those weekly pill boxes for Pauline, she's on donepezil at night now",
    ),
    n(
        "hail",
        "2025-02-20",
        "Southerly came through this afternoon, hail bouncing off the car in the Countdown car park. "
        "Typical Dunedin February.",
    ),
    n(
        "ross",
        "2025-03-03",
        "Ross next door has offered to sit with Pauline on Tuesday mornings so I can get to the shops. Good "
        "bloke, ex-navy, makes terrible tea.",
    ),
    n(
        "carers-group",
        "2025-03-12",
        "Went to the Dementia Otago carers' group at the library for the first time. Didn't say much but it "
        "helped hearing the others.",
    ),
    n(
        "shellfish",
        "2025-03-18",
        "The new home-help asked about allergies so, for the record: shellfish. A bowl of mussels put me in "
        "hospital back in 2009.",
    ),
    n(
        "easter",
        "2025-04-19",
        "Fiona and the kids here for Easter. Pauline called Isla 'Fiona' a couple of times but was "
        "otherwise bright as a button.",
    ),
    n(
        "fiona-said",
        "2025-04-22",
        "Before she flew home Fiona told me I look exhausted and that I need to book proper respite care, "
        "not just 'manage'.",
    ),
    n(
        "respite",
        "2025-05-06",
        "Booked Pauline a week of respite at Larnach View from 16 June, so the cataract operation can "
        "finally go ahead.",
    ),
    n(
        "cataract",
        "2025-06-17",
        "Right eye cataract done at Dunedin Hospital yesterday. Patch off this morning and the colours are "
        "absurdly bright.",
    ),
    n(
        "indoor-bowls",
        "2025-07-05",
        "Ross has dragged me along to indoor bowls at the Caversham club, Thursday nights. I'm hopeless but "
        "the supper is good.",
    ),
    n("hba1c", "2025-07-14", "HbA1c down to 51. Dr Walker pleased, said keep up the walking."),
    n(
        "stomach",
        "2025-08-02",
        "metformin playing havoc with my stomach for weeks now, not leaving the house some mornings",
    ),
    n(
        "metformin-xr",
        "2025-08-11",
        "Dr Walker has switched me to the slow-release metformin: one 1000mg tablet with dinner instead of "
        "the twice-daily ones.",
    ),
    n(
        "wandering",
        "2025-08-29",
        "Pauline got out at 3am and a taxi driver found her by the dairy on Stuart St in her dressing gown. "
        "Police were kind. Chain on the front door now.",
    ),
    n(
        "soft-food",
        "2025-09-05",
        "Pauline will only eat soft things now: scrambled eggs, custard, mashed kūmara. She's gone right "
        "off meat.",
    ),
    n(
        "porridge",
        "2025-09-10",
        "Porridge with sultanas every morning, same as the last fifty years. Pauline used to call me a "
        "creature of habit.",
    ),
    n(
        "coriander",
        "2025-09-16",
        "Callum wanted the Thai place on George St again. I can't stand coriander, it tastes like soap, so "
        "I had the plain fried rice.",
    ),
    n(
        "assessment",
        "2025-09-22",
        "Maree from the needs assessment service came round. She says Pauline now qualifies for "
        "hospital-level dementia care.",
    ),
    n(
        "callum-said",
        "2025-09-28",
        "Callum reckons we shouldn't rush into a rest home and says he'll come down every second weekend to "
        "help. Easy to say from Christchurch.",
    ),
    n(
        "decision",
        "2025-10-14",
        "Decided. Pauline moves into the secure dementia unit at Larnach View on 3 November. Hardest thing "
        "I've ever had to do.",
    ),
    n(
        "moved-in",
        "2025-11-04",
        "Pauline moved into Larnach View yesterday. Room 12, looking onto the roses. She asked me twice "
        "when we're going home.",
    ),
    n(
        "visits",
        "2025-11-20",
        "I visit Pauline every day at 11 after morning tea, she's calmest then. Losa, the charge nurse, "
        "says keep it under an hour.",
    ),
    n(
        "crossword",
        "2025-12-03",
        "Apparently the ODT crossword setter has retired. End of an era, though I only ever finished the "
        "Monday one.",
    ),
    n(
        "christmas",
        "2025-12-26",
        "Christmas lunch at Larnach View with Pauline, Callum and his partner Jess. Pauline sang every word "
        "of Silent Night.",
    ),
    n(
        "listed",
        "2026-01-13",
        "Listed the Highgate house with Harcourts. The agent reckons it'll go quickly over summer.",
    ),
    n(
        "pennants",
        "2026-01-20",
        "Outdoor bowls now, Saturday pennants for Caversham. Our skip is a retired dentist called Graham "
        "who takes it all very seriously.",
    ),
    n(
        "knee",
        "2026-02-02",
        "left knee swollen after bowls, Dr Walker says osteoarthritis, try voltaren gel and see a physio",
    ),
    n("sold", "2026-02-27", "Highgate has sold. Settlement is 10 April."),
    n(
        "unit",
        "2026-03-08",
        "Bought a two-bedroom unit in Andersons Bay, ten minutes' drive from Larnach View. No lawns to mow.",
    ),
    n(
        "moving-day",
        "2026-04-12",
        "First night in the Andersons Bay unit. Boxes everywhere. Found Pauline's wedding shoes in one and "
        "had to sit down for a while.",
    ),
    n(
        "isla-ten",
        "2026-04-25",
        "Isla turned ten today, video call with Melbourne. She's decided she's going to be a vet.",
    ),
    n(
        "anahera",
        "2026-05-02",
        "New neighbour on the other side of the wall, Anahera, a retired midwife with a very vocal cat "
        "named Sputnik.",
    ),
    n(
        "dietitian",
        "2026-05-04",
        "Dietitian at the diabetes clinic wants me cutting back on bread and white rice. Still porridge, "
        "but no more sultanas on it.",
    ),
    n(
        "physio",
        "2026-05-19",
        "The physio at Physio Plus on Andersons Bay Rd is a young chap called Tama. Knee exercises twice a "
        "day, he says.",
    ),
    n(
        "fall",
        "2026-06-08",
        "Larnach View rang early: Pauline had a fall in the night, bruised hip, X-ray clear, no fracture.",
    ),
    n(
        "losa-said",
        "2026-06-10",
        "Losa said Pauline's been much more settled since they started playing her old Dusty Springfield "
        "records in the afternoons.",
    ),
    n(
        "u3a",
        "2026-06-23",
        "Signed up for a U3A course on New Zealand geology at Otago Museum, Wednesday afternoons in term 3. "
        "Old habits.",
    ),
    n(
        "fiona-move",
        "2026-07-15",
        "Fiona is thinking of moving the whole family back to NZ next year, Wellington probably. Nothing "
        "decided.",
    ),
    n(
        "left-eye",
        "2026-07-30",
        "Optometrist says the left eye's cataract will want doing within the year too.",
    ),
    n("cap", "2026-08-06", "lost my good tweed cap somewhere between the library and the bus stop. annoyed"),
    n(
        "indoor-quit",
        "2026-08-18",
        "Giving up indoor bowls, the knee doesn't like bending on the mats. I'll stick to outdoor in summer.",
    ),
    n(
        "phone",
        "2026-08-25",
        "Told the kids again: ring me, don't text. I never notice the texts until the next day.",
    ),
    n(
        "statin",
        "2026-09-02",
        "Cholesterol creeping up so Dr Walker has added atorvastatin 20mg at night.",
    ),
    n(
        "anniversary",
        "2026-09-19",
        "It's our 45th wedding anniversary tomorrow. Taking Pauline roses and the old photo album.",
    ),
    n(
        "name",
        "2026-10-05",
        "Pauline didn't know my name today but held my hand the whole visit. I'll take it.",
    ),
    n(
        "bins",
        "2026-10-12",
        "Council's changed the bins again, yellow lid for glass now. Nobody on the street can keep up.",
    ),
    n(
        "melbourne",
        "2026-10-20",
        "Flying to Melbourne 4-18 December for Christmas with Fiona's lot. Callum will visit Pauline while "
        "I'm away.",
    ),
)

QUESTIONS = (
    q("work", "Which subject was I teaching all those years?", "retired"),
    q("work", "which school was I at for the last part of my career", "retired"),
    q("people", "Who's Ross?", "ross indoor-bowls"),
    q("people", "What's the name of Callum's partner?", "christmas"),
    q("people", "Remind me what my grandchildren are called.", "fiona-easter-plan easter isla-ten"),
    q("food", "What does Pauline like to eat now?", "soft-food"),
    q("food", "what do I have for breakfast most days?", "porridge dietitian"),
    q("health", "Which diabetes tablets am I on at the moment?", "metformin-xr", forbid="diabetes"),
    q("health", "What's the matter with my knee?", "knee physio indoor-quit"),
    q("health", "What medication is Pauline on?", "donepezil"),
    q("health", "What was my most recent HbA1c result?", "hba1c"),
    q("plans", "When am I going to Melbourne?", "melbourne"),
    q("plans", "Is Fiona planning to move back to New Zealand?", "fiona-move"),
    q("places", "Where am I living these days?", "unit moving-day", forbid="highgate"),
    q("places", "Which room is Pauline in at the care home?", "moved-in"),
    q("preferences", "Would I rather get a call or a text?", "phone"),
    q(
        "preferences",
        "What sort of bowls am I playing these days?",
        "pennants indoor-quit",
        forbid="indoor-bowls",
    ),
    q("history", "What house did we live in before Andersons Bay?", "highgate listed sold"),
    q("history", "What metformin dose did I start on?", "diabetes"),
    q("history", "How did Pauline feel about selling the old house?", "highgate"),
    q("negation", "What foods do I avoid?", "shellfish coriander dietitian"),
    q("negation", "What have I given up because of my knee?", "indoor-quit"),
    q("time_range", "Anything notable happen in August 2025?", "stomach metformin-xr wandering"),
    q("time_range", "What went on in November 2025?", "moved-in visits decision"),
    q("said_about", "What did Fiona tell me about looking after her mum?", "fiona-said"),
    q("said_about", "What was Callum's view on putting his mother in care?", "callum-said"),
    q("said_about", "what has Losa noticed helps Pauline settle?", "losa-said"),
    q("multi_hop", "What did the neighbour who got me into bowls do before he retired?", "ross indoor-bowls"),
    q("multi_hop", "How old will Isla be when I see her this Christmas?", "isla-ten melbourne"),
    q(
        "multi_hop",
        "Who's going to visit Pauline while I'm away, and who is his partner?",
        "melbourne christmas",
    ),
    q("lexical_gap", "Who's my family doctor?", "diabetes hba1c metformin-xr knee statin"),
    q("lexical_gap", "Which of my eyes has already been operated on?", "cataract"),
    q("lexical_gap", "Who captains my bowls team?", "pennants"),
    q("no_answer", "What did Pauline do for work before she retired?"),
    q("no_answer", "What's Fiona's husband called?"),
    q("no_answer", "How much did the Highgate house sell for?"),
    q("no_answer", "What's my blood type?"),
    q("no_answer", "Which airline am I flying to Melbourne on?"),
    q("no_answer", "What breed is Anahera's cat?"),
)

HISTORY = History("wendell", NOTES, QUESTIONS)
