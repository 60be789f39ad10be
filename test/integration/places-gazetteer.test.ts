import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AirportRepository } from '../../server/places/airport-repository.js';
import { AirportSource } from '../../server/places/airport-source.js';
import { GazetteerLoader } from '../../server/places/gazetteer-loader.js';
import { GazetteerRepository } from '../../server/places/gazetteer-repository.js';
import { GazetteerSource } from '../../server/places/gazetteer-source.js';
import { PlaceSearchRepository } from '../../server/places/place-search-repository.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

/** The slippy-map tile holding a position at a zoom. */
function tileOf(zoom: number, latitude: number, longitude: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const rad = (latitude * Math.PI) / 180;
  return { x: Math.floor(((longitude + 180) / 360) * n), y: Math.floor(((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n) };
}

interface Result {
  kind: string;
  label: string;
  sublabel: string | null;
  latitude: number | null;
  longitude: number | null;
  bbox: number[] | null;
  zoom: number | null;
  id: string | null;
  similar?: boolean;
}

// The whole packaged gazetteer (GeoNames cities, Natural Earth boundaries), loaded once for the file.
describe('gazetteer: load of the packaged data, place search and place tiles', () => {
  let subject: TestApp;
  let tileCachingBeforeLoad: string | undefined;
  let timeZonePlaceBeforeLoad: unknown;
  let interrupted: { stopMs: number; places: number; state: string | undefined; progress: { loaded: number; places: number } };

  const search = async (q: string, limit?: number, view?: string) => {
    const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}), ...(view ? { view } : {}) });
    const response = await subject.app.inject({ method: 'GET', url: `/api/search?${query}`, headers: authorized });
    expect(response.statusCode).toBe(200);
    return response.json() as { query: string; gazetteer: string; results: Result[] };
  };
  const tile = async (zoom: number, latitude: number, longitude: number) => {
    const { x, y } = tileOf(zoom, latitude, longitude);
    const response = await subject.app.inject({ method: 'GET', url: `/api/tiles/places/${zoom}/${x}/${y}.mvt`, headers: authorized });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const decoded = new VectorTile(new PbfReader(response.rawPayload));
    const names = (layer: string) => {
      const found = decoded.layers[layer];
      return found ? Array.from({ length: found.length }, (_, i) => String(found.feature(i).properties.name)) : [];
    };
    return { decoded, places: names('places'), boundaries: names('boundaries'), labels: names('boundary_labels') };
  };

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false, settings: { GAZETTEER_LOAD: 'on' } });
    const before = await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized });
    expect(before.json().sources.places).toMatchObject({ state: 'pending' });
    timeZonePlaceBeforeLoad = (await subject.app.inject({ method: 'GET', url: '/api/time-zone-place?timeZone=Europe/Paris', headers: authorized })).json();
    tileCachingBeforeLoad = (await subject.app.inject({ method: 'GET', url: '/api/tiles/places/4/8/5.mvt', headers: authorized })).headers['cache-control'] as string | undefined;
    // A load stopped midway (the app closing) is cancelled and rolled back whole.
    const first = new GazetteerLoader(new GazetteerRepository(subject.app.db), new GazetteerSource(), subject.app.log, { repository: new AirportRepository(subject.app.db), source: new AirportSource() });
    const running = first.ensureLoaded();
    while (first.progress().places === 0 && first.progress().state !== 'failed') await new Promise((resolve) => setTimeout(resolve, 20));
    const progress = first.progress();
    const stopStarted = Date.now();
    await first.stop();
    await running;
    const [rows] = await queryOnce<{ places: number }>(subject.database.url, 'SELECT count(*)::int AS places FROM places');
    const [state] = await queryOnce<{ state: string }>(subject.database.url, 'SELECT state FROM gazetteer_state');
    interrupted = { stopMs: Date.now() - stopStarted, places: rows?.places ?? -1, state: state?.state, progress };
    // Then the app's own loader loads it all.
    await subject.app.gazetteer.ensureLoaded();
    // The load's duration is in the progress (loadMs): measured, not asserted.
    console.log('gazetteer load', subject.app.gazetteer.progress());
  }, 180_000);
  afterAll(async () => {
    await subject?.close();
  });

  it('a load stopped midway is cancelled at once and leaves nothing; the next one loads everything', () => {
    expect(interrupted.progress.places).toBeGreaterThan(0);
    expect(interrupted.stopMs).toBeLessThan(5_000);
    expect(interrupted.places).toBe(0);
    expect(interrupted.state).toBe('loading');
    expect(subject.app.gazetteer.progress().state).toBe('ready');
  });

  it('loads about 140,000 places and the boundaries, and says so in health with the GeoNames credit', async () => {
    const health = await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized });
    const places = health.json().sources.places;
    expect(places).toMatchObject({ state: 'ready' });
    expect(places.places).toBeGreaterThan(130_000);
    expect(places.places).toBeLessThan(160_000);
    expect(places.loaded).toBe(places.total);
    expect(places.boundaries).toBeGreaterThan(250);
    expect(health.json().attributions).toContain(places.attribution);
    expect(places.attribution).toMatch(/GeoNames/);
    const [row] = await queryOnce<{ state: string; places: number }>(subject.database.url, 'SELECT state, places FROM gazetteer_state');
    expect(row).toMatchObject({ state: 'ready', places: places.places });
    const [named] = await queryOnce<{ admin1_name: string; country_name: string }>(
      subject.database.url,
      "SELECT admin1_name, country_name FROM places WHERE name = 'Sacramento' AND country_code = 'US'",
    );
    expect(named).toEqual({ admin1_name: 'California', country_name: 'United States' });
  });

  it('a second start with the same package versions does not load again', async () => {
    const [before] = await queryOnce<{ updated_at: Date }>(subject.database.url, 'SELECT updated_at FROM gazetteer_state');
    const again = new GazetteerLoader(new GazetteerRepository(subject.app.db), new GazetteerSource(), subject.app.log, { repository: new AirportRepository(subject.app.db), source: new AirportSource() });
    const started = Date.now();
    await again.ensureLoaded();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(again.progress()).toMatchObject({ state: 'ready' });
    const [after] = await queryOnce<{ updated_at: Date }>(subject.database.url, 'SELECT updated_at FROM gazetteer_state');
    expect(after?.updated_at.getTime()).toBe(before?.updated_at.getTime());
  });

  it('finds Sacramento, Kyiv by its own name, its English exonym and in Cyrillic', async () => {
    const sacramento = (await search('Sacramento')).results[0];
    expect(sacramento).toMatchObject({ kind: 'place', label: 'Sacramento', sublabel: 'California, United States' });
    expect(sacramento?.latitude).toBeCloseTo(38.58, 1);
    expect(sacramento?.longitude).toBeCloseTo(-121.49, 1);
    for (const q of ['Kyiv', 'kyiv', 'Kiev', 'Київ']) {
      const first = (await search(q)).results[0];
      expect(first, q).toMatchObject({ kind: 'place', label: 'Kyiv' });
      expect(first?.sublabel, q).toMatch(/Ukraine/);
      expect(first?.zoom).toBe(10);
    }
  });

  it('ignores accents and case: "sao paulo" is São Paulo, "MUNCHEN" is München', async () => {
    expect((await search('sao paulo')).results[0]).toMatchObject({ label: 'São Paulo', sublabel: expect.stringMatching(/Brazil/) });
    expect((await search('MUNCHEN')).results[0]).toMatchObject({ label: 'Munich' });
  });

  it('finds a large city by its everyday two-letter name ("LA", "NY", "SF")', async () => {
    expect((await search('LA')).results[0]).toMatchObject({ kind: 'place', label: 'Los Angeles', sublabel: 'California, United States · “LA”' });
    expect((await search('ny')).results[0]).toMatchObject({ kind: 'place', label: 'New York City' });
    expect((await search('SF')).results[0]).toMatchObject({ kind: 'place', label: 'San Francisco' });
  });

  it('finds a city by its airport code typed whole ("LAX", "DXB", "nyc"), and in the contiguous US by its ICAO form ("KLAX")', async () => {
    // GeoNames lists the codes among the cities' names. "LAX" listed Laxou, France; "NYC" Nichinan, Japan (by "Nyc…").
    // The airport of the code comes first (see the airports' test), the city right after it.
    const placesOf = async (q: string) => (await search(q)).results.filter((result) => result.kind === 'place');
    expect((await placesOf('LAX'))[0]).toMatchObject({ label: 'Los Angeles', sublabel: 'California, United States · code “LAX”' });
    expect((await search('LAX')).results[1]).toMatchObject({ kind: 'place', label: 'Los Angeles' });
    expect((await search('nyc')).results[0]).toMatchObject({ kind: 'place', label: 'New York City' });
    expect((await placesOf('DXB'))[0]).toMatchObject({ label: 'Dubai' });
    const klax = await placesOf('KLAX');
    expect(klax[0]).toMatchObject({ label: 'Los Angeles', sublabel: 'California, United States · code “KLAX”' });
    expect(klax[0]?.similar).toBeUndefined();
    // Alaska's ICAO codes start "PA": no "KANC" for Anchorage.
    expect((await search('KANC', 10)).results.filter((result) => result.kind === 'place').map((result) => result.label)).not.toContain('Anchorage');
    // Only whole: "DX" does not find Dubai, nor "PD" Portland ("PDX").
    expect((await search('DX', 10)).results.map((result) => result.label)).not.toContain('Dubai');
    expect((await search('PD', 10)).results.map((result) => result.label)).not.toContain('Portland');
  });

  it('finds airports by IATA or ICAO code typed whole and by the words of their name or town, the large ones first', async () => {
    const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(health.sources.places.airports).toBeGreaterThan(5_000);
    expect(health.sources.places.attribution).toMatch(/OurAirports/);
    // GeoNames lists no city under these codes: they found nothing, or Ord, Nebraska and Iadăra.
    for (const [query, name, where] of [
      ['JFK', 'John F Kennedy International Airport', 'JFK · KJFK · New York, United States'],
      ['kjfk', 'John F Kennedy International Airport', 'JFK · KJFK · New York, United States'],
      ['LHR', 'London Heathrow Airport', 'LHR · EGLL · London, England, United Kingdom'],
      ['EGLL', 'London Heathrow Airport', 'LHR · EGLL · London, England, United Kingdom'],
      ['ORD', "Chicago O'Hare International Airport", 'ORD · KORD · Chicago, Illinois, United States'],
      ['LAX', 'Los Angeles International Airport', 'LAX · KLAX · Los Angeles, California, United States'],
    ] as const) {
      const first = (await search(query)).results[0];
      expect(first, query).toMatchObject({ kind: 'airport', label: name, sublabel: where, zoom: 13 });
    }
    const jfk = (await search('JFK')).results[0];
    expect(jfk?.latitude).toBeCloseTo(40.64, 1);
    expect(jfk?.longitude).toBeCloseTo(-73.78, 1);
    // A medium airport by its code leads in view; away from it, after the city whose name starts with the code.
    const overSacramento = '-122,38.3,-121,39';
    expect((await search('SAC', 10, overSacramento)).results[0]).toMatchObject({ kind: 'airport', label: 'Sacramento Executive Airport' });
    const sac = (await search('SAC', 10)).results.map((result) => result.label);
    expect(sac.indexOf('Sacramento')).toBeGreaterThanOrEqual(0);
    expect(sac.indexOf('Sacramento')).toBeLessThan(sac.indexOf('Sacramento Executive Airport'));
    // By words: "Heathrow" is the airport before Heathrow, Florida (a town of 6,000); "McClellan" is an air tanker
    // base's airfield; "London" is the city, then its airports after the places.
    expect((await search('Heathrow')).results[0]).toMatchObject({ kind: 'airport', label: 'London Heathrow Airport' });
    expect((await search('Heathrow')).results.some((result) => result.kind === 'place' && result.label === 'Heathrow')).toBe(true);
    const london = (await search('London', 10)).results;
    expect(london[0]).toMatchObject({ kind: 'place', label: 'London', sublabel: expect.stringMatching(/United Kingdom$/) });
    expect(london.findIndex((result) => result.kind === 'airport')).toBeGreaterThan(london.findLastIndex((result) => result.kind === 'place'));
    expect((await search('mcclellan', 10)).results.filter((result) => result.kind === 'airport').map((result) => result.label)).toContain('McClellan Airfield');
    // A city first, then its airports: the large one, then those in view.
    const sacramento = (await search('Sacramento airport', 10, overSacramento)).results;
    const airports = sacramento.filter((result) => result.kind === 'airport').map((result) => result.label);
    expect(airports[0]).toBe('Sacramento International Airport');
    expect(airports).toContain('McClellan Airfield');
    expect((await search('Sacramento', 10)).results[0]).toMatchObject({ kind: 'place', label: 'Sacramento' });
    // "airport": the airports around the view, the large one first, before any place named "Airport …".
    const around = (await search('airport', 10, overSacramento)).results;
    expect(around.slice(0, 3).map((result) => result.kind)).toEqual(['airport', 'airport', 'airport']);
    expect(around[0]).toMatchObject({ label: 'Sacramento International Airport' });
    // Over the Pacific across the antimeridian, the nearest large ones are New Zealand's.
    expect((await search('airport', 10, '170,-50,-170,-30')).results[0]?.sublabel).toMatch(/New Zealand$/);
    // An airport with the word whole hides those whose words only start so: "Roma" lists Roma's airport
    // (Queensland), not Cape Romanzof's; "Romanz", still being typed, lists Cape Romanzof's.
    const airportsOf = async (text: string) => (await search(text, 10)).results.filter((result) => result.kind === 'airport').map((result) => result.label);
    const roma = await airportsOf('Roma');
    expect(roma).toContain('Roma Airport');
    expect(roma).not.toContain('Cape Romanzof LRRS Airport');
    expect(await airportsOf('Romanz')).toContain('Cape Romanzof LRRS Airport');
    // Codes only whole, names only from three letters: "JF" and "he" list no airport.
    expect((await search('JF', 10)).results.filter((result) => result.kind === 'airport')).toEqual([]);
    expect((await search('he', 10)).results.filter((result) => result.kind === 'airport')).toEqual([]);
  });

  it('ranks the larger of two equal names first: Paris, France before Paris, Texas', async () => {
    const results = (await search('Paris', 10)).results.filter((result) => result.kind === 'place');
    expect(results[0]).toMatchObject({ label: 'Paris', sublabel: expect.stringMatching(/France$/) });
    const texas = results.findIndex((result) => result.sublabel === 'Texas, United States');
    expect(texas).toBeGreaterThan(0);
  });

  it('tells apart two places of one name in one state (GeoNames has two Lisbons in Ohio) by where they lie', async () => {
    const places = (await search('Lisbon', 10)).results.filter((result) => result.kind === 'place');
    const ohio = places.filter((result) => result.sublabel?.startsWith('Ohio, United States'));
    expect(ohio.length).toBeGreaterThanOrEqual(2);
    for (const result of ohio) expect(result.sublabel).toMatch(/^Ohio, United States · \d+\.\d\d° N, \d+\.\d\d° W$/);
    const shown = places.map((result) => `${result.label} · ${result.sublabel}`);
    expect(new Set(shown).size).toBe(shown.length);
  });

  it("names each country and state inside the view search fits it to (Fiji's name stood in Brazil, on a sliver of its shape)", async () => {
    // The view may run east past 180° (a country across the antimeridian): the point is in it either side.
    const outside = await queryOnce<{ name: string; longitude: number; latitude: number }>(
      subject.database.url,
      `SELECT name, ST_X(label_point) AS longitude, ST_Y(label_point) AS latitude FROM boundaries
       WHERE NOT (ST_Y(label_point) BETWEEN view_bbox[2] AND view_bbox[4]
                  AND (ST_X(label_point) BETWEEN view_bbox[1] AND view_bbox[3] OR ST_X(label_point) + 360 BETWEEN view_bbox[1] AND view_bbox[3]))`,
    );
    expect(outside).toEqual([]);
    const fiji = (await search('Fiji')).results.find((result) => result.kind === 'country');
    expect(Math.abs(fiji?.longitude ?? 0)).toBeGreaterThan(177);
  });

  it('reads a state or a country after a comma: "Paradise, CA" is in California, "Paris, Texas", "Lima, Peru", "Lisbon, USA"', async () => {
    // Without it the larger Paradise (Nevada) comes first.
    expect((await search('Paradise')).results[0]).toMatchObject({ label: 'Paradise', sublabel: 'Nevada, United States' });
    for (const q of ['Paradise, CA', 'paradise,california', 'Paradise, Calif']) {
      expect((await search(q)).results[0], q).toMatchObject({ kind: 'place', label: 'Paradise', sublabel: 'California, United States' });
    }
    expect((await search('Paris, Texas')).results[0]).toMatchObject({ label: 'Paris', sublabel: 'Texas, United States' });
    expect((await search('Paris, TX')).results[0]).toMatchObject({ label: 'Paris', sublabel: 'Texas, United States' });
    expect((await search('Lima, Peru')).results[0]).toMatchObject({ label: 'Lima', sublabel: expect.stringMatching(/Peru$/) });
    const lisbons = (await search('Lisbon, USA', 10)).results.filter((result) => result.kind === 'place');
    expect(lisbons.length).toBeGreaterThan(1);
    for (const lisbon of lisbons) expect(lisbon.sublabel).toMatch(/United States/);
    // A region that holds no place of the name: the name anywhere, rather than nothing.
    expect((await search('Sacramento, Peru')).results[0]).toMatchObject({ label: 'Sacramento', sublabel: 'California, United States' });
    // A region still to be typed: the name alone.
    expect((await search('Paradise,')).results[0]).toMatchObject({ label: 'Paradise', sublabel: 'Nevada, United States' });
    // A place with no state in GeoNames (Singapore, Haiphong) lies in no state named; LIKE's wildcards are letters.
    const places = new PlaceSearchRepository(subject.app.db);
    expect(await places.byPrefixInRegions('Singapore', ['Texas'], 5)).toEqual([]);
    expect(await places.byPrefixInRegions('Hai', ['Texas'], 5)).toEqual([]);
    expect(await places.byPrefixInRegions('Paradise', ['%'], 5)).toEqual([]);
    expect(await places.byPrefixInRegions('Paradise', ['___'], 5)).toEqual([]);
  });

  it('completes a prefix and forgives a misspelling', async () => {
    expect((await search('Sacram')).results[0]).toMatchObject({ label: 'Sacramento', sublabel: 'California, United States' });
    expect((await search('Reykjavik')).results[0]).toMatchObject({ label: 'Reykjavík', sublabel: expect.stringMatching(/Iceland/) });
    expect((await search('Sacremento')).results[0]).toMatchObject({ label: 'Sacramento', sublabel: 'California, United States', similar: true });
    // A guess is said to be one (the search box does not fly to it on Enter unless chosen); a prefix's places are not.
    expect((await search('Sacram')).results[0]?.similar).toBeUndefined();
    expect((await search('Sacremento')).results.filter((result) => result.kind === 'place').every((result) => result.similar === true)).toBe(true);
    // A country's very name is no misspelling: the country, without guesses after it ("Germantown", "San Germán").
    const germany = (await search('Germany')).results;
    expect(germany[0]).toMatchObject({ kind: 'country', label: 'Germany' });
    expect(germany.filter((result) => result.similar)).toEqual([]);
  });

  it("ranks a place's own name before an alternate one, and among equals the places in the map's view first", async () => {
    // Quito's alternate "San Francisco de Quito" is the larger place's; San Francisco is called so itself.
    expect((await search('San Fr')).results[0]).toMatchObject({ label: 'San Francisco', sublabel: 'California, United States' });
    // An exact alternate is as good as an exact own name: "Roma" is Rome, not the small towns called Roma.
    expect((await search('Roma')).results.find((result) => result.kind === 'place')).toMatchObject({ label: 'Rome', sublabel: expect.stringMatching(/^Lazio, Italy/) });
    // Northern California: the Bay Area to Paradise (Paradise, Nevada, the larger, lies far to its east).
    const california = '-123.5,36.5,-120.5,40';
    expect((await search('Paradise', 10, california)).results[0]).toMatchObject({ label: 'Paradise', sublabel: 'California, United States' });
    // San Mateo and San Martin before San Miguel de Tucumán and San Marino, larger but far away.
    const nearby = (await search('San M', 3, california)).results.filter((result) => result.kind === 'place');
    expect(nearby.length).toBeGreaterThanOrEqual(2);
    for (const place of nearby) expect(place.sublabel, place.label).toBe('California, United States');
    // A view across the antimeridian (west > east) holds Fiji: its Nadi before Nadiad (India) and Nador (Morocco).
    expect((await search('Nad', 3, '170,-25,-170,-10')).results[0]).toMatchObject({ label: 'Nadi', sublabel: expect.stringMatching(/Fiji/) });
    expect((await search('Nad', 3)).results[0]?.label).not.toBe('Nadi');
    // An exact name still comes before a prefix of a place in view.
    expect((await search('Paris', 10, california)).results[0]).toMatchObject({ label: 'Paris', sublabel: expect.stringMatching(/France$/) });
    // Among exact names a capital or a city of a million comes before a town in view: the map opens over California,
    // and "London" flew to London, California (2,000 people), "Dublin" to Dublin, California.
    const wholeState = '-124.5,32.5,-114,42';
    expect((await search('London', 10, wholeState)).results.find((result) => result.kind === 'place')).toMatchObject({ label: 'London', sublabel: expect.stringMatching(/United Kingdom$/) });
    expect((await search('Dublin', 10, wholeState)).results.find((result) => result.kind === 'place')).toMatchObject({ label: 'Dublin', sublabel: expect.stringMatching(/Ireland$/) });
    const londons = (await search('London', 10, wholeState)).results.filter((result) => result.kind === 'place').map((result) => result.sublabel);
    expect(londons).toContain('California, United States');
  });

  it('reads no machine romanisation as a name: "HND", "SMF" and "LGA" no longer find Henderson, Simferopol and Loganville', async () => {
    for (const [query, wrong] of [['HND', 'Henderson'], ['SMF', 'Simferopol'], ['LGA', 'Loganville'], ['YYZ', 'Yaizu']] as const) {
      const places = (await search(query, 10)).results.filter((result) => result.kind === 'place' && !result.similar);
      expect(places.map((result) => result.label), query).not.toContain(wrong);
    }
  });

  it('puts an incident named exactly what was typed before a small place of that name away from the view, not before a city or a place in view', async () => {
    await queryOnce(
      subject.database.url,
      `INSERT INTO incidents (irwin_id, name, size_acres, percent_contained, discovered_at, state, geom) VALUES
         ('search-eaton', 'EATON', 14021, 100, now() - interval '300 days', 'US-CA', ST_SetSRID(ST_MakePoint(-118.10, 34.20), 4326)),
         ('search-paris', 'PARIS', 120, 50, now() - interval '2 days', 'US-CA', ST_SetSRID(ST_MakePoint(-121.00, 38.00), 4326)),
         ('search-canal', 'SOUTH CANAL- LAFAYETTE (34)', 34, 0, now() - interval '1 day', 'US-FL', ST_SetSRID(ST_MakePoint(-80.60, 26.70), 4326))`,
    );
    try {
      const losAngeles = '-119.5,33.3,-116.5,35';
      // Over Los Angeles, "EATON" is the fire (Enter flew to Eaton, Ohio, a town of 8,000).
      const overLa = (await search('EATON', 10, losAngeles)).results;
      expect(overLa[0]).toMatchObject({ kind: 'incident', label: 'EATON' });
      expect(overLa.some((result) => result.kind === 'place' && result.label === 'Eaton')).toBe(true);
      expect((await search('Eaton', 10)).results[0]).toMatchObject({ kind: 'incident' });
      // As the news writes it: "Eaton Fire" is the incident EATON (no place starts with those words).
      expect((await search('Eaton Fire', 10, losAngeles)).results[0]).toMatchObject({ kind: 'incident', label: 'EATON' });
      expect((await search('eaton fire', 10)).results[0]).toMatchObject({ kind: 'incident', label: 'EATON' });
      // Over Ohio, the town in view leads.
      expect((await search('Eaton', 10, '-85.5,39,-83.5,40.5')).results[0]).toMatchObject({ kind: 'place', label: 'Eaton', sublabel: expect.stringMatching(/^Ohio/) });
      // A city leads wherever the map is.
      expect((await search('Paris', 10, losAngeles)).results[0]).toMatchObject({ kind: 'place', label: 'Paris', sublabel: expect.stringMatching(/France$/) });
      expect((await search('Paris', 10, losAngeles)).results[1]).toMatchObject({ kind: 'incident', label: 'PARIS' });
      // An incident in view whose name only holds the word comes right after the place that leads, before the rest.
      const canalAt = async (view: string) => (await search('Lafayette', 10, view)).results.findIndex((result) => result.kind === 'incident');
      const overFlorida = await canalAt('-83,25,-79,29');
      expect(overFlorida).toBeGreaterThanOrEqual(0);
      expect(overFlorida).toBeLessThanOrEqual(1);
      const overLaIndex = await canalAt(losAngeles);
      expect(overLaIndex === -1 || overLaIndex > overFlorida).toBe(true);
    } finally {
      await queryOnce(subject.database.url, "DELETE FROM incidents WHERE irwin_id IN ('search-eaton', 'search-paris', 'search-canal')");
    }
  });

  it('puts flights whose callsign starts with the text before villages and alternate names that do, not before a city', async () => {
    await queryOnce(
      subject.database.url,
      `INSERT INTO aircraft (icao24, callsign, type_code, geom, seen_at, source) VALUES
         ('a0e001', 'UAL1423 ', 'B738', ST_SetSRID(ST_MakePoint(-118.4, 33.9), 4326), now(), 'test'),
         ('a0e002', 'SACR7 ', 'C172', ST_SetSRID(ST_MakePoint(-121.5, 38.6), 4326), now(), 'test')`,
    );
    try {
      // "UAL": Ualog is a village, the others match by an alternate name ("Ouargla · “ualeugeulla”") or by a small
      // town's airport code (Luau's): the flight first.
      const ual = (await search('UAL', 10)).results;
      expect(ual[0]).toMatchObject({ kind: 'aircraft', label: 'UAL1423' });
      expect(ual.find((result) => result.kind === 'place')).toMatchObject({ label: 'Luau', sublabel: expect.stringContaining('code “UAL”') });
      // A callsign as the news writes it, with a space: the flight all the same.
      expect((await search('UAL 1423', 10)).results[0]).toMatchObject({ kind: 'aircraft', label: 'UAL1423' });
      expect(ual.some((result) => result.kind === 'place')).toBe(true);
      // "Sacr": Sacramento, a city, before the Cessna SACR7.
      const sacr = (await search('Sacr', 10)).results;
      expect(sacr[0]).toMatchObject({ kind: 'place', label: 'Sacramento' });
      expect(sacr.findIndex((result) => result.kind === 'aircraft')).toBeGreaterThan(0);
    } finally {
      await queryOnce(subject.database.url, "DELETE FROM aircraft WHERE icao24 IN ('a0e001', 'a0e002')");
    }
  });

  it('finds countries and states with their extent', async () => {
    const iceland = (await search('Iceland')).results[0];
    expect(iceland).toMatchObject({ kind: 'country', label: 'Iceland' });
    expect(iceland?.bbox?.[0]).toBeLessThan(-20);
    expect(iceland?.sublabel).toBeNull();
    // A country's view is its main body of land: not France's overseas departments (the view was centred in the
    // Sahara), the Netherlands' Caribbean islands, Norway's Svalbard or Alaska and Hawaii; a country across the
    // antimeridian is one span east of it (Russia, Fiji, New Zealand's Chatham Islands left out), not the world.
    const view = async (name: string) => {
      const found = (await search(name)).results.find((result) => result.label === name);
      expect(found?.bbox).toHaveLength(4);
      return found!.bbox as [number, number, number, number];
    };
    const france = await view('France');
    expect(france[0]).toBeGreaterThan(-6);
    expect(france[1]).toBeGreaterThan(41);
    expect(france[2]).toBeLessThan(10);
    expect((await view('Netherlands'))[0]).toBeGreaterThan(3);
    expect((await view('Norway'))[3]).toBeLessThan(72);
    const usa = await view('United States of America');
    expect(usa[0]).toBeCloseTo(-124.7, 0);
    expect(usa[3]).toBeLessThan(50);
    const russia = await view('Russia');
    expect(russia[0]).toBeGreaterThan(19);
    expect(russia[2]).toBeGreaterThan(185);
    const fiji = await view('Fiji');
    expect(fiji[2] - fiji[0]).toBeLessThan(6);
    // A part with a quarter of the main one's land or more is in the view: Malaysia's peninsula (Kuala Lumpur) beside
    // its larger part of Borneo, 5° apart.
    const malaysia = await view('Malaysia');
    expect(malaysia[0]).toBeLessThan(101.7);
    expect(malaysia[2]).toBeGreaterThan(115);
    const newZealand = await view('New Zealand');
    expect(newZealand[0]).toBeGreaterThan(165);
    expect(newZealand[2]).toBeLessThan(179);
    expect(newZealand[1]).toBeGreaterThan(-48);
    const california = (await search('California')).results[0];
    expect(california).toMatchObject({ kind: 'region', label: 'California' });
    expect(california?.bbox?.[0]).toBeCloseTo(-124.4, 0);
    // A state or province of the name comes after a city of that very name: "Manchester" flew to Jamaica's parish.
    const manchester = (await search('Manchester')).results;
    expect(manchester[0]).toMatchObject({ kind: 'place', label: 'Manchester', sublabel: expect.stringMatching(/United Kingdom$/) });
    expect(manchester[1]).toMatchObject({ kind: 'region', label: 'Manchester' });
    const newYork = (await search('New York')).results;
    expect(newYork[0]).toMatchObject({ kind: 'place', label: 'New York City' });
    expect(newYork[1]).toMatchObject({ kind: 'region', label: 'New York' });
    // A country of the name stays first: "Georgia" is the country, whatever towns carry the name.
    expect((await search('Georgia')).results[0]).toMatchObject({ kind: 'country', label: 'Georgia' });
    // And by the short names typed for it: "UK" listed Uk (Irkutsk Oblast) and Ukraine, not the United Kingdom.
    expect((await search('UK')).results[0]).toMatchObject({ kind: 'country', label: 'United Kingdom' });
    expect((await search('usa')).results[0]).toMatchObject({ kind: 'country', label: 'United States of America' });
    expect((await search('Holland')).results[0]).toMatchObject({ kind: 'country', label: 'Netherlands' });
    expect((await search('Ukr')).results.map((result) => result.label)).toContain('Ukraine');
  });

  it('reads positions in decimal degrees, with hemispheres, in DMS and as MGRS, naming the place nearby', async () => {
    for (const q of ['38.58, -121.49', '38.58 -121.49', '38.58N 121.49W', `38°34'48"N 121°29'24"W`, '(38.58, -121.49)', '[38.58, -121.49]']) {
      const [only, ...rest] = (await search(q)).results;
      expect(rest, q).toEqual([]);
      expect(only, q).toMatchObject({ kind: 'coordinates', label: '38.58000, -121.49000', zoom: 12 });
      expect(only?.sublabel, q).toMatch(/near Sacramento, California, United States/);
    }
    expect((await search(`38°34'48"N 121°29'24"W`)).results[0]?.sublabel).toMatch(/^Degrees, minutes, seconds/);
    // As GPS units write it, as a map link, and with decimal commas: one position each, named by how it was read.
    for (const [q, words] of [
      ['N38 34.8 W121 29.4', /^Degrees, decimal minutes · near Sacramento/],
      ['https://www.google.com/maps/@38.58,-121.49,12z', /^From a map link · near Sacramento/],
      ['geo:38.58,-121.49', /^From a map link · near Sacramento/],
      ['38,58 -121,49', /^Decimal degrees · near Sacramento/],
    ] as const) {
      const [only, ...rest] = (await search(q)).results;
      expect(rest, q).toEqual([]);
      expect(only, q).toMatchObject({ kind: 'coordinates', label: '38.58000, -121.49000', sublabel: expect.stringMatching(words) });
    }
    // 10SFH 31567 70839 is Sacramento's Capitol area in UTM zone 10.
    const grid = (await search('10SFH 31567 70839')).results[0];
    expect(grid).toMatchObject({ kind: 'coordinates', sublabel: expect.stringMatching(/^MGRS · near Sacramento/) });
    expect(grid?.latitude).toBeCloseTo(38.58, 1);
    expect(grid?.longitude).toBeCloseTo(-121.49, 1);
    // Longitude first, as GeoJSON writes it: read so only when the first number cannot be a latitude.
    const swapped = (await search('-121.49, 38.58')).results;
    expect(swapped).toHaveLength(1);
    expect(swapped[0]).toMatchObject({ kind: 'coordinates', label: '38.58000, -121.49000', sublabel: expect.stringMatching(/^Decimal degrees, read as longitude, latitude · near Sacramento/) });
    expect((await search('10, 91.5')).results[0]).toMatchObject({ label: '10.00000, 91.50000', sublabel: expect.stringMatching(/^Decimal degrees ·|^Decimal degrees$/) });
    expect((await search('91.5, 10')).results[0]).toMatchObject({ label: '10.00000, 91.50000', sublabel: expect.stringMatching(/read as longitude, latitude/) });
    // Both ways round possible: both readings listed, latitude first first, each saying where it is. "-0.12, 51.5" is
    // GeoJSON's order for London (read latitude first, the Indian Ocean: it had landed there alone, unexplained).
    const both = (await search('-0.12, 51.5')).results;
    expect(both.map((result) => [result.kind, result.label])).toEqual([['coordinates', '-0.12000, 51.50000'], ['coordinates', '51.50000, -0.12000']]);
    expect(both[0]?.sublabel).toBe('Decimal degrees');
    expect(both[1]?.sublabel).toMatch(/^Decimal degrees, read as longitude, latitude · near .*United Kingdom/);
    const written = (await search('51.5, -0.12')).results;
    expect(written.map((result) => result.label)).toEqual(['51.50000, -0.12000', '-0.12000, 51.50000']);
    expect(written[0]?.sublabel).toMatch(/^Decimal degrees · near .*United Kingdom/);
    // With hemisphere letters the letters say which is which: never swapped. Neither order fits 100, 100.
    expect((await search('95N 10E')).results.filter((result) => result.kind === 'coordinates')).toEqual([]);
    expect((await search('10E 95N')).results.filter((result) => result.kind === 'coordinates')).toEqual([]);
    expect((await search('100, 100')).results.filter((result) => result.kind === 'coordinates')).toEqual([]);
  });

  it("finds the place a time zone is named after, in the zone's country, by an old name too; a capital for a one-zone country", async () => {
    const placeOf = async (timeZone: string) => {
      const response = await subject.app.inject({ method: 'GET', url: `/api/time-zone-place?timeZone=${encodeURIComponent(timeZone)}`, headers: authorized });
      expect(response.statusCode, timeZone).toBe(200);
      const answer = response.json() as { timeZone: string; gazetteer: string; place: { name: string; countryCode: string; latitude: number; longitude: number } | null };
      expect(answer).toMatchObject({ timeZone, gazetteer: 'ready' });
      return answer.place;
    };
    expect(timeZonePlaceBeforeLoad).toEqual({ timeZone: 'Europe/Paris', zoneName: 'Europe/Paris', place: null, gazetteer: 'pending' });
    const losAngeles = await placeOf('America/Los_Angeles');
    expect(losAngeles).toMatchObject({ name: 'Los Angeles', countryCode: 'US', admin1Name: 'California' });
    expect(losAngeles!.latitude).toBeCloseTo(34.05, 1);
    expect(losAngeles!.longitude).toBeCloseTo(-118.24, 1);
    // Paris, France; never Paris, Texas.
    expect(await placeOf('Europe/Paris')).toMatchObject({ name: 'Paris', countryCode: 'FR' });
    // Chrome reports India's zone by its old name; Kiev is an alias of Europe/Kyiv.
    expect(await placeOf('Asia/Calcutta')).toMatchObject({ name: 'Kolkata', countryCode: 'IN' });
    expect(await placeOf('Europe/Kiev')).toMatchObject({ name: 'Kyiv', countryCode: 'UA' });
    expect(await placeOf('America/Argentina/Buenos_Aires')).toMatchObject({ name: 'Buenos Aires', countryCode: 'AR' });
    // Read as the zone database spells it: any case, and a link by the zone it names.
    expect(await placeOf('europe/paris')).toMatchObject({ name: 'Paris', countryCode: 'FR' });
    expect(await placeOf('US/Pacific')).toMatchObject({ name: 'Los Angeles', countryCode: 'US' });
    // Named after an island: Vanuatu's one zone gives its capital.
    expect(await placeOf('Pacific/Efate')).toMatchObject({ name: 'Port-Vila', countryCode: 'VU' });
    // The zone's current name, to show, beside the one asked: Chromium's "Asia/Calcutta" is the computer's "Asia/Kolkata".
    const zoneNameOf = async (timeZone: string) =>
      ((await subject.app.inject({ method: 'GET', url: `/api/time-zone-place?timeZone=${encodeURIComponent(timeZone)}`, headers: authorized })).json() as { zoneName: string }).zoneName;
    expect(await zoneNameOf('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(await zoneNameOf('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(await zoneNameOf('us/pacific')).toBe('America/Los_Angeles');
    expect(await zoneNameOf('Europe/Paris')).toBe('Europe/Paris');
    expect(await zoneNameOf('UTC')).toBe('Etc/UTC');
    // No place: UTC and the offsets named after none.
    for (const zone of ['Etc/UTC', 'UTC', 'Etc/GMT+5']) expect(await placeOf(zone), zone).toBeNull();
  });

  it('refuses a time zone that is not a zone name, or names no zone, with 400 and the error shape', async () => {
    for (const timeZone of ['', '../../etc/passwd', 'Europe/Paris;DROP', 'a'.repeat(65), 'Europe/Paris/x/y', 'Mars/Olympus_Mons', 'NaN']) {
      const response = await subject.app.inject({ method: 'GET', url: `/api/time-zone-place?timeZone=${encodeURIComponent(timeZone)}`, headers: authorized });
      expect(response.statusCode, timeZone).toBe(400);
      expect(response.json().error.code, timeZone).toBe('bad_request');
    }
    const extra = await subject.app.inject({ method: 'GET', url: '/api/time-zone-place?timeZone=UTC&bogus=1', headers: authorized });
    expect(extra.statusCode).toBe(400);
  });

  it('rejects an empty or overlong query and an unknown parameter with 400 and the error shape', async () => {
    for (const url of ['/api/search', '/api/search?q=', '/api/search?q=%20%20', `/api/search?q=${'a'.repeat(201)}`, '/api/search?q=x&limit=0', '/api/search?q=x&limit=51', '/api/search?q=x&bogus=1', '/api/search?q=x&view=1,2,3', '/api/search?q=x&view=0,0,200,10']) {
      const response = await subject.app.inject({ method: 'GET', url, headers: authorized });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe('bad_request');
    }
    const noToken = await subject.app.inject({ method: 'GET', url: '/api/search?q=Paris', headers: { host: authorized.host } });
    expect(noToken.statusCode).toBe(401);
  });

  it('serves place tiles: capitals and large cities over Europe at zoom 4, towns over California at zoom 8', async () => {
    const europe = await tile(4, 48.86, 2.35);
    expect(europe.places).toEqual(expect.arrayContaining(['Paris', 'London', 'Brussels', 'Amsterdam']));
    expect(europe.places).not.toContain('Rambouillet');
    expect(europe.labels).toEqual(expect.arrayContaining(['France', 'Germany', 'Belgium', 'Netherlands']));
    expect(europe.boundaries.length).toBeGreaterThan(5);
    // Each name carries its boundary's area, by which the map places larger countries' names first.
    const area = (name: string) => Number(europe.decoded.layers.boundary_labels?.feature(europe.labels.indexOf(name)).properties.areaKm2);
    expect(area('France')).toBeGreaterThan(area('Belgium') * 10);
    expect(area('Belgium')).toBeGreaterThan(10_000);
    const paris = europe.decoded.layers.places?.feature(europe.places.indexOf('Paris'));
    expect(paris?.properties).toMatchObject({ capital: true, countryCode: 'FR' });

    const california = await tile(8, 38.58, -121.49);
    expect(california.places).toEqual(expect.arrayContaining(['Sacramento', 'Davis', 'Elk Grove']));
    expect(california.boundaries).toContain('California');
    expect(california.places.length).toBeLessThanOrEqual(300);
  });

  it('serves the land at 1:10m from zoom 6: the Palos Verdes hills are land, which the 1:50m country shape drew as sea', async () => {
    // Loaded after the places, in a transaction of its own, and said so in health (the map draws it only then).
    const health = (await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(health.sources.places).toMatchObject({ state: 'ready', land: 'ready' });
    const [state] = await queryOnce<{ same: boolean }>(subject.database.url, 'SELECT land_version = version AS same FROM gazetteer_state');
    expect(state?.same).toBe(true);
    const bay = { latitude: 33.9, longitude: -118.55 };
    const westLosAngeles = { latitude: 34.03, longitude: -118.45 };
    // Rancho Palos Verdes, 1.2 km inland.
    const palosVerdes = { latitude: 33.77, longitude: -118.41 };
    const inLand = async (point: { latitude: number; longitude: number }) => {
      const [row] = await queryOnce<{ land: boolean }>(
        subject.database.url,
        'SELECT EXISTS (SELECT 1 FROM land_parts WHERE ST_Intersects(geom, ST_Transform(ST_SetSRID(ST_MakePoint($1, $2), 4326), 3857))) AS land',
        [point.longitude, point.latitude],
      );
      return row?.land;
    };
    expect(await inLand(bay)).toBe(false);
    expect(await inLand(westLosAngeles)).toBe(true);
    expect(await inLand(palosVerdes)).toBe(true);
    const [coarse] = await queryOnce<{ land: boolean }>(
      subject.database.url,
      "SELECT bool_or(ST_Intersects(geom, ST_SetSRID(ST_MakePoint($1, $2), 4326))) AS land FROM boundaries WHERE level = 0 AND country_code = 'US'",
      [palosVerdes.longitude, palosVerdes.latitude],
    );
    expect(coarse?.land, 'the 1:50m shape leaves the hills in the sea').toBe(false);
    // Cut into parts a tile clips quickly: none over 1,024 vertices.
    const [parts] = await queryOnce<{ parts: number; largest: number }>(subject.database.url, 'SELECT count(*)::int AS parts, max(ST_NPoints(geom)) AS largest FROM land_parts');
    expect(parts?.parts).toBeGreaterThan(4_000);
    expect(parts?.largest).toBeLessThanOrEqual(1_024);
    const detailed = await tile(10, bay.latitude, bay.longitude);
    expect(detailed.decoded.layers.land?.length ?? 0).toBeGreaterThan(0);
    expect((await tile(6, bay.latitude, bay.longitude)).decoded.layers.land?.length ?? 0).toBeGreaterThan(0);
    expect((await tile(5, bay.latitude, bay.longitude)).decoded.layers.land).toBeUndefined();
    // Open sea has none.
    expect((await tile(8, 30, -140)).decoded.layers.land).toBeUndefined();
  });

  it("tiles at the map's edges carry their places and country names: the world view's zoom 1, and zoom 2 over the Americas and East Asia", async () => {
    const northwest = await tile(1, 40, -100);
    expect(northwest.places).toEqual(expect.arrayContaining(['Washington', 'Ottawa', 'Mexico City']));
    expect(northwest.places).not.toContain('Beijing');
    const northeast = await tile(1, 40, 100);
    expect(northeast.places).toEqual(expect.arrayContaining(['Beijing', 'Moscow', 'Tokyo']));
    expect(northeast.places).not.toContain('Washington');
    expect((await tile(2, 40, -100)).labels).toEqual(expect.arrayContaining(['United States of America', 'Mexico']));
    expect((await tile(2, 40, 120)).labels).toEqual(expect.arrayContaining(['China', 'Japan']));
  });

  it('serves the airports in the place tiles: large ones from zoom 7 with their IATA code, medium ones too from zoom 9', async () => {
    const airportsOf = async (zoom: number) => {
      const { decoded } = await tile(zoom, 38.62, -121.45);
      const layer = decoded.layers.airports;
      return layer ? Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties) : [];
    };
    expect(await airportsOf(6)).toEqual([]);
    const z7 = await airportsOf(7);
    expect(z7).toContainEqual({ name: 'Sacramento International Airport', code: 'SMF', large: true });
    expect(z7.every((airport) => airport.large === true)).toBe(true);
    expect(await airportsOf(9)).toContainEqual({ name: 'McClellan Airfield', code: 'MCC', large: false });
  });

  it('a tile served before the gazetteer is loaded is not kept by the browser and is asked for again soon; once loaded, kept for an hour', async () => {
    expect(tileCachingBeforeLoad).toBe('no-store, max-age=3');
    const { x, y } = tileOf(4, 48.85, 2.35);
    const response = await subject.app.inject({ method: 'GET', url: `/api/tiles/places/4/${x}/${y}.mvt`, headers: authorized });
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('answers 400 for a tile that does not exist at its zoom', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/tiles/places/2/4/0.mvt', headers: authorized });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
  });
});
