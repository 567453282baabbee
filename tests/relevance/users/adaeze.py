"""Adaeze: a 26-year-old Nigerian software tester who leaves a Lagos fintech for a master's in Glasgow, works
weekends at a corner shop, changes flats and flatmates, takes up running, starts dating Callum and lands a
graduate test engineer job."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "paynest",
        "2024-06-05",
        "another release night at PayNest. 47 regression cases, all manual, at 1am. i am a QA tester not "
        "a magician abeg",
    ),
    n(
        "offer-strath",
        "2024-06-12",
        "OMO. unconditional offer from Strathclyde — MSc Software Engineering, starts Sept. £19,500 fees "
        "😭 need to show funds for the visa",
    ),
    n(
        "home-surulere",
        "2024-06-20",
        "still at home with Mummy and Daddy in Surulere. NEPA took light 3 times today, gen running all "
        "night",
    ),
    n(
        "salary-lagos",
        "2024-06-28",
        "june pay: 450k naira. after giving Mummy her share + data + transport, sapa still dey",
    ),
    n(
        "emeka",
        "2024-07-02",
        "Emeka (3 years together in August) says he'll wait for me. one year isn't long he said. we'll see",
    ),
    n("visa", "2024-07-25", "STUDENT VISA APPROVED!!! flight Aug 31, Lagos - Heathrow - Glasgow"),
    n(
        "resign",
        "2024-07-30",
        "resigned at PayNest. my lead Tolu said i was the best tester on the payments squad and i can "
        "come back anytime. last day Aug 16",
    ),
    n(
        "chidi-jamb",
        "2024-08-10",
        "Chidi scored 287 in JAMB!! UNILAG mechanical engineering if post-UTME goes well. my baby brother o",
    ),
    n(
        "arrive",
        "2024-09-01",
        "Glasgow. it is 14 degrees in SEPTEMBER. halls at Birkbeck Court, flat 7. flatmates are Chloe "
        "from Cork and Wen from Chengdu",
    ),
    n(
        "food-uk",
        "2024-09-10",
        "found an African shop on Victoria Road, got garri, palm oil and Maggi. jollof tastes like home "
        "again. UK tomatoes taste of nothing though",
    ),
    n(
        "drink",
        "2024-09-20",
        "freshers week. everybody drinks here like it's water. i don't drink, i'll have a Fanta thanks",
    ),
    n(
        "quote",
        "2024-10-03",
        "'Testing shows the presence, not the absence of bugs' — Dijkstra. laptop sticker",
    ),
    n(
        "coursework",
        "2024-10-15",
        "the Software Testing module is literally my old job lol. Advanced Algorithms on the other hand "
        "is killing me",
    ),
    n(
        "coop",
        "2024-10-28",
        "got a part time at the Co-op on Duke Street, sat + sun 8-4, £11.44 an hour. student visa = max "
        "20 hrs a week, don't forget",
    ),
    n(
        "chloe",
        "2024-11-05",
        "Chloe taught me to make 'proper' tea, milk AFTER the bag. Wen makes the best dumplings, we trade "
        "them for my jollof",
    ),
    n(
        "iron",
        "2024-11-20",
        "Dr Fraser at the uni health service says anaemia, ferritin very low. ferrous fumarate twice a "
        "day for 3 months. so that's why i'm always tired",
    ),
    n("dark", "2024-12-10", "sunset at 3.40pm. who approved this country"),
    n(
        "xmas",
        "2024-12-25",
        "first christmas away from home. Chloe went back to Cork, me and Wen did jollof + dumplings + a "
        "Tesco trifle. called home, Mummy cried",
    ),
    n(
        "emeka-break",
        "2025-01-19",
        "Emeka and I are done. time difference is one hour but the distance is everything. he's already "
        "seeing someone, i found out from his WhatsApp status. fine. FINE.",
    ),
    n(
        "c25k",
        "2025-02-03",
        "started couch to 5k, week 1 day 1. Chloe's idea. 60 seconds of running felt like dying",
    ),
    n(
        "ngozi-wedding",
        "2025-02-15",
        "watched Ngozi's igba nkwu on video call. she found Obinna in the crowd and gave him the palm "
        "wine and the whole compound screamed. i cried in the library",
    ),
    n(
        "iron-less",
        "2025-02-25",
        "blood test: ferritin up to 40. Dr Fraser says drop the iron to once a day for 2 more months then "
        "stop",
    ),
    n(
        "milk",
        "2025-03-08",
        "bloated every single time i have Chloe's tea. Dr Fraser thinks lactose intolerance. trying oat "
        "milk, bye cow milk",
    ),
    n(
        "parkrun",
        "2025-03-22",
        "first parkrun!! Queens Park, 34:10. finished! nobody cares how slow you are there, i love it",
    ),
    n(
        "parkrun-fix",
        "2025-03-23",
        "correction: that was Victoria Park parkrun not Queens Park, Chloe says i keep mixing up the "
        "parks lol. time still 34:10",
    ),
    n(
        "pepper",
        "2025-03-30",
        "made pepper soup for Wen and Chloe. Chloe's face 😂. i cannot do bland food sha, scotch bonnet in "
        "everything",
    ),
    n(
        "flat-hunt",
        "2025-04-10",
        "halls contract ends May 31. flat viewing in Dennistoun tues 6pm with Mhairi (nurse, found her on "
        "SpareRoom)",
    ),
    n(
        "todo-wen",
        "2025-04-15",
        "Wen asked me to remind her: return the library book on Scottish history + buy a kettle descaler",
    ),
    n("iron-stop", "2025-04-28", "finished the iron tablets. energy back to normal. Dr Fraser happy"),
    n(
        "dissertation",
        "2025-05-05",
        "dissertation topic approved: detecting flaky tests in CI pipelines with ML. supervisor is Dr "
        "Campbell",
    ),
    n(
        "obinna-job",
        "2025-05-12",
        "Obinna got the site engineer job on the Kano rail project, starts July. Daddy is already "
        "bragging to everyone at church",
    ),
    n(
        "flat",
        "2025-05-20",
        "signed!! 3 bed flat on Onslow Drive, Dennistoun, with Mhairi and Femi. my share is £520 + bills. "
        "move in June 1",
    ),
    n("thanks", "2025-06-01", "thanks for keeping all this, you're basically my diary now 😅"),
    n(
        "callum",
        "2025-06-14",
        "guy from parkrun — Callum — asked me for coffee after. he's a physio at the Queen Elizabeth "
        "hospital. i said yes 🙈",
    ),
    n("oat", "2025-06-25", "oat milk in everything now and zero bloating since. lactose free life it is"),
    n(
        "callum-2",
        "2025-07-05",
        "Callum took me up Ben Lomond. my legs. my LEGS. but the view. ok fine i like him",
    ),
    n(
        "mhairi-said",
        "2025-07-20",
        "Mhairi said Callum is 'a keeper' because he washed up without being asked. Femi said he has to "
        "learn to eat pepper first",
    ),
    n(
        "10k",
        "2025-08-10",
        "ran 10k without stopping for the first time, 1:05:30 round Kelvingrove. signed up for the Great "
        "Scottish Run half in October",
    ),
    n(
        "diss-submit",
        "2025-08-29",
        "dissertation submitted 11:47pm. 14,800 words. Dr Campbell said it could become a workshop paper "
        "if i tidy up the evaluation",
    ),
    n(
        "knee",
        "2025-09-05",
        "left knee sore on the outside after long runs. Callum says IT band — foam roller, glute work, "
        "and don't add more than 10% mileage a week",
    ),
    n(
        "chidi-fees",
        "2025-09-15",
        "sent £150 to Daddy for Chidi's school fees at UNILAG. sapa is real but family is family",
    ),
    n(
        "half",
        "2025-10-05",
        "GREAT SCOTTISH RUN HALF DONE!!! 2:14:52. Callum was at mile 11 with a sign saying 'faster than "
        "Lagos traffic'",
    ),
    n(
        "nne",
        "2025-10-12",
        "Nne-nne (Daddy's mum) turned 85 in the village near Enugu. video call, first thing she asked was "
        "when am i marrying 🙄",
    ),
    n(
        "job-offer",
        "2025-10-22",
        "OFFER!!! Graduate Test Engineer at Kelvin Insurance, £31,000, hybrid — Tues + Thurs in the "
        "office on St Vincent Street. start Jan 12",
    ),
    n(
        "femi-out",
        "2025-11-02",
        "Femi is moving out end of Nov, got a job in Aberdeen. his room goes to Lukas, a German PhD "
        "student in chemistry. seems tidy at least",
    ),
    n(
        "visa-grad",
        "2025-11-10",
        "applied for the Graduate visa (2 years). £880 plus the health surcharge omo 😭",
    ),
    n(
        "graduation",
        "2025-11-26",
        "GRADUATED. Distinction!!! Mummy and Daddy flew in, first time they've ever left Nigeria. Daddy "
        "wore his agbada in the rain",
    ),
    n(
        "mummy-said",
        "2025-11-28",
        "Mummy said Callum is 'a fine boy but is he serious?' she wants to meet his parents before she "
        "flies back lol. Daddy only asked what a physio earns",
    ),
    n(
        "coop-quit",
        "2025-12-20",
        "last shift at the Co-op. Sandra the supervisor gave me a card and a box of Celebrations",
    ),
    n(
        "callum-parents",
        "2025-12-26",
        "boxing day at Callum's parents in Stirling. his mum Fiona made a roast, i brought chin chin and "
        "his dad wants the recipe",
    ),
    n(
        "first-day",
        "2026-01-12",
        "first day at Kelvin Insurance. my lead is Aisha, team tests the claims portal. Playwright + "
        "Python, no Selenium thank God",
    ),
    n(
        "running-club",
        "2026-02-07",
        "joined Dennistoun running club, tues + thurs 6.30pm. goal: sub 2:05 at the Edinburgh half in "
        "May. Callum says full marathon maybe 2027 lol",
    ),
    n("dentist", "2026-02-24", "dentist tues 3 march 10.15am, the NHS one on Duke St finally took me"),
)

QUESTIONS = (
    q("work", "Who's my employer now?", "first-day job-offer", forbid="coop paynest"),
    q("work", "What's my salary at Kelvin Insurance?", "job-offer"),
    q("work", "what tools does my team at work use", "first-day"),
    q("people", "Who are my flatmates now?", "femi-out flat", forbid="arrive"),
    q("people", "who's Aisha", "first-day"),
    q("people", "Who is Dr Campbell?", "dissertation diss-submit"),
    q("food", "What do I put in my tea these days?", "milk oat", forbid="chloe"),
    q("food", "where can I get Nigerian ingredients in Glasgow", "food-uk"),
    q("food", "What did I take to Callum's family on Boxing Day?", "callum-parents"),
    q("health", "Am I still on the iron tablets?", "iron-stop", forbid="iron iron-less"),
    q("health", "What's the problem with my knee?", "knee"),
    q("plans", "What race am I training for?", "running-club"),
    q("plans", "when is my dentist appointment", "dentist"),
    q("places", "Where do I live these days?", "flat", forbid="arrive home-surulere"),
    q("places", "Which days do I have to be in the office, and where is it?", "job-offer"),
    q("places", "Where did I run my first parkrun?", "parkrun-fix", forbid="parkrun"),
    q("preferences", "What do I like about parkrun?", "parkrun"),
    q("preferences", "how do I like my food", "pepper"),
    q("history", "What was my job back in Lagos?", "paynest resign salary-lagos"),
    q("history", "Who did I share with in halls?", "arrive chloe"),
    q("history", "Who was I with before Callum?", "emeka emeka-break"),
    q("history", "How often was I taking iron when I started?", "iron"),
    q("negation", "Do I drink alcohol?", "drink"),
    q("negation", "What did I cut out because it bloated me?", "milk oat"),
    q("time_range", "What happened in October 2025?", "half nne job-offer"),
    q("time_range", "what did I get up to in March 2025", "milk parkrun parkrun-fix pepper"),
    q("said_about", "What did Mummy say about Callum?", "mummy-said"),
    q("said_about", "what did Mhairi think of Callum", "mhairi-said"),
    q("said_about", "What did Tolu say when I resigned?", "resign"),
    q("said_about", "What did Dr Campbell say about my dissertation?", "diss-submit"),
    q("multi_hop", "What does my sister's husband do?", "ngozi-wedding obinna-job"),
    q("multi_hop", "Where does the person who cheered me on at mile 11 work?", "half callum"),
    q("multi_hop", "Who got me into running, and where is she from?", "c25k arrive"),
    q("lexical_gap", "what's my way of staying in shape", "running-club parkrun 10k half c25k"),
    q("lexical_gap", "am I single?", "callum callum-2 callum-parents mummy-said", forbid="emeka"),
    q("lexical_gap", "What class of degree did I get?", "graduation"),
    q(
        "lexical_gap",
        "What's my immigration status now that I've finished studying?",
        "visa-grad",
        forbid="visa",
    ),
    q("no_answer", "What's Callum's surname?"),
    q("no_answer", "What did Chidi score in post-UTME?"),
    q("no_answer", "What job did Femi get in Aberdeen?"),
    q("no_answer", "What is Lukas researching for his PhD?"),
    q("no_answer", "Which bank do I use in the UK?"),
)

HISTORY = History("adaeze", NOTES, QUESTIONS)
