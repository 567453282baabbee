"""A labelled set for the timeline: notes that report something that happened, with the day it happened,
and notes that state something standing (no day: never on the timeline).

Written from patterns, with names of our own: diary lines without a subject, first- and third-person
past activities, life changes (jobs, moves, engagements, breakups, pets, homes, graduations, deaths),
present perfects, passives, "had" with an occasion, reported news, explicit and relative dates; and on
the other side relations, preferences, allergies, habits, present jobs and homes, goals, past states,
descriptions and negations. Each note is written on `day` (its document date, at noon UTC); a relative
date in it ("yesterday", "last Saturday") is resolved against that day.
"""

from __future__ import annotations

from typing import NamedTuple


class Labelled(NamedTuple):
    text: str
    day: str  # the note's document date
    happened_on: str | None  # the day it is on the timeline; None: not an event


HAPPENED: list[Labelled] = [
    # diary lines without a subject
    Labelled("Took the kids to the aquarium.", "2025-05-14", "2025-05-14"),
    Labelled("Baked sourdough with Noor this afternoon.", "2025-02-03", "2025-02-03"),
    Labelled("Went bouldering at Mission Cliffs with Dario.", "2025-07-19", "2025-07-19"),
    Labelled("Spent the whole day repainting the fence.", "2025-09-09", "2025-09-09"),
    Labelled("Finally finished the quarterly report.", "2025-11-27", "2025-11-27"),
    Labelled("Watched the eclipse from the roof with Oksana.", "2025-03-21", "2025-03-21"),
    Labelled("Drove up to the lake house with my cousins.", "2025-01-12", "2025-01-12"),
    Labelled("Had brunch with Lena at Tartine.", "2025-05-14", "2025-05-14"),
    Labelled("Had a long call with Benedikt about the offsite.", "2025-02-03", "2025-02-03"),
    Labelled("Ran into Grete at the farmers market.", "2025-07-19", "2025-07-19"),
    # first person, past
    Labelled("I hiked Mount Tamalpais with Ulrich.", "2025-09-09", "2025-09-09"),
    Labelled("I visited the Rothko exhibit at SFMOMA.", "2025-11-27", "2025-11-27"),
    Labelled("I cooked dinner for my in-laws.", "2025-03-21", "2025-03-21"),
    Labelled("I played five-a-side football with the team from work.", "2025-01-12", "2025-01-12"),
    Labelled("I volunteered at the food bank on Saturday.", "2025-05-14", "2025-05-10"),
    Labelled("Yesterday I went kayaking with Bram.", "2025-05-14", "2025-05-13"),
    Labelled("I met Solveig for coffee yesterday.", "2025-07-19", "2025-07-18"),
    Labelled("I saw the dermatologist on Monday.", "2025-05-14", "2025-05-12"),
    Labelled("On March 3 I ran the Barcelona half marathon.", "2025-03-21", "2025-03-03"),
    Labelled("I flew to Reykjavik for the conference.", "2025-09-09", "2025-09-09"),
    # third person, past
    Labelled("Yusuf ran his first marathon.", "2025-11-27", "2025-11-27"),
    Labelled("My neighbour Henrike threw a huge garden party.", "2025-07-19", "2025-07-19"),
    Labelled("Tobias won the chess tournament at his school.", "2025-02-03", "2025-02-03"),
    Labelled("My daughter Wren lost her first tooth.", "2025-01-12", "2025-01-12"),
    Labelled("Our team shipped the new onboarding flow.", "2025-03-21", "2025-03-21"),
    # life changes of the user
    Labelled("I moved to Rotterdam.", "2025-05-14", "2025-05-14"),
    Labelled("I started a new job at Canva as a product designer.", "2025-02-03", "2025-02-03"),
    Labelled("I quit my job at Deloitte.", "2025-07-19", "2025-07-19"),
    Labelled("Kaito and I got engaged!", "2025-09-09", "2025-09-09"),
    Labelled("Jonas and I broke up.", "2025-11-27", "2025-11-27"),
    Labelled("We adopted a rescue greyhound called Pip.", "2025-03-21", "2025-03-21"),
    Labelled("I bought a flat in Leith.", "2025-01-12", "2025-01-12"),
    Labelled("I sold my Vespa.", "2025-05-14", "2025-05-14"),
    Labelled("I graduated from nursing school.", "2025-02-03", "2025-02-03"),
    Labelled("I was promoted to staff engineer.", "2025-07-19", "2025-07-19"),
    Labelled("I've just handed in my notice at Accenture.", "2025-09-09", "2025-09-09"),
    Labelled("I joined a rowing club.", "2025-11-27", "2025-11-27"),
    # life changes of others
    Labelled("My cousin Ines moved to Porto.", "2025-03-21", "2025-03-21"),
    Labelled("Hamid got married to his college sweetheart Leila.", "2025-01-12", "2025-01-12"),
    Labelled("My friend Teodora was laid off from Shopify.", "2025-05-14", "2025-05-14"),
    Labelled("Kofi has started a new role at Atlassian.", "2025-02-03", "2025-02-03"),
    Labelled("My brother Anselm and his wife had a baby girl.", "2025-07-19", "2025-07-19"),
    Labelled("Grandpa Ezra passed away.", "2025-09-09", "2025-09-09"),
    Labelled("My colleague Radu retired after thirty years.", "2025-11-27", "2025-11-27"),
    Labelled("Ravi no longer works at Dropbox.", "2025-03-21", "2025-03-21"),
    Labelled("Big news: my best friend Mirela got engaged to Florin.", "2025-01-12", "2025-01-12"),
    Labelled("Zainab told me she accepted an offer from Monzo.", "2025-05-14", "2025-05-14"),
    Labelled("My parents sold the house in Galway.", "2025-02-03", "2025-02-03"),
    # decisions and actions
    Labelled("I decided to leave the choir.", "2025-07-19", "2025-07-19"),
    Labelled("I signed the lease for the new studio.", "2025-09-09", "2025-09-09"),
    Labelled("I paid off my student loan.", "2025-11-27", "2025-11-27"),
    Labelled("I submitted my visa application.", "2025-03-21", "2025-03-21"),
]

