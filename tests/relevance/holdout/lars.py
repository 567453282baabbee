"""Lars, a widowed ship's engineer retired in Bergen: hearing aids and a heart rhythm diagnosis, less salt,
an old boat engine to restore, a new companion from the choir, and a move to Oslo near his daughter."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "l01",
        "2023-01-08",
        "Two years since my wife Solveig died today. Lit a candle and walked up Fløyen like we used to "
        "every Sunday.",
    ),
    n(
        "l02",
        "2023-01-19",
        "Forty-one years at sea and I still wake at 03:45 for the morning watch. Chief engineer on Bergesen "
        "tankers, then twelve years on the Hurtigruten ship MS Nordlys.",
    ),
    n(
        "l03",
        "2023-02-02",
        "Started volunteering at the maritime museum in Bergen on Thursdays, showing school classes the old "
        "triple-expansion steam engine model.",
    ),
    n(
        "l04",
        "2023-02-20",
        "The audiologist at Haukeland says the engine rooms took most of my hearing in the high "
        "frequencies. Fitted with hearing aids in both ears.",
    ),
    n(
        "l05",
        "2023-03-11",
        "My daughter Kari called from Oslo. My grandson Emil lost his first tooth and wants to become a "
        "train driver. He is seven and knows every locomotive on the Bergen line.",
    ),
    n(
        "l06",
        "2023-03-30",
        "Bought an old Sabb 10 horsepower diesel from a farmer in Os for 4,000 kroner. Seized solid. It "
        "will be my project for the year.",
    ),
    n(
        "l07",
        "2023-04-14",
        "Arvid, my old second engineer from the tanker years, had a stroke. He is in hospital in Haugesund "
        "and can barely speak.",
    ),
    n(
        "l08",
        "2023-04-29",
        "Drove to Haugesund to see Arvid. He squeezed my hand and laughed when I told him about the Sabb. "
        "His wife Randi says he will go to rehab in May.",
    ),
    n(
        "l09",
        "2023-05-17",
        "National Day in Oslo with Kari, her husband Henrik and Emil. Emil marched with his school band "
        "playing the triangle, very seriously.",
    ),
    n(
        "l10",
        "2023-06-05",
        "My heart was racing and skipping at night. The doctor found atrial fibrillation. Now I take a "
        "blood thinner, Eliquis, twice a day.",
    ),
    n(
        "l11",
        "2023-06-18",
        "The cardiologist wants my blood pressure down. Less salt, she says, so no more salted herring for "
        "breakfast and no more brown cheese on everything.",
    ),
    n(
        "l12",
        "2023-07-02",
        "Caught six mackerel off the Sotra bridge this morning. Fried two in butter with new potatoes, no "
        "salt, and it was still good.",
    ),
    n(
        "l13",
        "2023-07-22",
        "Got the Sabb's piston free after three weeks in diesel and penetrating oil. Patience is the "
        "engineer's first tool.",
    ),
    n(
        "l14",
        "2023-08-09",
        "Berit from downstairs beat me at chess again. She plays the Sicilian every single time and I never "
        "learn.",
    ),
    n(
        "l15",
        "2023-08-30",
        "Joined the Sandviken men's choir. Second bass. My hearing aids make the tenors sound like "
        "seagulls, but the coffee afterwards is excellent.",
    ),
    n(
        "l16",
        "2023-09-12",
        "Henrik got a new position at Equinor, working on the offshore wind farms. Kari says he will travel "
        "to Stavanger a lot.",
    ),
    n(
        "l17",
        "2023-09-28",
        "There is a soprano in the mixed concerts, Gunhild, a retired pharmacist from Voss. We had waffles "
        "after rehearsal and talked for two hours.",
    ),
    n(
        "l18",
        "2023-10-15",
        "Kari wants me to move to Oslo. She says the house in Sandviken is too big for one old man and the "
        "stairs will be the end of me.",
    ),
    n(
        "l19",
        "2023-11-04",
        "I do not like cruise ships. Eleven of them in Bergen harbour this summer. Floating hotels full of "
        "diesel smoke, and I say that as a diesel man.",
    ),
    n(
        "l20",
        "2023-11-20",
        "Gunhild and I went to the Grieg Hall for the Christmas concert. I held her hand on the way home. "
        "At 71, imagine.",
    ),
    n(
        "l21",
        "2023-12-24",
        "Christmas in Oslo. Kari made pinnekjøtt but a low-salt version for me. Emil got a model of the "
        "Flåm railway and would not go to bed.",
    ),
    n(
        "l22",
        "2024-01-10",
        "Arvid can walk with a stick now and phoned me himself. His voice is slow but it is him.",
    ),
    n(
        "l23",
        "2024-01-29",
        "The knee again. Dr. Solheim says the left knee is bone on bone and I should be put on the list for "
        "a replacement.",
    ),
    n(
        "l24",
        "2024-02-16",
        "The Sabb runs! First start in thirty years. Blue smoke, then that beautiful tonk-tonk-tonk. I "
        "nearly cried.",
    ),
    n(
        "l25",
        "2024-03-05",
        "Decided. I will sell the house in Sandviken and buy a flat in Oslo, near Kari. Gunhild says she "
        "will visit by train, it is only seven hours.",
    ),
    n(
        "l26",
        "2024-03-22",
        "Estate agent valued the house at 6.2 million kroner. Solveig's roses will go to the new owners. "
        "That hurts more than I expected.",
    ),
    n(
        "l27",
        "2024-04-12",
        "Last Thursday at the Bergen maritime museum. The school children made me a card with a ship on it.",
    ),
    n(
        "l28",
        "2024-04-30",
        "Bought a two-room flat at Majorstuen with a lift. Ten minutes by tram to Kari and Emil.",
    ),
    n(
        "l29",
        "2024-05-25",
        "Moved in at Majorstuen. The Sabb engine came in the removal van wrapped in Solveig's old quilt.",
    ),
    n(
        "l30",
        "2024-06-06",
        "Knee replacement surgery at Diakonhjemmet hospital. The surgeon says I will walk better than "
        "before by autumn.",
    ),
    n(
        "l31",
        "2024-06-27",
        "Physiotherapy three times a week. The exercises are boring, but I have done worse jobs, like "
        "cleaning a separator in the Red Sea.",
    ),
    n(
        "l32",
        "2024-07-15",
        "Gunhild came to Oslo for a week. We took the boat to Bygdøy and saw the Fram. She says I talk too "
        "much about engines.",
    ),
    n(
        "l33",
        "2024-08-07",
        "The Norwegian Maritime Museum at Bygdøy needs volunteers for the boat hall. I start in September, "
        "Tuesdays and Fridays.",
    ),
    n(
        "l34",
        "2024-08-21",
        "Emil and I rode the Flåm railway, just the two of us. He timed every tunnel with my old engine "
        "room stopwatch.",
    ),
    n(
        "l35",
        "2024-09-10",
        "I cannot eat lutefisk, never could. Henrik loves it and wants to make it for Christmas. I will "
        "bring meatballs.",
    ),
    n(
        "l36",
        "2024-09-29",
        "Found a chess club at Deichman library in Oslo, Wednesdays. Nobody there plays the Sicilian like "
        "Berit.",
    ),
    n(
        "l37",
        "2024-10-12",
        "Cardiology check at Ullevål: the rhythm is under control, blood pressure 128 over 80. The "
        "cardiologist says keep doing what I am doing.",
    ),
    n(
        "l38",
        "2024-10-26",
        "Plan for next summer: take the Sabb to Gunhild's cousin's boathouse in Hardanger and fit it into a "
        "wooden færing.",
    ),
    n(
        "l39",
        "2024-11-09",
        "Arvid and Randi came to Oslo to visit. Arvid says the stroke taught him to stop arguing about "
        "football. I doubt it.",
    ),
    n(
        "l40",
        "2024-11-23",
        "I have stopped using snus after fifty years. The cardiologist would not let it go, and Kari made "
        "me promise.",
    ),
)

QUESTIONS = (
    q("work", "What was my job before I retired?", "l02"),
    q("work", "Which ships did I serve on?", "l02"),
    q("work", "What does Henrik do for work now?", "l16"),
    q("people", "Who is Gunhild?", "l17 l20"),
    q("people", "Who's my chess partner in Bergen?", "l14"),
    q("people", "Remind me, what's Arvid's wife called?", "l08"),
    q("food", "What do I cook when I catch fish?", "l12"),
    q("food", "What does Henrik love that I can't eat?", "l35"),
    q("food", "What did Kari cook for Christmas?", "l21"),
    q("health", "What heart condition do I have?", "l10"),
    q("health", "Which medication do I take?", "l10"),
    q("health", "What happened with my knee?", "l23 l30 l31"),
    q("plans", "What am I planning for next summer?", "l38"),
    q("plans", "What am I bringing to Henrik's Christmas dinner?", "l35"),
    q("plans", "When do I start at the new museum?", "l33"),
    q("places", "Where is my flat?", "l28 l29", "l18"),
    q("places", "Where does my daughter live?", "l05 l18"),
    q("places", "Where did Arvid go to hospital?", "l07"),
    q("preferences", "What do I think of cruise ships?", "l19"),
    q("preferences", "Which chess opening does Berit like?", "l14 l36"),
    q("preferences", "What's Emil into?", "l05 l21 l34"),
    q("history", "Where did I volunteer in Bergen?", "l03 l27"),
    q("history", "What did I use to have for breakfast before the heart diagnosis?", "l11"),
    q("history", "What did Solveig and I do on Sundays?", "l01"),
    q("negation", "What did I quit after fifty years?", "l40"),
    q("negation", "Which foods has the cardiologist taken off my plate?", "l11"),
    q("negation", "What can't I hear well anymore?", "l04"),
    q("time_range", "What did I do in July 2023?", "l12 l13"),
    q("time_range", "What happened between April and June 2024?", "l27 l28 l29 l30"),
    q("time_range", "What went on in late 2023 with Gunhild?", "l17 l20"),
    q("said_about", "What did Kari say about my house?", "l18"),
    q("said_about", "What does Gunhild say about how much I talk?", "l32"),
    q("said_about", "What did the cardiologist say at my last check?", "l37"),
    q("multi_hop", "Where does my son-in-law travel for his new job?", "l16 l09"),
    q("multi_hop", "Where is the woman I held hands with after the Christmas concert from?", "l20 l17"),
    q("multi_hop", "My grandson got a model railway for Christmas: have we ridden the real one?", "l21 l34"),
    q("lexical_gap", "What musical part do I sing?", "l15"),
    q("lexical_gap", "Do I use any devices for my ears?", "l04 l15"),
    q("lexical_gap", "Did the old motor ever come back to life?", "l24"),
    q("lexical_gap", "How much is my old home worth?", "l26"),
    q("lexical_gap", "How long have I been a widower?", "l01"),
    q("no_answer", "What's my son's name?"),
    q("no_answer", "When is my eye test?"),
    q("no_answer", "What did I pay for the flat at Majorstuen?"),
    q("no_answer", "What's Gunhild's surname?"),
    q("no_answer", "Which football team does Arvid support?"),
    q("no_answer", "What instrument does Kari play?"),
    q("no_answer", "Do I take anything for cholesterol?"),
    q("no_answer", "What is the name of my cat?"),
)

HISTORY = History("lars", NOTES, QUESTIONS)
