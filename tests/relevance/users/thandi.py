"""Thandi: a university student in Cape Town who drops her accounting degree for marine biology, swaps a café
job for online tutoring, moves out of residence into a shared house, and manages asthma."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "bcom",
        "2025-02-10",
        "first week of second year BCom accounting at UCT and I'm already drowning in Financial Accounting 2",
    ),
    n(
        "res",
        "2025-02-11",
        "Back in res this year, Tugwell Hall, sharing one bathroom with eleven other girls. love that for me",
    ),
    n(
        "cafe",
        "2025-02-14",
        "Started shifts at Bean There in Rondebosch: Tuesdays and Thursdays 2 to 7, plus Saturday mornings. "
        "R32 an hour plus tips.",
    ),
    n(
        "lwazi",
        "2025-02-20",
        "Lwazi wants us to hike Lion's Head for sunrise this weekend. my boyfriend is a morning person and "
        "it's a problem. engineering students man",
    ),
    n("blue-pump", "2025-02-27", "need to refill my asthma pump before the hike, the blue salbutamol one"),
    n(
        "oat-milk",
        "2025-03-04",
        "lactose intolerant so it's oat milk in everything, and Bean There charges staff R5 extra for it "
        "which is criminal",
    ),
    n(
        "mom-easter",
        "2025-03-09",
        "Mom phoned from Gqeberha, she wants me home for the Easter weekend. Gogo isn't well.",
    ),
    n(
        "ricardo",
        "2025-03-15",
        "My manager at Bean There, Ricardo, keeps putting me on Thursday evenings even though I've got a "
        "tut then. Told him twice.",
    ),
    n(
        "elective",
        "2025-03-28",
        "I genuinely hate IFRS. Sat in on the marine biology elective today and it was the only lecture all "
        "week I didn't want to leave.",
    ),
    n("load-shedding", "2025-04-08", "stage 2 loadshedding again, studied by headlamp like a miner"),
    n(
        "easter",
        "2025-04-20",
        "Home for Easter. Gogo is on oxygen now but she still made umngqusho for the whole family.",
    ),
    n(
        "ayanda",
        "2025-04-21",
        "My little sister Ayanda is in matric and wants to do law at Wits. Mom is stressing about fees "
        "already.",
    ),
    n(
        "advisor",
        "2025-05-06",
        "Saw Prof Mthembu, my faculty advisor, about switching to a BSc. She said I'd lose a year but my "
        "stats and economics credits would carry over.",
    ),
    n("june-exam", "2025-06-10", "FA2 exam tomorrow 9am in the Sports Centre. please god"),
    n(
        "results",
        "2025-07-08",
        "Results are out: failed Financial Accounting 2 with 48%, passed everything else. so close it hurts",
    ),
    n(
        "switch",
        "2025-07-20",
        "Decided!! Switching to a BSc in marine biology from next year. Told Mom, she cried and then said "
        "okay.",
    ),
    n("gogo", "2025-08-02", "Gogo passed away last night. flying to PE tomorrow morning"),
    n(
        "funeral",
        "2025-08-09",
        "Funeral today in Motherwell. So many people came. Uncle Sipho's speech had everyone laughing "
        "through the crying.",
    ),
    n("breakup", "2025-08-25", "Lwazi and I broke up. He 'needs to focus on his final year'. whatever."),
    n(
        "symbicort",
        "2025-09-05",
        "Student Wellness put me on Symbicort, one inhaler as both preventer and reliever, so no more blue "
        "pump. I was using that like five times a week.",
    ),
    n("wind", "2025-09-09", "The wind on Main Road today nearly took my umbrella to Muizenberg"),
    n(
        "vegetarian",
        "2025-09-14",
        "going vegetarian, properly this time. watched a documentary about bottom trawling and I can't "
        "unsee it",
    ),
    n(
        "digs",
        "2025-10-02",
        "Looking for digs for next year with Keagan (from first-year stats) and Mpho (my friend from res), "
        "somewhere in Obs or Mowbray, max R5500 each.",
    ),
    n("last-exam", "2025-11-12", "LAST EXAM DONE. summer!!!"),
    n("cafe-quit", "2025-11-20", "Handed in my notice at Bean There. Ricardo didn't seem surprised."),
    n(
        "learnloop",
        "2025-12-01",
        "New job: tutoring high school maths online for LearnLoop, R180 an hour from my bed. so much better "
        "than the café",
    ),
    n(
        "lease",
        "2025-12-10",
        "Signed the lease for a 3-bed house on Lytton Street in Observatory, R5300 each a month, moving in "
        "1 Feb.",
    ),
    n(
        "ayanda-wits",
        "2025-12-22",
        "Christmas at home in PE and Ayanda got into Wits for law!!! Mom has been telling the whole church.",
    ),
    n(
        "obs-move",
        "2026-02-01",
        "Moved into the Obs house. My room has the broken blind but the biggest window. Keagan has already "
        "claimed the top shelf of the fridge.",
    ),
    n(
        "bsc-day1",
        "2026-02-16",
        "first day as a BSc student, BIO1000 at 8am with a room full of 18 year olds. I'm 21 and I feel "
        "ancient",
    ),
    n(
        "dive-club",
        "2026-02-25",
        "Joined the UCT Underwater Club. The open water course is next month, dives in Simon's Town.",
    ),
    n(
        "mpho-rent",
        "2026-03-02",
        "Mpho says the landlord wants to put the rent up R400 from June and we should fight it together.",
    ),
    n(
        "vegan",
        "2026-03-10",
        "basically vegan now, I've dropped eggs too. Mom thinks I'm going to waste away",
    ),
    n(
        "dive-medical",
        "2026-03-14",
        "Dive doctor had to sign me off because of the asthma. Spirometry was fine, I'm cleared.",
    ),
    n(
        "padi",
        "2026-03-29",
        "Got my PADI Open Water!!! saw a shyshark at Long Beach and nearly screamed into my regulator",
    ),
    n(
        "tiago",
        "2026-04-08",
        "My BIO1000 lab partner is Tiago. He's Angolan and already did a year of chemistry in Luanda, which "
        "is saving my life.",
    ),
    n(
        "bunny",
        "2026-04-24",
        "Keagan made a bean bunny chow on Friday and it's the best thing I've eaten all year",
    ),
    n(
        "olives",
        "2026-05-03",
        "tried olives again because everyone at the braai said I'd grow into them. I have not. never again",
    ),
    n("wifi", "2026-05-12", "The house wifi password is literally password123. Keagan's doing."),
    n("rent-up", "2026-06-01", "Landlord wouldn't budge, rent is R5700 each from this month."),
    n(
        "june-2026-exam",
        "2026-06-05",
        "Chem paper on the 12th is the scary one. everything else I can handle",
    ),
    n("results-2", "2026-07-10", "Results: 78% for BIO1000 and 64% for chem. I'm actually good at this??"),
    n(
        "tiago-dating",
        "2026-07-25",
        "Tiago and I went to see a film at the Labia and... yeah. We're a thing now.",
    ),
    n(
        "hours",
        "2026-08-03",
        "LearnLoop gave me more hours. Now Monday, Wednesday and Sunday evenings, 6 to 9.",
    ),
    n(
        "aquarium-apply",
        "2026-08-20",
        "Applied for the December vacation internship at the Two Oceans Aquarium. Interview is 11 September.",
    ),
    n(
        "ayanda-said",
        "2026-08-28",
        "Ayanda says Joburg is too expensive and she wants to transfer to Rhodes. Mom says over her dead "
        "body.",
    ),
    n(
        "interview",
        "2026-09-11",
        "Aquarium interview went okay I think? The woman said they'd let me know by mid October.",
    ),
    n(
        "night-owl",
        "2026-09-16",
        "Note to self: I study best after 10pm with lofi on. Mornings are useless, stop scheduling study "
        "sessions at 7am.",
    ),
    n(
        "plane-trees",
        "2026-09-22",
        "The plane trees on upper campus are destroying me. Taking cetirizine every day until spring is "
        "over.",
    ),
    n(
        "birthday",
        "2026-10-01",
        "Turned 22! Tiago baked me a vegan chocolate cake, it collapsed in the middle and was still perfect.",
    ),
    n(
        "internship",
        "2026-10-14",
        "I GOT IT. Two Oceans Aquarium internship, 1 December to 31 January, in the education department.",
    ),
    n(
        "xmas-plan",
        "2026-10-20",
        "Only going home to PE for Christmas week, 23 to 28 December, because of the internship. Mom is not "
        "thrilled.",
    ),
)

QUESTIONS = (
    q("work", "where am I working at the moment?", "learnloop hours", forbid="cafe"),
    q("work", "How much do I earn an hour tutoring?", "learnloop"),
    q("people", "Who is Tiago?", "tiago tiago-dating birthday"),
    q("people", "What is my sister studying?", "ayanda ayanda-wits ayanda-said"),
    q("food", "What's the best thing I've eaten this year?", "bunny"),
    q("food", "Am I still eating meat?", "vegetarian vegan"),
    q("health", "Which inhaler am I using now?", "symbicort", forbid="blue-pump"),
    q("health", "Do I have any allergies?", "plane-trees oat-milk"),
    q("health", "Was I cleared to dive despite my asthma?", "dive-medical"),
    q("plans", "What am I doing over December and January?", "internship xmas-plan"),
    q("plans", "When's my trip home for Christmas this year?", "xmas-plan"),
    q("places", "Which suburb do I live in?", "lease obs-move", forbid="res"),
    q("places", "Where did I do my open water dives?", "dive-club padi"),
    q("places", "Which town is my family in?", "mom-easter gogo ayanda-wits xmas-plan"),
    q("preferences", "What time of day do I study best?", "night-owl"),
    q("preferences", "what milk do I take in my coffee?", "oat-milk"),
    q("history", "What degree was I doing before I switched?", "bcom switch"),
    q("history", "Who was I dating before Tiago?", "lwazi breakup"),
    q("history", "What was the rent when we first signed for the Obs house?", "lease"),
    q("negation", "Which module did I fail?", "results"),
    q("negation", "What won't I eat?", "olives vegan vegetarian oat-milk"),
    q("time_range", "what was going on in my life in August 2025?", "gogo funeral breakup"),
    q("time_range", "How did July 2026 go for me?", "results-2 tiago-dating"),
    q("said_about", "What did my faculty advisor tell me about changing degrees?", "advisor"),
    q("said_about", "What did Mpho say about the rent increase?", "mpho-rent"),
    q("said_about", "How does Mom feel about Ayanda moving to Rhodes?", "ayanda-said"),
    q("multi_hop", "Where did my boyfriend study chemistry before coming to UCT?", "tiago tiago-dating"),
    q("multi_hop", "What mark did I get in the course I share with my lab partner?", "tiago results-2"),
    q("multi_hop", "How old was I when I qualified as a diver?", "bsc-day1 padi birthday"),
    q(
        "multi_hop",
        "How much more rent am I paying each month than when I signed the lease?",
        "lease rent-up",
    ),
    q("lexical_gap", "Who are my housemates?", "digs obs-move mpho-rent"),
    q("lexical_gap", "Who was my boss at the coffee shop?", "ricardo"),
    q("lexical_gap", "When did my grandmother die?", "gogo"),
    q("lexical_gap", "Have I got a scuba certification?", "padi"),
    q("no_answer", "What is Keagan studying?"),
    q("no_answer", "Where is Lwazi living now?"),
    q("no_answer", "How much did my PADI course cost?"),
    q("no_answer", "What does my mom do for a living?"),
    q("no_answer", "Do I have a driver's licence?"),
    q("no_answer", "What's the landlord's name?"),
)

HISTORY = History("thandi", NOTES, QUESTIONS)
