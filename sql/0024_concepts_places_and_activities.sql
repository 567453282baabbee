-- The concepts lexicon (engram/language/concepts.py) gained the world's places (engram/language/text/
-- gazetteer.py: Osaka is a city in Japan, in Asia; England a country in Europe), outdoor pastimes as an
-- activity (hiking, camping, kayaking) and game consoles as a game. Memories whose text holds one of
-- those names or words are marked for their concepts to be derived again (NULL: the daily cleanup
-- derives them, `engram maintenance run cleanup` now; docs/operations.md). The names are matched without
-- case (a lowercase "rio" is marked too and derived to the same concepts, which costs one rewrite), the
-- abbreviations ("US", "UK", "NYC") in capitals only. The list is a copy of the lexicon's on purpose: a
-- migration must not change when the lexicon does.
UPDATE memories SET concepts = NULL
WHERE concepts IS NOT NULL
  AND ((coalesce(name, '') || ' ' || content) ~ '\m(US|U\.S\.|UK|U\.K\.|LA|SF|DC|NYC|UAE|DRC|NZ|EU)\M'
    OR lower(coalesce(name, '') || ' ' || content) ~ ('\m(' ||
    'aarhus|aberdeen|abidjan|abu dhabi|abuja|accra|addis ababa|adelaide|afghanistan|africa|agra|' ||
    'ahmedabad|alabama|alaska|albania|alberta|albuquerque|alexandria|algarve|algeria|algiers|almaty|' ||
    'amalfi coast|america|amman|amsterdam|anchorage|andalusia|angola|ankara|antalya|antigua|antwerp|' ||
    'arequipa|argentina|arizona|arkansas|armenia|asia|astana|asuncion|asunción|athens|atlanta|' ||
    'auckland|austin|australia|austria|azerbaijan|azores|baghdad|bahamas|bahrain|baku|bali|baltimore|' ||
    'bangalore|bangkok|bangladesh|barbados|barcelona|basel|bavaria|bay area|beijing|beirut|belarus|' ||
    'belfast|belgium|belgrade|belize|belize city|belo horizonte|bengaluru|bergen|berkeley|berlin|bern|' ||
    'bilbao|birmingham|bogota|bogotá|bolivia|bologna|bonn|boracay|bordeaux|bosnia|boston|botswana|' ||
    'boulder|brasilia|brasília|bratislava|brazil|bridgetown|brighton|brisbane|bristol|britain|' ||
    'british columbia|brno|bronx|brooklyn|bruges|brussels|bucharest|budapest|buenos aires|bulgaria|' ||
    'burma|busan|cairns|cairo|calgary|cali|california|cambodia|cambridge|cameroon|canada|canaries|' ||
    'canary islands|canberra|cancun|cancún|canterbury|cape town|cappadocia|caracas|cardiff|cartagena|' ||
    'casablanca|catalonia|cebu|charleston|charlotte|chengdu|chennai|chiang mai|chicago|chile|china|' ||
    'chisinau|christchurch|cincinnati|cleveland|cluj|cologne|colombia|colombo|colorado|columbus|congo|' ||
    'connecticut|copenhagen|cordoba|corfu|cork|cornwall|corsica|costa rica|cote d''azur|cotswolds|' ||
    'coventry|crete|croatia|cuba|curitiba|cusco|cuzco|cyprus|czech republic|czechia|córdoba|' ||
    'côte d''azur|côte d''ivoire|da nang|dakar|dallas|damascus|dar es salaam|darwin|davao|delaware|' ||
    'delhi|democratic republic of the congo|denmark|denver|detroit|devon|dhaka|doha|' ||
    'dominican republic|douala|dresden|dubai|dublin|dubrovnik|dundee|dunedin|durban|dusseldorf|' ||
    'düsseldorf|ecuador|edinburgh|edmonton|egypt|eindhoven|el paso|el salvador|england|enugu|estonia|' ||
    'ethiopia|europe|exeter|faro|fez|fiji|finland|florence|florida|fort worth|fortaleza|france|' ||
    'frankfurt|french riviera|fukuoka|gaborone|galapagos|galway|galápagos|gdansk|gdańsk|geneva|genoa|' ||
    'georgia|germany|ghana|ghent|glasgow|goa|gold coast|gothenburg|gozo|gqeberha|gran canaria|granada|' ||
    'great britain|greece|guadalajara|guangzhou|guatemala|guatemala city|guayaquil|haifa|haiti|' ||
    'halifax|hamburg|hangzhou|hanoi|harare|havana|hawaii|heidelberg|helsinki|highlands|hiroshima|' ||
    'ho chi minh city|hobart|hoi an|hokkaido|holland|honduras|hong kong|honolulu|houston|hungary|' ||
    'hyderabad|ibadan|ibiza|iceland|idaho|illinois|incheon|india|indiana|indianapolis|indonesia|' ||
    'innsbruck|inverness|iowa|iran|iraq|ireland|islamabad|isle of skye|israel|istanbul|italy|' ||
    'ivory coast|izmir|jacksonville|jaipur|jakarta|jamaica|japan|jeddah|jeju|jerusalem|joburg|' ||
    'johannesburg|jordan|kabul|kampala|kano|kansas|kansas city|karachi|kathmandu|kazakhstan|kentucky|' ||
    'kenya|kerala|key west|kharkiv|khartoum|kiev|kigali|kilimanjaro|kilkenny|killarney|kingston|' ||
    'kinshasa|kobe|koh samui|kolkata|korea|krakow|kraków|kuala lumpur|kumasi|kuwait|kyiv|kyoto|la paz|' ||
    'lagos|lahore|lake como|lake district|langkawi|laos|lapland|las vegas|latin america|latvia|' ||
    'lausanne|lebanon|leeds|leicester|leipzig|libya|lille|lima|limerick|lisbon|lithuania|liverpool|' ||
    'ljubljana|lodz|lofoten|lombok|london|los angeles|louisiana|louisville|luanda|lucerne|lusaka|' ||
    'luxembourg|luxor|lviv|lyon|macedonia|machu picchu|madagascar|madeira|madrid|maine|majorca|malaga|' ||
    'malaysia|mallorca|malmo|malmö|malta|managua|manaus|manchester|manhattan|manila|manitoba|maputo|' ||
    'marrakech|marrakesh|marseille|maryland|massachusetts|mauritius|mecca|medellin|medellín|melbourne|' ||
    'memphis|mendoza|mexico|mexico city|miami|michigan|middle east|midwest|milan|milwaukee|' ||
    'minneapolis|minnesota|minsk|mississippi|missouri|mogadishu|moldova|mombasa|mongolia|montana|' ||
    'montego bay|montenegro|monterrey|montevideo|montpellier|montreal|morocco|moscow|mountain view|' ||
    'mozambique|mumbai|munich|muscat|myanmar|mykonos|málaga|nagoya|nairobi|namibia|nantes|naples|nara|' ||
    'nashville|nassau|nebraska|nepal|netherlands|nevada|new delhi|new england|new hampshire|' ||
    'new jersey|new mexico|new orleans|new south wales|new york|new york city|new zealand|newcastle|' ||
    'nicaragua|nicosia|nigeria|normandy|north america|north carolina|north dakota|north island|' ||
    'north korea|north macedonia|northern ireland|norway|norwich|nottingham|nova scotia|nuremberg|' ||
    'oakland|oaxaca|odesa|odessa|ohio|okinawa|oklahoma|oklahoma city|omaha|oman|ontario|oregon|' ||
    'orlando|osaka|oslo|ottawa|oxford|pacific northwest|pakistan|palawan|palermo|palo alto|panama|' ||
    'panama city|paraguay|paris|patagonia|pattaya|penang|pennsylvania|perth|peru|petra|philadelphia|' ||
    'philippines|phnom penh|phoenix|phuket|pisa|pittsburgh|plymouth|poland|port elizabeth|' ||
    'port harcourt|port of spain|port-au-prince|portland|porto|porto alegre|portsmouth|portugal|' ||
    'poznan|poznań|prague|pretoria|provence|puebla|puerto rico|pune|punta cana|pyongyang|qatar|quebec|' ||
    'quebec city|queens|queensland|queenstown|quezon city|quito|rabat|raleigh|recife|reykjavik|' ||
    'reykjavík|rhode island|rhodes|richmond|riga|rio|rio de janeiro|riyadh|romania|rome|rotorua|' ||
    'rotterdam|russia|rwanda|sacramento|saigon|saint petersburg|salt lake city|salzburg|samarkand|' ||
    'san antonio|san diego|san francisco|san jose|san josé|san juan|san salvador|santa barbara|' ||
    'santa fe|santiago|santo domingo|santorini|sao paulo|sapporo|sarajevo|sardinia|saskatchewan|' ||
    'saudi arabia|scandinavia|scotland|seattle|senegal|seoul|serbia|sevilla|seville|shanghai|' ||
    'sheffield|shenzhen|siberia|sicily|siem reap|silicon valley|singapore|skopje|slovakia|slovenia|' ||
    'snowdonia|sofia|somalia|south africa|south america|south australia|south carolina|south dakota|' ||
    'south island|south korea|southampton|soweto|spain|spokane|sri lanka|st petersburg|st\. louis|' ||
    'stellenbosch|stirling|stockholm|strasbourg|stuttgart|sudan|swansea|sweden|switzerland|sydney|' ||
    'syria|são paulo|tacoma|taipei|taiwan|tallinn|tampa|tangier|tanzania|tartu|tashkent|tasmania|' ||
    'tbilisi|tegucigalpa|tehran|tel aviv|tenerife|tennessee|texas|thailand|the hague|thessaloniki|' ||
    'tibet|tirana|tobago|tokyo|toronto|toulouse|trinidad|trinidad and tobago|tripoli|tromso|tromsø|' ||
    'tucson|tulum|tunis|tunisia|turin|turkey|tuscany|türkiye|uganda|ukraine|ulaanbaatar|' ||
    'united arab emirates|united kingdom|united states|united states of america|uruguay|usa|utah|' ||
    'utrecht|uzbekistan|valencia|valletta|valparaiso|valparaíso|vancouver|varanasi|venezuela|venice|' ||
    'vermont|verona|victoria|vienna|vientiane|vietnam|vilnius|virginia|wales|warsaw|washington|' ||
    'washington dc|waterford|wellington|west virginia|western australia|windhoek|winnipeg|wisconsin|' ||
    'wroclaw|wrocław|wuhan|wyoming|xi''an|yangon|yaounde|yaoundé|yemen|yerevan|yogyakarta|yokohama|' ||
    'york|yorkshire|yucatan|zagreb|zambia|zanzibar|zaragoza|zermatt|zimbabwe|zurich|zürich|łódź|' ||
    'birdwatching|bouldering|camp|camping|canoe|canoeing|climb|climbing|console|cycling|esports|' ||
    'fishing|gamecube|gamer|gaming|gardening|hike|hiking|kayak|kayaking|mountaineering|nintendo|' ||
    'picnic|playstation|sailing|ski|skiing|snowboarding|surf|surfing|xbox'
  || ')(s|es)?\M'));
