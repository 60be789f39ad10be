-- revision: 018_place_codes
-- parents: 017_fire_hours_notify
-- A fourth kind of place name: a code GeoNames lists among a city's names, mostly its airport's IATA code ("LAX",
-- "DXB"), and the ICAO form of one in the contiguous United States ("KLAX"). Search finds a place by its code only
-- when the code is typed whole; a story's place mentions and time-zone homes never read codes (server/places/).
-- The gazetteer's rules version changed with it, so the next start loads the names again, codes included.
ALTER TABLE place_names DROP CONSTRAINT IF EXISTS place_names_kind_check;
ALTER TABLE place_names ADD CONSTRAINT place_names_kind_check CHECK (kind IN (0, 1, 2, 3));
