"""Ferhat, a night-shift security guard in Hamburg with a wife and two children: sleep apnoea and a
machine to sleep with, no more energy drinks, a move across the river, and a new post at a hospital."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "f01",
        "2023-01-14",
        "Twelve-hour nights at the container terminal in Altenwerder, 19:00 to 07:00, four on and four off. "
        "Nine years with Nordwacht Security now.",
    ),
    n(
        "f02",
        "2023-01-29",
        "Jens and I do the gate patrol together. He talks about his allotment garden the whole night and I "
        "have started to care about his leeks.",
    ),
    n(
        "f03",
        "2023-02-10",
        "Drinking three Monster cans a shift to stay awake. Elif says my hands shake at breakfast.",
    ),
    n(
        "f04",
        "2023-02-25",
        "Our daughter Zeynep got a 1 in maths on her report card. Twelve years old and she already corrects "
        "my German spelling.",
    ),
    n(
        "f05",
        "2023-03-18",
        "My wife Elif works mornings at the pharmacy on Veringstraße, so we see each other for about forty "
        "minutes a day, at the kitchen table.",
    ),
    n(
        "f06",
        "2023-03-23",
        "First night of Ramadan on shift. Broke the fast at the guard hut with dates and Elif's lentil soup "
        "from a thermos.",
    ),
    n(
        "f07",
        "2023-04-21",
        "Bayram at my brother Kemal's flat in Berlin. He drives a taxi there and knows every shortcut in "
        "Kreuzberg.",
    ),
    n(
        "f08",
        "2023-05-06",
        "Elif says I stop breathing in my sleep, then gasp like a fish. She recorded it on her phone. Scary.",
    ),
    n(
        "f09",
        "2023-05-30",
        "Sleep lab at Asklepios Harburg: obstructive sleep apnoea, 38 events an hour. The doctor says the "
        "night shifts and my weight make it worse.",
    ),
    n(
        "f10",
        "2023-06-19",
        "Got the CPAP machine. I look like a fighter pilot. Can calls me Darth Vader and runs away "
        "screaming, laughing.",
    ),
    n(
        "f11",
        "2023-07-03",
        "No more energy drinks. The sleep doctor said they wreck what little day sleep I get. Green tea "
        "from a flask now.",
    ),
    n(
        "f12",
        "2023-07-22",
        "Fishing on the Elbe at Bunthaus with Murat. Caught two zander, let one go. Murat fixes bicycles in "
        "his shop in Veddel and talks about spokes like poetry.",
    ),
    n(
        "f13",
        "2023-08-12",
        "Played the saz at my cousin's wedding in Harburg. First time in public in ten years. My fingers "
        "remembered.",
    ),
    n(
        "f14",
        "2023-09-02",
        "St. Pauli beat HSV in the derby. I watched it on my phone in the guard hut with the sound off. "
        "Jens is an HSV fan and did not speak to me until 4 am.",
    ),
    n(
        "f15",
        "2023-09-20",
        "Frau Kowalski, our shift supervisor, wants me to train the new guards on the access control "
        "system. No raise, but a better title.",
    ),
    n(
        "f16",
        "2023-10-08",
        "Our son Can started swimming lessons on Saturdays at the Inselpark pool. He swallowed half the "
        "pool but got his seahorse badge.",
    ),
    n(
        "f17",
        "2023-10-29",
        "Three months with the CPAP and I feel human. I sleep from 08:30 to 15:00 straight. Lost six kilos "
        "without trying.",
    ),
    n(
        "f18",
        "2023-11-16",
        "Our flat in Wilhelmsburg has black mould in the kids' room again. The landlord sends a painter "
        "instead of fixing the wall.",
    ),
    n(
        "f19",
        "2023-12-09",
        "Elif and I looked at a four-room flat in Harburg, near the S-Bahn. 1,480 euros warm. The kids "
        "would each get their own room.",
    ),
    n(
        "f20",
        "2023-12-31",
        "New Year's Eve on shift. Fireworks over the cranes at midnight. Jens brought Berliner doughnuts, I "
        "ate two with jam and regretted nothing.",
    ),
    n("f21", "2024-01-20", "Signed the lease for the Harburg flat. Moving on March 1."),
    n(
        "f22",
        "2024-02-11",
        "Mum called from Izmir. She wants us to come for the whole summer, and she says Zeynep is "
        "forgetting her Turkish.",
    ),
    n(
        "f23",
        "2024-03-01",
        "Moving day. Murat lent us his cargo bike and his van. Kemal came from Berlin to carry the "
        "wardrobe. New address: Harburg, third floor, no lift.",
    ),
    n(
        "f24",
        "2024-03-19",
        "Applied for night security at the UKE hospital in Eppendorf. Eight-hour shifts, public sector pay, "
        "a pension.",
    ),
    n(
        "f25",
        "2024-04-10",
        "Got the hospital job! I start at UKE on May 15. I told Frau Kowalski today. She says she will give "
        "me a good reference.",
    ),
    n(
        "f26",
        "2024-05-10",
        "Last night at the terminal. Jens gave me a jar of pickled gherkins from his allotment and I nearly "
        "cried.",
    ),
    n(
        "f27",
        "2024-05-15",
        "First night at UKE. Mostly the emergency department: drunk people, scared families, one man who "
        "wanted to fight a vending machine.",
    ),
    n(
        "f28",
        "2024-06-04",
        "Hospital security does a de-escalation course. The trainer says 80 percent of the job is your "
        "voice, not your body.",
    ),
    n(
        "f29",
        "2024-06-24",
        "Started studying for the citizenship test. 310 questions about the Bundestag and the Basic Law. "
        "Zeynep quizzes me in the car.",
    ),
    n(
        "f30",
        "2024-07-13",
        "Izmir for three weeks. Mum cooked stuffed peppers and mantı every day and told everyone on the "
        "street that her son works at a hospital now.",
    ),
    n(
        "f31",
        "2024-07-30",
        "I don't eat pork, obviously, but I also can't stand liver, which makes Mum sad because her ciğer "
        "is famous.",
    ),
    n(
        "f32",
        "2024-08-19",
        "Back pain from standing all night. The hospital physio says my shoes are the problem. Bought "
        "proper insoles for 60 euros.",
    ),
    n(
        "f33",
        "2024-09-06",
        "Zeynep started at the Gymnasium in Harburg. She wants to be a pilot, or a judge, depending on the "
        "day.",
    ),
    n(
        "f34",
        "2024-09-28",
        "Passed the citizenship test, 32 out of 33. The one I got wrong was about the Bundesrat. Zeynep "
        "will never let me forget it.",
    ),
    n(
        "f35",
        "2024-10-15",
        "Night nurse Agnieszka in the emergency department brings me cake from the staff room. We have a "
        "deal: I walk her to the car park at 6.",
    ),
    n(
        "f36",
        "2024-11-03",
        "Plan for 2025: pass the citizenship interview, then save for a used Skoda so Elif doesn't have to "
        "take two buses to the pharmacy.",
    ),
    n(
        "f37",
        "2024-11-22",
        "Elif says I'm a better father since I changed jobs, because I'm awake when the kids come home from "
        "school.",
    ),
    n(
        "f38",
        "2024-12-14",
        "The CPAP check at Asklepios: only 3 events an hour now. The doctor says the machine stays, but I'm "
        "doing well.",
    ),
)

QUESTIONS = (
    q("work", "Who employs me at the moment?", "f25 f27", "f01"),
    q("work", "How long are my shifts at the hospital?", "f24"),
    q("work", "Who was my supervisor at Nordwacht?", "f15"),
    q("people", "Who is Jens?", "f02 f14 f26"),
    q("people", "Who's Agnieszka?", "f35"),
    q("people", "Who is Kemal?", "f07 f23"),
    q("food", "What did we break the fast with on my first Ramadan night shift?", "f06"),
    q("food", "What does Mum cook when we visit?", "f30 f31"),
    q("food", "What did Jens bring on New Year's Eve?", "f20"),
    q("health", "What did the sleep lab find?", "f09"),
    q("health", "What's causing my back pain?", "f32"),
    q("health", "How is my sleep apnoea now?", "f38 f17", "f09"),
    q("plans", "What are my plans for 2025?", "f36"),
    q("plans", "What does Zeynep want to be?", "f33"),
    q("plans", "When do I start the hospital job?", "f25"),
    q("places", "Where do we live?", "f21 f23", "f18"),
    q("places", "Where does Elif work?", "f05"),
    q("places", "Where do Murat and I go fishing?", "f12"),
    q("preferences", "Which football club do I support?", "f14"),
    q("preferences", "Do I still drink energy drinks on shift?", "f11", "f03"),
    q("preferences", "What food does my mother make that I dislike?", "f31"),
    q("history", "Where did I work before the hospital?", "f01 f26"),
    q("history", "What did I use to drink to stay awake?", "f03"),
    q("history", "What was wrong with the Wilhelmsburg flat?", "f18"),
    q("negation", "What does he refuse to eat?", "f31"),
    q("negation", "What did the sleep doctor tell me to stop?", "f11"),
    q("negation", "Who wouldn't talk to me after the derby?", "f14"),
    q("time_range", "What happened in March 2024?", "f23 f24 f21"),
    q("time_range", "What did I do in summer 2023?", "f10 f11 f12 f13"),
    q("time_range", "What went on around the new year 2024?", "f20 f21"),
    q("said_about", "What did Elif say about my parenting?", "f37"),
    q("said_about", "What did Mum say about Zeynep?", "f22"),
    q("said_about", "What did the de-escalation trainer say about the job?", "f28"),
    q("multi_hop", "What does the friend who lent us his cargo bike do for a living?", "f23 f12"),
    q("multi_hop", "What does the man who carried our wardrobe do for a living?", "f23 f07"),
    q("multi_hop", "Which school does the kid who quizzes me for the citizenship test go to?", "f29 f33"),
    q("lexical_gap", "What instrument do I play?", "f13"),
    q("lexical_gap", "What device do I wear at night?", "f10 f17 f38"),
    q("lexical_gap", "How is my daughter doing in school?", "f04 f33"),
    q("lexical_gap", "What does my boy do on weekends at the pool?", "f16"),
    q("lexical_gap", "Am I becoming German?", "f29 f34"),
    q("no_answer", "What is Can's teacher called?"),
    q("no_answer", "Does Elif have any allergies?"),
    q("no_answer", "What score did I get in the driving test?"),
    q("no_answer", "How much does the hospital pay me?"),
    q("no_answer", "Which mosque do we go to?"),
    q("no_answer", "What's my blood sugar?"),
    q("no_answer", "Which team does Murat support?"),
    q("no_answer", "How old is Kemal?"),
)

HISTORY = History("ferhat", NOTES, QUESTIONS)
