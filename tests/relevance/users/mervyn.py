"""Mervyn: a 74-year-old widowed wheat and sheep farmer near Kulin in the West Australian wheatbelt who takes
up woodturning at the Men's Shed, has his right hip replaced, meets Dot, and sells the farm for a unit in
Narrogin."""

from tests.relevance.model import History, n, q

NOTES = (
    n(
        "farm-intro",
        "2024-03-04",
        "Leanne put this on the iPad so I can keep track of things. Seeding starts end of April, 1800 "
        "acres wheat and barley this year plus 600 ewes. Doing it myself again with Shane casual on the "
        "seeder.",
    ),
    n(
        "hip-pain",
        "2024-03-12",
        "right hip bad again getting down off the tractor. taking the Mobic 15mg every morning. cant "
        "kneel to fix the seeder tynes",
    ),
    n(
        "joan",
        "2024-03-20",
        "Would have been 48 years married today. Miss you Joanie. Went and sat with her at the Kulin "
        "cemetery for a bit",
    ),
    n(
        "beer",
        "2024-03-28",
        "couple of Emu Exports in the arvo after the paddock, always have. Joan used to say it was my "
        "medicine",
    ),
    n(
        "dr-nguyen-xray",
        "2024-04-09",
        "Dr Nguyen at the Kondinin clinic had a look at the xray. Bone on bone in the right hip. Referral "
        "to an orthopaedic bloke in Perth, could be a year on the public list",
    ),
    n(
        "blue",
        "2024-04-22",
        "Blue (kelpie, 13) slow getting up of a morning now. Still jumps in the ute every day though",
    ),
    n("rain", "2024-05-06", "22mm in the gauge overnight!! first decent rain since February"),
    n(
        "seeding-done",
        "2024-05-30",
        "Finished seeding. Hip is absolutely stuffed. Shane did the last 200 acres. Might be my last year "
        "doing it myself",
    ),
    n(
        "mens-shed",
        "2024-06-11",
        "Rob from next door dragged me along to the Kulin Mens Shed. They've got a lathe. Turned a pen, "
        "not bad for a first go. Meets Tuesday mornings",
    ),
    n(
        "shed-correction",
        "2024-06-18",
        "Shed is WEDNESDAYS not Tuesdays. turned up to a locked door like a goose",
    ),
    n(
        "leanne-call",
        "2024-06-23",
        "Leanne rang Sunday as usual. Mia made the state netball squad. Jack broke his wrist on the "
        "trampoline",
    ),
    n(
        "leanne-visit",
        "2024-07-08",
        "Leanne and Craig and the kids up for the school hols. Craig fixed the bore pump in an hour, took "
        "me a month to get round to it",
    ),
    n(
        "blue-dies",
        "2024-07-15",
        "Had to have Blue put down this morning at the vet in Narrogin. 13 years. The house is bloody quiet",
    ),
    n(
        "bowl",
        "2024-08-07",
        "First proper bowl off the lathe, jarrah, bit lopsided. Going to give it to Leanne. Geoff reckons "
        "I've got a knack for it",
    ),
    n(
        "joke",
        "2024-08-14",
        "Geoff's joke at the Shed: what do you call a sheep with no legs. A cloud. Laughed more than I "
        "should",
    ),
    n(
        "cooking",
        "2024-08-28",
        "Leanne sends me recipes on the iPad. Made her shepherds pie tonight, edible. Still cant stand "
        "pumpkin, dont care what she says about vitamins",
    ),
    n(
        "aziz",
        "2024-09-03",
        "Saw Mr Aziz the orthopaedic surgeon at Fiona Stanley. Total hip replacement, right side, I'm on "
        "the list. He wants 8 kilos off me and no more smokes before he'll operate",
    ),
    n(
        "smokes",
        "2024-09-10",
        "Last rollie today. 55 years on the Drum tobacco. Got patches from the chemist in Kondinin",
    ),
    n(
        "craig-job",
        "2024-09-17",
        "Craig's got a new contract, sparky at Roy Hill, fly in fly out from Perth, 2 weeks on 1 off. "
        "Good money but Leanne's on her own with the kids half the time",
    ),
    n(
        "darren",
        "2024-09-28",
        "Darren rang from Esperance, they've made him skipper on the cray boat. Kirsty's expecting in April",
    ),
    n(
        "smokes-month",
        "2024-10-12",
        "A month off the smokes. Chewing the nicotine gum like a cow on its cud. Food tastes better which "
        "isnt helping with the 8 kilos",
    ),
    n(
        "lease",
        "2024-10-28",
        "Shook hands with Tom Hegarty. He'll lease the cropping paddocks from next season, $120 an acre. "
        "I keep the house, the sheds and 300 of the ewes",
    ),
    n(
        "tom-said",
        "2024-11-02",
        "Tom said he'll put the whole lot into canola the first year, and he doesnt want the old header "
        "so that'll go at a clearing sale",
    ),
    n(
        "harvest",
        "2024-11-25",
        "Last harvest under my name. Barley went 2.8 t/ha. Shane and Tom did most of the driving",
    ),
    n(
        "pup",
        "2024-12-10",
        "Picked up a border collie pup from a breeder in Wagin. Calling her Tess. Chewed through my boot "
        "laces the first night",
    ),
    n(
        "christmas",
        "2024-12-25",
        "Christmas at Darren and Kirsty's in Esperance. Kirsty did a pav. First one without Joan's "
        "trifle, nobody said anything but everyone noticed",
    ),
    n(
        "quote",
        "2025-01-05",
        "On the wall at Geoffs: The best time to plant a tree was 20 years ago. The second best time is now.",
    ),
    n(
        "weight",
        "2025-01-20",
        "Scales say 6 kilos off since September. Knocked the arvo beers on the head, one light beer with "
        "tea and that's it",
    ),
    n(
        "op-date",
        "2025-02-11",
        "Letter from Fiona Stanley, hip op is 4 March. Bloods to be done in Narrogin first",
    ),
    n(
        "op-correction",
        "2025-02-13",
        "Rang the hospital. Op is 14 March not the 4th, read the letter without my glasses. Admission 6.30am",
    ),
    n(
        "dot",
        "2025-02-22",
        "Had a stall at the CWA craft fair in Kondinin. Sold 4 bowls at $45 each. Got talking to a lovely "
        "lady, Dot Fairweather, widow, does quilts. She bought the sheoak one",
    ),
    n(
        "dr-nguyen-mobic",
        "2025-02-27",
        "Dr Nguyen says stop the Mobic, kidney numbers not great. Panadol Osteo instead, 2 tablets 3 "
        "times a day",
    ),
    n(
        "hospital",
        "2025-03-15",
        "Op done yesterday. Mr Aziz happy, says the new hip looks textbook. Blood thinner needles then "
        "Xarelto tablets for 5 weeks. Up on a frame already",
    ),
    n(
        "rob-tess",
        "2025-03-16",
        "Rob is minding Tess and feeding the ewes while I'm in here. Good bloke that one",
    ),
    n(
        "home-op",
        "2025-03-21",
        "Home. Leanne staying a fortnight. Not allowed to drive for 6 weeks, no bending past 90 degrees, "
        "no crossing my legs, sleep on my back. Hate it",
    ),
    n(
        "physio",
        "2025-04-02",
        "Kylie the physio in Narrogin, Tuesdays and Fridays. Exercises 3 times a day. She says I'm "
        "stubborn, fair enough",
    ),
    n(
        "grandson",
        "2025-04-15",
        "Darren and Kirsty had a boy this morning, Lachlan, 3.6 kilos. Grandkid number three!",
    ),
    n("xarelto-done", "2025-04-20", "Last Xarelto tablet. Done with the blood thinners"),
    n(
        "aziz-6wk",
        "2025-04-28",
        "6 week check with Mr Aziz. Xray good, I can drive again. Back to the Shed is fine but nothing "
        "over 10 kilos for another month",
    ),
    n(
        "kylie-said",
        "2025-05-06",
        "Kylie said I can swap the crutches for a walking stick, and that swimming at the Narrogin pool "
        "would do the hip good. Told her I can't swim. She said well learn then",
    ),
    n(
        "ute",
        "2025-05-15",
        "Traded the old manual Rodeo on an automatic Toyota RAV4 at the dealer in Narrogin. Can't work a "
        "clutch with this hip. Shane reckons a RAV4 is a hairdresser's car. Shane can get stuffed",
    ),
    n(
        "dot-dinner",
        "2025-05-24",
        "Tea at Dot's place in Kondinin. Lamb roast with all the trimmings. Nobody's cooked for me since "
        "Joan",
    ),
    n(
        "leanne-dot",
        "2025-06-08",
        "Told Leanne about Dot. She went quiet then said Dad, Mum would want you to have company. Darren "
        "just said good on ya",
    ),
    n("thanks", "2025-06-20", "thank you love, that reminder about the tablets was handy"),
    n(
        "sell-decision",
        "2025-07-10",
        "Big decision. Putting the farm on the market. Tom Hegarty wants first offer. Too much house and "
        "too many memories out here on my own",
    ),
    n(
        "todo-rob",
        "2025-07-22",
        "for Rob: 2 bags lucerne chaff and a 20L drum of Roundup from Elders while I'm in Narrogin",
    ),
    n(
        "markets",
        "2025-08-16",
        "Stall at the Narrogin markets, sold 9 bowls and a few pens. Using sheoak mostly now, much nicer "
        "grain than jarrah",
    ),
    n(
        "hearing",
        "2025-08-25",
        "Audiologist in Narrogin says mild hearing loss both ears. I'm not getting hearing aids yet, "
        "whatever Leanne says",
    ),
    n(
        "sold",
        "2025-09-02",
        "Sold to the Hegartys. Settlement 15 October. Feels like someone else is writing this",
    ),
    n(
        "unit",
        "2025-09-20",
        "Bought a 2 bedroom unit on Fairway St in Narrogin, close to the hospital and the pool. Tess "
        "comes too, yard is small but fenced",
    ),
    n(
        "clearing-sale",
        "2025-10-04",
        "Clearing sale done. The old header went for $38,000. Gave Shane the welder",
    ),
    n(
        "moved",
        "2025-10-18",
        "First night in the unit. Dot came over with a casserole. Tess howled at the trains",
    ),
    n("mia", "2025-10-30", "Mia got into physio at UWA, starts next year. Pop is proud as punch"),
    n(
        "shed-narrogin",
        "2025-11-05",
        "Joined the Narrogin Mens Shed, bigger lathe, they meet Monday and Thursday. Still get out to "
        "Kulin once a month to see Geoff and the boys",
    ),
    n(
        "swim",
        "2025-11-20",
        "Swimming lesson number 3 at the Narrogin pool, adult beginners, me and two young nurses from the "
        "hospital. Kylie was right, hip feels great after",
    ),
    n(
        "dot-albany",
        "2025-12-03",
        "Dot and I are going down to Albany for a week after Christmas, staying with her sister Marg. "
        "First holiday in 15 years",
    ),
    n(
        "christmas25",
        "2025-12-15",
        "Christmas this year at Leanne's in Perth, Dot's coming too. RAV4 booked in for a service Monday "
        "22nd 8am before the drive",
    ),
)