NOT_EVENTS: list[Labelled] = [
    # relations and people
    Labelled("My brother is called Anselm.", "2025-05-14", None),
    Labelled("Dario is my climbing partner.", "2025-02-03", None),
    Labelled("Oksana is a pediatric nurse.", "2025-07-19", None),
    Labelled("Lena and I have been friends since primary school.", "2025-09-09", None),
    Labelled("Henrike is our neighbour.", "2025-11-27", None),
    # preferences and tastes
    Labelled("I love Ethiopian food.", "2025-03-21", None),
    Labelled("I prefer aisle seats on long flights.", "2025-01-12", None),
    Labelled("I can't stand horror movies.", "2025-05-14", None),
    Labelled("My favourite band is Khruangbin.", "2025-02-03", None),
    Labelled("I like my coffee black.", "2025-07-19", None),
    Labelled("Noor hates cilantro.", "2025-09-09", None),
    # health, diet, allergies
    Labelled("I'm allergic to shellfish.", "2025-11-27", None),
    Labelled("I'm lactose intolerant.", "2025-03-21", None),
    Labelled("I've been vegetarian for six years.", "2025-01-12", None),
    Labelled("Wren has asthma.", "2025-05-14", None),
    # present jobs, homes, possessions
    Labelled("Ilse works at Zalando as a product manager.", "2025-02-03", None),
    Labelled("I work as a radiographer at St Thomas'.", "2025-07-19", None),
    Labelled("My parents live in Leeds.", "2025-09-09", None),
    Labelled("I live in a flat above a bakery.", "2025-11-27", None),
    Labelled("I drive a secondhand Skoda.", "2025-03-21", None),
    Labelled("We have two cats, Miso and Tofu.", "2025-01-12", None),
    Labelled("Ulrich teaches physics at a high school.", "2025-05-14", None),
    # habits and routines
    Labelled("I swim every Tuesday morning.", "2025-02-03", None),
    Labelled("I usually work from home on Fridays.", "2025-07-19", None),
    Labelled("Bram always cycles to work.", "2025-09-09", None),
    Labelled("I used to play the cello.", "2025-11-27", None),
    # goals and wishes
    Labelled("I want to learn to sail.", "2025-03-21", None),
    Labelled("My goal is to read forty books this year.", "2025-01-12", None),
    Labelled("I'd love to visit Patagonia someday.", "2025-05-14", None),
    # past states and background
    Labelled("I was born in Tallinn.", "2025-02-03", None),
    Labelled("I had a cat named Biscotti growing up.", "2025-07-19", None),
    Labelled("As a kid I was terrified of dogs.", "2025-09-09", None),
    # descriptions and opinions
    Labelled("Our office is on the fifth floor.", "2025-11-27", None),
    Labelled("Kofi is really good at negotiating.", "2025-03-21", None),
    Labelled("The bakery on Calle Luna makes the best croissants.", "2025-01-12", None),
    Labelled("My phone number ends in 4471.", "2025-05-14", None),
    Labelled("I speak Portuguese and a bit of Dutch.", "2025-02-03", None),
    # procedures
    Labelled("To reset the router, hold the button for ten seconds.", "2025-07-19", None),
    # what did not happen
    Labelled("I didn't go to the reunion.", "2025-09-09", None),
    Labelled("I never finished my PhD.", "2025-11-27", None),
]

LABELLED: list[Labelled] = HAPPENED + NOT_EVENTS
