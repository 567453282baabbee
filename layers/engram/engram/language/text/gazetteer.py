"""The world's well-known places and what each is: Osaka is a city in Japan, in Asia; England a country in
Europe, part of the United Kingdom; Oregon a state of the United States.

A question asks in the words of geography ("which cities has Jon visited?", "what European countries
have I been to?", "what was my job in Japan?") about memories that only name the place ("a short trip
to Rome", "a lab technician at Osaka University"). The memory's concepts (`engram.language.concepts`)
therefore carry what a place it names is: its kind (city, country, state, region), the country it is in
and that country's part of the world. (Entity spotting keeps its own shorter list of places that are
rarely anyone's name, `vocabulary.PLACES`: it reads a single capitalised word as a place from it alone.)

A line is a country: its names (the first is its name, the others what it is also called), its part of
the world, its cities, its states, regions and islands, and the country it is part of, if any. Cities are
capitals and the cities a traveller names, not every town; a name that is also an everyday word
("Nice", "Split", "Reading", "Bath") is left out, and one that is also a given name ("Florence",
"Sydney", "Jordan") only counts as a place after a word that introduces one ("in", "to", "from").
Pure: no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache

from engram.language.text.vocabulary import FIRST_NAMES

# part of the world -> the words a question uses for it
REGION_WORDS = {
    "europe": "europe european",
    "asia": "asia asian",
    "middle east": "middle east",
    "africa": "africa african",
    "north america": "america american",
    "latin america": "latin america american",
    "caribbean": "caribbean",
    "oceania": "oceania australasia pacific",
}

# names | part of the world | cities | states, regions and islands | the country it is part of (the last
# fields may be left out)
_COUNTRIES = """
united states, usa, us, u.s., america, united states of america | north america | new york, nyc, \
new york city, los angeles, la, san francisco, sf, washington dc, dc, seattle, boston, chicago, austin, \
denver, portland, miami, atlanta, dallas, houston, phoenix, philadelphia, san diego, san jose, oakland, \
brooklyn, manhattan, queens, bronx, berkeley, palo alto, mountain view, detroit, minneapolis, nashville, \
new orleans, las vegas, salt lake city, pittsburgh, baltimore, cleveland, columbus, charlotte, raleigh, \
orlando, tampa, sacramento, honolulu, anchorage, st. louis, kansas city, indianapolis, cincinnati, \
milwaukee, albuquerque, tucson, boulder, san antonio, el paso, fort worth, jacksonville, memphis, \
louisville, oklahoma city, omaha, richmond, spokane, tacoma, charleston, santa fe, santa barbara, \
key west | alabama, alaska, arizona, arkansas, california, colorado, connecticut, delaware, florida, \
georgia, hawaii, idaho, illinois, indiana, iowa, kansas, kentucky, louisiana, maine, maryland, \
massachusetts, michigan, minnesota, mississippi, missouri, montana, nebraska, nevada, new hampshire, \
new jersey, new mexico, north carolina, north dakota, ohio, oklahoma, oregon, pennsylvania, rhode island, \
south carolina, south dakota, tennessee, texas, utah, vermont, virginia, washington, west virginia, \
wisconsin, wyoming, silicon valley, bay area, pacific northwest, new england, midwest
canada | north america | toronto, vancouver, montreal, ottawa, calgary, edmonton, winnipeg, halifax, \
quebec city | ontario, quebec, british columbia, alberta, nova scotia, manitoba, saskatchewan
mexico | latin america | mexico city, guadalajara, monterrey, cancun, cancún, tulum, oaxaca, puebla | yucatan
guatemala | latin america | guatemala city, antigua
belize | latin america | belize city
honduras | latin america | tegucigalpa
el salvador | latin america | san salvador
nicaragua | latin america | managua
costa rica | latin america | san josé
panama | latin america | panama city
cuba | caribbean | havana
jamaica | caribbean | kingston, montego bay
haiti | caribbean | port-au-prince
dominican republic | caribbean | santo domingo, punta cana
puerto rico | caribbean | san juan
bahamas | caribbean | nassau
barbados | caribbean | bridgetown
trinidad and tobago, trinidad, tobago | caribbean | port of spain
colombia | latin america | bogota, bogotá, medellin, medellín, cartagena, cali
venezuela | latin america | caracas
ecuador | latin america | quito, guayaquil | galapagos, galápagos
peru | latin america | lima, cusco, cuzco, arequipa | machu picchu
bolivia | latin america | la paz
chile | latin america | santiago, valparaiso, valparaíso | patagonia
argentina | latin america | buenos aires, cordoba, córdoba, mendoza
uruguay | latin america | montevideo
paraguay | latin america | asuncion, asunción
brazil | latin america | rio, rio de janeiro, sao paulo, são paulo, brasilia, brasília, recife, \
fortaleza, belo horizonte, porto alegre, curitiba, manaus
united kingdom, uk, u.k., britain, great britain | europe
england | europe | london, manchester, liverpool, birmingham, bristol, leeds, sheffield, newcastle, \
nottingham, leicester, oxford, cambridge, brighton, york, southampton, portsmouth, plymouth, coventry, \
norwich, exeter, canterbury | cornwall, devon, yorkshire, lake district, cotswolds | united kingdom
scotland | europe | edinburgh, glasgow, aberdeen, dundee, inverness, stirling | highlands, isle of skye \
| united kingdom
wales | europe | cardiff, swansea | snowdonia | united kingdom
northern ireland | europe | belfast | | united kingdom
ireland | europe | dublin, cork, galway, limerick, waterford, kilkenny, killarney
france | europe | paris, lyon, marseille, toulouse, bordeaux, lille, strasbourg, montpellier, nantes \
| provence, normandy, french riviera, côte d'azur, cote d'azur, corsica
germany | europe | berlin, munich, hamburg, frankfurt, cologne, stuttgart, dusseldorf, düsseldorf, \
leipzig, dresden, heidelberg, bonn, nuremberg | bavaria
spain | europe | madrid, barcelona, valencia, seville, sevilla, malaga, málaga, bilbao, granada, \
zaragoza | catalonia, andalusia, mallorca, majorca, ibiza, tenerife, gran canaria, canary islands, canaries
portugal | europe | lisbon, porto, faro | algarve, madeira, azores
italy | europe | rome, milan, naples, florence, venice, turin, bologna, verona, pisa, genoa, palermo \
| tuscany, sicily, sardinia, amalfi coast, lake como
greece | europe | athens, thessaloniki | crete, santorini, mykonos, rhodes, corfu
netherlands, holland | europe | amsterdam, rotterdam, the hague, utrecht, eindhoven
belgium | europe | brussels, antwerp, ghent, bruges
luxembourg | europe
switzerland | europe | zurich, zürich, geneva, bern, basel, lausanne, lucerne, zermatt
austria | europe | vienna, salzburg, innsbruck
denmark | europe | copenhagen, aarhus
sweden | europe | stockholm, gothenburg, malmo, malmö
norway | europe | oslo, bergen, tromso, tromsø | lofoten
finland | europe | helsinki | lapland
iceland | europe | reykjavik, reykjavík
poland | europe | warsaw, krakow, kraków, gdansk, gdańsk, wroclaw, wrocław, poznan, poznań, lodz, łódź
czechia, czech republic | europe | prague, brno
slovakia | europe | bratislava
hungary | europe | budapest
romania | europe | bucharest, cluj
bulgaria | europe | sofia
croatia | europe | zagreb, dubrovnik
slovenia | europe | ljubljana
serbia | europe | belgrade
bosnia | europe | sarajevo
montenegro | europe
albania | europe | tirana
north macedonia, macedonia | europe | skopje
estonia | europe | tallinn, tartu
latvia | europe | riga
lithuania | europe | vilnius
ukraine | europe | kyiv, kiev, lviv, odesa, odessa, kharkiv
belarus | europe | minsk
moldova | europe | chisinau
russia | europe | moscow, st petersburg, saint petersburg | siberia
malta | europe | valletta | gozo
cyprus | europe | nicosia
turkey, türkiye | middle east | istanbul, ankara, izmir, antalya | cappadocia
georgia | asia | tbilisi
armenia | asia | yerevan
azerbaijan | asia | baku
israel | middle east | tel aviv, jerusalem, haifa
lebanon | middle east | beirut
syria | middle east | damascus
jordan | middle east | amman | petra
iraq | middle east | baghdad
iran | middle east | tehran
saudi arabia | middle east | riyadh, jeddah, mecca
united arab emirates, uae | middle east | dubai, abu dhabi
qatar | middle east | doha
kuwait | middle east
bahrain | middle east
oman | middle east | muscat
yemen | middle east
egypt | africa | cairo, alexandria, luxor
morocco | africa | marrakech, marrakesh, casablanca, fez, rabat, tangier
algeria | africa | algiers
tunisia | africa | tunis
libya | africa | tripoli
nigeria | africa | lagos, abuja, ibadan, kano, port harcourt, enugu
ghana | africa | accra, kumasi
senegal | africa | dakar
ivory coast, côte d'ivoire | africa | abidjan
cameroon | africa | yaounde, yaoundé, douala
ethiopia | africa | addis ababa
kenya | africa | nairobi, mombasa
tanzania | africa | dar es salaam | zanzibar, kilimanjaro
uganda | africa | kampala
rwanda | africa | kigali
democratic republic of the congo, drc, congo | africa | kinshasa
angola | africa | luanda
zambia | africa | lusaka
zimbabwe | africa | harare
mozambique | africa | maputo
botswana | africa | gaborone
namibia | africa | windhoek
south africa | africa | cape town, johannesburg, joburg, durban, pretoria, port elizabeth, gqeberha, \
stellenbosch, soweto
madagascar | africa
mauritius | africa
somalia | africa | mogadishu
sudan | africa | khartoum
india | asia | mumbai, delhi, new delhi, bangalore, bengaluru, hyderabad, chennai, kolkata, pune, \
ahmedabad, jaipur, agra, varanasi | goa, kerala
pakistan | asia | karachi, lahore, islamabad
bangladesh | asia | dhaka
sri lanka | asia | colombo
nepal | asia | kathmandu
afghanistan | asia | kabul
kazakhstan | asia | almaty, astana
uzbekistan | asia | tashkent, samarkand
china | asia | beijing, shanghai, shenzhen, guangzhou, chengdu, wuhan, xi'an, hangzhou | tibet
hong kong | asia
taiwan | asia | taipei
japan | asia | tokyo, osaka, kyoto, yokohama, sapporo, nagoya, fukuoka, hiroshima, kobe, nara \
| okinawa, hokkaido
south korea, korea | asia | seoul, busan, incheon | jeju
north korea | asia | pyongyang
mongolia | asia | ulaanbaatar
vietnam | asia | hanoi, ho chi minh city, saigon, da nang, hoi an
thailand | asia | bangkok, chiang mai, pattaya | phuket, koh samui
cambodia | asia | phnom penh, siem reap
laos | asia | vientiane
myanmar, burma | asia | yangon
malaysia | asia | kuala lumpur | penang, langkawi
singapore | asia
indonesia | asia | jakarta, yogyakarta | bali, lombok
philippines | asia | manila, quezon city, cebu, davao | boracay, palawan
australia | oceania | melbourne, brisbane, perth, adelaide, canberra, hobart, cairns, sydney, darwin \
| gold coast, new south wales, queensland, tasmania, western australia, south australia, victoria
new zealand, nz | oceania | auckland, wellington, christchurch, dunedin, queenstown, rotorua \
| south island, north island
fiji | oceania
"""

# Whole continents and parts of the world a memory may name.
_REGIONS = "europe, asia, africa, south america, north america, latin america, middle east, scandinavia"

# Places that are also given names the engine's list (`FIRST_NAMES`) lacks: a place only after a word that
# introduces one ("a trip to Jordan", not "Jordan said", "coffee with Petra").
ALSO_GIVEN_NAMES = frozenset(
    (
        "jordan",
        "florence",
        "adelaide",
        "darwin",
        "victoria",
        "petra",
        "nara",
        "kingston",
        "alexandria",
        "medina",
    )
)


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[str, ...]]:
    """Every place name (lowercase) -> the words its kind, its country and its part of the world are
    asked in."""
    lines = [line.split("|") for line in _COUNTRIES.replace("\\\n", "").strip().splitlines()]
    rows = [[field.strip() for field in line] + [""] * (5 - len(line)) for line in lines]
    aliases = {_names(row[0])[0]: _names(row[0]) for row in rows}
    table: dict[str, tuple[str, ...]] = {}
    for names, region, cities, regions, part_of in rows:
        said = _words(_names(names) + aliases.get(part_of, ())) + REGION_WORDS[region].split()
        for name in _names(names):
            table[name] = ("country", "place", "location", *said)
        for city in _names(cities):
            table.setdefault(city, ("city", "town", "place", "location", *said))
        for area in _names(regions):
            table.setdefault(area, ("region", "state", "place", "location", *said))
    for region in _names(_REGIONS):
        table.setdefault(region, ("continent", "region", "place", "location"))
    table["eu"] = ("region", "place", "location", *REGION_WORDS["europe"].split())
    return table


def _names(field: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in field.split(",") if n.strip())


# Words of a country's names that say nothing of it on their own.
_GENERIC = frozenset(
    "united states of the and new north south democratic republic kingdom great city".split()  # noqa: SIM905
)


def _words(names: tuple[str, ...]) -> list[str]:
    """The single words a question names a country by: "japan", "zealand", "uk", "britain"."""
    words: list[str] = []
    for name in names:
        for word in re.findall(r"[a-z']+", name.replace(".", "")):
            if word not in _GENERIC and word not in words:
                words.append(word)
    return words


ALL_PLACES = frozenset(_table())


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    names = sorted(ALL_PLACES, key=len, reverse=True)  # "new york city" before "new york", "york"
    alternatives = "|".join(re.escape(n) for n in names)
    # a whole name or its possessive ("Rome's"), not part of a word ("Romeo"); "Perth-based" names Perth
    return re.compile(rf"(?<![\w'])({alternatives})(?=(?:['\u2019]s)?(?![\w'\u2019]))", re.IGNORECASE)


# Short names that are a place only in capitals ("US", "LA"): "us" and "la" are words, "Us" a sentence's.
_ABBREVIATIONS = frozenset(("us", "u.s.", "uk", "u.k.", "la", "sf", "dc", "nyc", "uae", "drc", "nz", "eu"))

# What introduces a place whose name is also a given name: "in Florence", "a trip to Jordan".
_PLACE_BEFORE = re.compile(r"\b(?:in|to|from|at|near|around|visit|visited|visiting|of)\s+$", re.IGNORECASE)
# A mountain or a lake named for a place is not the place: "Mount Wellington" is in Tasmania, no city.
_LANDFORM_BEFORE = re.compile(r"\b(?:Mount|Mt\.?|Lake|Loch)\s+$")


def place_kinds(text: str) -> set[str]:
    """The words of what the places `text` names are: kind, country, part of the world. A place must be
    written with a capital ("Rome", "UK"); a short one ("US", "LA") in capitals only; one
    that is also a given name (`FIRST_NAMES`, `ALSO_GIVEN_NAMES`) only after a word that introduces a
    place."""
    table = _table()
    found: set[str] = set()
    for match in _places(text):
        found.update(table[match.group(1).lower()])
    return found


def without_places(text: str) -> str:
    """`text` with the places it names (as `place_kinds` reads them) blanked out: "is Fiona moving back to
    New Zealand?" names one person."""
    spans = [match.span(1) for match in _places(text)]
    for start, end in reversed(spans):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _places(text: str) -> list[re.Match[str]]:
    found: list[re.Match[str]] = []
    for match in _pattern().finditer(text):
        said, name = match.group(1), match.group(1).lower()
        if not said[0].isupper() or (name in _ABBREVIATIONS and not said.isupper()):
            continue
        given = name in FIRST_NAMES or name in ALSO_GIVEN_NAMES
        if given and not _PLACE_BEFORE.search(text[: match.start()]):
            continue
        if _LANDFORM_BEFORE.search(text[: match.start()]):
            continue
        found.append(match)
    return found
