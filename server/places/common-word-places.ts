// Places whose names are also everyday English words or common first names (folded: lower case, no accents):
// a story's "Reading the news", "Nice weather", "Mobile phones" or "Victoria said" never puts it in one of them
// on that word alone. Months, days and words that open a headline are here too.
export const COMMON_WORD_PLACES: ReadonlySet<string> = new Set([
  // Everyday words that are towns of 15,000+ somewhere.
  'reading', 'nice', 'mobile', 'split', 'bath', 'sale', 'deal', 'best', 'hope', 'orange', 'independence', 'liberty',
  'union', 'commerce', 'industry', 'energy', 'enterprise', 'paradise', 'surprise', 'opportunity', 'temple', 'police',
  'mission', 'bend', 'eagle', 'male', 'of', 'van', 'batman', 'bar', 'gap', 'ocean', 'beach', 'bay', 'centre', 'center',
  'university', 'college', 'university park', 'hospital', 'market', 'church', 'tower', 'bridge', 'bridgewater', 'wells',
  'spring', 'summer', 'winter', 'autumn', 'fall', 'rock', 'stone', 'hill', 'lake', 'river', 'valley', 'harbour',
  'harbor', 'crown', 'royal', 'kingdom', 'republic', 'federal', 'national', 'capital', 'march', 'may', 'june', 'july',
  'august', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'christmas', 'easter',
  'more', 'most', 'many', 'can', 'will', 'man', 'mans', 'bra', 'ob', 'vice', 'ore', 'as', 'is', 'it', 'us', 'uk',
  'eu', 'un', 'ai', 'bo', 'ho', 'go', 'le', 'la', 'el', 'die', 'das', 'der', 'des', 'den', 'dem', 'ein', 'eine',
  'apple', 'amazon', 'google', 'meta', 'tesla', 'nike', 'mercedes', 'dallas cowboys', 'chelsea', 'arsenal', 'everton',
  'fulham', 'brentford', 'wolves', 'villa', 'real', 'inter', 'atletico', 'ajax', 'celtic', 'rangers',
  'white house', 'part', 'rio tinto', 'old city', 'old town', 'city hall', 'xinhua', 'reuters', 'interfax', 'ifax', 'tass', 'yonhap', 'kyodo', 'bernama', 'anadolu',
  'trump', 'biden', 'harris', 'washington post', 'new', 'old', 'north', 'south', 'east', 'west', 'central', 'mayor',
  'president', 'minister', 'prime', 'king', 'queen', 'prince', 'princess', 'pope', 'general', 'army', 'navy', 'court',
  'senate', 'congress', 'parliament', 'government', 'state', 'city', 'county', 'province', 'police department',
  'breaking', 'live', 'watch', 'video', 'update', 'analysis', 'opinion', 'review', 'news', 'world', 'sport', 'sports',
  'business', 'politics', 'health', 'science', 'weather', 'climate', 'war', 'peace', 'gold', 'silver', 'diamond',
  'golden', 'phoenix city', 'young', 'bristol bay', 'black', 'white', 'green', 'brown', 'grey', 'gray', 'red',
  // First names and surnames that are towns of 15,000+ somewhere.
  'victoria', 'mary', 'david', 'leon', 'florence', 'norman', 'irving', 'jackson', 'lincoln', 'madison',
  'tyler', 'gary', 'kent', 'warren', 'troy', 'logan', 'clinton', 'franklin', 'marion', 'hamilton',
  'eugene', 'lawrence', 'allen', 'carmel', 'jordan', 'sherman', 'douglas', 'murray', 'ferguson',
  'dudley', 'carson', 'pierre', 'paul', 'elizabeth', 'florida', 'georgia',
  'bruno', 'martin', 'rafael', 'salvador', 'jose', 'maria', 'ana', 'isabel', 'alberta', 'regina', 'columbia',
  'aurora', 'lafayette', 'vernon', 'bradford', 'preston', 'milton', 'burlington', 'lowell', 'quincy',
  'nelson', 'wallace', 'wilson', 'taylor', 'mitchell', 'brandon', 'chester', 'bolton', 'morris', 'hastings',
  'darwin', 'newton', 'hudson', 'monroe', 'jefferson', 'vance', 'rubio', 'musk', 'obama', 'johnson',
]);
