"""Teodor: a 66-year-old widowed, retired railway engineer in Plovdiv, Bulgaria, who moves to his village
house."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "warfarin",
        "2025-01-08",
        "INR 2.6 today at the clinic. Warfarin stays 5 mg daily, 7.5 mg on Sundays. Next check 5 Feb.",
    ),
    n(
        "mila-anniv",
        "2025-01-19",
        "Two years since Mila. Went to the cemetery with Kaloyan, lit a candle. Her hyacinths on the "
        "balcony are coming up.",
    ),
    n(
        "elena-call",
        "2025-01-26",
        "Elena on video from Munich with her husband Jonas and little Niki. Niki says 'dyado' now! Almost "
        "cried.",
    ),
    n(
        "railway",
        "2025-02-05",
        "Stefan's retirement party at the BDZ locomotive depot. 38 years we repaired engines together. "
        "Everyone asked when I come back. Never!",
    ),
    n(
        "tomatoes",
        "2025-02-15",
        "Seed order: Ruse pink tomatoes (the only real tomato), kapia peppers, cucumbers. Seed shop on Ivan "
        "Vazov st.",
    ),
    n(
        "choir-join",
        "2025-02-20",
        "Joined the pensioners' choir at chitalishte Hristo Botev. Tuesday and Friday 17:00. I am a "
        "baritone, apparently.",
    ),
    n(
        "radio",
        "2025-02-25",
        "Radio: Horizont in the morning, classical in the evening. Turned off the chalga in the taxi again. "
        "I cannot stand it.",
    ),
    n(
        "inr-high",
        "2025-03-05",
        "INR 3.8, too high, nosebleed in the night. Dr Stoyanova: skip one dose, then 5 mg every day, no "
        "Sunday extra.",
    ),
    n(
        "smoking",
        "2025-03-15",
        "Day 1 without cigarettes. After 45 years. Kaloyan bet me 200 leva I will not last until summer.",
    ),
    n(
        "vesela-intro",
        "2025-03-28",
        "New woman in the choir, Vesela, retired pharmacist, soprano. She laughed at my joke about the "
        "conductor. Nice laugh.",
    ),
    n("smoking-30", "2025-04-14", "One month no smoking. Chewing sunflower seeds like a parrot. Plus 2 kg."),
    n(
        "easter-2025",
        "2025-04-20",
        "Easter lunch at Kaloyan's in Sofia. His girlfriend Desi, architect, cooked lamb, too salty. He "
        "complains the bank works him 12 hours.",
    ),
    n(
        "jonas-job",
        "2025-05-10",
        "Jonas left BMW, now at Siemens Energy as engineer on gas turbines. Better hours he says. An "
        "engineer like me!",
    ),
    n(
        "garden-plot",
        "2025-05-18",
        "Planted 24 tomatoes, 18 peppers at the plot in Brestovitsa. Bay Mitko next door will water on "
        "Wednesdays.",
    ),
    n(
        "apixaban",
        "2025-06-03",
        "Cardiologist Dr Iliev: stop warfarin, start apixaban (Eliquis) 5 mg twice a day. No more INR "
        "checks! 48 leva a month.",
    ),
    n(
        "pharmacist",
        "2025-06-05",
        "Pharmacist said: with the new pill no ibuprofen, no aspirin - only paracetamol for the knee. And "
        "no grapefruit.",
    ),
    n(
        "vesela-coffee",
        "2025-06-12",
        "Coffee with Vesela after rehearsal, cafe by the Roman stadium. Two sons, one in Varna. Widow also, "
        "6 years.",
    ),
    n(
        "smoking-bet",
        "2025-06-21",
        "Summer is here and I have not smoked. Kaloyan paid the 200 leva. I will buy new secateurs.",
    ),
    n(
        "munich-trip",
        "2025-07-01",
        "Booked Munich: 2 Aug to 23 Aug, Wizz Air from Sofia, one bag. Elena collects me at the airport.",
    ),
    n(
        "munich",
        "2025-08-10",
        "Munich. Fed the ducks with Niki in the Englischer Garten. Beer gardens too loud. Elena's flat is "
        "4th floor, no lift, knees complain.",
    ),
    n(
        "knees",
        "2025-08-30",
        "Orthopedist: arthritis right knee, grade 2. Physio exercises, lose 5 kg. Glucosamine is 'money in "
        "the river' he said. Stairs are the enemy.",
    ),
    n(
        "pepper-harvest",
        "2025-09-07",
        "Made 32 jars of lyutenitsa with Vesela helping. She says my peppers are better than her late "
        "husband's 😄",
    ),
    n(
        "apartment-stairs",
        "2025-09-20",
        "Thinking seriously: sell the flat in Kapana (5th floor, no lift) and live in the Brestovitsa house "
        "full time.",
    ),
    n(
        "duster",
        "2025-10-11",
        "Sold the old Lada Niva for 3,000 leva. Bought 2016 Dacia Duster diesel, 18,500 leva, from Emil's "
        "garage. Heated seats!",
    ),
    n("flu-jab", "2025-10-20", "Flu vaccine done at Dr Stoyanova. Pneumococcal one next month."),
    n(
        "coffee-pref",
        "2025-10-25",
        "Vesela already knows: coffee Turkish style, medium sweet, never milk. Tea only when I am sick.",
    ),
    n(
        "apartment-listed",
        "2025-11-05",
        "Flat listed with agency Address. Asking 72,000 euro. Agent Galina says young couples love Kapana.",
    ),
    n(
        "cataract",
        "2025-11-15",
        "Eye doctor: cataract starting in left eye, not for operation yet. New reading glasses +2.5.",
    ),
    n(
        "vesela-together",
        "2025-11-22",
        "Told Kaloyan about Vesela. He said 'Tate, finally, I was worried you would only talk to the "
        "tomatoes.'",
    ),
    n(
        "elena-reaction",
        "2025-12-07",
        "Elena not happy about Vesela. Said 'it is too fast, Mama is only two years gone.' Almost three. I "
        "did not argue.",
    ),
    n(
        "christmas",
        "2025-12-25",
        "Christmas at Vesela's with her son Petar from Varna. Sarmi, banitsa with coins - I got the coin "
        "for health.",
    ),
    n(
        "euro",
        "2026-01-02",
        "Euro now. Pension 1,180 leva = 603 euro. Must stop counting in leva in the shop.",
    ),
    n(
        "apartment-sold",
        "2026-01-28",
        "Flat SOLD to a young couple, 69,000 euro. Notary 20 Feb. Half goes to Elena and Kaloyan like Mila "
        "wanted.",
    ),
    n(
        "house-repairs",
        "2026-02-10",
        "Brestovitsa house: new roof tiles north side, master Kiro, 4,200 euro. Chimney cleaned. Still need "
        "insulation.",
    ),
    n(
        "move",
        "2026-03-14",
        "Moved to Brestovitsa. First night in the house alone. Quiet like a church. The storks are back on "
        "the pole at the corner.",
    ),
    n(
        "dog",
        "2026-03-29",
        "Took a dog from the Plovdiv shelter. Black and white, 3 years, I call her Zara. Eats everything, "
        "also my slipper.",
    ),
    n(
        "easter-2026",
        "2026-04-12",
        "Easter at the village church with Vesela. Zara howled at home the whole service, the neighbours "
        "told me.",
    ),
    n(
        "zara-walks",
        "2026-04-18",
        "Zara walks 6:30 and 19:00 along the irrigation canal. Flat path, knee is happy.",
    ),
    n(
        "choir-stop",
        "2026-04-25",
        "Stopped the choir. 25 min drive each way twice a week is too much. Vesela disappointed. Maybe the "
        "village singing group?",
    ),
    n(
        "bp",
        "2026-05-06",
        "Blood pressure 150/95. Dr Iliev adds amlodipine 5 mg in the morning. Less salt: no more sirene "
        "with every meal 😞",
    ),
    n(
        "low-salt",
        "2026-05-20",
        "Low salt week 2. Bread without salt is cardboard. Vesela makes lentil soup with lemon and savory "
        "instead - very good.",
    ),
    n(
        "vesela-weekends",
        "2026-06-01",
        "Vesela keeps her flat in Plovdiv but will stay here Friday to Monday. She wants to bring her piano "
        "- where??",
    ),
    n(
        "beehives",
        "2026-06-10",
        "Bought 2 beehives from old Ivan in Kuklen, 400 euro with bees. Need a bee suit.",
    ),
    n(
        "bee-sting",
        "2026-06-20",
        "Stung 3 times on the hand, swelled to the elbow. Doctor: big local reaction, not allergy. Keep "
        "cetirizine in the house.",
    ),
    n(
        "niki-visit-plan",
        "2026-06-28",
        "Elena, Jonas, Niki come 25 July - 8 Aug. Fix the swing, buy a small bed. Niki wants the storks and "
        "'the bee house'.",
    ),
    n(
        "niki-visit",
        "2026-07-30",
        "Niki (4) swam in the river at Krichim with Jonas. Elena and Vesela cooked together. Elena said "
        "after: 'she is kind to you, Tate.'",
    ),
    n(
        "knee-injection",
        "2026-08-18",
        "Knee worse, now grade 3. Replacement probably next year. For now 3 hyaluronic injections, 90 euro "
        "each. First one today.",
    ),
    n(
        "honey",
        "2026-08-30",
        "First honey! 14 kg from two hives, linden and sunflower. Kaloyan wants 5 jars for his colleagues.",
    ),
    n(
        "kaloyan-job",
        "2026-09-05",
        "Kaloyan left the bank. Now data analyst in a software company in Sofia. Less money at first but he "
        "sounds happier.",
    ),
    n(
        "kaloyan-engaged",
        "2026-09-19",
        "Kaloyan and Desi are engaged! Wedding next summer, Bansko probably. I must learn to dance again, "
        "if the knee allows.",
    ),
    n(
        "grape-harvest",
        "2026-09-27",
        "Grapes with Mitko, ~40 litres for rakia. For me only one glass on Sunday - Dr Iliev's orders.",
    ),
    n(
        "zara-vet",
        "2026-10-08",
        "Vet Dr Nikolova: Zara rabies shot and microchip. 18 kg - too many bread crusts. 30 euro.",
    ),
    n(
        "firewood",
        "2026-10-14",
        "Ordered 8 cubic m oak firewood, 85 euro per m3, delivery 25 Oct. Stack under the shed before the "
        "rain.",
    ),
)

QUESTIONS = (
    q("work", "What did I do for a living before I retired?", "railway"),
    q("work", "What does Kaloyan do for work these days?", "kaloyan-job", forbid="easter-2025"),
    q("work", "How much is my monthly pension?", "euro"),
    q("people", "Who is Vesela?", "vesela-intro vesela-coffee vesela-together"),
    q("people", "Who is Mitko?", "garden-plot grape-harvest"),
    q("people", "What's my grandson called and how old is he?", "elena-call niki-visit"),
    q("food", "What did I preserve from the 2025 pepper crop?", "pepper-harvest"),
    q("food", "What does Vesela cook for me now that I'm cutting back on salt?", "low-salt"),
    q("food", "How much rakia am I allowed to drink?", "grape-harvest"),
    q("health", "Which blood thinner am I taking now?", "apixaban", forbid="warfarin inr-high"),
    q("health", "What's wrong with my knee?", "knees knee-injection"),
    q("health", "What do I take for my blood pressure?", "bp"),
    q("health", "Am I allergic to bee stings?", "bee-sting"),
    q("plans", "When is my son's wedding?", "kaloyan-engaged"),
    q("plans", "When is the wood for the stove arriving?", "firewood"),
    q("plans", "What do I need to get ready before the grandchild visits in summer 2026?", "niki-visit-plan"),
    q("places", "Which house am I living in now?", "move", forbid="apartment-stairs"),
    q("places", "Where did I get my dog from?", "dog"),
    q("places", "Which city does my daughter live in?", "elena-call munich"),
    q("preferences", "How do I take my coffee?", "coffee-pref"),
    q("preferences", "What do I like to listen to on the radio?", "radio"),
    q("preferences", "Which tomato variety do I prefer to grow?", "tomatoes"),
    q("history", "What car did I drive before the Dacia?", "duster"),
    q("history", "What warfarin dose was I on?", "warfarin inr-high"),
    q("history", "Which choir did I use to sing in?", "choir-join choir-stop"),
    q("negation", "Which painkillers must I avoid?", "pharmacist"),
    q("negation", "Am I still singing with the choir?", "choir-stop", forbid="choir-join"),
    q("negation", "Do I still smoke?", "smoking smoking-30 smoking-bet"),
    q("time_range", "What did I get up to in March 2026?", "move dog"),
    q("time_range", "What did I do in August 2025?", "munich-trip munich knees"),
    q("time_range", "What happened in September 2026?", "kaloyan-job kaloyan-engaged grape-harvest"),
    q("said_about", "What did Kaloyan say when I told him about Vesela?", "vesela-together"),
    q("said_about", "What has Elena said about Vesela?", "elena-reaction niki-visit"),
    q("said_about", "What did the orthopedist think of glucosamine?", "knees"),
    q("multi_hop", "What does my son-in-law do for work now?", "elena-call jonas-job"),
    q("multi_hop", "What is my future daughter-in-law's profession?", "kaloyan-engaged easter-2025"),
    q(
        "multi_hop",
        "What did the woman who stays with me at weekends do before she retired?",
        "vesela-weekends vesela-intro",
    ),
    q("lexical_gap", "When did I give up tobacco?", "smoking"),
    q("lexical_gap", "How much did the bees give me this summer?", "honey"),
    q("lexical_gap", "Who looks after watering the veg patch?", "garden-plot"),
    q("no_answer", "Do you know my blood group?"),
    q("no_answer", "When is Vesela's birthday?"),
    q("no_answer", "What is Dr Iliev's phone number?"),
    q("no_answer", "What was Mila's maiden name?"),
    q("no_answer", "Which bank is my pension paid into?"),
)

HISTORY = History("teodor", NOTES, QUESTIONS)