QUESTIONS = (
    q("work", "What's happening with the farm these days?", "sold sell-decision", forbid="farm-intro lease"),
    q("work", "How much did the old header fetch?", "clearing-sale"),
    q("work", "What do I sell at the markets?", "markets dot"),
    q("people", "Who's Dot?", "dot dot-dinner dot-albany leanne-dot"),
    q("people", "who is Shane", "farm-intro seeding-done harvest ute clearing-sale"),
    q("people", "How many grandchildren do I have?", "grandson"),
    q("food", "What vegetable can't I stand?", "cooking"),
    q("food", "what did Dot cook when I went round for tea", "dot-dinner"),
    q("health", "What am I on for pain these days?", "dr-nguyen-mobic", forbid="hip-pain"),
    q("health", "Am I still on blood thinners?", "xarelto-done", forbid="hospital"),
    q("health", "How's my hearing?", "hearing"),
    q("plans", "What am I doing after Christmas?", "dot-albany"),
    q("plans", "When's the RAV4 getting serviced?", "christmas25"),
    q("places", "Where am I living now?", "unit moved", forbid="lease"),
    q("places", "where do I go for physio", "physio"),
    q("places", "Where am I spending Christmas 2025?", "christmas25"),
    q("preferences", "Which timber do I like turning best?", "markets"),
    q("preferences", "do I want hearing aids", "hearing"),
    q("history", "What did I drive before the RAV4?", "ute"),
    q("history", "What was my old dog called?", "blue blue-dies"),
    q("history", "How much was Tom going to pay to lease the cropping country?", "lease"),
    q("negation", "What did I have to give up before the hip operation?", "smokes smokes-month aziz"),
    q("negation", "What wasn't I allowed to do after the op?", "home-op aziz-6wk"),
    q("time_range", "What happened in March 2025?", "hospital rob-tess home-op"),
    q("time_range", "what went on in July 2024", "leanne-visit blue-dies"),
    q("said_about", "What did Mr Aziz say about my new hip?", "hospital aziz-6wk"),
    q("said_about", "What did Leanne say when I told her about Dot?", "leanne-dot"),
    q("said_about", "what did Kylie tell me to do", "kylie-said physio"),
    q("said_about", "What did Dr Nguyen say about my kidneys?", "dr-nguyen-mobic"),
    q("multi_hop", "What does my son-in-law do for work?", "leanne-visit craig-job"),
    q("multi_hop", "Who minded Tess while I was in hospital, and how do I know him?", "rob-tess mens-shed"),
    q("multi_hop", "What does Lachlan's father do?", "grandson darren"),
    q("lexical_gap", "What's my hobby these days?", "mens-shed bowl markets shed-narrogin dot"),
    q("lexical_gap", "When was my joint replacement surgery?", "op-correction hospital", forbid="op-date"),
    q("lexical_gap", "Who's my GP?", "dr-nguyen-xray dr-nguyen-mobic"),
    q("lexical_gap", "How much alcohol do I drink now?", "weight", forbid="beer"),
    q("lexical_gap", "Do I do any exercise?", "swim physio kylie-said"),
    q("no_answer", "What colour is the RAV4?"),
    q("no_answer", "What's Rob's surname?"),
    q("no_answer", "How much did I get for the farm?"),
    q("no_answer", "What was Joan's maiden name?"),
    q("no_answer", "Which footy team do I follow?"),
)

HISTORY = History("mervyn", NOTES, QUESTIONS)
