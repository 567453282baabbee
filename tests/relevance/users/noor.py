"""Noor: a 38-year-old NHS midwife in Leeds of Bangladeshi heritage, single mum to Zayan, whose mother
has diabetes."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "nights-rota",
        "2025-01-06",
        "Rota for Jan: nights Mon-Wed on labour ward, Mum has Zayan those nights. Knackered already.",
    ),
    n(
        "zayan-football",
        "2025-01-11",
        "Zayan football sat 9am at Soldiers Field, bring orange slices (our turn)",
    ),
    n(
        "mum-insulin",
        "2025-01-15",
        "Mum's insulin - Dr Akhtar says 18 units Lantus at night now, was 14. Check her sugars before bed.",
    ),
    n(
        "flat-rent",
        "2025-01-20",
        "Rent on the Harehills flat going up to £875 from Feb. Landlord (Mr Pearson) says boiler will be "
        "fixed 'soon'. Yeah right.",
    ),
    n(
        "driving-lesson-1",
        "2025-01-28",
        "First driving lesson w/ Gary. Stalled 4 times on Roundhay Rd 😩 he said I'm 'too polite at "
        "junctions'",
    ),
    n(
        "farah-bday",
        "2025-02-10",
        "Farah's bday Fri 14th!! little sis turning 33. Order flowers to hers - ranunculus NOT roses. Her "
        "hubby Kamal is useless at this stuff",
    ),
    n(
        "farah-call",
        "2025-02-23",
        "Farah rang - Kamal got the job at the Jaguar Land Rover plant in Solihull, starts March. She's "
        "made up.",
    ),
    n(
        "payslip",
        "2025-02-25",
        "Band 6 take home this month £2,240. Night enhancements make the difference, without them it'd be a "
        "struggle",
    ),
    n(
        "jess-pregnant",
        "2025-03-04",
        "Jess told me on our break she's pregnant!! 12 wks. Asked if I'd be at her birth if I'm on shift 🥹",
    ),
    n(
        "daniel-first-date",
        "2025-03-15",
        "Coffee w Daniel (physio, from the app). Tall, Irish, talks a LOT about cycling. Nice tho. Maybe "
        "again?",
    ),
    n(
        "back-pain",
        "2025-03-22",
        "lower back agony after 3 nights of lifting. GP says mechanical, ibuprofen + stretches. Daniel sent "
        "me exercises lol",
    ),
    n(
        "eid-2025",
        "2025-03-30",
        "Eid at Mum's. Zayan got £60 in eidi and wants to spend it all on Pokémon cards. Told him half goes "
        "in the piggy bank.",
    ),
    n(
        "community-job-apply",
        "2025-04-02",
        "Applied for community midwife post - Chapeltown & Harehills team. Interview 17th April. Days only, "
        "no more nights if I get it.",
    ),
    n(
        "interview",
        "2025-04-17",
        "Interview done. Panel asked about safeguarding + home births. Felt ok? Matron Carol said 'you'd be "
        "wasted staying on nights'",
    ),
    n(
        "got-job",
        "2025-04-25",
        "GOT IT!!! Community midwife, start 2 June. Still band 6 but no nights. Crying in the Aldi car park",
    ),
    n(
        "driving-test-fail",
        "2025-05-08",
        "Failed driving test. 2 majors - roundabout at Oakwood + didn't check mirror pulling out. Gutted. "
        "Rebooked for July.",
    ),
    n(
        "zayan-swim",
        "2025-05-18",
        "Zayan wants to quit football, says the coach shouts at them. Trying swimming club at John Charles "
        "Centre instead, Tue + Thu 5.30",
    ),
    n(
        "last-night-shift",
        "2025-05-29",
        "Last ever night shift on delivery suite 🌙 the girls got me a cake. Won't miss 4am toast.",
    ),
    n(
        "first-day-community",
        "2025-06-02",
        "Day 1 community. Base is the Reginald Centre. Team lead is Priya. Caseload ~90 women. Need a car "
        "asap, buses between visits are a joke",
    ),
    n(
        "daniel-cycling",
        "2025-06-14",
        "Daniel wants me to do the Otley 30 mile sportive with him in Sept. I said I'd think about it (I "
        "won't)",
    ),
    n("driving-pass", "2025-07-10", "PASSED!!! 3 minors. Gary hugged me. Me, a driver at 38 😂"),
    n(
        "car",
        "2025-07-26",
        "Bought the car - 2019 Toyota Yaris hybrid, silver, 41k miles, £11,200 from Arnold Clark. Reg ends "
        "KXP",
    ),
    n("car-insurance", "2025-07-27", "car insurance £1,140/yr with Admiral. ouch. new driver tax"),
    n(
        "car-podcasts",
        "2025-08-05",
        "car rules: podcasts on long drives (Rest Is History, Nobody Panic), Radio 2 otherwise. Zayan is "
        "NOT allowed control of the bluetooth",
    ),
    n(
        "jess-baby",
        "2025-08-19",
        "Jess had her baby girl, Ivy, 7lb 2oz, at 3am. Both well. I wasn't on but popped in after 💕",
    ),
    n(
        "zayan-school",
        "2025-09-03",
        "Zayan started Year 7 at Roundhay School today. Tie already lost by 4pm.",
    ),
    n(
        "mum-fall",
        "2025-09-21",
        "Mum had a hypo and fell in the kitchen. Ambulance, cut on her head, home same night. Dr says drop "
        "Lantus to 16 units.",
    ),
    n(
        "daniel-breakup",
        "2025-10-05",
        "Ended it with Daniel. He said 'you never make room for me' - maybe fair, but he wanted weekends I "
        "don't have. Sad but right.",
    ),
    n(
        "veggie",
        "2025-10-20",
        "Going meat-free Mon-Fri. Cholesterol came back 6.4 at the staff health check. Nurse said cut red "
        "meat + fried stuff.",
    ),
    n(
        "house-viewing",
        "2025-11-08",
        "Viewed 3 bed semi on Lidgett Lane, Roundhay. £1,150 pcm. Garden for Zayan, 10 min walk to his "
        "school. Landlord seems decent.",
    ),
    n(
        "gift-list",
        "2025-11-20",
        "For Farah who keeps asking: NO scented candles (migraines), no chocolates. Yes to books, plants, "
        "nice notebooks.",
    ),
    n(
        "house-move",
        "2025-12-13",
        "Moving day. Keys to Lidgett Lane! Farah + Kamal drove up with a van. Goodbye damp Harehills flat, "
        "won't miss that boiler.",
    ),
    n(
        "bins",
        "2025-12-18",
        "bins: black every other Tues, green recycling the other weeks. brown garden bin needs a permit £45",
    ),
    n(
        "xmas-shift",
        "2025-12-25",
        "On call Christmas day covering Priya's patch, double time. 1 home visit, rest of the day films "
        "with Zayan + Mum.",
    ),
    n(
        "goals-2026",
        "2026-01-03",
        "2026: swim 2x wk, save £150/mo for Umrah, read 12 books, no doomscrolling at 1am",
    ),
    n(
        "ramadan",
        "2026-02-18",
        "Ramadan starts. Fasting + home visits = need suhoor that lasts. Overnight oats w dates + peanut "
        "butter does the job.",
    ),
    n(
        "zayan-gala",
        "2026-03-07",
        "Zayan came 2nd in 100m breaststroke at the city gala!! coach Mel says he could make county squad",
    ),
    n(
        "imran-intro",
        "2026-03-21",
        "Eid. Farah trying to set me up with Imran - Kamal's mate from work, engineer, widower, daughter "
        "Sofia (7). He's driving up Sat.",
    ),
    n(
        "imran-date",
        "2026-03-28",
        "Dinner with Imran at Mumtaz. Quiet, funny once he relaxes. Hates cricket (!). Said he'd drive up "
        "again. I want him to.",
    ),
    n(
        "mum-memory",
        "2026-04-10",
        "Mum forgot she'd done her insulin, nearly did it twice. Ask pharmacy about a pen w/ memory cap. "
        "Ring Farah re carers",
    ),
    n(
        "carers",
        "2026-04-24",
        "Carers from Home Instead start Mon - 8am + 9pm visits to check Mum's insulin. £28/hr, me + Farah "
        "splitting it.",
    ),
    n("dentist", "2026-05-12", "dentist thurs 14th 4.15 - Zayan brace check, Park Lane Dental"),
    n(
        "promotion",
        "2026-05-30",
        "Priya going on mat leave in Aug - she asked me to act up as team lead (band 7) for the year. Said "
        "yes!! 😬",
    ),
    n(
        "lactose",
        "2026-06-15",
        "GP thinks lactose intolerance - explains the stomach after every brew. Switched to oat milk, "
        "already so much better",
    ),
    n(
        "holiday-plan",
        "2026-06-22",
        "Booked Turkey w Zayan: Fethiye 1-11 Aug, all inclusive, £2,380 total. Imran & Sofia might join for "
        "a few days??",
    ),
    n(
        "imran-leeds",
        "2026-07-05",
        "Imran said he'd think about transferring to Leeds 'if this gets serious'. Told him don't move for "
        "me yet. Zayan likes him, thank God",
    ),
    n("mot", "2026-07-20", "Yaris MOT passed. advisory on rear tyres - change before winter"),
    n(
        "fethiye",
        "2026-08-06",
        "Fethiye 🌊 Zayan did a paraglide, I watched through my fingers. Best holiday we've ever had.",
    ),
    n(
        "team-lead-start",
        "2026-08-17",
        "First week as acting team lead. Rota spreadsheets are evil. Carol said 'you were made for this' - "
        "she hasn't seen the spreadsheet",
    ),
    n(
        "umrah",
        "2026-09-12",
        "Umrah pot at £1,300. Want to take Mum Feb half term if her health allows. Ask Dr Akhtar if she's "
        "ok to fly",
    ),
    n(
        "zayan-phone",
        "2026-09-28",
        "Zayan (12) wants an iPhone. Deal: keep up swimming + homework and it's his for Christmas. 2 hrs "
        "screen time on school nights",
    ),
    n(
        "imran-meet-mum",
        "2026-10-04",
        "Imran wants to meet Mum properly. Dinner at ours Sun 11 Oct - Mum insists on making her lamb "
        "biryani, I'm doing a veg one",
    ),
    n(
        "mum-dose",
        "2026-10-15",
        "Mum's diabetes review: HbA1c 58, better. Lantus stays at 16 units + new tablet, empagliflozin 10mg "
        "in the morning.",
    ),
)

QUESTIONS = (
    q(
        "work",
        "What do I do for a living these days?",
        "got-job first-day-community promotion team-lead-start",
        forbid="nights-rota",
    ),
    q("work", "Where is my work based?", "first-day-community"),
    q("work", "Am I covering for anyone's role at work?", "promotion team-lead-start"),
    q("people", "Who is Jess?", "jess-pregnant jess-baby"),
    q(
        "people",
        "Who am I going out with these days?",
        "imran-intro imran-date imran-leeds imran-meet-mum",
        forbid="daniel-first-date daniel-cycling",
    ),
    q("people", "Who's Gary?", "driving-lesson-1 driving-pass"),
    q("food", "What's a good thing for me to eat before dawn when I'm fasting?", "ramadan"),
    q("food", "Do I eat meat during the week?", "veggie"),
    q("food", "Which restaurant did Imran take me to?", "imran-date"),
    q("health", "How much long-acting insulin does Mum take now?", "mum-fall mum-dose", forbid="mum-insulin"),
    q("health", "What was my cholesterol reading?", "veggie"),
    q("health", "What did the doctor say was causing my back pain?", "back-pain"),
    q("plans", "What am I putting money aside for?", "goals-2026 umrah"),
    q("plans", "When will Zayan get his own phone, and on what conditions?", "zayan-phone"),
    q("plans", "What's happening on Sunday 11 October?", "imran-meet-mum"),
    q("places", "Where's home for me now?", "house-move house-viewing", forbid="flat-rent"),
    q("places", "Which secondary school does my son go to?", "zayan-school"),
    q("places", "Where did we go on holiday in summer 2026?", "holiday-plan fethiye"),
    q("preferences", "What flowers does my sister like?", "farah-bday"),
    q("preferences", "What presents should people not buy me?", "gift-list"),
    q("preferences", "What do I like listening to in the car?", "car-podcasts"),
    q("history", "How much was the rent at my old place?", "flat-rent"),
    q("history", "What sport did Zayan do before swimming?", "zayan-football zayan-swim"),
    q("history", "Who was I going out with in 2025?", "daniel-first-date daniel-cycling daniel-breakup"),
    q("negation", "Do I still do night shifts?", "got-job last-night-shift", forbid="nights-rota"),
    q("negation", "Is there anything I can't eat or drink?", "lactose"),
    q("negation", "Why doesn't Zayan play football any more?", "zayan-swim"),
    q("time_range", "What happened in July 2025?", "driving-pass car car-insurance"),
    q("time_range", "What went on in December 2025?", "house-move bins xmas-shift"),
    q("time_range", "What went on in March 2026?", "zayan-gala imran-intro imran-date"),
    q("said_about", "What has Carol said about me?", "interview team-lead-start"),
    q("said_about", "What did Daniel say when we split up?", "daniel-breakup"),
    q("said_about", "What did Imran say about moving to Leeds?", "imran-leeds"),
    q("multi_hop", "Where does my sister's husband work?", "farah-bday farah-call"),
    q("multi_hop", "Which company does Imran work for?", "imran-intro farah-call"),
    q("multi_hop", "What did my pregnant colleague name her baby?", "jess-pregnant jess-baby"),
    q("lexical_gap", "When did I get my licence?", "driving-pass"),
    q("lexical_gap", "How much did I pay for my motor?", "car"),
    q("lexical_gap", "Does my boy have orthodontic work?", "dentist"),
    q("no_answer", "Is my blood group on record?"),
    q("no_answer", "What is Zayan's dad called?"),
    q("no_answer", "What's my National Insurance number?"),
    q("no_answer", "When is Mum's birthday?"),
    q("no_answer", "What's the wifi password at the new house?"),
)

HISTORY = History("noor", NOTES, QUESTIONS)
