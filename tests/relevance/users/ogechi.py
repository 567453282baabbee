"""Ogechi: Vancouver designer going freelance, agency art director, laid off, freelance, own studio."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "freelance-clients",
        "2024-03-04",
        "Mon. 3 clients on the go rn: Harbourline Coffee rebrand, Salish Sea Trust annual report + a lil "
        "menu job for Mama Titi's Kitchen. freelance life 🙃 nobody tells u invoicing is half the job",
    ),
    n(
        "meal-prep",
        "2024-03-10",
        "sun meal prep done — jollof, efo riro, chicken stew, 5 lunchboxes. kids eat the jollof cold "
        "straight from the fridge like animals 😂",
    ),
    n(
        "rate-85",
        "2024-03-12",
        "new clients pay $85/hr from now, $650/day. Funmi (my UNN roomie, nurse at VGH now) says I'm still "
        "undercharging and to stop apologising in my emails. she's right abeg",
    ),
    n(
        "rent",
        "2024-03-18",
        "landlord sef. rent on the Victoria Dr place going to $2,900 from April. East Van is getting crazy. "
        "3bd but Chidi + Mina still share",
    ),
    n(
        "kids-school",
        "2024-03-22",
        "Chidi (9) gr 4 at Lord Nelson, Mina in K same school. Chidi soccer sat mornings @ Trout Lake, "
        "Mina piano w Mrs Ferreira thursdays",
    ),
    n(
        "papa-stroke",
        "2024-04-02",
        "my brother Ikenna called from Lagos. Papa had a small stroke in Enugu, admitted at UNTH. left side "
        "weak, speech ok. Chineke 🙏🏾",
    ),
    n("invoice-harbourline", "2024-04-10", "sent Harbourline the final invoice for the rebrand, $2,300"),
    n(
        "invoice-fix",
        "2024-04-11",
        "no wait, the Harbourline invoice was $3,200 not 2,300. typo in my tracker smh",
    ),
    n(
        "grace-pharmacy",
        "2024-04-20",
        "Grace got pharmacy manager at the Shoppers on Kingsway!! 💊🎉 dinner at eomeoni's sunday, I'm "
        "bringing puff puff",
    ),
    n(
        "priya-logo",
        "2024-04-26",
        "Priya (owns Harbourline) said the new logo is 'the first thing that's felt like us in ten years'. "
        "screenshotted for the portfolio 😭",
    ),
    n(
        "enugu-booking",
        "2024-05-06",
        "booked: YVR→Lagos→Enugu Jul 8, back Jul 29. just me, kids stay w D. Papa recovering but I need to "
        "see him w my own eyes",
    ),
    n("recital", "2024-05-20", "Mina's piano recital Jun 4, 6pm at Mrs Ferreira's studio"),
    n(
        "recital-fix",
        "2024-05-22",
        "actually the recital is the 14th not the 4th. good thing I reread the email",
    ),
    n(
        "thyroid-dx",
        "2024-06-12",
        "Dr Lam called w bloodwork. TSH high = hypothyroidism. explains the tiredness + always being cold. "
        "starting levothyroxine 50mcg every morning on an empty stomach",
    ),
    n(
        "boricha",
        "2024-06-20",
        "supposed to wait 30-60 min after the thyroid pill before coffee so... switching to boricha in the "
        "am like eomeoni does. honestly not bad",
    ),
    n(
        "van-ac",
        "2024-06-28",
        "Odyssey AC died AGAIN in the heatwave. $1,400 to fix. 2015 van and it's showing every year of it",
    ),
    n(
        "enugu-trip",
        "2024-07-30",
        "back from Enugu. Papa walking w a cane, physio 3x/wk, sugar still not controlled. Ikenna & I agreed "
        "to split a live-in carer, ₦250k a month each. ate my body weight in ofe onugbu 😩",
    ),
    n(
        "agency-offer",
        "2024-08-19",
        "Northpoint Creative offered me Art Director!!! $98k + benefits, start Sept 9. Gastown office, "
        "hybrid — in office Tue-Thu. saying YES. bye bye chasing invoices",
    ),
    n(
        "freelance-wrapup",
        "2024-08-30",
        "told Salish Sea + Mama Titi I'm wrapping up my freelance work. handing Harbourline to a friend. "
        "Priya sad but happy for me",
    ),
    n(
        "first-week",
        "2024-09-13",
        "wk 1 at Northpoint done. my CD is Tom Reyes, v chill. copywriter Leila Haddad already my fave, "
        "she eats lunch at 3pm like me lol",
    ),
    n(
        "office-pref",
        "2024-09-27",
        "surprise: I like the office days MORE than wfh. at home I end up doing laundry between artboards. "
        "Gastown lunch spots dey try too",
    ),
    n(
        "pottery",
        "2024-10-03",
        "signed up for wheel throwing wed nights at Mud Room on Main, 10 wk session $420. me time!!",
    ),
    n(
        "house-buy",
        "2024-10-28",
        "WE GOT IT 🏡 townhouse in Killarney, 3bd + den, $1.12M. possession Dec 1, mortgage ~$3,650/mo. "
        "Daniel says this is the last time he carries a couch up 3 flights",
    ),
    n(
        "move-done",
        "2024-12-06",
        "moved. boxes everywhere. kids switch to Champlain Heights Elementary in Jan — Chidi crying about "
        "leaving his friends 💔",
    ),
    n("levo-75", "2025-01-15", "Dr Lam bumped levo to 75mcg, TSH still 6.8. recheck 8 wks"),
    n(
        "no-red-meat",
        "2025-02-10",
        "LDL high too 🙄 so no more red meat for me. fish + chicken ok. goodbye suya (sort of)",
    ),
    n(
        "sunday-dinners",
        "2025-02-23",
        "eomeoni finally taught me her kimchi jjigae. new rule: sunday dinner = jollof one week, jjigae the "
        "next. kids want both every wk obviously",
    ),
    n(
        "grace-date-night",
        "2025-03-01",
        "Grace (D's sister) took the kids to Science World so D & I got a date night at Kissa Tanto. first "
        "one since the move",
    ),
    n(
        "leila-leaves",
        "2025-03-21",
        "Leila's last day at Northpoint 😭 going in-house at Lululemon. office feels empty",
    ),
    n(
        "chidi-bball",
        "2025-04-05",
        "Chidi quit soccer, basketball only now apparently. signed him up at Killarney CC, tue/fri",
    ),
    n(
        "seoul-plan",
        "2025-04-18",
        "nothing booked yet but the plan: Seoul for Chuseok in Sept w D's parents. kids already talking "
        "about Lotte World",
    ),
    n(
        "font",
        "2025-05-08",
        "Tom wants everyone's fav typeface for the team wall. mine = GT Sectra. Helvetica is boring, I will "
        "not be taking questions",
    ),
    n(
        "layoff",
        "2025-06-04",
        "laid off. Northpoint lost the Coast Mountain account & 'restructured', 11 of us gone. 8 wks "
        "severance. Tom said it wasn't performance + he'll give me a reference anytime. numb",
    ),
    n(
        "seoul-cancel",
        "2025-06-10",
        "cancelled Seoul. can't do $9k in flights w no job and a mortgage. eomeoni said aigoo, next year. "
        "Chidi sulked all evening",
    ),
    n(
        "daniel-shifts",
        "2025-06-16",
        "D picking up sat shifts at the physio clinic in Burnaby till I'm billing again. he won't admit he's "
        "tired",
    ),
    n(
        "pottery-stop",
        "2025-06-24",
        "not re-signing for pottery this summer, money too tight. 8 months of wonky bowls. will miss it 😔",
    ),
    n(
        "freelance-again",
        "2025-07-02",
        "ok. freelance again. new rate $110/hr, $850/day. Priya said yes to Harbourline packaging within an "
        "hour 🙌🏾 wahala dey but we move",
    ),
    n("no-coffee", "2025-07-20", "1 yr no coffee ☕❌ didn't even notice. boricha or rooibos only"),
    n(
        "papa-insulin",
        "2025-08-09",
        "Papa's doctor put him on insulin, metformin wasn't enough. Ikenna says he complains about the "
        "injections but he's doing them",
    ),
    n(
        "leila-tea",
        "2025-09-12",
        "tea w Leila. she hates in-house life, wants to start something. we joked about a studio... or was "
        "it a joke 👀",
    ),
    n(
        "thyroid-ok",
        "2025-09-30",
        "TSH finally normal, 2.1 on the 75! Dr Lam says stay on that dose, bloods every 6 months now",
    ),
    n(
        "studio-decision",
        "2025-11-18",
        "decided!! Leila and I are starting a studio, 50/50. she does strategy + copy, I do visual/brand. "
        "name tbd",
    ),
    n(
        "studio-registered",
        "2026-01-08",
        "Twofold Studio Inc. is registered 🎉 launch Feb 2. subletting 2 desks in a shared space at Main & "
        "7th, $900/mo",
    ),
    n(
        "c25k",
        "2026-01-20",
        "started couch to 5k w Funmi. mon/wed/sat 6am 🥶 goal = Sun Run in april",
    ),
    n(
        "studio-launch",
        "2026-02-03",
        "Twofold is LIVE. first clients Harbourline (Priya followed me again lol) + a brewery in Squamish. "
        "we each draw $5k/mo to start",
    ),
    n(
        "car",
        "2026-03-14",
        "sold the Odyssey (RIP, 190k km). got a used 2021 RAV4 hybrid, $31k. D wanted an Ioniq but my money "
        "this time 😂",
    ),
    n("sun-run", "2026-04-19", "DID THE SUN RUN 10K 🏃🏾‍♀️ 1:08:40. Funmi beat me by 4 min, whatever"),
    n(
        "mina-swim",
        "2026-04-25",
        "Mina done w piano — 2 yrs of tears, enough. swimming at Killarney pool on sat instead and she "
        "LOVES it",
    ),
    n(
        "papa-visa",
        "2026-05-12",
        "applied for Papa's visitor visa so he can come for Christmas!! Ikenna would fly w him. praying it "
        "goes thru",
    ),
    n(
        "marco-hire",
        "2026-06-01",
        "we hired our first junior designer: Marco Bianchi, $55k. Leila did the interview, I did portfolio "
        "review. we're an actual company now??",
    ),
    n(
        "tofino",
        "2026-07-22",
        "Tofino 4 days w D, the kids and Grace. Chidi surfed!! Mina refused the cold water. rained 3 of 4 "
        "days naturally",
    ),
    n(
        "levo-88",
        "2026-08-11",
        "bloods: TSH crept back up to 5.9. Dr Lam upped me to 88mcg. recheck oct",
    ),
    n(
        "school-start",
        "2026-09-08",
        "first day: Chidi gr 7 (last yr at Champlain Heights 😢), Mina gr 3. Mina also started Korean school "
        "sat afternoons, halmeoni drives her",
    ),
    n(
        "papa-visa-ok",
        "2026-09-21",
        "PAPA'S VISA APPROVED 🙌🏾🙌🏾 flights booked, Dec 18 Lagos → YVR, Ikenna coming too",
    ),
    n(
        "rate-card",
        "2026-10-05",
        "Twofold rate card final: $140/hr blended, brand identity packages from $18k. Leila says we were "
        "way too cheap in yr 1",
    ),
    n(
        "beef-back",
        "2026-10-19",
        "LDL normal now so Dr Lam ok'd red meat again in moderation. first suya in ~18 months 🔥🔥",
    ),
    n(
        "grace-engaged",
        "2026-11-02",
        "Grace is engaged to Sam!!! wedding maybe next Aug in Seoul. eomeoni already crying",
    ),
    n(
        "papa-room",
        "2026-11-15",
        "turning the den into Papa's room for Dec. bed w rails ordered, D building a ramp for the front "
        "steps",
    ),
)

QUESTIONS = (
    # work
    q(
        "work",
        "What do I do for a living now?",
        "studio-decision studio-registered studio-launch",
        forbid="agency-offer freelance-again freelance-clients",
    ),
    q("work", "Who's my business partner?", "studio-decision"),
    q(
        "work",
        "What's our studio's hourly billing rate?",
        "rate-card",
        forbid="rate-85 freelance-again",
    ),
    q("work", "What salary did the art director job pay?", "agency-offer"),
    q("work", "Who was my creative director at the agency?", "first-week"),
    q("work", "Who was the first person we hired at Twofold?", "marco-hire"),
    q("work", "Where is the studio's workspace and what do we pay for it?", "studio-registered"),
    # lexical_gap
    q("lexical_gap", "What do I drive?", "car", forbid="van-ac"),
    q("lexical_gap", "How much is our monthly home loan payment?", "house-buy"),
    q("lexical_gap", "When did I lose my job?", "layoff"),
    q("lexical_gap", "What was my finishing time in the spring race?", "sun-run"),
    q("lexical_gap", "How much do I pay myself out of the company?", "studio-launch"),
    q("lexical_gap", "Why was I so exhausted and freezing all the time?", "thyroid-dx"),
    q("lexical_gap", "What do I chip in each month for Dad's caregiver?", "enugu-trip"),
    # no_answer
    q("no_answer", "What's my passport number?"),
    q("no_answer", "How old is my father exactly?"),
    q("no_answer", "What interest rate did we get on the mortgage?"),
    q("no_answer", "What's the name of the clinic Daniel works at?"),
    q("no_answer", "What's the Squamish brewery client called?"),
    q("no_answer", "Where did Marco go to design school?"),
    # history
    q("history", "What was I doing for work before the agency job?", "freelance-clients freelance-wrapup"),
    q("history", "What hourly rate did I charge the first time I was freelancing?", "rate-85"),
    q("history", "Where were we living before we bought our place?", "rent"),
    # negation
    q("negation", "Do I still drink coffee?", "boricha no-coffee"),
    q("negation", "Am I still going to pottery class?", "pottery-stop", forbid="pottery"),
    q("negation", "Is Mina still taking piano lessons?", "mina-swim", forbid="kids-school"),
    # time_range
    q(
        "time_range",
        "What was going on with me in June 2025?",
        "layoff seoul-cancel daniel-shifts pottery-stop",
    ),
    q("time_range", "What was I up to in July 2024?", "enugu-booking enugu-trip"),
    q("time_range", "What went on in January 2026?", "studio-registered c25k"),
    # multi_hop
    q("multi_hop", "What does my husband's sister do for work?", "grace-pharmacy grace-date-night"),
    q(
        "multi_hop",
        "Where was my co-founder working right before we decided to start the studio?",
        "leila-leaves studio-decision",
    ),
    q("multi_hop", "What's my running buddy's job?", "c25k rate-85"),
    # said_about
    q("said_about", "What did Priya think of the logo I designed for her café?", "priya-logo"),
    q("said_about", "What did Tom tell me when I was let go?", "layoff"),
    q("said_about", "What was Funmi's take on my pricing?", "rate-85"),
    # health
    q(
        "health",
        "What dose of thyroid medication am I taking?",
        "levo-88",
        forbid="thyroid-dx levo-75 thyroid-ok",
    ),
    q("health", "What condition was I diagnosed with in 2024?", "thyroid-dx"),
    q("health", "How is my dad's diabetes being managed?", "papa-insulin"),
    # plans
    q("plans", "Who's coming to stay with us over Christmas?", "papa-visa papa-visa-ok papa-room"),
    q("plans", "Is there a wedding coming up in the family?", "grace-engaged"),
    # places
    q("places", "Which neighbourhood do we live in?", "house-buy move-done", forbid="rent"),
    q("places", "Where did we go on holiday this summer?", "tofino"),
    # people
    q("people", "Who is Leila to me?", "first-week leila-leaves studio-decision"),
    q("people", "Who's Priya?", "priya-logo freelance-again studio-launch"),
    # food
    q("food", "What do we have for dinner on Sundays?", "sunday-dinners"),
    q("food", "Can I eat beef these days?", "beef-back", forbid="no-red-meat"),
    # preferences
    q("preferences", "Do I prefer working from home or in the office?", "office-pref"),
    q("preferences", "Which typeface is my favourite, and which do I find dull?", "font"),
)

HISTORY = History("ogechi", NOTES, QUESTIONS)
