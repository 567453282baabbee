"""Rowena: a 34-year-old single mother and pharmacist in Pototan, Iloilo (Philippines), raising her asthmatic
son Miggy, who leaves a drugstore chain for a hospital job in Passi City, buys her first car and moves out of
her parents' house."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "job-botika",
        "2024-06-03",
        "pharmacist-in-charge na ako sa Botika Verde Pototan branch since last yr. shift 7am-3pm mon to "
        "sat, sunday off. pay 18k/mo, not enough but ok",
    ),
    n(
        "home-parents",
        "2024-06-04",
        "still living w/ Nanay Cora & Tatay Ben in Pototan, me and Miggy share the back room. Tatay fixed "
        "the electric fan finally lol",
    ),
    n(
        "miggy-asthma",
        "2024-06-10",
        "Miggy wheezy again after the rain. gave salbutamol neb x2. pedia fri 10am",
    ),
    n(
        "dr-v-asthma",
        "2024-06-14",
        "Dr Villanueva says Miggy's asthma is 'not well controlled'. start budesonide inhaler w/ spacer "
        "2x a day, neb only when needed. keep him away from smoke — the neighbors burning leaves, Tito "
        "Boy's cigarettes.",
    ),
    n("levo", "2024-06-20", "levothyroxine 50mcg every morning empty stomach, dont forget. refill nxt wk"),
    n(
        "lola-bday",
        "2024-07-02",
        "Lola Ising turns 89 on the 20th. party at Tita Nene's in Dingle, I'm in charge of pancit + cake",
    ),
    n(
        "lola-correction",
        "2024-07-05",
        "mali pala — Lola is turning 90 not 89!! Tita Nene corrected me haha. so bigger party, may lechon na",
    ),
    n(
        "motor",
        "2024-07-15",
        "Honda Click needs new tires, 2,400 both at Kuya Dodong's shop. this motor is my life",
    ),
    n(
        "junjun",
        "2024-07-22",
        "Jun-jun and Shiela's gender reveal at their house — baby boy!! due November. my little brother "
        "is going to be a papa, I can't",
    ),
    n(
        "shrimp",
        "2024-08-01",
        "hives all over again after Nanay's kare-kare (she used bagoong). reminder to self: NO shrimp, NO "
        "bagoong, even a little. cetirizine worked naman",
    ),
    n(
        "jomar-sustento",
        "2024-08-10",
        "Miggy's papa Jomar didn't send the 3k sustento this month again. 3rd time. tired of chasing him "
        "in Manila",
    ),
    n("joke", "2024-08-22", "customer asked if we sell 'paracetamol for the heart' 😂 grabe"),
    n(
        "lorna-wedding",
        "2024-08-30",
        "Ate Lorna & Kuya Ramil's 10th wedding anniv today. sent them a greeting, still remember the Jaro "
        "cathedral wedding and me as bridesmaid in that awful peach dress",
    ),
    n(
        "ramil-job",
        "2024-09-05",
        "good news from Dubai: Kuya Ramil hired na, shuttle driver for a hotel in Deira, 2,800 dirhams. "
        "after 8 months of applying. Ate Lorna still on nights as a nurse, says hi to Miggy",
    ),
    n(
        "kdrama",
        "2024-09-18",
        "finished Queen of Tears in 4 nights, zero sleep. kdramas are my only vice tbh",
    ),
    n(
        "inasal",
        "2024-09-28",
        "payday treat: chicken inasal w/ Miggy at the manokan near the plaza, extra chicken oil on the "
        "rice. fave ulam forever and ever",
    ),
    n(
        "prayer",
        "2024-10-01",
        "'Do not worry about tomorrow, for tomorrow will worry about itself.' Matt 6:34",
    ),
    n(
        "fbs",
        "2024-10-15",
        "annual physical: FBS 108, borderline. Dr Sumagaysay says prediabetes, cut the softdrinks and the "
        "white rice or I'll be on metformin in 2 yrs",
    ),
    n(
        "tsh",
        "2024-10-21",
        "TSH came back high, 6.8. Dr Sumagaysay increasing the levo to 75mcg starting monday",
    ),
    n(
        "miggy-school",
        "2024-11-04",
        "PTA meeting at Pototan Central Elem. Miggy's grade 3 adviser this yr is Shiela — Tita Shiela at "
        "home, Ma'am Shiela in school haha. he can't get away with anything",
    ),
    n(
        "christmas",
        "2024-12-25",
        "Noche Buena at Nanay's. Miggy got the Lego he wanted from Ate Lorna's balikbayan box. Jomar "
        "texted merry xmas, no gift, as usual",
    ),
    n(
        "softdrinks-quit",
        "2025-01-02",
        "new yr: no more Coke. day 2. I was doing 1.5L a day before 😭 water w/ calamansi na lang",
    ),
    n(
        "karaoke",
        "2025-01-18",
        "videoke night at Jun-jun's. my song is still Dancing Queen. I refuse to sing My Way, people "
        "literally get stabbed over that song lol",
    ),
    n(
        "coke-month",
        "2025-02-02",
        "1 month without Coke!! had one sip at a party, didn't even like it anymore",
    ),
    n(
        "tin-setup",
        "2025-02-08",
        "Tin (classmate from pharmacy school) set me up w/ her cousin Arnel, agriculturist at the DA "
        "office in Iloilo City. dinner sat",
    ),
    n("arnel-date", "2025-02-16", "2nd date w/ Arnel. he's kind, he liked Miggy's drawings. slow slow lang"),
    n(
        "boracay-plan",
        "2025-03-01",
        "plan: Boracay for Miggy's 9th bday, April 18-20. budget 15k all in. need to ask Ma'am Guia for "
        "leave",
    ),
    n("tsh-ok", "2025-03-05", "TSH normal na on the 75mcg. stay on it, recheck after 1 yr"),
    n(
        "guia-leave",
        "2025-03-10",
        "Ma'am Guia (area supervisor) approved the leave but said 'Rowena you're the only RPh in that "
        "branch, find your own reliever.' she also hinted I could be area pharmacist next yr",
    ),
    n(
        "rice",
        "2025-03-20",
        "switched to half cup brown rice at lunch. Nanay says brown rice is for sick people daw lol",
    ),
    n("thanks", "2025-03-27", "thank you app for reminding me about the levo refill hehe"),
    n(
        "boracay",
        "2025-04-19",
        "BORACAY!! Miggy swam at Station 2 the whole day and no wheezing at all 🙏 the inhaler talaga works",
    ),
    n(
        "car-buy",
        "2025-05-10",
        "bought a secondhand Toyota Vios 2016 from Sir Edwin (my dentist, he's upgrading). paid cash from "
        "savings + my 13th month. bye bye getting soaked on the motor",
    ),
    n(
        "driving",
        "2025-05-20",
        "still scared to drive on the highway. Tatay rides with me every afternoon after my shift to "
        "practice",
    ),
    n("sell-motor", "2025-05-25", "sold the Click to Kuya Dodong's nephew, 38k. medyo sad"),
    n(
        "recipe-todo",
        "2025-06-02",
        "buy for Tita Nene: 2 kilos pork belly, atsuete, 1 bundle tanglad — she's cooking for the fiesta",
    ),
    n(
        "jomar-tuition",
        "2025-06-08",
        "Jomar finally sent 10k for Miggy's uniforms + school stuff. first in a year.",
    ),
    n(
        "dr-v-reduce",
        "2025-06-20",
        "check up: Dr Villanueva happy, no attacks for 3 months. budesonide down to once a day at night. "
        "salbutamol only for emergencies",
    ),
    n(
        "arnel-canada",
        "2025-07-12",
        "Arnel got his Canada visa (farm work in Manitoba), leaving in September. he wants long distance. "
        "idk",
    ),
    n(
        "hospital-apply",
        "2025-07-28",
        "applied for hospital pharmacist at St. Clare District Hospital in Passi City. written exam "
        "Tuesday Aug 5",
    ),
    n(
        "exam-correction",
        "2025-07-30",
        "HR called, the exam is Thursday Aug 7 pala, not Tuesday. ok more time to review IV compatibility",
    ),
    n(
        "lola-dementia",
        "2025-08-18",
        "Lola Ising didn't recognize me today, called me Lorna. Nanay says she's worse in the afternoons",
    ),
    n(
        "hired",
        "2025-09-01",
        "HIRED at St. Clare 🎉 hospital pharmacist, 26,500/mo + benefits, start Oct 1. rotating shifts "
        "tho: 6-2, 2-10, sometimes 10-6",
    ),
    n(
        "resign",
        "2025-09-08",
        "submitted my resignation at Botika Verde. Ma'am Guia was sad, said she would have pushed my "
        "promotion this yr. last day Sept 30",
    ),
    n(
        "breakup",
        "2025-09-14",
        "ended it w/ Arnel before his flight. I can't do LDR with a kid, he understood. cried in the car "
        "at the Jollibee drive-thru 😅",
    ),
    n(
        "nanay-move",
        "2025-10-20",
        "told Nanay we'll move to Passi to be near the hospital. she said Miggy should stay with them "
        "until the school yr ends, Lola needs him daw. Tatay said go, you're 34 na",
    ),
    n(
        "night-shift",
        "2025-10-25",
        "first 10pm-6am shift. hospital pharmacy is so different from retail — IV admixtures, ward stock, "
        "crash carts. Sir Joel the chief pharmacist is strict but fair",
    ),
    n(
        "joel-said",
        "2025-11-05",
        "Sir Joel said my dispensing is the fastest in the dept but I have to slow down and double-check "
        "the narcotics log. noted po",
    ),
    n(
        "apartment",
        "2025-11-15",
        "found an apartment in Passi, 2BR near the public market, 6,500/mo. moving Dec 6",
    ),
    n(
        "rent-correction",
        "2025-11-20",
        "landlady Mrs. Pama clarified the rent is 7,000 pala with water included, not 6,500. still ok",
    ),
    n(
        "fbs-better",
        "2025-11-28",
        "repeat FBS: 96!! normal na. Dr Sumagaysay says keep off softdrinks and no need for metformin",
    ),
    n(
        "moved",
        "2025-12-07",
        "first night in the Passi apartment. weird not hearing Tatay snore through the wall",
    ),
    n(
        "miggy-transfer",
        "2026-01-05",
        "Miggy moved in with me and starts at Passi City Central School today, mid-yr transfer. Nanay "
        "cried. new adviser Sir Bautista",
    ),
    n(
        "swimming",
        "2026-01-17",
        "Miggy's saturday swimming lessons at the Passi pool started, coach says good for his lungs. "
        "1,200/mo",
    ),
    n(
        "paolo",
        "2026-01-24",
        "coffee w/ Paolo from radiology after the night shift. he's funny. don't get ahead of yourself "
        "Rowena",
    ),
    n("dentist", "2026-02-03", "dentist next tues (feb 10) 3pm w/ Dr Edwin, cleaning + check the molar"),
    n("paolo-2", "2026-02-14", "Valentine's dinner with Paolo in Iloilo City. ok we're official i guess 🥰"),
    n(
        "lorna-visit",
        "2026-02-20",
        "Ate Lorna coming home for good in June!! Kuya Ramil stays in Dubai 1 more yr. welcome party at "
        "Nanay's, I'll handle the lechon this time",
    ),
)

QUESTIONS = (
    q("work", "Which pharmacy or hospital am I at now?", "hired night-shift", forbid="job-botika"),
    q("work", "what hours do I work at St. Clare", "hired night-shift", forbid="job-botika"),
    q("work", "How much do I earn now?", "hired", forbid="job-botika"),
    q("people", "who's Tin", "tin-setup"),
    q("people", "How old did Lola Ising turn last July?", "lola-correction", forbid="lola-bday"),
    q("people", "Who is Paolo?", "paolo paolo-2"),
    q("food", "What's my all-time favourite dish?", "inasal"),
    q("food", "what kind of rice am I eating now?", "rice"),
    q("health", "What dose of levothyroxine do I take?", "tsh tsh-ok", forbid="levo"),
    q("health", "How often does Miggy use his controller inhaler now?", "dr-v-reduce", forbid="dr-v-asthma"),
    q("health", "Is my blood sugar ok?", "fbs-better", forbid="fbs"),
    q("plans", "When is Ate Lorna coming back to the Philippines?", "lorna-visit"),
    q("plans", "when's my next dental appointment", "dentist"),
    q(
        "places",
        "Where do Miggy and I live now?",
        "moved apartment rent-correction miggy-transfer",
        forbid="home-parents",
    ),
    q("places", "Which school does Miggy go to?", "miggy-transfer", forbid="miggy-school"),
    q("places", "Where did we go for Miggy's ninth birthday?", "boracay boracay-plan"),
    q("preferences", "What do I sing at videoke?", "karaoke"),
    q("preferences", "what do I like watching when I should be sleeping", "kdrama"),
    q("history", "How did I get around before I had a car?", "motor sell-motor car-buy"),
    q("history", "What was my salary at the drugstore?", "job-botika"),
    q("history", "What was Miggy's asthma treatment before his dose was reduced?", "dr-v-asthma"),
    q("negation", "What did I stop drinking?", "softdrinks-quit coke-month fbs-better"),
    q("negation", "which song won't I sing", "karaoke"),
    q("negation", "What should Miggy be kept away from?", "dr-v-asthma"),
    q("time_range", "What happened in May 2025?", "car-buy driving sell-motor"),
    q("time_range", "what went on in September 2025", "hired resign breakup"),
    q("said_about", "What did Sir Joel say about my dispensing?", "joel-said"),
    q("said_about", "What did Ma'am Guia say about promoting me?", "guia-leave resign"),
    q("said_about", "What did Nanay think about us moving out?", "nanay-move"),
    q("said_about", "what did Dr Sumagaysay tell me about my sugar", "fbs fbs-better"),
    q("multi_hop", "What does my brother's wife do for a living?", "junjun miggy-school"),
    q("multi_hop", "What job does my older sister's husband have?", "lorna-wedding ramil-job"),
    q("multi_hop", "When do I next see the man who sold me my car?", "car-buy dentist"),
    q("lexical_gap", "Do I have any food allergies?", "shrimp"),
    q(
        "lexical_gap",
        "Do I have a boyfriend right now?",
        "paolo-2 paolo",
        forbid="arnel-date tin-setup arnel-canada",
    ),
    q("lexical_gap", "How much is my monthly housing cost?", "rent-correction", forbid="apartment"),
    q("lexical_gap", "Who is my son's father?", "jomar-sustento"),
    q("no_answer", "What colour is my Vios?"),
    q("no_answer", "How much did I pay Sir Edwin for the car?"),
    q("no_answer", "What's Paolo's last name?"),
    q("no_answer", "What's the name of the hospital Ate Lorna works at in Dubai?"),
    q("no_answer", "Which blood group am I?"),
)

HISTORY = History("rowena", NOTES, QUESTIONS)
