// The kinds of place_names rows (011_gazetteer, 018_place_codes): 0 a place's own name, 1 its ASCII spelling, 2 an
// alternate (an exonym, another script, a former name), 3 a code (an airport's IATA code such as "LAX", its ICAO
// form "KLAX"). Kinds below CODE_KIND are names: a story's mentions and time-zone homes read only those, and
// search finds a code only when it is typed whole.
export const CODE_KIND = 3;
