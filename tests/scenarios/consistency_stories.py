"""Forty-odd short life stories: what a user sends, step by step, and what every view must then agree on.

Each step is one write (a note through POST /v1/analyze, a user edit, a delete, an import, DELETE /v1/me)
and an `Expect`: the current value of each (subject, slot) with the values it replaced, the words that
were forgotten, what the timeline must show and which names exist. `tests/consistency.py` checks them
all against every view. Names, companies and cities are invented for these stories.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.consistency import Current, Expect


@dataclass(frozen=True)
class Step:
    do: str  # note | edit | archive | hard_delete | import | forget_me
    text: str = ""  # the note, or the edited memory's new content
    day: str = ""  # the note's document date (YYYY-MM-DD)
    find: str = ""  # edit / archive / hard_delete: a word of the one active memory it acts on
    body: dict[str, Any] = field(default_factory=dict)  # import
    expect: Expect = Expect()


@dataclass(frozen=True)
class Story:
    name: str
    steps: tuple[Step, ...]


def now(subject: str, slot: str, value: str | None, *was: str, ask: str | None = None) -> Current:
    return Current(subject, slot, value, tuple(was), ask)


def _expect(current: tuple[Current, ...], kw: dict[str, Any]) -> Expect:
    return Expect(current=current, **{k: tuple(v) if isinstance(v, list) else v for k, v in kw.items()})


def say(day: str, text: str, *current: Current, **kw: Any) -> Step:
    return Step("note", text, day, expect=_expect(current, kw))


def edit(find: str, content: str, *current: Current, **kw: Any) -> Step:
    return Step("edit", content, find=find, expect=_expect(current, kw))


def hard_delete(find: str, *current: Current, **kw: Any) -> Step:
    return Step("hard_delete", find=find, expect=_expect(current, kw))


def imports(body: dict[str, Any], *current: Current, **kw: Any) -> Step:
    return Step("import", body=body, expect=_expect(current, kw))


def forget_me(**kw: Any) -> Step:
    return Step("forget_me", expect=_expect((), kw))


WORK = "where do I work?"
HOME = "where do I live?"

STORIES = (
    # -- the user's job ------------------------------------------------------------------------------
    Story(
        "my job: quit and started",
        (
            say(
                "2026-09-01",
                "I work at Brightwave as a product designer.",
                now("Me", "employer", "Brightwave", ask=WORK),
            ),
            say(
                "2026-10-05",
                "I quit Brightwave and started at Tidepool Labs last Monday.",
                now("Me", "employer", "Tidepool Labs", "Brightwave", ask=WORK),
                timeline=["Tidepool Labs"],
            ),
        ),
    ),
    Story(
        "my job: moved on from",
        (
            say("2026-08-10", "I'm a nurse at Lakeside General.", now("Me", "employer", "Lakeside General")),
            say(
                "2026-10-12",
                "I've moved on from Lakeside General and I'm now at Harborview Clinic.",
                now("Me", "employer", "Harborview Clinic", "Lakeside General", ask=WORK),
                timeline=["Harborview Clinic"],
            ),
        ),
    ),
    Story(
        "my job: no longer at",
        (
            say(
                "2026-07-01",
                "I work for Corvid Robotics.",
                now("Me", "employer", "Corvid Robotics", ask=WORK),
            ),
            say(
                "2026-10-20",
                "I'm no longer at Corvid Robotics. Since this week I work at Fennel Studio.",
                now("Me", "employer", "Fennel Studio", "Corvid Robotics", ask=WORK),
            ),
        ),
    ),
    Story(
        "my job: let go",
        (
            say(
                "2026-06-03",
                "I work at Quillstone Bank in the risk team.",
                now("Me", "employer", "Quillstone Bank"),
            ),
            say(
                "2026-10-14",
                "Quillstone Bank let me go today after the merger.",
                now("Me", "employer", None, "Quillstone Bank", ask=WORK),
                timeline=["Quillstone Bank"],
            ),
        ),
    ),
    Story(
        "my job: two changes in a row",
        (
            say("2026-03-02", "I work at Alderbyte.", now("Me", "employer", "Alderbyte")),
            say(
                "2026-06-15",
                "I joined Mossgrove after leaving Alderbyte.",
                now("Me", "employer", "Mossgrove", "Alderbyte", ask=WORK),
            ),
            say(
                "2026-10-01",
                "I started at Pinecrest Media today, my last day at Mossgrove was Friday.",
                now("Me", "employer", "Pinecrest Media", "Mossgrove", "Alderbyte", ask=WORK),
                timeline=["Mossgrove", "Pinecrest Media"],
            ),
        ),
    ),
    Story(
        "my job: promoted",
        (
            say(
                "2026-04-07",
                "I'm a junior developer at Cobalt Forge.",
                now("Me", "employer", "Cobalt Forge"),
                now("Me", "job_title", "junior developer"),
            ),
            say(
                "2026-10-09",
                "I got promoted to senior developer at Cobalt Forge.",
                now("Me", "employer", "Cobalt Forge"),
                now("Me", "job_title", "senior developer", "junior developer", ask="what is my job title?"),
            ),
        ),
    ),
    Story(
        "my job and home in one note",
        (
            say(
                "2026-02-11",
                "I live in Nantes and work at Ouest Media.",
                now("Me", "location", "Nantes"),
                now("Me", "employer", "Ouest Media"),
            ),
            say(
                "2026-09-22",
                "I relocated to Lyon for a new job at Arbelle Cosmetics.",
                now("Me", "location", "Lyon", "Nantes", ask=HOME),
                now("Me", "employer", "Arbelle Cosmetics", "Ouest Media", ask=WORK),
                timeline=["Lyon"],
            ),
        ),
    ),
    # -- friends' and family's jobs ------------------------------------------------------------------
    Story(
        "friend joined after leaving",
        (
            say(
                "2026-05-05",
                "My friend Oskar works at Halvard Logistics as an analyst.",
                now("Oskar", "employer", "Halvard Logistics"),
            ),
            say(
                "2026-10-03",
                "Oskar joined Brindle Foods last week after leaving Halvard Logistics.",
                now("Oskar", "employer", "Brindle Foods", "Halvard Logistics", ask="where does Oskar work?"),
                timeline=["Brindle Foods"],
            ),
        ),
    ),
    Story(
        "cousin let go",
        (
            say(
                "2026-04-18",
                "My cousin Renata is an accountant at Ostrava Steelworks.",
                now("Renata", "employer", "Ostrava Steelworks"),
            ),
            say(
                "2026-10-21",
                "Ostrava Steelworks let Renata go in October.",
                now("Renata", "employer", None, "Ostrava Steelworks", ask="where does Renata work?"),
            ),
        ),
    ),
    Story(
        "friend now at",
        (
            say("2026-03-14", "Kwame works at Sunfield Energy.", now("Kwame", "employer", "Sunfield Energy")),
            say(
                "2026-09-30",
                "Kwame is now at Drift Analytics.",
                now("Kwame", "employer", "Drift Analytics", "Sunfield Energy", ask="where does Kwame work?"),
            ),
        ),
    ),
    Story(
        "colleague started at",
        (
            say(
                "2026-05-20",
                "My colleague Ingrid is a designer at Veloxa.",
                now("Ingrid", "employer", "Veloxa"),
            ),
            say(
                "2026-11-02",
                "Ingrid started at Palisade Games this month.",
                now("Ingrid", "employer", "Palisade Games", "Veloxa", ask="where does Ingrid work?"),
            ),
        ),
    ),
    Story(
        "friend quit",
        (
            say(
                "2026-02-02",
                "My friend Thandiwe works at Marula Bank.",
                now("Thandiwe", "employer", "Marula Bank"),
            ),
            say(
                "2026-08-19",
                "Thandiwe quit Marula Bank to travel for a year.",
                now("Thandiwe", "employer", None, "Marula Bank", ask="where does Thandiwe work?"),
            ),
        ),
    ),
    Story(
        "brother switched employers",
        (
            say(
                "2026-01-12",
                "My brother Florian works at Kessler Motors.",
                now("Florian", "employer", "Kessler Motors"),
            ),
            say(
                "2026-07-07",
                "Florian switched from Kessler Motors to Auenwald Rail.",
                now("Florian", "employer", "Auenwald Rail", "Kessler Motors", ask="where does Florian work?"),
            ),
        ),
    ),
    # -- moves ---------------------------------------------------------------------------------------
    Story(
        "I moved",
        (
            say("2026-01-20", "I live in Rotterdam.", now("Me", "location", "Rotterdam", ask=HOME)),
            say(
                "2026-09-12",
                "We moved to Ghent last weekend.",
                now("Me", "location", "Ghent", "Rotterdam", ask=HOME),
                timeline=["Ghent"],
            ),
        ),
    ),
    Story(
        "I moved back",
        (
            say("2026-01-05", "I live in Tallinn.", now("Me", "location", "Tallinn")),
            say(
                "2026-04-01",
                "I moved to Porto in spring.",
                now("Me", "location", "Porto", "Tallinn", ask=HOME),
            ),
            say(
                "2026-10-10", "I moved back to Tallinn.", now("Me", "location", "Tallinn", "Porto", ask=HOME)
            ),
        ),
    ),
    Story(
        "brother moved",
        (
            say(
                "2026-03-03", "My brother Matthias lives in Leipzig.", now("Matthias", "location", "Leipzig")
            ),
            say(
                "2026-09-09",
                "Matthias moved to Dresden for his new job.",
                now("Matthias", "location", "Dresden", "Leipzig", ask="where does Matthias live?"),
                timeline=["Dresden"],
            ),
        ),
    ),
    Story(
        "friend moved and changed jobs",
        (
            say(
                "2026-02-17",
                "My friend Leontine lives in Bergen and works at Fjordline.",
                now("Leontine", "location", "Bergen"),
                now("Leontine", "employer", "Fjordline"),
            ),
            say(
                "2026-08-28",
                "Leontine moved to Trondheim and now works at Nordlys Media.",
                now("Leontine", "location", "Trondheim", "Bergen", ask="where does Leontine live?"),
                now("Leontine", "employer", "Nordlys Media", "Fjordline", ask="where does Leontine work?"),
            ),
        ),
    ),
    # -- relationships -------------------------------------------------------------------------------
    Story(
        "I started dating and broke up",
        (
            say(
                "2026-04-04",
                "I've been dating Callum for three months.",
                now("Me", "partner", "Callum", ask="who am I dating?"),
            ),
            say(
                "2026-10-18",
                "Callum and I broke up last weekend.",
                now("Me", "partner", None, "Callum", ask="who am I dating?"),
                timeline=["Callum"],
            ),
        ),
    ),
    Story(
        "I got engaged",
        (
            say("2026-03-08", "My girlfriend Yara loves climbing.", now("Me", "partner", "Yara")),
            say(
                "2026-10-24",
                "Yara and I got engaged on Saturday!",
                now("Me", "partner", "Yara", ask="who is my partner?"),
                timeline=["engaged"],
            ),
        ),
    ),
    Story(
        "I split up and met someone",
        (
            say("2026-01-15", "My partner Ezra and I share a flat.", now("Me", "partner", "Ezra")),
            say("2026-07-30", "Ezra and I split up in July.", now("Me", "partner", None, "Ezra")),
            say(
                "2026-10-29",
                "I'm seeing someone new, her name is Marisol.",
                now("Me", "partner", "Marisol", "Ezra", ask="who am I dating?"),
            ),
        ),
    ),
    Story(
        "friend got engaged",
        (
            say("2026-02-21", "My friend Benedikt is dating Saoirse.", now("Benedikt", "partner", "Saoirse")),
            say(
                "2026-09-26",
                "Benedikt and Saoirse got engaged in Lisbon.",
                now("Benedikt", "partner", "Saoirse", ask="who is Benedikt engaged to?"),
                timeline=["engaged"],
            ),
        ),
    ),
    Story(
        "friend separated",
        (
            say("2026-03-19", "My friend Paloma is married to Ruben.", now("Paloma", "partner", "Ruben")),
            say(
                "2026-08-08",
                "Paloma and Ruben separated this summer.",
                now("Paloma", "partner", None, "Ruben", ask="who is Paloma married to?"),
            ),
        ),
    ),
    # -- possessions ---------------------------------------------------------------------------------
    Story(
        "sold my car",
        (
            say(
                "2026-02-09",
                "I drive a Volvo V60.",
                now("Me", "car", "Volvo V60", ask="what car do I drive?"),
            ),
            say(
                "2026-10-11",
                "I sold my Volvo V60 last week.",
                now("Me", "car", None, "Volvo V60", ask="what car do I drive?"),
                timeline=["Volvo V60"],
            ),
        ),
    ),
    Story(
        "traded in my car",
        (
            say("2026-03-27", "I have a Mazda CX-5.", now("Me", "car", "Mazda CX-5")),
            say(
                "2026-09-05",
                "I traded in my Mazda CX-5 for a Kia EV6.",
                now("Me", "car", "Kia EV6", "Mazda CX-5", ask="what car do I have?"),
            ),
        ),
    ),
    Story(
        "switched phones",
        (
            say("2026-01-28", "My phone is a Pixel 7.", now("Me", "phone", "Pixel 7")),
            say(
                "2026-10-02",
                "I switched from my Pixel 7 to an iPhone 15.",
                now("Me", "phone", "iPhone 15", "Pixel 7", ask="what phone do I use?"),
            ),
        ),
    ),
    Story(
        "gave away my bike",
        (
            say("2026-04-22", "I own a Brompton folding bike.", now("Me", "bike", "Brompton")),
            say(
                "2026-09-17",
                "I gave away my Brompton to my niece.",
                now("Me", "bike", None, "Brompton", ask="do I have a bike?"),
            ),
        ),
    ),
    Story(
        "got rid of the piano",
        (
            say(
                "2026-05-13",
                "We have an upright Yamaha piano in the living room.",
                now("Me", "piano", "Yamaha"),
            ),
            say(
                "2026-10-16",
                "We finally got rid of the Yamaha piano.",
                now("Me", "piano", None, "Yamaha", ask="do we have a piano?"),
            ),
        ),
    ),
    # -- diet, health, a death -----------------------------------------------------------------------
    Story(
        "I went vegan",
        (
            say("2026-02-14", "I'm vegetarian.", now("Me", "diet", "vegetarian")),
            say(
                "2026-10-07",
                "I'm now vegan.",
                now("Me", "diet", "vegan", "vegetarian", ask="what is my diet?"),
            ),
        ),
    ),
    Story(
        "sister went vegan",
        (
            say("2026-03-23", "My sister Annika is pescatarian.", now("Annika", "diet", "pescatarian")),
            say(
                "2026-09-14",
                "Annika is now fully vegan.",
                now("Annika", "diet", "vegan", "pescatarian", ask="what does Annika eat?"),
            ),
        ),
    ),
    Story(
        "grandfather passed away",
        (
            say(
                "2026-06-06",
                "My grandfather Anselm is in hospital with pneumonia.",
                now("Anselm", "health", "hospital"),
            ),
            say(
                "2026-10-25",
                "Grandpa Anselm passed away peacefully on Sunday.",
                now("Anselm", "health", "passed away", "hospital", ask="how is my grandfather Anselm?"),
                timeline=["Anselm"],
            ),
        ),
    ),
    Story(
        "our dog died",
        (
            say("2026-01-09", "We have a beagle called Biscuit.", now("Me", "pet", "Biscuit")),
            say(
                "2026-11-03",
                "Biscuit died on Tuesday, we're heartbroken.",
                now("Me", "pet", "died", ask="how is Biscuit?"),
                timeline=["Biscuit"],
            ),
        ),
    ),
    # -- names: corrections and merges ---------------------------------------------------------------
    Story(
        "coworker's name spelled",
        (
            say("2026-09-03", "Had lunch with my coworker Shivon today.", named=["Shivon"]),
            say("2026-09-10", "Shivon is leading the billing migration.", named=["Shivon"]),
            say(
                "2026-09-11",
                "Actually it's spelled Siobhan, not Shivon.",
                named=["Siobhan"],
                unnamed=["Shivon"],
            ),
        ),
    ),
    Story(
        "neighbour's name corrected",
        (
            say("2026-05-02", "My neighbour Katrin has two kids.", named=["Katrin"]),
            say(
                "2026-05-09", "Katrin works at Elmstead School.", now("Katrin", "employer", "Elmstead School")
            ),
            say(
                "2026-05-10",
                "Correction: her name is Catrin, not Katrin.",
                now("Catrin", "employer", "Elmstead School", ask="where does Catrin work?"),
                named=["Catrin"],
                unnamed=["Katrin"],
            ),
        ),
    ),
    Story(
        "two names, one person",
        (
            say("2026-06-12", "My coworker Gus is great at chess.", named=["Gus"]),
            say("2026-06-20", "Augustin from the office invited me to his wedding.", named=["Augustin"]),
            say(
                "2026-06-21",
                "It's Augustin, not Gus: they are the same person.",
                named=["Augustin"],
                unnamed=["Gus"],
            ),
        ),
    ),
    # -- forgetting ----------------------------------------------------------------------------------
    Story(
        "forget my grandmother",
        (
            say("2026-02-26", "My grandmother Rosalind taught me to knit."),
            say("2026-02-27", "I still miss her every winter."),
            say(
                "2026-03-01",
                "Please forget what I said about my grandmother.",
                forgotten=["Rosalind", "knit", "winter"],
            ),
        ),
    ),
    Story(
        "forget my blood pressure",
        (
            say("2026-04-14", "My blood pressure was 150 over 95 at the checkup."),
            say(
                "2026-04-15",
                "Forget what I said about my blood pressure.",
                forgotten=["blood pressure", "150"],
            ),
        ),
    ),
    Story(
        "forget an ex",
        (
            say("2026-05-17", "My ex Dorian still texts me sometimes."),
            say("2026-05-18", "Dorian wants to meet for coffee next week."),
            say("2026-05-19", "Forget everything about Dorian.", forgotten=["Dorian"]),
        ),
    ),
    Story(
        "hard delete my employer",
        (
            say(
                "2026-07-13", "I work at Sablewood Press.", now("Me", "employer", "Sablewood Press", ask=WORK)
            ),
            hard_delete("Sablewood", now("Me", "employer", None), forgotten=["Sablewood"]),
        ),
    ),
    Story(
        "hard delete after a move",
        (
            say("2026-03-29", "I live in Aarhus.", now("Me", "location", "Aarhus")),
            say("2026-08-02", "I moved to Odense.", now("Me", "location", "Odense", "Aarhus", ask=HOME)),
            hard_delete("Odense", now("Me", "location", None, "Aarhus"), forgotten=["Odense"]),
        ),
    ),
    # -- user edits ----------------------------------------------------------------------------------
    Story(
        "edit the employer",
        (
            say("2026-04-30", "I work at Marlow Studio.", now("Me", "employer", "Marlow Studio")),
            # A user edit corrects the memory: every view says what the corrected memory says, and the
            # old wording stays only in the memory's own version history (no ended Marlow edge).
            edit("Marlow", "I work at Linden Studio.", now("Me", "employer", "Linden Studio", ask=WORK)),
        ),
    ),
    Story(
        "edit out a detail",
        (
            say("2026-06-25", "I see my therapist Dr. Vasquez-Hale every Thursday for anxiety."),
            edit("therapist", "I see a therapist every Thursday.", forgotten=["Vasquez-Hale", "anxiety"]),
        ),
    ),
    # -- imports and forgetting the user -------------------------------------------------------------
    Story(
        "imported sister changes job",
        (
            imports(
                {
                    "entities": [
                        {
                            "name": "Hedda",
                            "type": "person",
                            "relationship": "sister",
                            # A legacy contact's context is kept inside its entity memory as written;
                            # a later change does not rewrite it, so the job lives in the fact below.
                            "context": "Hedda loves sailing",
                        }
                    ],
                    "facts": [
                        {
                            "content": "Hedda works at Equinor Wind",
                            "name": "Hedda",
                            "entity_type": "person",
                            "relationship": "sister",
                            "category": "work",
                        }
                    ],
                },
                now("Hedda", "employer", "Equinor Wind"),
                named=["Hedda"],
            ),
            say(
                "2026-10-13",
                "Hedda left Equinor Wind and joined Havtor Marine.",
                now("Hedda", "employer", "Havtor Marine", "Equinor Wind", ask="where does Hedda work?"),
            ),
        ),
    ),
    Story(
        "imported numbered projects stay apart",
        (
            imports(
                {
                    "entities": [
                        {"name": "Orchard Phase 1", "type": "project"},
                        {"name": "Orchard Phase 2", "type": "project"},
                    ]
                },
                named=["Orchard Phase 1", "Orchard Phase 2"],
            ),
            say(
                "2026-10-19",
                "Orchard Phase 2 slipped to January.",
                named=["Orchard Phase 1", "Orchard Phase 2"],
            ),
        ),
    ),
    Story(
        "forget me",
        (
            say("2026-08-14", "I work at Glimmer Bay.", now("Me", "employer", "Glimmer Bay")),
            say("2026-08-15", "My partner is Noor.", now("Me", "partner", "Noor")),
            forget_me(empty=True, forgotten=["Glimmer Bay", "Noor"]),
        ),
    ),
    # -- school and activities -----------------------------------------------------------------------
    Story(
        "transferred schools",
        (
            say(
                "2026-01-26", "I'm a student at Northgate College.", now("Me", "school", "Northgate College")
            ),
            say(
                "2026-09-01",
                "I transferred from Northgate College to Ashby University.",
                now("Me", "school", "Ashby University", "Northgate College", ask="where do I study?"),
            ),
        ),
    ),
    Story(
        "what happened this autumn",
        (
            say(
                "2026-10-04", "Went sailing with Margit on Lake Constance on Saturday.", timeline=["sailing"]
            ),
            say(
                "2026-10-22",
                "My friend Ottilie got engaged to Bram.",
                now("Ottilie", "partner", "Bram"),
                timeline=["sailing", "Ottilie"],
            ),
            say(
                "2026-10-23",
                "I started a pottery class at Kilnworks.",
                timeline=["sailing", "Ottilie", "pottery"],
            ),
        ),
    ),
)
