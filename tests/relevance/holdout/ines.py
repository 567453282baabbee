"""Inês, who runs a nail salon in Newark and raises a teenage son alone: a breakup, a wrist that needs
surgery, prediabetes and a diet without pastries, a second shop, a move to Kearny."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "i01",
        "2023-03-04",
        "Saturday was crazy at the salon, eleven pedicures before 2pm. I need another tech who can do gel-x.",
    ),
    n(
        "i02",
        "2023-03-09",
        "Hired Thuy Nguyen today. She did nails in Houston for eight years and her acrylic fills are "
        "flawless.",
    ),
    n(
        "i03",
        "2023-03-15",
        "My son Rafael turned 16 yesterday. We went to Seabra's for the rodizio and he ate his weight in "
        "picanha.",
    ),
    n(
        "i04",
        "2023-03-28",
        "My right wrist goes numb at night now, and my fingers tingle when I hold the e-file too long.",
    ),
    n(
        "i05",
        "2023-04-06",
        "Dr. Okafor did a nerve conduction test: carpal tunnel syndrome in the right hand. I have to wear a "
        "splint when I sleep.",
    ),
    n(
        "i06",
        "2023-04-20",
        "Marco and I fought again because he never wants to come to Rafa's soccer games. I'm so tired of it.",
    ),
    n(
        "i07",
        "2023-05-02",
        "Broke up with Marco. Four years together. It's for the best, but the apartment on Ferry Street is "
        "so quiet now.",
    ),
    n(
        "i08",
        "2023-05-18",
        "Bianca quit the front desk to go to nursing school at Essex County College. Happy for her, "
        "terrible timing for me.",
    ),
    n(
        "i09",
        "2023-06-01",
        "The acetone smell gives me a headache by the end of every day. Got a quote for a proper "
        "ventilation system: $6,400.",
    ),
    n(
        "i10",
        "2023-06-10",
        "Rafa spent the weekend with his father Paulo in Fall River. Paulo remarried last year, his wife "
        "seems nice enough.",
    ),
    n(
        "i11",
        "2023-06-22",
        "Rafael got his learner's permit. He drives like my father, which is to say like a tourist in "
        "Lisbon.",
    ),
    n(
        "i12",
        "2023-07-10",
        "Rafa started his first job, bagging groceries at the ShopRite on Wilson Avenue, weekends only.",
    ),
    n(
        "i13",
        "2023-07-30",
        "My accountant Gloria says I should turn the salon into an LLC before I even think about a second "
        "shop.",
    ),
    n(
        "i14",
        "2023-08-15",
        "The ventilation system is in. No headaches this week for the first time in months.",
    ),
    n(
        "i15",
        "2023-09-05",
        "Rafa's junior year started. He says he wants to study mechanical engineering and build electric "
        "motorcycles.",
    ),
    n(
        "i16",
        "2023-09-19",
        "Blood work came back: A1C 6.1, the doctor says prediabetes. No more pastéis de nata every morning, "
        "no more Coke at the salon.",
    ),
    n(
        "i17",
        "2023-10-03",
        "Two weeks without soda. I drink sparkling water with lemon now and honestly I don't miss it.",
    ),
    n(
        "i18",
        "2023-10-21",
        "Mãe called from Braga. She says I work too much and that I should visit more than once every three "
        "years.",
    ),
    n(
        "i19",
        "2023-11-11",
        "Thuy told me a storefront in Harrison is for rent, near the PATH station. $3,200 a month.",
    ),
    n(
        "i20",
        "2023-11-23",
        "Thanksgiving at my cousin Lurdes's house in Kearny. Her bacalhau is better than mine, don't tell "
        "anyone.",
    ),
    n(
        "i21",
        "2023-12-08",
        "I can't stand the Christmas music loop at the mall. At the salon I play fado, mostly Amália and "
        "Mariza, and the customers love it.",
    ),
    n(
        "i22",
        "2023-12-20",
        "I'm allergic to latex, so the salon only stocks nitrile gloves. Learned that the hard way in "
        "beauty school.",
    ),
    n(
        "i23",
        "2024-01-09",
        "Signed the lease on the Harrison storefront. Opening planned for March. I'm terrified.",
    ),
    n(
        "i24",
        "2024-01-25",
        "Started walking 30 minutes every evening along the Passaic. The doctor wants me to lose 15 pounds.",
    ),
    n(
        "i25",
        "2024-02-02",
        "Rafa hates cilantro as much as I do. Sofia's mom made a salsa full of it and he ate it to be "
        "polite.",
    ),
    n("i26", "2024-02-14", "Rafael has a girlfriend, Sofia, from his robotics team. He thinks I don't know."),
    n(
        "i27",
        "2024-03-16",
        "Grand opening of the Harrison salon! Thuy will manage it, I stay at Ferry Street.",
    ),
    n(
        "i28",
        "2024-03-30",
        "Rafa passed his road test on the first try. Now I lie awake until I hear the car in the driveway.",
    ),
    n(
        "i29",
        "2024-04-18",
        "The hand surgeon says the splint isn't enough anymore. Carpal tunnel release surgery is scheduled "
        "for June 12.",
    ),
    n("i30", "2024-05-05", "I hate doing the books. Gloria set me up with QuickBooks and I still hate it."),
    n(
        "i31",
        "2024-06-12",
        "Surgery done, hand bandaged. No nails for six weeks, Thuy and the girls are covering my clients.",
    ),
    n(
        "i32",
        "2024-06-20",
        "Lurdes brings me caldo verde every other day since the surgery. I don't deserve her.",
    ),
    n(
        "i33",
        "2024-07-08",
        "Booked flights Newark to Porto for August 10, for Mãe's 70th birthday. Rafa is coming, he's "
        "complaining already.",
    ),
    n("i34", "2024-07-24", "Physical therapy twice a week at Kessler. My grip strength is coming back."),
    n(
        "i35",
        "2024-08-17",
        "Mãe's 70th in Braga: forty relatives, a whole roast goat, and she cried when Rafa gave his speech "
        "in Portuguese.",
    ),
    n(
        "i36",
        "2024-08-27",
        "Back from Portugal. Rafa says he wants to do a semester abroad in Porto someday.",
    ),
    n(
        "i37",
        "2024-09-10",
        "Rafael's college list: Rutgers, NJIT and Stevens. Stevens is the dream, but the tuition, meu Deus.",
    ),
    n(
        "i38",
        "2024-09-28",
        "We're moving! Bought a small house in Kearny, two streets from Lurdes. Closing is October 30.",
    ),
    n(
        "i39",
        "2024-10-12",
        "A customer asked me to host a karaoke night at the salon for her birthday. Absolutely not, I hate "
        "karaoke.",
    ),
    n("i40", "2024-10-30", "Closed on the Kearny house. Rafa finally gets a bedroom bigger than a closet."),
    n(
        "i41",
        "2024-11-05",
        "Next year I want to get my cosmetology instructor license so I can teach at a beauty school on "
        "Sundays.",
    ),
    n("i42", "2024-11-14", "A1C is down to 5.6. The doctor is happy. I still miss the pastéis."),
    n(
        "i43",
        "2024-11-20",
        "Thuy wants to buy into the Harrison location as a partner. Gloria says we need a lawyer for the "
        "operating agreement.",
    ),
)

QUESTIONS = (
    q("work", "What kind of business do I run?", "i01 i23 i27"),
    q("work", "Who manages the Harrison location?", "i27 i43"),
    q("work", "Who left the front desk?", "i08"),
    q("people", "Who's Lurdes?", "i20 i32 i38"),
    q("people", "Who is Rafael seeing?", "i26"),
    q("people", "Who is Rafa's dad and where does he live?", "i10"),
    q("food", "What did we eat for Rafa's sixteenth?", "i03"),
    q("food", "What do I drink these days instead of Coke?", "i17"),
    q("food", "What does my cousin cook?", "i20 i32"),
    q("health", "What's wrong with my right hand?", "i04 i05 i29"),
    q("health", "When is the wrist operation?", "i29 i31"),
    q("health", "What's my most recent A1C?", "i42", "i16"),
    q("plans", "What am I hoping to do next year?", "i41"),
    q("plans", "Which colleges is Rafael applying to?", "i37"),
    q("plans", "What does Rafa want to study?", "i15"),
    q("places", "Where do I live now?", "i38 i40", "i07"),
    q("places", "Which town is my mother from?", "i18 i35"),
    q("places", "Where does Rafa work on weekends?", "i12"),
    q("preferences", "What music do I play for customers?", "i21"),
    q("preferences", "What herb does Rafa hate?", "i25"),
    q("preferences", "Do I enjoy bookkeeping?", "i30"),
    q("history", "Who was I with for four years?", "i07"),
    q("history", "What did I used to drink at work?", "i16"),
    q("history", "Where did Thuy do nails before she joined me?", "i02"),
    q("negation", "What material can't I touch?", "i22"),
    q("negation", "Do I still have pastries for breakfast?", "i16 i42"),
    q("negation", "What won't she host at her salon?", "i39"),
    q("time_range", "What happened in June 2024?", "i31 i32"),
    q("time_range", "What did we do in August 2024?", "i35 i36"),
    q("time_range", "What was going on with Rafa in the summer of 2023?", "i10 i11 i12"),
    q("said_about", "What did my mother say about my visits?", "i18"),
    q("said_about", "What did Gloria say before I opened a second shop?", "i13"),
    q("said_about", "What did the doctor say about my weight?", "i24"),
    q("multi_hop", "Where did the manager of my Harrison salon work before?", "i27 i02"),
    q("multi_hop", "Who on Rafa's robotics team has a mom who made salsa?", "i26 i25"),
    q("multi_hop", "What does my accountant think about Thuy's partnership offer?", "i43 i13"),
    q("lexical_gap", "Where is my boy employed?", "i12"),
    q("lexical_gap", "What genre of songs do clients hear in my shop?", "i21"),
    q("lexical_gap", "Is my kid allowed to get behind the wheel alone now?", "i28", "i11"),
    q("lexical_gap", "How is rehab going for my hand?", "i34"),
    q("lexical_gap", "What were the nail polish remover fumes doing to me?", "i09"),
    q("no_answer", "What's my dog's name?"),
    q("no_answer", "When is my next dentist appointment?"),
    q("no_answer", "What car does Rafa drive?"),
    q("no_answer", "What's Sofia's last name?"),
    q("no_answer", "How much did the Kearny house cost?"),
    q("no_answer", "What's my blood pressure?"),
    q("no_answer", "Which gym am I a member of?"),
    q("no_answer", "What did Rafa score on the SAT?"),
)

HISTORY = History("ines", NOTES, QUESTIONS)
