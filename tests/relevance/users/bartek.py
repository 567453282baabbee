"""Bartek: a Polish electrician in Dublin, married to Kasia with two young children, who gives up smoking,
retrains as a wind turbine technician and moves the family from a rented flat to a house near Galway."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "sandyford",
        "2025-03-03",
        "Back on the Sandyford site with Doyle Electrical this week, fitting out the third floor of the "
        "office block. My boss Gerry wants it finished by May.",
    ),
    n(
        "school-run",
        "2025-03-05",
        "Kasia's on earlies at the dental practice all week so I'm doing the school runs. Zosia (9) is "
        "grand, Kuba (6) cried at the gate again.",
    ),
    n(
        "flat",
        "2025-03-09",
        "Landlord says the rent on our Drumcondra flat goes up 8% in June. We're already paying €2,150 a "
        "month.",
    ),
    n(
        "quit-smoking",
        "2025-03-14",
        "Day one without cigarettes. Using the 21mg patches from the chemist. Kasia's promised to bin any "
        "she finds.",
    ),
    n(
        "bp",
        "2025-03-20",
        "GP (Dr Farrelly on Griffith Avenue) says my blood pressure is 152/96 and started me on amlodipine "
        "5mg.",
    ),
    n(
        "fergal",
        "2025-03-27",
        "Fergal, our apprentice, wired a socket backwards again. Told him to stop scrolling his phone up a "
        "ladder.",
    ),
    n(
        "five-a-side",
        "2025-04-02",
        "five a side wednesday at the astro in whitehall, lost 9-4, knee held up at least",
    ),
    n(
        "smoke-month",
        "2025-04-14",
        "One month off the fags. Down to the 14mg patches. Craving is worst after dinner.",
    ),
    n(
        "pierogi",
        "2025-04-20",
        "Kasia's mam came over from Poznań for Easter and made pierogi ruskie for what felt like forty "
        "people. Best food on earth.",
    ),
    n(
        "kuba-tummy",
        "2025-05-08",
        "Kuba's had tummy pains and no appetite for weeks. GP is sending him for bloods.",
    ),
    n("rent-up", "2025-06-01", "rent now €2,322 a month. mad money for two bedrooms and a damp bathroom"),
    n(
        "coeliac",
        "2025-06-12",
        "Kuba has coeliac disease. Whole house going gluten-free, Kasia has cleared out the cupboards. No "
        "ordinary bread at home for any of us now.",
    ),
    n(
        "ankles",
        "2025-07-03",
        "Ankles puffed up at the end of every day. Pharmacist thinks it's the amlodipine.",
    ),
    n(
        "ramipril",
        "2025-07-10",
        "Dr Farrelly took me off the amlodipine, I'm on ramipril 5mg in the mornings now. BP check again in "
        "six weeks.",
    ),
    n(
        "wind-tip",
        "2025-07-22",
        "Fergal's cousin does turbine maintenance out in Galway and says they're crying out for "
        "electricians. Money's way better than Doyle's.",
    ),
    n(
        "poland",
        "2025-08-05",
        "Two weeks in Łódź with the kids, staying at my mum's. Zosia finally learned to ride a bike in the "
        "park behind her block.",
    ),
    n(
        "mama-said",
        "2025-08-16",
        "Mama says I look thinner since I stopped smoking, which she's calling a miracle, and that Kasia is "
        "far too good for me. True.",
    ),
    n(
        "patches-done",
        "2025-08-25",
        "Last patch done. Officially nicotine-free. Still want one with the morning coffee though.",
    ),
    n(
        "gwo",
        "2025-09-15",
        "Booked the GWO basic safety training: working at heights, first aid, fire, manual handling. Five "
        "days in Limerick in October, €1,400 of my own money.",
    ),
    n(
        "cats",
        "2025-09-20",
        "Zosia's begging for a kitten but she sneezes like mad around Mrs Brennan's cat downstairs, so "
        "that's a no.",
    ),
    n("nct", "2025-10-01", "The Octavia failed the NCT on the brake discs. €320 to sort."),
    n(
        "gwo-done",
        "2025-10-24",
        "Passed the GWO course. Tower climb was grand, the rescue drill less so.",
    ),
    n(
        "interview",
        "2025-11-06",
        "Interview with Western Wind Services in Galway next Thursday. Two and a half hours down the M6, "
        "hope it's worth it.",
    ),
    n(
        "offer",
        "2025-11-20",
        "Got the offer! Wind turbine technician with Western Wind Services, starting 2 March. Four on, four "
        "off, based out of Oranmore.",
    ),
    n(
        "kasia-said",
        "2025-11-21",
        "Kasia says she'll move to Galway but only if the kids can start the new school in September, not "
        "halfway through the year. So I'll commute for the spring.",
    ),
    n(
        "tree",
        "2025-12-14",
        "The Christmas tree is shedding so much the living room looks like a forest floor. Kuba drew a "
        "moustache on the angel.",
    ),
    n(
        "gf-christmas",
        "2025-12-26",
        "First gluten-free Christmas. Kasia made the makowiec with GF flour and honestly you couldn't tell.",
    ),
    n(
        "notice",
        "2026-01-16",
        "Told Gerry I'm leaving Doyle Electrical at the end of February. He said the door's always open, "
        "which was decent of him.",
    ),
    n(
        "first-week",
        "2026-03-06",
        "First week done at Western Wind. Renting a room in a house in Oranmore on my on-days and driving "
        "back to Dublin for the four off.",
    ),
    n("aoife", "2026-03-12", "My supervisor is Aoife Keane, ex-army, very calm up a tower."),
    n(
        "oleh",
        "2026-03-20",
        "I'm paired with Oleh on the turbines, a Ukrainian lad who's been here three years. We talk in a "
        "mix of English, Polish and Russian and somehow it works.",
    ),
    n(
        "aoife-said",
        "2026-03-27",
        "Aoife said I'm one of the few new techs who didn't go green on the first climb. I'll take it.",
    ),
    n("bp-good", "2026-04-02", "BP 128/82 at the pharmacy. The ramipril is doing its job."),
    n(
        "viewings",
        "2026-04-15",
        "Viewing houses around Oranmore and Claregalway this weekend. Budget up to €380k with Kasia's "
        "salary.",
    ),
    n("aip", "2026-05-07", "Mortgage approval in principle from AIB. Feels very grown-up."),
    n(
        "sideways-rain",
        "2026-05-21",
        "Rain going sideways all day on the Galway site. The weather here is a whole personality.",
    ),
    n(
        "sale-agreed",
        "2026-06-20",
        "Sale agreed on a three-bed semi in Oranmore, closing date 14 August!",
    ),
    n(
        "kasia-job",
        "2026-07-01",
        "Kasia got a hygienist job at a practice in Galway city starting September, three days a week.",
    ),
    n(
        "last-match",
        "2026-07-08",
        "Played my last five-a-side in Whitehall. The lads gave me a Dublin jersey as a joke.",
    ),
    n(
        "moved",
        "2026-08-16",
        "We're in! The removal van was €1,900. Kuba cried because his Lego box got left in Drumcondra; "
        "Kasia's brother drove it over the next day.",
    ),
    n(
        "school",
        "2026-09-01",
        "Kids started at Scoil Mhuire in Oranmore. Zosia already has a friend called Saoirse, and Kuba's "
        "teacher knows all about the coeliac.",
    ),
    n(
        "knee",
        "2026-09-14",
        "Twisted my knee coming down a tower ladder. Orla at the sports injury clinic in Briarhill says "
        "nothing's torn but two weeks off climbing.",
    ),
    n(
        "hurling",
        "2026-09-20",
        "Kuba's joined the under-7s hurling at the local GAA club. The helmet is bigger than he is.",
    ),
    n(
        "pizza",
        "2026-09-27",
        "Found a place in Salthill that does proper gluten-free pizza bases. Kids think it's the best thing "
        "in Galway.",
    ),
    n(
        "black-pudding",
        "2026-10-04",
        "Full Irish in the canteen, minus the black pudding. Never could eat it, twenty years here and I "
        "still can't.",
    ),
    n(
        "rota",
        "2026-10-08",
        "People ask if four-on-four-off wrecks me. Honestly I'd take it over Monday to Friday any day, the "
        "four days off are class.",
    ),
    n(
        "mama-visit",
        "2026-10-10",
        "Mama is coming over from Łódź for three weeks, landing in Shannon on 7 November.",
    ),
    n(
        "ranger",
        "2026-10-20",
        "Sold the Octavia and bought a second-hand Ford Ranger. Better for the site roads.",
    ),
    n(
        "kasia-40",
        "2026-10-28",
        "My wife turns 40 on 3 December. Thinking of booking a night in Ashford Castle, she's been on about "
        "it for years. Kasia must NOT see this.",
    ),
    n(
        "irish-dancing",
        "2026-11-07",
        "Zosia's started Irish dancing on Saturday mornings. She's obsessed with the curly wig.",
    ),
)

QUESTIONS = (
    q("work", "What do I do for work these days?", "offer first-week", forbid="sandyford"),
    q("work", "What shift pattern does the wind job have?", "offer rota"),
    q("work", "What training did I need for the turbine job?", "gwo gwo-done"),
    q("people", "Who's Oleh?", "oleh"),
    q("people", "How old are my kids?", "school-run"),
    q("people", "who is Mrs Brennan", "cats"),
    q("food", "What's my favourite food?", "pierogi"),
    q("food", "Where can we get gluten-free pizza?", "pizza"),
    q("health", "What am I taking for my blood pressure now?", "ramipril bp-good", forbid="bp"),
    q("health", "What's wrong with Kuba's stomach?", "coeliac kuba-tummy"),
    q("health", "How's my knee?", "knee"),
    q("plans", "What am I planning for Kasia's birthday?", "kasia-40"),
    q("plans", "When does my mum land?", "mama-visit"),
    q("places", "Where do we live now?", "moved sale-agreed", forbid="flat rent-up"),
    q("places", "What school do the kids go to?", "school"),
    q("places", "where did I do the safety course", "gwo"),
    q("preferences", "Do I prefer four-on-four-off or a normal working week?", "rota"),
    q("history", "How much rent were we paying in Drumcondra?", "flat rent-up"),
    q("history", "Who did I work for before the wind company?", "sandyford notice"),
    q("history", "Which blood pressure pill was I on before ramipril?", "bp ankles ramipril"),
    q("negation", "What habit did I kick in 2025?", "quit-smoking smoke-month patches-done mama-said"),
    q("negation", "Why can't Zosia have a kitten?", "cats"),
    q("negation", "What part of a fry-up do I skip?", "black-pudding"),
    q("time_range", "What did I get up to in August 2025?", "poland mama-said patches-done"),
    q("time_range", "What happened in November 2025?", "interview offer kasia-said"),
    q("said_about", "What did Kasia say about moving to Galway?", "kasia-said"),
    q("said_about", "what did Mama say about me when I was in Poland?", "mama-said"),
    q("said_about", "What did Aoife think of my first climb?", "aoife-said"),
    q("multi_hop", "Who put me onto wind turbine work, and how do I know him?", "wind-tip fergal"),
    q("multi_hop", "What sport does the child with coeliac disease play?", "coeliac hurling"),
    q(
        "multi_hop",
        "How much did the safety training and the removal van cost me altogether?",
        "gwo moved",
    ),
    q("lexical_gap", "Where does my mother-in-law live?", "pierogi"),
    q("lexical_gap", "What's my ride these days?", "ranger", forbid="nct"),
    q("lexical_gap", "Who's my physio?", "knee"),
    q("no_answer", "What's Oleh's surname?"),
    q("no_answer", "How much did the house in Oranmore cost?"),
    q("no_answer", "What's my salary at Western Wind?"),
    q("no_answer", "Which airline is Mama flying with?"),
    q("no_answer", "What's Kasia's brother called?"),
    q("no_answer", "What position do I play in five-a-side?"),
)

HISTORY = History("bartek", NOTES, QUESTIONS)
