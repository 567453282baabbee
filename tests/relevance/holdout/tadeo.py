"""Tadeo, a touring drummer: a breakup on the road, tinnitus, a sober year, a move from Austin to
Albuquerque, and leaving the band to teach and play sessions."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "t01",
        "2023-02-03",
        "Tour starts in six days. Los Dientes de Oro, 31 shows in 40 days, Texas to Chicago and back. "
        "Packed the '68 Ludwig kit in the van tonight.",
    ),
    n(
        "t02",
        "2023-02-11",
        "Show in Houston was packed. Pilar lost her voice by the encore and the crowd sang the last cumbia "
        "for her.",
    ),
    n(
        "t03",
        "2023-02-19",
        "Gus and I argued again about tempos. He drags every slow song and then blames my click track.",
    ),
    n(
        "t04",
        "2023-02-27",
        "Lucía called crying. She says she can't keep doing this, me gone two months out of every three.",
    ),
    n(
        "t05",
        "2023-03-08",
        "Chicago, the Empty Bottle. Best show of my life. A guy from a label in Mexico City wants to talk "
        "to Reggie, our manager.",
    ),
    n(
        "t06",
        "2023-03-20",
        "Home in Austin. Lucía moved out while we were in Memphis. She took the record player and left my "
        "cymbals in the bathtub, which is fair.",
    ),
    n(
        "t07",
        "2023-04-04",
        "There's a high ringing in my left ear that won't stop. It's been there since Chicago.",
    ),
    n(
        "t08",
        "2023-04-17",
        "ENT at Dell Seton: noise-induced tinnitus. Some hearing loss above 4k. She says custom earplugs or "
        "I'll be deaf at forty.",
    ),
    n(
        "t09",
        "2023-05-02",
        "Got custom molded earplugs with 15 dB filters. Everything sounds like I'm playing under a blanket, "
        "but the ringing is quieter.",
    ),
    n(
        "t10",
        "2023-05-21",
        "Woke up in a motel in Tulsa with no memory of the second set. That's it. I'm done drinking.",
    ),
    n(
        "t11",
        "2023-06-21",
        "One month sober. Club soda with lime on stage. Pilar quit with me for solidarity, Gus thinks we're "
        "both boring.",
    ),
    n(
        "t12",
        "2023-07-09",
        "Mom's birthday in El Paso. She made her red chile enchiladas and cried because I was drinking "
        "lemonade.",
    ),
    n(
        "t13",
        "2023-07-28",
        "My sister Marisol got her welding certification. She's going to work at the shipyard in Corpus "
        "Christi.",
    ),
    n(
        "t14",
        "2023-08-15",
        "Reggie signed us with Discos Chapultepec in Mexico City. Album recording in November.",
    ),
    n(
        "t15",
        "2023-09-03",
        "Lactose is officially my enemy. Two bowls of queso in San Antonio and I spent the night in a gas "
        "station bathroom.",
    ),
    n(
        "t16",
        "2023-09-25",
        "Looking at apartments in Albuquerque. Austin rent went up again, $1,900 for a one-bedroom with no "
        "room to practice.",
    ),
    n(
        "t17",
        "2023-10-14",
        "Signed a lease on a casita in Albuquerque's Nob Hill, with a detached garage I can soundproof for "
        "the drums. $1,150 a month.",
    ),
    n(
        "t18",
        "2023-11-06",
        "Recording in Mexico City at Estudio Tlalpan. Tracked nine songs in four days. The engineer made me "
        "tune the snare six times.",
    ),
    n(
        "t19",
        "2023-11-18",
        "Ate tacos al pastor every night in the Roma neighborhood. Green salsa, no crema, no cheese, my "
        "stomach thanks me.",
    ),
    n(
        "t20",
        "2023-12-02",
        "Moved to Albuquerque. The U-Haul died in Van Horn and I spent twelve hours at a tire shop with my "
        "whole drum collection.",
    ),
    n(
        "t21",
        "2023-12-22",
        "Six months sober. My hands don't shake anymore in the mornings and my fills are cleaner than they "
        "have been in years.",
    ),
    n(
        "t22",
        "2024-01-12",
        "New Mexico green chile on everything. Breakfast burrito from Frontier with Christmas style chile "
        "is my new religion.",
    ),
    n(
        "t23",
        "2024-01-30",
        "I can't stand flying with gear. The airline broke a Zildjian K ride in the hold. $480 cymbal, they "
        "offered a $50 voucher.",
    ),
    n(
        "t24",
        "2024-02-15",
        "Met Noor at an open mic at Sister Bar. She plays pedal steel and laughs at all my drummer jokes.",
    ),
    n(
        "t25",
        "2024-03-04",
        "Gus quit the band by text message. We're auditioning bass players in Austin next week, which means "
        "I drive nine hours each way.",
    ),
    n(
        "t26",
        "2024-03-25",
        "The album came out: 'Muelas del Juicio'. KEXP played the single. My mom called every relative in "
        "Chihuahua.",
    ),
    n(
        "t27",
        "2024-04-19",
        "Pilar says the band is going on hiatus after the summer tour. She's pregnant and wants to stay "
        "home in Austin.",
    ),
    n(
        "t28",
        "2024-05-10",
        "Noor and I drove up to Taos for the weekend. Hot springs, no phones. I think this is serious.",
    ),
    n(
        "t29",
        "2024-06-08",
        "Summer tour, first leg: Denver, Salt Lake, Boise. The new bass player Chuy locks in with the kick "
        "drum like he's been there for years.",
    ),
    n(
        "t30",
        "2024-07-27",
        "Last show of the tour and maybe of Los Dientes de Oro, in Austin at Mohawk. Everyone cried, "
        "including Reggie.",
    ),
    n(
        "t31",
        "2024-08-12",
        "Took a job teaching drums at the School of Rock in Albuquerque, four afternoons a week. Steady "
        "money for the first time since I was 22.",
    ),
    n(
        "t32",
        "2024-09-05",
        "First session gig for a country singer at a studio in Santa Fe. Paid $400 for a day. Noor got me "
        "the call.",
    ),
    n(
        "t33",
        "2024-09-30",
        "My best student is a 12-year-old named Ximena who plays faster than me and listens to nothing but "
        "Rush.",
    ),
    n(
        "t34",
        "2024-10-17",
        "Mom's hip is bad. She can't drive to church anymore. Marisol and I are taking turns going to El "
        "Paso.",
    ),
    n(
        "t35",
        "2024-11-02",
        "Día de los Muertos: put Grandpa Tito's harmonica on the ofrenda. He taught me my first beat on a "
        "paint bucket.",
    ),
    n(
        "t36",
        "2024-11-21",
        "Want to record a solo album next year, just drums and Noor's pedal steel. Call it 'Casita'.",
    ),
    n(
        "t37",
        "2024-12-10",
        "Hearing test again: no new loss since the earplugs. The audiologist says whatever I'm doing, keep "
        "doing it.",
    ),
    n(
        "t38",
        "2024-12-28",
        "Noor is moving into the casita in February. Her pedal steel is going where my practice pad used to "
        "be.",
    ),
)

QUESTIONS = (
    q("work", "What do I do for money now?", "t31 t32", "t01"),
    q("work", "Who manages the band?", "t05 t14"),
    q("work", "Do I still play in Los Dientes de Oro?", "t27 t30 t31"),
    q("people", "Who is Noor?", "t24 t28"),
    q("people", "Who's my best student?", "t33"),
    q("people", "Who replaced Gus on bass?", "t29"),
    q("food", "What do I eat for breakfast in Albuquerque?", "t22"),
    q("food", "What did Mom cook for her birthday?", "t12"),
    q("food", "What did I eat every night in Mexico City?", "t19"),
    q("health", "What's going on with my ears?", "t07 t08 t37"),
    q("health", "What happened with my last hearing test?", "t37"),
    q("health", "How is my mother's health?", "t34"),
    q("plans", "What do I want to record next year?", "t36"),
    q("plans", "When's Noor moving in with me?", "t38"),
    q("plans", "What are Pilar's plans after the summer tour?", "t27"),
    q("places", "Which city am I based in these days?", "t17 t20", "t16"),
    q("places", "Where did we record the album?", "t18"),
    q("places", "Where is my sister going to work?", "t13"),
    q("preferences", "What does Ximena listen to?", "t33"),
    q("preferences", "What's my favorite breakfast?", "t22"),
    q("preferences", "What do I hate about flying?", "t23"),
    q("history", "Who was I living with in Austin?", "t06"),
    q("history", "Where did I live before Albuquerque?", "t06 t16 t20"),
    q("history", "What kit did I take on the 2023 tour?", "t01"),
    q("negation", "What can't my stomach handle?", "t15"),
    q("negation", "What have I stopped doing since Tulsa?", "t10"),
    q("negation", "What do I leave off my tacos?", "t19"),
    q("time_range", "What happened on tour in February 2023?", "t01 t02 t03 t04"),
    q("time_range", "What did I do in November 2023?", "t18 t19"),
    q("time_range", "What went on between August and October 2024?", "t31 t32 t33 t34"),
    q("said_about", "What did the ENT say I need?", "t08"),
    q("said_about", "What did Lucía say about me being away?", "t04"),
    q("said_about", "What did Gus say about me quitting drinking?", "t11"),
    q("multi_hop", "Who got me the Santa Fe session, and how did we meet?", "t32 t24"),
    q("multi_hop", "What was the album we recorded at Estudio Tlalpan called?", "t18 t26"),
    q("multi_hop", "Why might the show at Mohawk have been our last one?", "t30 t27"),
    q("lexical_gap", "How long have I been off alcohol?", "t10 t11 t21"),
    q("lexical_gap", "What protects my hearing on stage?", "t09"),
    q("lexical_gap", "What's my monthly housing cost?", "t17", "t16"),
    q("lexical_gap", "What did the airline damage?", "t23"),
    q("lexical_gap", "Who first taught me rhythm?", "t35"),
    q("lexical_gap", "Where did Lucía leave my Zildjians?", "t06"),
    q("no_answer", "What's the name of my dog?"),
    q("no_answer", "Is Noor allergic to anything?"),
    q("no_answer", "What did Lucía do for a living?"),
    q("no_answer", "Which guitar does Pilar play?"),
    q("no_answer", "How many tickets did the Chicago show sell?"),
    q("no_answer", "When is Pilar's baby due?"),
    q("no_answer", "What is my dad's name?"),
    q("no_answer", "What medication do I take for the tinnitus?"),
)

HISTORY = History("tadeo", NOTES, QUESTIONS)
