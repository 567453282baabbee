"""Joaquín: Chilean civil engineer in Melbourne, barista to consultancy to rail secondment to DTP."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "arrived",
        "2024-02-03",
        "Landed in Melbourne!! 🇦🇺 working holiday visa (417), 12 months. share house in Brunswick, 5 of us, "
        "room is tiny but $260/wk incl bills so ok po",
    ),
    n(
        "flatmates",
        "2024-02-09",
        "flatmates: Dev (structural engineer at some consultancy in the city, grew up in Werribee), "
        "Siobhan from Cork who's a nurse, + 2 german backpackers I never see. Dev cooked dal for "
        "everyone, buena onda",
    ),
    n(
        "barista-job",
        "2024-02-14",
        "tengo pega!! barista at Little Ember Coffee in Fitzroy, $29/hr casual, 6am starts Tue-Sat. "
        "manager = Kate, kinda intense about latte art jaja",
    ),
    n(
        "degree-note",
        "2024-02-26",
        "Kate asked why an engineer is pulling shots lol. told her: civil eng degree from USM in Valpo, "
        "3 yrs at a construction company in Chile, zero aussie experience. plan is the Engineers Australia "
        "assessment",
    ),
    n(
        "football-join",
        "2024-03-05",
        "joined a sunday league team, Merri Creek FC, div 3. playing right mid. lost 3-1 but the 1 "
        "was mine ⚽️",
    ),
    n(
        "money-home",
        "2024-03-18",
        "sent mamá 300 lucas via Wise. every month on payday from now on, she stopped working last year "
        "and Mati is still at uni",
    ),
    n(
        "empanada-place",
        "2024-04-02",
        "FOUND IT. Doña Rosa Empanadas in Coburg. the pino tastes like home, egg, olive, everything 😭 "
        "saturday ritual after footy now",
    ),
    n(
        "ea-assessment",
        "2024-04-10",
        "Engineers Australia assessment came back positive - Professional Engineer! Dev says his firm "
        "is hiring juniors, he'll refer me",
    ),
    n(
        "interview-set",
        "2024-04-22",
        "interview at Calder & Moss (Dev's consultancy) Tuesday 30th 10am w/ Fiona Walsh, she leads "
        "the roads & drainage team. nervous weón",
    ),
    n(
        "interview-fix",
        "2024-04-23",
        "wait no - the interview is THURSDAY 2 May not Tuesday, misread the email. more time to prep",
    ),
    n(
        "job-offer",
        "2024-05-08",
        "OFFER!!! Junior Civil Engineer at Calder & Moss, $74k + super, start 3 June. Fiona will be my boss. "
        "told Kate today, 2 wks notice at the cafe",
    ),
    n(
        "first-week",
        "2024-06-07",
        "first week done. Dev sits 2 desks away lol, flatmate AND coworker. doing stormwater drainage design "
        "for a subdivision in Tarneit, all in 12d Model. 8:30-5, fridays wfh",
    ),
    n(
        "mum-diabetes",
        "2024-06-20",
        "Mati called. mamá has type 2 diabetes, just diagnosed. new diet + metformin. feel so far away. "
        "upping the monthly transfer to 350 lucas",
    ),
    n(
        "chloe-meet",
        "2024-07-13",
        "date w/ Chloe from Hinge. teaches grade 3 at a primary in Thornbury, from Ballarat originally. "
        "bacán, she laughed at my jokes in english",
    ),
    n(
        "chloe-official",
        "2024-08-04",
        "Chloe is officially my polola 🥰 met her family in Ballarat, her brother Ben is an electrician, "
        "super quiet, lives for Collingwood",
    ),
    n(
        "surf-lesson",
        "2024-08-25",
        "first surf lesson at Torquay, 2 hrs. water FREEZING even in a 4/3. stood up once for like 2 sec. "
        "want more",
    ),
    n(
        "sponsor-talk",
        "2024-09-12",
        "Fiona says C&M will sponsor me on a 482 bc my WHV runs out in Feb. HR lodging it this month 🙏",
    ),
    n(
        "lauren",
        "2024-09-28",
        "grand final bbq at the house. Dev's gf Lauren came, she's a paramedic. watched me stretch and said "
        "my hamstrings are 'criminally tight' 😂",
    ),
    n(
        "low-carb-start",
        "2024-10-06",
        "starting low carb with Dev. no bread no rice no pasta. want to lose the guata before summer. "
        "worst part: no marraqueta",
    ),
    n("visa-482", "2024-10-28", "482 APPROVED. 4 yrs, tied to Calder & Moss. can breathe now"),
    n(
        "mazda",
        "2024-11-09",
        "bought a car!! 2013 Mazda 3 hatch, silver, 118k km, $9,800 from an old guy in Preston. "
        "surf trips way easier now",
    ),
    n(
        "xmas-flights",
        "2024-11-30",
        "booked MEL-SCL for christmas, 19 Dec to 7 Jan, via Auckland. $2,100 ugh. not telling mamá, surprise",
    ),
    n(
        "xmas-valpo",
        "2024-12-24",
        "Valpo 🇨🇱 surprise worked, mamá cried. once with marraquetas, palta, quesillo, tea - low carb can "
        "wait. she looks better, sugar under control, walks every morning",
    ),
    n(
        "back-melb",
        "2025-01-12",
        "back in melb. Mati wants to come mid year. Chloe and I talking about moving in together 👀",
    ),
    n(
        "flat-northcote",
        "2025-02-08",
        "signed the lease! 2-bed flat in Northcote w/ Chloe, $460/wk split 50/50. leaving the Brunswick "
        "house on the 22nd, gonna miss Dev's dal",
    ),
    n("rent-fix", "2025-02-09", "rent is $640 not $460 — typo. so $320 each. still fine"),
    n(
        "hamstring",
        "2025-03-09",
        "pulled something in the back of my left thigh sprinting for a long ball 😩 felt a pop. "
        "can barely walk",
    ),
    n(
        "physio",
        "2025-03-12",
        "physio: Marco @ Northcote Sports Physio. grade 2 hamstring tear, 6-8 wks no football. bridges + "
        "isometrics twice a day, sessions wed 7:30am",
    ),
    n(
        "low-carb-stop",
        "2025-03-25",
        "ya, se acabó el low carb. 5 months, -6kg but always hungry and cranky. 2 empanadas at Doña Rosa "
        "to celebrate, zero regrets",
    ),
    n(
        "promotion",
        "2025-04-15",
        "promoted!! Civil Engineer, no more 'junior', $88k + super from 1 May. Fiona said I'm ready to run "
        "the Tarneit job on my own",
    ),
    n(
        "physio-cleared",
        "2025-05-10",
        "Marco cleared me to play. 9 weeks in the end. nordic curls forever apparently. first game back "
        "sunday, 45 min max",
    ),
    n(
        "mati-flights",
        "2025-06-02",
        "Mati booked!! lands 4 July, 3 weeks. he's in 4th year mechanical at USM, same uni as me jaja",
    ),
    n("mati-fix", "2025-06-03", "no wait he lands 14 July not the 4th. his typo po"),
    n(
        "mati-visit",
        "2025-07-20",
        "Mati here. drove him down the Great Ocean Road in the Mazda, 12 Apostles in the rain. tried surfing "
        "at Torquay and stood up first go 🙄 el weón. Chloe made him pavlova",
    ),
    n(
        "secondment",
        "2025-08-04",
        "big work news: C&M is seconding me to the Western Rail Link alliance for ~9 months. site office in "
        "Sunshine, boss there is Raj Patel (package manager). 7am starts, hi-vis + steel caps. "
        "still a C&M employee",
    ),
    n(
        "bali-cancel",
        "2025-08-22",
        "cancelled Bali surf trip w/ Dev (was Sept) - no leave in the first months on the rail job. "
        "lost $200 deposit on the villa 😤",
    ),
    n(
        "rail-work",
        "2025-09-14",
        "rail job is full on. drainage + track formation checks for the new viaduct, 10 hr days mon-fri, "
        "some saturdays. Ngozi the geotech is a legend, explains everything",
    ),
    n(
        "breakup",
        "2025-10-19",
        "Chloe and I are done. been coming for a while - she wants to go back to Ballarat, I want to stay in "
        "the city. no drama, just sad. she moves out end of Oct",
    ),
    n(
        "footscray",
        "2025-11-08",
        "moved to a 1-bed in Footscray, $480/wk, 15 min drive to the Sunshine site. Northcote was too big "
        "alone. Dev helped with the van",
    ),
    n(
        "pr-lodged",
        "2025-11-20",
        "C&M lodged my 186!! employer nomination for permanent residency. Fiona pushed for it even with me "
        "on secondment. could take 6-12 months",
    ),
    n(
        "xmas-melb",
        "2025-12-25",
        "christmas in melb this yr, at Dev's parents in Werribee. Dev proposed to Lauren at lunch and "
        "she said yes 💍 video called mamá after",
    ),
    n(
        "surf-board",
        "2026-01-11",
        "bought my own board, 7'6 mini mal, second hand $350. Torquay or 13th Beach most sundays, footy is "
        "in off season anyway. catching green waves finally 🏄",
    ),
    n(
        "hana-meet",
        "2026-01-25",
        "met someone at the surf club bbq. Hana, graphic designer, lives in Seddon (10 min from me!!). "
        "surfs way better than me",
    ),
    n("hana-gf", "2026-02-21", "Hana and I are official 🥰 cachai, I'm happy"),
    n(
        "dtp-apply",
        "2026-03-03",
        "applied for Project Engineer at DTP (Dept of Transport and Planning). the rail secondment showed me "
        "I like being on the client side more than consulting",
    ),
    n(
        "kenji",
        "2026-03-07",
        "dinner at Kenji's ramen bar in Carlton - Hana's older brother, he's head chef there. best tonkotsu "
        "of my life no exaggeration 🍜",
    ),
    n(
        "pr-granted",
        "2026-03-28",
        "PR GRANTED 🇦🇺🎉 the 186 came through way faster than they said. permanent resident, not tied to "
        "any employer anymore",
    ),
    n(
        "dtp-offer",
        "2026-04-08",
        "DTP offer!! Project Engineer, VPS 5, $114k + super, start 11 May. manager will be Grace Nguyen. "
        "hybrid. said yes al tiro",
    ),
    n(
        "resign",
        "2026-04-10",
        "resigned from C&M. Fiona was lovely, said the door's always open. Raj grumpy bc I'm leaving the "
        "alliance early lol",
    ),
    n(
        "dtp-first",
        "2026-05-15",
        "first wk at DTP. office on Exhibition St, in Tue-Thu, home mon + fri. Grace runs a team of 8, very "
        "chill. desk buddy Tomás is from Concepción!! another chileno, cachai",
    ),
    n(
        "car-sold",
        "2026-06-07",
        "sold the Mazda on Marketplace, $6,500. I take the train to the city for work now and Hana drives us "
        "to the beach anyway. one less bill",
    ),
    n(
        "football-return",
        "2026-06-28",
        "back at Merri Creek for winter but at centre back now. less sprinting = happy hamstring",
    ),
    n(
        "savings",
        "2026-07-19",
        "money check: $43k saved, goal $90k for a house deposit by end of 2028. mamá gets 400 lucas a month "
        "now. rent $480. fine on the DTP salary",
    ),
    n(
        "mum-hospital",
        "2026-08-30",
        "mamá 3 days in hospital in Viña, sugar too high, moving her onto insulin. Mati with her. home now, "
        "says don't worry (obvio I worry)",
    ),
    n(
        "xmas-plan",
        "2026-09-12",
        "booked Chile for christmas w/ Hana!! 16 Dec - 5 Jan. she's meeting mamá. already planning a once "
        "with sopaipillas for her",
    ),
    n(
        "dev-wedding",
        "2026-10-04",
        "Dev + Lauren set the date: 20 March 2027, Yarra Valley. I'm a groomsman 🤵",
    ),
    n(
        "food-miss",
        "2026-10-25",
        "craving completos and real pastel de choclo so bad. tried making the pastel for Hana, corn too "
        "watery, she was nice about it. doña rosa still saves me",
    ),
    n(
        "dtp-project",
        "2026-11-08",
        "Grace gave me my own package: managing the design consultant on a station carpark upgrade in "
        "Craigieburn. weird being the client after C&M, I like it",
    ),
    n(
        "hamstring-check",
        "2026-11-15",
        "hammy tight again after sunday's game, not injured just cranky. booked Marco Wed 19 Nov "
        "just in case",
    ),
)

QUESTIONS = (
    # work
    q("work", "What's my job title now?", "dtp-offer", forbid="job-offer promotion barista-job"),
    q("work", "Who do I report to at the moment?", "dtp-offer dtp-first", forbid="job-offer secondment"),
    q("work", "How much do I make these days?", "dtp-offer", forbid="job-offer promotion barista-job"),
    q("work", "Which days am I working from home?", "dtp-first", forbid="first-week"),
    q("work", "What did I actually do on the rail project?", "secondment rail-work"),
    q(
        "work",
        "Which day did my Calder & Moss interview end up being on?",
        "interview-fix",
        forbid="interview-set",
    ),
    q("work", "What am I working on in my current role?", "dtp-project", forbid="first-week promotion"),
    # people
    q("people", "Who's Dev?", "flatmates first-week"),
    q("people", "Who is Lauren?", "lauren xmas-melb"),
    q("people", "Who is Tomás?", "dtp-first"),
    # food
    q("food", "Where do I go when I want empanadas?", "empanada-place low-carb-stop"),
    q("food", "Which Chilean foods have I been craving?", "food-miss"),
    q("food", "What did we eat for tea at mum's place when I surprised her?", "xmas-valpo"),
    # health
    q("health", "What injury did I pick up playing football?", "hamstring physio"),
    q("health", "What rehab exercises was I given for my leg?", "physio physio-cleared"),
    q("health", "When am I next seeing the physio?", "hamstring-check"),
    # plans
    q(
        "plans",
        "What am I doing for Christmas this year?",
        "xmas-plan",
        forbid="xmas-melb xmas-flights",
    ),
    q("plans", "How much am I trying to save, and for what?", "savings"),
    q("plans", "Whose wedding is coming up and what's my part in it?", "dev-wedding"),
    # places
    q("places", "Where am I living at the moment?", "footscray", forbid="flat-northcote arrived"),
    q("places", "Which beaches do I usually surf at?", "surf-board surf-lesson"),
    # preferences
    q("preferences", "Do I prefer consulting or working for the client?", "dtp-apply dtp-project"),
    q("preferences", "What's the best ramen I've ever eaten?", "kenji"),
    # history
    q("history", "Where did I work before the consultancy?", "barista-job degree-note"),
    q("history", "Who was my old boss at Calder & Moss?", "job-offer"),
    q(
        "history",
        "How much was the rent on the place I shared with Chloe?",
        "rent-fix",
        forbid="flat-northcote",
    ),
    # negation
    q("negation", "Am I still doing low-carb?", "low-carb-stop", forbid="low-carb-start"),
    q("negation", "Do I still have a car?", "car-sold", forbid="mazda"),
    q("negation", "Am I still with Chloe?", "breakup", forbid="chloe-official"),
    # time_range
    q("time_range", "What was going on in March 2025?", "hamstring physio low-carb-stop"),
    q(
        "time_range",
        "What went on in October and November 2024?",
        "low-carb-start visa-482 mazda xmas-flights",
    ),
    # said_about
    q("said_about", "What did Lauren say about my hamstrings?", "lauren"),
    q("said_about", "What did Fiona say when I quit?", "resign"),
    # multi_hop
    q("multi_hop", "What does my girlfriend's brother do?", "hana-gf kenji", forbid="chloe-official"),
    q("multi_hop", "What's my old flatmate's fiancée's job?", "flatmates lauren xmas-melb"),
    q("multi_hop", "How big a pay rise have I had since my first engineering job?", "job-offer dtp-offer"),
    # lexical_gap
    q("lexical_gap", "When did I stop needing a company to sponsor me to stay here?", "pr-granted"),
    q(
        "lexical_gap",
        "How much do I send my mother each month?",
        "savings",
        forbid="money-home mum-diabetes",
    ),
    q("lexical_gap", "When did I become single again?", "breakup"),
    q("lexical_gap", "Have I ever worked in hospitality?", "barista-job"),
    q("lexical_gap", "How do I commute to the office?", "car-sold"),
    q("lexical_gap", "What safety gear did I have to wear at work on site?", "secondment"),
    q("lexical_gap", "When was mum found to have a blood sugar condition?", "mum-diabetes"),
    # no_answer
    q("no_answer", "What's my tax file number?"),
    q("no_answer", "What's the name of mum's doctor in Chile?"),
    q("no_answer", "How much did Hana pay for her surfboard?"),
    q("no_answer", "What's Chloe's last name?"),
    q("no_answer", "Which AFL team does Kenji support?"),
)

HISTORY = History("joaquin", NOTES, QUESTIONS)
