"""Priya, 44, runs a bakery-café in Lawrenceville, Pittsburgh and co-parents Anika and Rohan with her ex
Vikram: new flour mill, staff coming and going, RA and methotrexate, a rowhouse, Daniel then Kofi,
Mummy's fall in Pune."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "p01",
        "2024-01-08",
        "shop lineup for 2024: Marcus on bread (w/ me since day 1), Dana on espresso + register wkdays, "
        "Tyler (hs kid) sat/sun. croissant still $3.75, chai latte $5, feels low. alarm 3:50, drive the "
        "Corolla in from Shadyside by 4:15",
    ),
    n(
        "p02",
        "2024-01-15",
        "Ridgeline shorted us AGAIN. 3 bags bread flour missing + the AP was milled in october. 2nd time "
        "this month. their rep Gary says 'supply chain'. sure Gary",
    ),
    n(
        "p03",
        "2024-01-27",
        "Anika is 17 today!! dinner at Vikram's since it's his week. all she wants is a car. Rohan "
        "painted her a mug, very lopsided, she loved it",
    ),
    n(
        "p04",
        "2024-02-10",
        "hands stiff every morning, wrists + knuckles puffy, takes like an hour to loosen up. could "
        "barely fold the croissant dough today. appt w/ Dr. Okafor tues",
    ),
    n(
        "p05",
        "2024-02-28",
        "bloodwork back, rheumatoid factor high. Okafor referring me to rheumatology at UPMC. earliest "
        "slot is april 🙄",
    ),
    n(
        "p06",
        "2024-03-09",
        "Switched flour!! buying direct from Weaver's Mill in Lancaster County now - stone ground, their "
        "truck comes to Pgh every other Thurs. ~8% more per bag but the baguettes are SO much better, "
        "more flavor, better crust. cancelled Ridgeline today, felt great",
    ),
    n(
        "p07",
        "2024-03-18",
        "Anika got her learner's permit. V takes her out in the Civic on his weekends, I do the empty "
        "Giant Eagle lot sundays. she brakes like she's mad at the car",
    ),
    n(
        "p08",
        "2024-04-16",
        "Rheum appt w/ Dr. Feldman: it's RA. starting methotrexate 10mg once a week (sundays) + folic "
        "acid every day. no alcohol on it, she was v clear. bye bye friday wine 😢",
    ),
    n(
        "p09",
        "2024-05-04",
        "Marcus gave notice. moving to Philly w/ his partner end of june, got a job at a big wholesale "
        "bakery there. 6 yrs. I cried in the walk-in",
    ),
    n(
        "p10",
        "2024-05-20",
        "interviewed 3 bakers. Luis is the one - 8 yrs in a hotel kitchen downtown, laminates "
        "beautifully, calm at 5am. starts june 10, $22/hr",
    ),
    n(
        "p11",
        "2024-06-08",
        "met a guy at the Bloomfield farmers market, Daniel. teaches chemistry at Allderdice. he bought "
        "the last cardamom bun, felt guilty, split it w/ me. coffee on sat??",
    ),
    n(
        "p12",
        "2024-06-29",
        "Marcus's last shift. gave him a jar of Bertha (the starter) to take to Philly. little party "
        "after close, Dana made a banner",
    ),
    n(
        "p13",
        "2024-07-14",
        "Rohan joined the jazz band at school for fall, plays bass. practicing in his room till 11pm "
        "every night. he's 15 and suddenly taller than me",
    ),
    n(
        "p14",
        "2024-08-02",
        "Anika PASSED her driving test, 2nd try!! parallel parking got her last time. V says she can take"
        " the Civic to school on weekdays. insurance up $80/mo, we're splitting it",
    ),
    n(
        "p15",
        "2024-08-24",
        "Daniel & I hiked at Ohiopyle, he slipped into the Yough lol. 3 months now. kids haven't met him,"
        " not ready for that",
    ),
    n(
        "p16",
        "2024-09-12",
        "college apps night w/ Anika: Pitt, Penn State, CMU (reach), Case Western. she wants "
        "architecture. essay is about growing up in the back of the shop 🥹 early action deadline nov 1",
    ),
    n(
        "p17",
        "2024-10-05",
        "Mummy lands from Pune oct 19!! staying till mid dec. the Shadyside apt is tiny so she gets my "
        "room, I'm on the couch. need to move Rohan's bass amp out of the hallway",
    ),
    n(
        "p18",
        "2024-10-27",
        "Mummy comes to the shop every morning and makes herself aloo parathas on the flat top. now "
        "customers are asking to buy them. she says my chai has too much sugar and not enough adrak. "
        "she's right, changing the recipe",
    ),
    n(
        "p19",
        "2024-11-16",
        "loan approved - $35k from the credit union for a 2nd deck oven + a new spiral mixer. 6.5%, 5 "
        "yrs, ~$685 a month. scary but Luis can't keep up on one oven on saturdays",
    ),
    n(
        "p20",
        "2024-12-14",
        "Mummy flew back today. Anika drove us to the airport (!!). Mummy's parting words: 'you work too "
        "much, and that Daniel is nice but he only talks about himself.' ouch. also true",
    ),
    n(
        "p21",
        "2025-01-11",
        "rheum follow up. knuckles still swollen so Feldman is bumping methotrexate to 15mg/week. liver "
        "numbers fine. bloods every 3 months from now on",
    ),
    n(
        "p22",
        "2025-01-25",
        "new prices from feb 1: croissant $3.75 -> $4.25, chai latte $5 -> $5.50, sourdough loaf $9 -> "
        "$10. butter is insane right now. Dana redid the menu board, looks great",
    ),
    n(
        "p23",
        "2025-02-09",
        "Daniel & I called it off. he took the job in Denver and wants me to 'think about' moving. I have"
        " a business and two kids, Daniel. sad but right",
    ),
    n(
        "p24",
        "2025-02-22",
        "saw a rowhouse in Bloomfield, Cedarville St. 3 bed, tiny yard, needs a new water heater. asking "
        "$289k. could WALK to the shop",
    ),
    n(
        "p25",
        "2025-03-14",
        "Anika got into Penn State (architectural engineering) + Pitt! CMU waitlisted her. she's picking "
        "PSU main campus. V says he'll pay half of tuition but not housing. we'll see about that",
    ),
    n(
        "p26",
        "2025-03-29",
        "CLOSED on the Cedarville house 🏠🔑 out of the Shadyside apt by apr 12. Rohan already claimed the "
        "attic",
    ),
    n(
        "p27",
        "2025-04-13",
        "first morning waking up on Cedarville. walked in at 4:30 in the dark, 15 min down Liberty, kind "
        "of lovely actually. sell the Corolla? not yet",
    ),
    n(
        "p28",
        "2025-04-30",
        "Tyler quit - graduating, off to Ohio State. hired Bea for weekends, she's Dana's cousin, 19, "
        "obsessed w/ latte art. her rosettas are better than mine already",
    ),
    n(
        "p29",
        "2025-05-17",
        "Millvale: empty storefront on North Ave, old laundromat, landlord wants $2,400/mo. idea = 2nd "
        "location, grab and go only, no kitchen, Luis bakes here and we van it over each morning. hmm??",
    ),
    n(
        "p30",
        "2025-06-07",
        "Kofi from Hollow Tree Roasters stopped by to pitch his beans, ended up talking 2 hrs about Accra"
        " and bread. switching our espresso to his Ethiopia Guji blend next month",
    ),
    n(
        "p31",
        "2025-06-28",
        "saw the nutritionist Feldman sent me to. anti-inflammatory eating for the RA: way less sugar + "
        "fried stuff, more dal, greens, oily fish 2x a week, walnuts. I am a BAKER. deal w/ myself: "
        "taste, don't eat the whole croissant. no more late night pakoras",
    ),
    n(
        "p32",
        "2025-07-01",
        "rent on Butler St going from $3,200 to $3,650 starting aug 1. Mr. Petrakis blames property "
        "taxes. at least the lease is renewed for 3 yrs",
    ),
    n(
        "p33",
        "2025-07-19",
        "Kofi and I had dinner. like an actual date. Ethiopian place in East Liberty. he's very funny. "
        "also he hates cilantro which I will forgive eventually",
    ),
    n(
        "p34",
        "2025-08-16",
        "dropped Anika at Penn State. East Halls, roommate's from Erie. Rohan cried more than me. 2.5 hrs"
        " home in total silence",
    ),
    n(
        "p35",
        "2025-08-30",
        "Millvale numbers don't work. bank wants a personal guarantee on top of the oven loan, build-out "
        "quote $60k, and Luis says flat out he can't bake for two shops. letting it go. honestly relieved",
    ),
    n(
        "p36",
        "2025-09-20",
        "Anika has a boyfriend!! Theo, from her studio section. V already met him on parents wknd "
        "(jealous). she says he's from Harrisburg",
    ),
    n(
        "p37",
        "2025-10-08",
        "Sameer called at 2am from Pune. Mummy fell in the bathroom and broke her hip. surgery tmrw at "
        "Ruby Hall. flying out sat. Dana + Luis run the shop, Bea takes extra shifts",
    ),
    n(
        "p38",
        "2025-10-21",
        "in Pune. op went fine, Mummy's up w/ a walker and complaining about hospital food, good sign. "
        "sitting in Papa-ji's old chair by the window. home nov 4",
    ),
    n(
        "p39",
        "2025-11-15",
        "Theo's coming for thanksgiving. he's doing mechanical engineering, wants to design bikes. Rohan "
        "went vegan 🌱 so tofu roast + my dal makhani w/o the butter/cream for him",
    ),
    n(
        "p40",
        "2026-01-24",
        "Dana is leaving :( got into the nursing program at CCAC, last day feb 28. Bea takes over the "
        "espresso bar full time, bumping her to $18/hr",
    ),
    n(
        "p41",
        "2026-03-07",
        "Kofi has officially moved some stuff into Cedarville: toothbrush, 40 lbs of coffee, a guitar. "
        "kids like him, Rohan esp, they talk music for hours",
    ),
    n(
        "p42",
        "2026-04-18",
        "Rohan got his permit 🙃 here we go again. he wants to learn in Kofi's stick shift van. absolutely"
        " not",
    ),
    n(
        "p43",
        "2026-05-30",
        "rheum check: RA calm, bloods good. Feldman keeping me on 15mg, maybe taper next year. no flare "
        "since jan. hands feel like mine again",
    ),
    n(
        "p44",
        "2026-07-12",
        "Portugal w/ Kofi in october!! Lisbon 5 nights then Porto 3, oct 9-17. I want pastéis de nata at "
        "Manteigaria, he wants the tile museum. Luis + Bea running the shop. first real vacation in 8 yrs",
    ),
    n(
        "p45",
        "2026-11-02",
        "back from Portugal, still dreaming about custard. nata goes on the menu in 2 wks, $3.50 each. "
        "Luis did 4 test batches, the 4th one is it. oven loan: 3 yrs left",
    ),
)

QUESTIONS = (
    q("work", "Who bakes the bread at the shop these days?", "p10", "p01"),
    q("work", "Who's running the espresso bar now?", "p40", "p01"),
    q("work", "Which coffee do we pull shots with at the café?", "p30"),
    q("people", "Who is Luis?", "p10"),
    q("people", "Who's Theo?", "p36 p39"),
    q("people", "Who called me in the middle of the night about Mummy?", "p37"),
    q("food", "What was Mummy cooking for herself at the shop?", "p18"),
    q("food", "What did I make for Rohan for Thanksgiving?", "p39"),
    q("food", "What new pastry is going on the menu after the trip?", "p45"),
    q("health", "How much methotrexate am I taking now?", "p21 p43", "p08"),
    q("health", "What supplement goes with my weekly pill?", "p08"),
    q("health", "How often does Dr. Feldman want blood tests?", "p21"),
    q("health", "What symptoms sent me to the doctor in early 2024?", "p04 p05"),
    q("plans", "When is the Portugal trip and which cities?", "p44"),
    q("plans", "How long was Mummy going to stay when she came over in 2024?", "p17"),
    q("plans", "What start date and pay did I agree with the new baker?", "p10"),
    q("places", "Which place am I living in now?", "p26 p27", "p01 p17"),
    q("places", "Where was the spot I looked at for a second shop?", "p29"),
    q("places", "Where did Daniel and I go hiking?", "p15"),
    q("places", "Which dorm is Anika in?", "p34"),
    q("preferences", "What does Kofi want to see in Lisbon?", "p44"),
    q("preferences", "Why do I prefer the Lancaster flour?", "p06"),
    q("preferences", "What is Bea really into?", "p28"),
    q("preferences", "How should my chai taste according to my mother?", "p18"),
    q("history", "Who supplied my flour before I switched?", "p02 p06"),
    q("history", "What did a croissant cost before the price rise?", "p01 p22"),
    q("history", "Where did I live before the rowhouse?", "p01 p17 p26"),
    q("history", "Who was I seeing before Kofi?", "p11 p15 p23"),
    q("negation", "What did the rheumatologist tell me I can't drink?", "p08"),
    q("negation", "What herb does Kofi refuse to eat?", "p33"),
    q("negation", "Which car won't I let Rohan practice in?", "p42"),
    q("negation", "What expansion did I decide against, and why?", "p35"),
    q("time_range", "What happened for me in March 2025?", "p25 p26"),
    q("time_range", "What went on over the summer of 2024?", "p11 p12 p13 p14 p15"),
    q("time_range", "What happened between October and mid-November 2025?", "p37 p38 p39"),
    q("time_range", "What staff changes happened in spring 2025?", "p28"),
    q("said_about", "What did Mummy say about Daniel?", "p20"),
    q("said_about", "What did Vikram say about paying for college?", "p25"),
    q("said_about", "What reason did Petrakis give for raising the rent?", "p32"),
    q("said_about", "What did Luis say about baking for a second location?", "p35"),
    q("multi_hop", "What does Anika's boyfriend study?", "p36 p39"),
    q("multi_hop", "What does my boyfriend do for a living?", "p30 p33 p41", "p11"),
    q("multi_hop", "What is Bea's cousin going to study?", "p28 p40"),
    q("multi_hop", "Where did the guy from the farmers market move to?", "p11 p23"),
    q("multi_hop", "How old was Anika when she passed her driving test?", "p03 p14"),
    q("lexical_gap", "What autoimmune disease do I have?", "p08 p43"),
    q("lexical_gap", "What's my commute like these days?", "p27", "p01"),
    q("lexical_gap", "Which university is my daughter attending?", "p25 p34"),
    q("lexical_gap", "What injury did my mom suffer?", "p37 p38"),
    q("lexical_gap", "What's the monthly installment on the equipment financing?", "p19"),
    q("no_answer", "What is Anika's roommate's name?"),
    q("no_answer", "What's Kofi's last name?"),
    q("no_answer", "How much does one bag of Weaver's flour cost?"),
    q("no_answer", "What does Vikram do for work?"),
    q("no_answer", "What time does the café open to customers?"),
    q("no_answer", "What were Anika's SAT scores?"),
    q("no_answer", "Who was Mummy's surgeon in Pune?"),
    q("no_answer", "How much did I sell the Corolla for?"),
)

HISTORY = History("priya", NOTES, QUESTIONS)
