"""Tiago, a Brazilian freelance mobile developer who leaves Lisbon for a startup job in Berlin: a WG then
his own flat, German courses, a breakup and a new girlfriend, an ankle injury, no coffee, family back
home."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "t01",
        "2024-02-06",
        "Okay so, um, first voice note in this app, let's see if it works. Still in the little flat in "
        "Arroios with the broken tile in the kitchen, and I'm freelancing for Pagalo, the fintech here in"
        " Lisbon, doing their React Native payments app, the contract runs until, um, end of April, no "
        "wait, end of May, yeah end of May. Marina called from São Paulo at like midnight my time again "
        "because of her hospital shifts, anyway, so yeah, long distance is long distance.",
    ),
    n(
        "t02",
        "2024-02-19",
        "So I finished the A2 module at the Goethe-Institut here, Tuesday evenings, and honestly my "
        "German is still like a child ordering bread, but um, half the mobile jobs I see on LinkedIn are "
        "in Berlin so I'm kind of thinking about it, not telling mãe yet, she'll freak out.",
    ),
    n(
        "t03",
        "2024-03-03",
        "Vó Cida turned eighty-eight today, we did a video call with the whole family in Porto Alegre, "
        "she kept calling me Tiaguinho and asking when I'm coming, and mãe told me after, quietly, that "
        "vó is forgetting things, the stove, names, that kind of thing. Saudade hit hard after that call,"
        " tá bom, anyway.",
    ),
    n(
        "t04",
        "2024-03-21",
        "Food rant, um, I love Lisbon but the coentro, man, they put it in everything, the açorda, the "
        "clams, even the soup, I pick it out leaf by leaf, it tastes like soap to me. The pastéis de nata"
        " I will miss though, I eat like two a day from the place on Morais Soares, no wait, the one by "
        "the metro, whatever, the good one.",
    ),
    n(
        "t05",
        "2024-04-10",
        "Bad news, um, Pagalo isn't renewing, they hired an in-house team for the app so my contract just"
        " ends on May thirty-first and that's it, no extension, so like seven weeks to find something. "
        "Honestly maybe this is the push to do Berlin for real.",
    ),
    n(
        "t06",
        "2024-04-25",
        "Marina's here for the week, we went to the 25 de Abril march with the carnations, it was "
        "beautiful, and then we had the big fight at dinner about who moves where, she's in the middle of"
        " her cardiology residency at the Hospital das Clínicas and she won't leave São Paulo for at "
        "least two more years, and I get it, I really do, but um, yeah.",
    ),
    n(
        "t07",
        "2024-05-08",
        "Had the first interview with Radwerk, it's a startup in Berlin that does bike subscriptions, "
        "like you pay monthly and they fix your bike, and the technical round is next Thursday, no wait, "
        "Friday the seventeenth, with their mobile lead. They use Kotlin Multiplatform which I've only "
        "played with, so I'm going to cram all weekend.",
    ),
    n(
        "t08",
        "2024-05-20",
        "THEY MADE AN OFFER. Senior Mobile Engineer at Radwerk, seventy-eight thousand a year gross, "
        "start on the first of August, and they'll help with the Blue Card paperwork. I said yes before "
        "they even finished the sentence which, um, probably bad negotiating, anyway. Called mãe, she "
        "cried, then asked if Germany is cold, yes mãe.",
    ),
    n(
        "t09",
        "2024-06-02",
        "Bruna called me screaming, Rafael proposed! At the waterfall in Gramado, on one knee, the whole "
        "cliché, they've been together like six years so about time. She lives ten minutes from mãe in "
        "Porto Alegre so the wedding's going to be there, in April next year, and she already says I'm "
        "giving a speech, ai meu Deus.",
    ),
    n(
        "t10",
        "2024-06-18",
        "Visa stuff, um, got the appointment at the German embassy in Lisbon in three weeks, for the "
        "national visa, they want the contract, the diploma, which thank god my computer science degree "
        "from UFRGS is in the anabin database, the health insurance, the biometric photos and a fee of "
        "like seventy-five euros. Printed everything twice.",
    ),
    n(
        "t11",
        "2024-07-05",
        "Last Thursday futsal with the Lisbon guys in Anjos, they gave me a Benfica scarf as a joke "
        "because they know I'm Grêmio, and um, I hand the keys of the Arroios flat back to Senhor Amílcar"
        " on the twenty-sixth, he's already being weird about the deposit because of the kitchen tile "
        "which was broken when I moved in, I have photos. Oh and the visa came through, a sticker in the "
        "passport for six months, then I get the real card over there.",
    ),
    n(
        "t12",
        "2024-07-28",
        "So yeah, I'm in Berlin. Room in a WG in Neukölln, on Weserstraße, six hundred forty warm, with "
        "Jonas, who's from Hamburg and plays drums in some band and practices in the basement, thank god "
        "it's the basement, and Aylin who's a nurse at the Charité and works nights so I basically only "
        "see her on Sundays. Room is small but it has a tiny balcony for the plants I don't have yet.",
    ),
    n(
        "t13",
        "2024-08-01",
        "First day at Radwerk! Office is in Kreuzberg, on Ritterstraße near Moritzplatz, we're four "
        "mobile devs and my manager Katrin is the mobile lead, super direct, very German, I like her. "
        "Stack is Kotlin Multiplatform with SwiftUI on top for iOS, and um, everybody's laptop has a bike"
        " sticker, of course.",
    ),
    n(
        "t14",
        "2024-08-14",
        "Finally got a Bürgeramt appointment, in Lichtenberg of all places, after refreshing the website "
        "for like five days at seven in the morning, did the Anmeldung, so now on paper I officially "
        "exist on Weserstraße and the tax ID should come by post in a couple of weeks, and then the bank,"
        " and then, um, life.",
    ),
    n(
        "t15",
        "2024-09-07",
        "Marina and I broke up. Long call, like three hours, no fight really, she said she can't do "
        "another year of time zones and that I'm already living my life here and she's just visiting my "
        "screen, which, yeah, fair. Four years. I walked along the canal until two in the morning. So "
        "yeah.",
    ),
    n(
        "t16",
        "2024-09-22",
        "Signed up for B1 at the Volkshochschule Neukölln, Mondays and Wednesdays, six to nine, no wait, "
        "six to eight thirty, the teacher is Herr Brandt, who looks like a retired boxer and is super "
        "patient. The class is people from everywhere, there's a Syrian dentist and an Australian "
        "bartender, I love it.",
    ),
    n(
        "t17",
        "2024-10-12",
        "Jonas dragged me to a techno club last night, the one in the old power station, and I lasted, "
        "um, ninety minutes, I'm sorry, I just hate techno, it's the same boom boom boom for six hours. "
        "I'm a Caetano and Jorge Ben Jor guy, give me a violão and a samba. Found a forró night in "
        "Kreuzberg on Thursdays though, that's more me.",
    ),
    n(
        "t18",
        "2024-11-03",
        "Mãe called at six in the morning, vó Cida fell in the bathroom and broke her hip, she's at "
        "Moinhos de Vento in Porto Alegre and they operate tomorrow. I felt so useless here, eleven "
        "thousand kilometres away, checking flights at three am.",
    ),
    n(
        "t19",
        "2024-11-20",
        "Vó's surgery went okay, they put a metal thing in the hip and she's doing a few steps with a "
        "walker already. Mãe moved in with her for now. Vó told mãe she's not going anywhere before she "
        "sees me again, so um, I'm going home next Christmas, I don't have the vacation days this year "
        "anyway.",
    ),
    n(
        "t20",
        "2024-12-25",
        "Christmas in the WG, Aylin was off for once, I made pernil and farofa like mãe does and Jonas "
        "brought Glühwein from the market at Hermannplatz, we ate at like ten at night Brazilian style. "
        "Called Porto Alegre, they were in the pool at thirty-four degrees and I was looking at grey at "
        "four in the afternoon. This Berlin darkness in December, I hate it, dark when I wake up and dark"
        " when I leave the office.",
    ),
    n(
        "t21",
        "2025-01-15",
        "Okay new thing, I stopped coffee. Went to the Hausarzt, Dr. Yilmaz on Sonnenallee, because of my"
        " heart racing at night and he said it's probably stress plus like five espressos a day, so um, "
        "zero coffee since Monday. Headache for three days. Mãe is sending erva-mate by post so I'm going"
        " full gaúcho, chimarrão every morning.",
    ),
    n(
        "t22",
        "2025-02-11",
        "Picked up my Blaue Karte at the LEA, the Landesamt für Einwanderung on Keplerstraße, the actual "
        "plastic card, valid until 2028, and the lady even smiled. Until now I only had the sticker in "
        "the passport. Celebrated with a pastel de nata from the Portuguese bakery in Kreuzberg, saudade "
        "of Lisbon, imagine.",
    ),
    n(
        "t23",
        "2025-03-08",
        "Disaster, um, Saturday futsal with the Radwerk people at Hasenheide, I went for a ball and my "
        "ankle just folded, heard a pop, Sanna from QA drove me to the Urban hospital, torn outer "
        "ligament, they gave me a boot and crutches. Katrin already said home office as long as I need.",
    ),
    n(
        "t24",
        "2025-03-20",
        "Started physio at a Praxis on Karl-Marx-Straße with Frau Schulte, twice a week for six weeks, "
        "she pressed on the ankle and said it's a lazy ankle and my calves are weak from sitting at a "
        "desk all day, and no football until summer at least, maybe never if I don't do the balance work."
        " Ouch, in both senses.",
    ),
    n(
        "t25",
        "2025-04-13",
        "Bruna and Rafael got married yesterday, my baby sister, married, and I watched it on a phone "
        "propped against a wine glass because of the ankle and because our launch is in three weeks, "
        "Katrin said go but I couldn't, um, I just couldn't do twenty hours of flights on crutches. Bruna"
        " looked like a movie. Vó was there in a wheelchair and Rafael pushed her onto the dance floor "
        "and danced with her, I cried alone in the kitchen and Jonas hugged me.",
    ),
    n(
        "t26",
        "2025-05-06",
        "Radwerk 2.0 is live in the stores, four point seven stars so far, and in the retro Katrin said "
        "I'm going to lead the iOS rewrite next quarter because, um, she said I'm the calmest person in "
        "the room when things are on fire, ha. Also, big one, passed the B1 exam, got the letter today, "
        "bestanden!",
    ),
    n(
        "t27",
        "2025-05-24",
        "Last physio session, Frau Schulte cleared me, the ankle is stable, but she said futsal is "
        "basically the worst thing for it with all the twisting and I should find something that builds "
        "strength without people stepping on me. Sanna keeps saying climbing, so, um, maybe.",
    ),
    n(
        "t28",
        "2025-06-14",
        "Okay I'm hooked. Went bouldering with Sanna at a hall in Wedding, the one in the old factory "
        "near Gesundbrunnen, and I can only do the yellow ones but my forearms are dead in the best way. "
        "We said Tuesdays after work and Saturday mornings. Bought the shoes, they hurt like hell, "
        "apparently that's normal.",
    ),
    n(
        "t29",
        "2025-07-02",
        "News from home, Rafael got a job as an agronomist at a grain cooperative in Passo Fundo, soy and"
        " wheat, it's a big deal, so he and Bruna are moving there in September. Mãe is sad because it's "
        "four hours from Porto Alegre and from vó, but um, Bruna says good money and a house with a yard,"
        " so.",
    ),
    n(
        "t30",
        "2025-07-20",
        "Flat hunting, day whatever. Jonas's band is practicing more and the WG kitchen is a war zone, so"
        " I'm looking for my own place, max twelve hundred warm. Went to a viewing in Friedrichshain, "
        "forty-five people on the stairs, and they wanted a SCHUFA, three payslips and a letter from my "
        "previous landlord, who is Senhor Amílcar in Lisbon, who still hasn't given my deposit back. Ha.",
    ),
    n(
        "t31",
        "2025-08-10",
        "Went to Sanna's birthday picnic on Tempelhofer Feld yesterday and met Mira, she's an "
        "illustrator, does children's books, she's from Leipzig and lives in Prenzlauer Berg, and she "
        "corrected my German in the nicest way and then laughed at my kite. We talked until they kicked "
        "everyone out at sunset. Got her number. So yeah.",
    ),
    n(
        "t32",
        "2025-08-30",
        "Food update, found a Brazilian bakery in Schöneberg, on Akazienstraße, that makes real pão de "
        "queijo, like actual polvilho, I bought twenty. Also my favourite Döner is the place at "
        "Kottbusser Tor with the grilled vegetables, and um, Mira's vegetarian, so I'm eating way less "
        "meat these days, which mãe thinks is a crime.",
    ),
    n(
        "t33",
        "2025-09-16",
        "Started the B2 course, online in the evenings with a school in Mitte because the VHS was full, "
        "Tuesdays and Thursdays, no wait, Mondays and Thursdays, Tuesday is bouldering. And Mira decided "
        "we speak only German on Sundays, which is, um, humbling, I said ich bin heiß instead of mir ist "
        "heiß at lunch and she almost choked.",
    ),
    n(
        "t34",
        "2025-10-05",
        "Vó Cida has pneumonia, she's in the hospital again, mãe says she's stable and eating jello, but "
        "I'm done waiting, I booked the flights home, Berlin to Lisbon to Porto Alegre, the eighteenth of"
        " December to the sixth of January. Katrin approved the days already.",
    ),
    n(
        "t35",
        "2025-10-28",
        "Mira says my flat hunt is cursed, her words, after the fourth rejection, and that I should stop "
        "looking in Friedrichshain because everyone wants Friedrichshain and look in Wedding near the "
        "climbing hall instead. She also met Jonas for the first time and they talked about vinyl for an "
        "hour and ignored me, great.",
    ),
    n(
        "t36",
        "2025-11-22",
        "I GOT A FLAT. Wedding, Malplaquetstraße, two rooms, fifty-four square metres, eleven-eighty "
        "warm, third floor, no elevator, old wooden floors, move-in on the first of February, and I sign "
        "the lease next Tuesday at the Hausverwaltung. Mira was right. Don't tell her.",
    ),
    n(
        "t37",
        "2025-12-27",
        "Writing from Porto Alegre, thirty-five degrees, um, vó Cida is home, thin and tired but she "
        "laughed at my German, mãe did a churrasco on Christmas with picanha and pão de alho, my "
        "favourite, and then Bruna stood up and said she's pregnant, due in June! Rafael drove them down "
        "from Passo Fundo, seven hours with the traffic, no wait, five.",
    ),
    n(
        "t38",
        "2026-01-04",
        "Last days in Brazil, we went to Torres for two days at the beach, vó stayed with mãe. Before I "
        "left she held my face and said I have to bring the German girl next time or not come at all, ha,"
        " vó. I fly back Tuesday, no wait, Monday night. Saudade already.",
    ),
    n(
        "t39",
        "2026-02-01",
        "Moved into Malplaquetstraße today! Jonas and Mira carried boxes up three floors, Jonas "
        "complaining the whole time, and Aylin came after her shift with a plant. First time in my life "
        "living alone, no flatmates, no family, just me and an IKEA sofa that isn't built yet. Um, it "
        "echoes.",
    ),
    n(
        "t40",
        "2026-03-10",
        "So Katrin called me in and, um, from April I'm Mobile Tech Lead, six people, because she's "
        "moving up to Head of Engineering, and it comes with ninety-two thousand, which is, wow. Less "
        "coding, more one-on-ones, which scares me a bit, but yeah.",
    ),
    n(
        "t41",
        "2026-04-07",
        "Easter in Leipzig with Mira's parents, her dad asked me about Brazilian politics for an hour and"
        " her mum just kept feeding me cake. Also, passed the telc B2! Mira drew me a little certificate "
        "with me as a climbing capybara, it's on the fridge.",
    ),
    n(
        "t42",
        "2026-06-09",
        "Alice was born on Sunday, June seventh, three point one kilos, Bruna's fine, Rafael sent like "
        "three hundred photos. I'm tio! Vó held her great-granddaughter at the hospital in Passo Fundo, "
        "mãe drove her up. I'm sending a Berlin bear onesie.",
    ),
    n(
        "t43",
        "2026-07-22",
        "Bouldering update, I finally topped my first 6B, the purple one on the overhang, Sanna screamed."
        " Eighteen months without coffee by the way, still chimarrão every morning, the cuia Bruna gave "
        "me sits on my desk and people at work think it's a plant pot.",
    ),
    n(
        "t44",
        "2026-09-05",
        "Big decisions, um, Mira is moving in with me in November, her lease ends on the thirtieth of "
        "October, no wait, the thirty-first, and before that we're going to Lisbon for a week in October "
        "so I can show her Arroios and all the coentro I hate. She'll keep her studio in Prenzlauer Berg "
        "for drawing though.",
    ),
    n(
        "t45",
        "2026-11-03",
        "Reorg at Radwerk, um, Katrin left for a job in Munich and the new CTO, Daniela, merged mobile "
        "and web into one team that I lead, eleven people now. Also the LEA finally gave me the "
        "appointment for the Niederlassungserlaubnis, December third, because with the Blue Card and B1 I"
        " qualify after twenty-one months. Fingers crossed.",
    ),
)

QUESTIONS = (
    q("work", "What was I building for my client back in Lisbon?", "t01"),
    q("work", "Why did the fintech gig end?", "t05"),
    q("work", "What technologies does my team use at work?", "t13"),
    q("work", "Who do I report to at work now?", "t45", "t13 t40"),
    q("people", "Who is Aylin?", "t12 t39"),
    q("people", "Who's Sanna?", "t23 t28"),
    q("people", "Who is Herr Brandt?", "t16"),
    q("people", "Who am I dating these days?", "t31 t44", "t01 t06"),
    q("food", "Where can I buy decent pão de queijo in Berlin?", "t32"),
    q("food", "What did I cook for Christmas dinner in the shared flat?", "t20"),
    q("food", "What do I drink in the mornings instead of espresso?", "t21 t43"),
    q("food", "What did mãe serve at Christmas in Porto Alegre?", "t37"),
    q("health", "What happened to my ankle?", "t23 t24 t27"),
    q("health", "Why did vó end up in hospital?", "t18 t34"),
    q("health", "Who is my family doctor in Berlin?", "t21"),
    q("health", "What did the doctor think was behind my racing heart?", "t21"),
    q("plans", "When was I due to start at Radwerk?", "t08"),
    q("plans", "What dates did I book for the Christmas trip to Brazil?", "t34"),
    q("plans", "When is Mira moving in with me?", "t44"),
    q("plans", "When is my appointment about permanent residency?", "t45"),
    q("places", "Where do I live at the moment?", "t36 t39", "t01 t12 t14"),
    q("places", "Where does my sister live these days?", "t29", "t09"),
    q("places", "Where is the climbing gym I go to?", "t28"),
    q("places", "Whereabouts is the Radwerk office?", "t13"),
    q("preferences", "What kind of music am I into?", "t17"),
    q("preferences", "How do I feel about Berlin in December?", "t20"),
    q("preferences", "Where's my favourite kebab in Berlin?", "t32"),
    q("preferences", "Which Lisbon pastry do I love?", "t04"),
    q("history", "Where did I live before I moved to Germany?", "t01 t11"),
    q("history", "Who was I with before Mira?", "t06 t15"),
    q("history", "What was my German level when I was still in Portugal?", "t02"),
    q("history", "What sport did I play before I got hurt?", "t11 t23"),
    q("negation", "What did I give up drinking?", "t21"),
    q("negation", "Which herb do I always pick out of my food?", "t04 t44"),
    q("negation", "What music can't I stand?", "t17"),
    q("negation", "What doesn't Mira eat?", "t32"),
    q("time_range", "What happened over Christmas 2024?", "t20"),
    q("time_range", "What went on in March 2025?", "t23 t24"),
    q("time_range", "What did I get up to between mid-December 2025 and early January 2026?", "t37 t38"),
    q("time_range", "What happened in July 2024?", "t11 t12"),
    q("said_about", "What did Marina say when we split up?", "t15"),
    q("said_about", "What did Frau Schulte say about my ankle?", "t24 t27"),
    q("said_about", "What did vó tell me before I flew back to Berlin?", "t38"),
    q("said_about", "What does Mira think about my flat search?", "t35"),
    q("multi_hop", "What does my brother-in-law do for work?", "t29 t25"),
    q("multi_hop", "How old was vó when she broke her hip?", "t03 t18"),
    q("multi_hop", "What does my niece's dad do for a living?", "t42 t29"),
    q("multi_hop", "Which company am I a tech lead at?", "t40 t13"),
    q("lexical_gap", "What's my immigration status in Germany?", "t22 t45", "t11"),
    q("lexical_gap", "Am I an uncle?", "t42"),
    q("lexical_gap", "What do I do to stay in shape lately?", "t28 t43"),
    q("lexical_gap", "How much do I make a year now?", "t40", "t08"),
    q("lexical_gap", "Did I ever report where I live to the authorities?", "t14"),
    q("lexical_gap", "How good is my German nowadays?", "t41", "t02 t16 t26 t33"),
    q("no_answer", "What's Mira's surname?"),
    q("no_answer", "How much was the deposit on the Wedding flat?"),
    q("no_answer", "What grade did I get in the B1 exam?"),
    q("no_answer", "What is Jonas's band called?"),
    q("no_answer", "Which airline did I fly home to Brazil with?"),
    q("no_answer", "What's Katrin's last name?"),
    q("no_answer", "How old is Mira?"),
    q("no_answer", "Where did Bruna and Rafael go on their honeymoon?"),
)

HISTORY = History("tiago", NOTES, QUESTIONS)
