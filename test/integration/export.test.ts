// GET /api/export: each format parsed back with a real parser (csv-parse, JSON, fast-xml-parser) and checked against
// what was stored; the fire filter, the bbox, the geofence and firefighting-only obeyed; text from outside sources
// unable to break the file (formula injection, XML markup); an attachment with the right type and name; the
// truncation header when a cap cut the answer; bad input refused with 400 and the error shape.
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_ROW_CAPS } from '../../server/export/export-schemas.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const MINUTE_MS = 60_000;
// North valley, California: the geofence, and the bbox of the view (the fence and some land around it).
const FENCE = { west: -122, south: 38, east: -121, north: 39 };
const VIEW = '-123,37,-120,40';
// Outside sources' text that must stay inert: spreadsheet formulas, XML markup, a CDATA end, a control character.
const HOSTILE_CALLSIGN = '=HYPERLINK("http://evil.example","x")';
const HOSTILE_INCIDENT = `+cmd|' /C calc'!A0 <Ridge> & "Co" ]]> \u0001end`;
const HOSTILE_STORY = '@SUM(1+1) “Ridge” <b>fire</b> & crews';

interface StoredFire {
  latitude: number;
  longitude: number;
  acqTime: string;
  satellite: string;
  confidence: string | null;
  frp: number | null;
}

describe('GET /api/export', () => {
  let nats: OwnNats;
  let subject: TestApp;
  let fenceId: string;
  const base = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - 90 * MINUTE_MS;
  const fires: StoredFire[] = [
    // Inside the fence.
    { latitude: 38.5, longitude: -121.5, acqTime: new Date(base).toISOString(), satellite: 'N', confidence: 'h', frp: 12.5 },
    { latitude: 38.6, longitude: -121.4, acqTime: new Date(base + MINUTE_MS).toISOString(), satellite: 'Terra', confidence: '85', frp: 40 },
    { latitude: 38.7, longitude: -121.3, acqTime: new Date(base + 2 * MINUTE_MS).toISOString(), satellite: 'Aqua', confidence: '29', frp: null },
    // In the view, outside the fence.
    { latitude: 39.5, longitude: -120.5, acqTime: new Date(base + 3 * MINUTE_MS).toISOString(), satellite: 'N20', confidence: 'n', frp: 3 },
    // Outside the view.
    { latitude: 45.5, longitude: 10.5, acqTime: new Date(base + 4 * MINUTE_MS).toISOString(), satellite: 'N21', confidence: 'l', frp: 1 },
  ];
  const get = (url: string) => subject.app.inject({ method: 'GET', url, headers: authorized });
  const csvOf = async (query: string) => {
    const answer = await get(`/api/export?format=csv&${query}`);
    expect(answer.statusCode, query).toBe(200);
    return parseCsv(answer.body, { columns: true, bom: true }) as Array<Record<string, string>>;
  };
  const geoJsonOf = async (query: string) => {
    const answer = await get(`/api/export?format=geojson&${query}`);
    expect(answer.statusCode, query).toBe(200);
    return answer.json() as { type: string; features: Array<{ type: string; geometry: { type: string; coordinates: number[] }; properties: Record<string, unknown> }> };
  };

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false });
    const fence = await subject.app.inject({
      method: 'POST',
      url: '/api/geofences',
      headers: authorized,
      payload: {
        name: 'north valley',
        geometry: { type: 'Polygon', coordinates: [[[FENCE.west, FENCE.south], [FENCE.east, FENCE.south], [FENCE.east, FENCE.north], [FENCE.west, FENCE.north], [FENCE.west, FENCE.south]]] },
      },
    });
    fenceId = (fence.json() as { id: string }).id;
    const stored = await subject.app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: authorized,
      payload: fires.map((fire) => ({ ...fire, acqTime: undefined, acq_time: fire.acqTime, daynight: 'D' })),
    });
    expect(stored.json()).toMatchObject({ stored: fires.length });
    // Aircraft and incidents come from pollers of outside feeds; here they are stored as those pollers store them.
    await queryOnce(
      subject.database.url,
      `INSERT INTO aircraft (icao24, callsign, registration, type_code, operator, geom, altitude_ft, on_ground, ground_speed_kt, track_deg, seen_at, firefighting, firefighting_reason, source) VALUES
        ('a1b2c3', $1, 'N123', 'C130', 'CAL FIRE', ST_SetSRID(ST_MakePoint(-121.6, 38.4), 4326), 3500, false, 496.3, 271.7, now() - interval '10 seconds', true, 'operator', 'test'),
        ('d4e5f6', 'UAL12', 'N456', 'B738', 'United', ST_SetSRID(ST_MakePoint(-120.60000123456789, 39.61234567891234), 4326), 33000, false, null, null, now() - interval '20 seconds', false, null, 'test'),
        ('0a0b0c', 'OLD1', null, null, null, ST_SetSRID(ST_MakePoint(-121.5, 38.5), 4326), 1000, false, null, null, now() - interval '2 hours', true, 'operator', 'test'),
        ('777777', 'FAR1', null, null, null, ST_SetSRID(ST_MakePoint(2.35, 48.85), 4326), 1000, false, null, null, now(), true, 'operator', 'test')`,
      [HOSTILE_CALLSIGN],
    );
    await queryOnce(
      subject.database.url,
      `INSERT INTO incidents (irwin_id, name, size_acres, percent_contained, discovered_at, state, geom) VALUES
        ('inc-1', $1, 1200, 15, now() - interval '1 day', 'CA', ST_SetSRID(ST_MakePoint(-121.2, 38.9), 4326)),
        ('inc-2', 'Cañón Creek Fire', 50, 90, null, 'CA', ST_SetSRID(ST_MakePoint(-120.2, 37.5), 4326)),
        ('inc-3', 'Far Fire', 10, 0, null, 'OR', ST_SetSRID(ST_MakePoint(-118, 45), 4326))`,
      [HOSTILE_INCIDENT],
    );
    // Events as the ingester stores them (a news story as news-events.ts makes it): in the view and the window, one
    // inside the fence; one outside the view, one older than the window, one unplaced, and a fire detection's (the
    // Fires layer's, not the News & events layer's).
    const story = { newsItemId: '42', title: HOSTILE_STORY, summary: 'Crews held the line overnight.', link: 'https://news.example/ridge', feed: 'Valley Courier', place: 'Sacramento, California, United States', mention: 'Sacramento', latitude: 38.58, longitude: -121.49, publishedAt: new Date(base + 5 * MINUTE_MS).toISOString() };
    await queryOnce(
      subject.database.url,
      `INSERT INTO events (source_type, url, title, summary, geom, occurred_at, ingested_at, payload) VALUES
        ('news', 'vantage:news/42', $1, 'Sacramento, California, United States: Crews held the line overnight.', ST_SetSRID(ST_MakePoint(-121.49, 38.58), 4326), $2, now(), $3),
        ('alert', 'vantage:alert/7', 'Fire inside north valley', 'A detection of 40 MW', ST_SetSRID(ST_MakePoint(-120.4, 39.7), 4326), $4, now(), '{}'),
        ('news', 'vantage:news/43', 'Paris story', null, ST_SetSRID(ST_MakePoint(2.35, 48.85), 4326), $2, now(), '{}'),
        ('news', 'vantage:news/44', 'Old story', null, ST_SetSRID(ST_MakePoint(-121.4, 38.4), 4326), now() - interval '3 days', now(), '{}'),
        ('news', 'vantage:news/45', 'Unplaced story', null, null, $2, now(), '{}'),
        ('fire', 'https://firms.example/f/1', 'Fire 12.5 MW', null, ST_SetSRID(ST_MakePoint(-121.5, 38.5), 4326), $2, now(), '{}')`,
      [HOSTILE_STORY, story.publishedAt, JSON.stringify(story), new Date(base + 6 * MINUTE_MS).toISOString()],
    );
  });
  afterAll(async () => {
    await subject?.close();
    await nats?.stop();
  });

  it('answers CSV as one attachment: a layer column, the union of columns, the stored values', async () => {
    const answer = await get(`/api/export?format=csv&bbox=${VIEW}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="vantage-fires-aircraft-incidents-events-\d{8}T\d{6}Z\.csv"$/);
    expect(answer.headers['x-vantage-truncated']).toBe('false');
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(answer.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    const header = Object.keys(rows[0]!);
    expect(header.slice(0, 3)).toEqual(['layer', 'latitude', 'longitude']);
    expect(header).toEqual(expect.arrayContaining(['acq_time', 'satellite', 'confidence_class', 'frp_mw', 'icao24', 'callsign', 'firefighting', 'irwin_id', 'name', 'size_acres']));
    // How many rows of each layer the file holds, said in a header too (the app's "Saved" message reads it).
    expect(answer.headers['x-vantage-rows']).toBe(['fires', 'aircraft', 'incidents', 'events'].map((layer) => `${layer}=${rows.filter((row) => row.layer === layer).length}`).join(';'));
    const fireRows = rows.filter((row) => row.layer === 'fires');
    expect(fireRows.map((row) => [Number(row.latitude), Number(row.longitude), row.acq_time, row.satellite, row.confidence])).toEqual(
      fires.slice(0, 4).reverse().map((fire) => [fire.latitude, fire.longitude, fire.acqTime, fire.satellite, fire.confidence]),
    );
    // MODIS percents classed as FIRMS does; VIIRS letters as words; no FRP is an empty cell.
    expect(Object.fromEntries(fireRows.map((row) => [row.satellite, [row.confidence_class, row.frp_mw]]))).toEqual({
      N: ['high', '12.5'], Terra: ['high', '40'], Aqua: ['low', ''], N20: ['nominal', '3'],
    });
    // Sent without an instrument (as FIRMS' global MODIS files are): the satellite says which.
    expect(Object.fromEntries(fireRows.map((row) => [row.satellite, row.instrument]))).toEqual({ N: 'VIIRS', Terra: 'MODIS', Aqua: 'MODIS', N20: 'VIIRS' });
    // Another layer's columns are empty on a fire row.
    expect(fireRows[0]!.icao24).toBe('');
    // Current aircraft only (the one seen two hours ago is not), in the view.
    expect(rows.filter((row) => row.layer === 'aircraft').map((row) => row.icao24).sort()).toEqual(['a1b2c3', 'd4e5f6']);
    expect(rows.filter((row) => row.layer === 'incidents').map((row) => row.irwin_id).sort()).toEqual(['inc-1', 'inc-2']);
    // The News & events layer's: the story and the alert of the window in the view; not the fire detection's event.
    expect(rows.filter((row) => row.layer === 'events').map((row) => row.source)).toEqual(['alert', 'news']);
  });

  it('exports the News & events layer: a story with its own words, place, outlet and article; the window, view and fence obeyed', async () => {
    const rows = await csvOf(`layers=events&bbox=${VIEW}`);
    expect(Object.keys(rows[0]!)).toEqual(['layer', 'latitude', 'longitude', 'occurred_at', 'source', 'title', 'summary', 'place', 'outlet', 'link']);
    // The newest first.
    expect(rows.map((row) => [row.source, row.title])).toEqual([['alert', 'Fire inside north valley'], ['news', `'${HOSTILE_STORY}`]]);
    expect(rows[1]).toMatchObject({
      latitude: '38.58', longitude: '-121.49', occurred_at: new Date(base + 5 * MINUTE_MS).toISOString(),
      summary: 'Crews held the line overnight.', place: 'Sacramento, California, United States', outlet: 'Valley Courier', link: 'https://news.example/ridge',
    });
    // No web address to give: an empty cell, never the app's own vantage: URL.
    expect(rows[0]).toMatchObject({ summary: 'A detection of 40 MW', place: '', outlet: '', link: '' });
    // The fence keeps the story; a window that ends before it keeps neither.
    expect((await csvOf(`layers=events&geofence=${fenceId}`)).map((row) => row.source)).toEqual(['news']);
    expect(await csvOf(`layers=events&since=${new Date(base - MINUTE_MS).toISOString()}&until=${new Date(base + 4 * MINUTE_MS).toISOString()}`)).toEqual([]);
    // The whole world: the Paris story too; never the unplaced one, the old one or the fire's.
    expect((await csvOf('layers=events')).map((row) => row.title).sort()).toEqual(['Fire inside north valley', 'Paris story', `'${HOSTILE_STORY}`].sort());
    // KML: a folder of its own, each placemark named by its kind, at its instant; the markup kept as text.
    const kml = await get(`/api/export?format=kml&layers=events&bbox=${VIEW}`);
    expect(XMLValidator.validate(kml.body)).toBe(true);
    const document = new XMLParser({ parseTagValue: false, isArray: (name) => ['Folder', 'Placemark'].includes(name) }).parse(kml.body).kml.Document;
    const folder = document.Folder[0] as { name: string; Placemark: Array<{ name: string; TimeStamp: { when: string } }> };
    expect(folder.name).toBe('News & events');
    expect(folder.Placemark.map((placemark) => placemark.name)).toEqual(['Alert: Fire inside north valley', `News: ${HOSTILE_STORY}`]);
    expect(folder.Placemark[1]!.TimeStamp.when).toBe(new Date(base + 5 * MINUTE_MS).toISOString());
    expect(document.description).toMatch(/\nStories and events of .* UTC – .* UTC; view .*\nFilters: none\.\nRows: 2 stories and events\.$/);
  });

  it('keeps text from outside sources inert in CSV: a leading = + - @ becomes text, numbers stay numbers', async () => {
    const rows = await csvOf(`layers=aircraft,incidents&bbox=${VIEW}`);
    const aircraft = rows.find((row) => row.icao24 === 'a1b2c3')!;
    expect(aircraft.callsign).toBe(`'${HOSTILE_CALLSIGN}`);
    expect(aircraft.longitude).toBe('-121.6');
    expect(aircraft.firefighting).toBe('true');
    // A real's float8 digits are not exported: 496.3 kt, not 496.29998779296875; a position to a micro-degree.
    expect([aircraft.ground_speed_kt, aircraft.track_deg]).toEqual(['496.3', '271.7']);
    const airliner = rows.find((row) => row.icao24 === 'd4e5f6')!;
    expect([airliner.latitude, airliner.longitude]).toEqual(['39.612346', '-120.600001']);
    expect(rows.find((row) => row.irwin_id === 'inc-1')!.name).toBe(`'${HOSTILE_INCIDENT}`);
    expect(rows.find((row) => row.irwin_id === 'inc-2')!.name).toBe('Cañón Creek Fire');
    // One layer asked: the layer column is still there, so every export reads the same way.
    expect(new Set(rows.map((row) => row.layer))).toEqual(new Set(['aircraft', 'incidents']));
  });

  it('answers GeoJSON as a FeatureCollection of points with the stored values', async () => {
    const answer = await get(`/api/export?format=geojson&layers=fires,incidents&bbox=${VIEW}`);
    expect(answer.headers['content-type']).toBe('application/geo+json');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="vantage-fires-incidents-\d{8}T\d{6}Z\.geojson"$/);
    const collection = answer.json() as Awaited<ReturnType<typeof geoJsonOf>>;
    expect(collection.type).toBe('FeatureCollection');
    const fireFeatures = collection.features.filter((feature) => feature.properties.layer === 'fires');
    expect(fireFeatures.map((feature) => feature.geometry)).toEqual(fires.slice(0, 4).reverse().map((fire) => ({ type: 'Point', coordinates: [fire.longitude, fire.latitude] })));
    expect(fireFeatures[0]!.properties).toMatchObject({ acq_time: fires[3]!.acqTime, satellite: 'N20', satellite_name: 'NOAA-20', confidence_class: 'nominal', frp_mw: 3 });
    const incident = collection.features.find((feature) => feature.properties.irwin_id === 'inc-1')!;
    expect(incident.properties.name).toBe(HOSTILE_INCIDENT);
    expect(incident.geometry.coordinates).toEqual([-121.2, 38.9]);
    // What the file is of travels with it: the window (the last day by default), the view, the filters, the counts.
    const account = (answer.json() as { vantage: Record<string, unknown> & { fires: { since: string; until: string | null }; exportedAt: string } }).vantage;
    expect(account).toMatchObject({ playback: false, bbox: [-123, 37, -120, 40], filter: {}, firefightingOnly: false, layers: [{ name: 'fires', rows: 4, truncated: false }, { name: 'incidents', rows: 2, truncated: false }] });
    expect(Date.parse(account.exportedAt) - Date.parse(account.fires.since)).toBeCloseTo(24 * 3_600_000, -4);
    expect(account.fires.until).toBeNull();
    const filtered = (await geoJsonOf(`layers=fires&confidence=high,nominal&minFrp=2.5&dayNight=day&geofence=${fenceId}&at=2026-11-27T10:57:00.000Z`)) as unknown as { vantage: Record<string, unknown> };
    expect(filtered.vantage).toMatchObject({
      playback: true,
      asOf: '2026-11-27T10:57:00.000Z',
      bbox: null,
      filter: { confidence: ['high', 'nominal'], minFrp: 2.5, dayNight: 'day', geofence: fenceId },
      geofenceName: 'north valley',
      layers: [{ name: 'fires' }],
    });
    expect((answer.json() as { vantage: { geofenceName: unknown } }).vantage.geofenceName).toBeNull();
    // A file narrowed by a filter says so in its name (a CSV has nowhere else to say it); one that is not, does not.
    const narrowed = await get(`/api/export?format=csv&layers=fires&confidence=high`);
    expect(narrowed.headers['content-disposition']).toMatch(/^attachment; filename="vantage-fires-filtered-\d{8}T\d{6}Z\.csv"$/);
    const firefighting = await get(`/api/export?format=csv&layers=aircraft&firefighting=true`);
    expect(firefighting.headers['content-disposition']).toMatch(/^attachment; filename="vantage-aircraft-filtered-\d{8}T\d{6}Z\.csv"$/);
  });

  it('answers KML that an XML parser reads back, every outside text intact but unable to break it', async () => {
    const answer = await get(`/api/export?format=kml&bbox=${VIEW}`);
    expect(answer.headers['content-type']).toBe('application/vnd.google-earth.kml+xml');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="vantage-fires-aircraft-incidents-events-\d{8}T\d{6}Z\.kml"$/);
    expect(XMLValidator.validate(answer.body)).toBe(true);
    expect(answer.body).not.toContain(']]>');
    const kml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, isArray: (name) => ['Folder', 'Placemark', 'Data'].includes(name) }).parse(answer.body);
    type Placemark = { name: string; TimeStamp?: { when: string }; ExtendedData: { Data: Array<{ name: string; value?: string }> }; Point: { coordinates: string } };
    const folders = kml.kml.Document.Folder as Array<{ name: string; Placemark: Placemark[] }>;
    expect(folders.map((folder) => [folder.name, folder.Placemark.length])).toEqual([['Fire detections', 4], ['Aircraft', 2], ['Incidents', 2], ['News & events', 2]]);
    const data = (placemark: Placemark) => Object.fromEntries(placemark.ExtendedData.Data.map((entry) => [entry.name, entry.value ?? '']));
    const firstFire = folders[0]!.Placemark[3]!;
    expect(firstFire.Point.coordinates).toBe('-121.5,38.5');
    expect(firstFire.TimeStamp?.when).toBe(fires[0]!.acqTime);
    expect(data(firstFire)).toMatchObject({ layer: 'fires', satellite: 'N', confidence_class: 'high', frp_mw: '12.5' });
    const incident = folders[2]!.Placemark.find((placemark) => data(placemark).irwin_id === 'inc-1')!;
    // Markup and the CDATA end come back as text; the control character, which XML cannot hold, is dropped.
    expect(data(incident).name).toBe(HOSTILE_INCIDENT.replace('\u0001', ''));
    expect(incident.name).toBe(`Incident ${HOSTILE_INCIDENT.replace('\u0001', '')}`);
    expect(data(folders[1]!.Placemark.find((placemark) => data(placemark).icao24 === 'a1b2c3')!).callsign).toBe(HOSTILE_CALLSIGN);
    // What the file is of, in words, as the document's description.
    const description = kml.kml.Document.description as string;
    expect(description).toMatch(/^Exported by Vantage \d{4}-\d\d-\d\d \d\d:\d\d UTC\.\nFires, stories and events of .* UTC – .* UTC; view -123, 37, -120, 40 \(west, south, east, north\)\.\nFilters: none\.\nRows: 4 fire detections, 2 aircraft, 2 incidents, 2 stories and events\.$/);
  });

  it('obeys the fire filter exactly as GET /api/fires does', async () => {
    for (const query of ['confidence=high', 'satellites=Terra,Aqua', 'minFrp=10', `geofence=${fenceId}`, `confidence=low,nominal&bbox=${VIEW}`, `since=${new Date(base - MINUTE_MS).toISOString()}&until=${new Date(base + 1.5 * MINUTE_MS).toISOString()}`]) {
      const listed = (await get(`/api/fires?${query}`)).json() as Array<{ latitude: number; longitude: number }>;
      const exported = (await geoJsonOf(`layers=fires&${query}`)).features;
      expect(exported.map((feature) => feature.geometry.coordinates), query).toEqual(listed.map((fire) => [fire.longitude, fire.latitude]));
      expect(exported.length, query).toBeLessThan(fires.length);
      expect(exported.length, query).toBeGreaterThan(0);
    }
  });

  it('keeps aircraft and incidents to the geofence, and aircraft to firefighting ones when asked', async () => {
    const inFence = await csvOf(`layers=aircraft,incidents&geofence=${fenceId}`);
    expect(inFence.map((row) => row.icao24 || row.irwin_id).sort()).toEqual(['a1b2c3', 'inc-1']);
    const firefighting = await csvOf('layers=aircraft&firefighting=true');
    expect(firefighting.map((row) => row.icao24).sort()).toEqual(['777777', 'a1b2c3']);
    const all = await csvOf('layers=aircraft&firefighting=false');
    expect(all.map((row) => row.icao24).sort()).toEqual(['777777', 'a1b2c3', 'd4e5f6']);
  });

  it('at a playback minute: the aircraft where they were then, and the incidents discovered by then', async () => {
    const at = new Date(Date.now() - 50 * MINUTE_MS);
    // a1b2c3 was elsewhere fifty minutes ago, and moved on since; d4e5f6 was first seen after that minute.
    await queryOnce(
      subject.database.url,
      `INSERT INTO aircraft_positions (icao24, seen_at, geom, altitude_ft, on_ground) VALUES
        ('a1b2c3', $1::timestamptz - interval '2 minutes', ST_SetSRID(ST_MakePoint(-121.8, 38.2), 4326), 2000, false),
        ('a1b2c3', $1::timestamptz + interval '5 minutes', ST_SetSRID(ST_MakePoint(-121.7, 38.3), 4326), 2500, false),
        ('d4e5f6', $1::timestamptz + interval '20 minutes', ST_SetSRID(ST_MakePoint(-120.6, 39.6), 4326), 33000, false)`,
      [at],
    );
    await queryOnce(
      subject.database.url,
      `INSERT INTO incidents (irwin_id, name, size_acres, percent_contained, discovered_at, state, geom)
       VALUES ('inc-new', 'New Start', 5, 0, now() - interval '10 minutes', 'CA', ST_SetSRID(ST_MakePoint(-121.9000000012345, 38.1000004321987), 4326))`,
    );
    try {
      const then = await csvOf(`layers=aircraft,incidents&bbox=${VIEW}&at=${at.toISOString()}`);
      const aircraft = then.filter((row) => row.layer === 'aircraft');
      expect(aircraft.map((row) => [row.icao24, Number(row.longitude), Number(row.latitude), row.operator])).toEqual([['a1b2c3', -121.8, 38.2, 'CAL FIRE']]);
      expect(Date.parse(aircraft[0]?.seen_at ?? '')).toBe(at.getTime() - 2 * MINUTE_MS);
      expect(then.filter((row) => row.layer === 'incidents').map((row) => row.irwin_id).sort()).toEqual(['inc-1', 'inc-2']);
      // Now: the new incident too, the aircraft where they are.
      const now = await csvOf(`layers=aircraft,incidents&bbox=${VIEW}`);
      expect(now.filter((row) => row.layer === 'incidents').map((row) => row.irwin_id).sort()).toEqual(['inc-1', 'inc-2', 'inc-new']);
      // Its position to a micro-degree, not the feed's 13 decimals.
      const started = now.find((row) => row.irwin_id === 'inc-new');
      expect([started?.longitude, started?.latitude]).toEqual(['-121.9', '38.1']);
      expect(now.filter((row) => row.layer === 'aircraft').map((row) => row.icao24).sort()).toEqual(['a1b2c3', 'd4e5f6']);
      // The file is named after the minute it shows, not the moment it was saved.
      const named = await get(`/api/export?format=kml&layers=aircraft&bbox=${VIEW}&at=${at.toISOString()}`);
      // `at` is an instant: the minute shown is the one it ends (at 10:57:00, 10:56), or is in.
      const shown = new Date(Math.ceil(at.getTime() / MINUTE_MS) * MINUTE_MS - MINUTE_MS);
      const minute = `${shown.toISOString().slice(0, 16).replace(/[-:]/g, '')}Z`;
      expect(named.headers['content-disposition']).toBe(`attachment; filename="vantage-aircraft-at-${minute}.kml"`);
      expect(named.body).toContain(`<name>vantage-aircraft-at-${minute}</name>`);
      const ofMinute = await get(`/api/export?format=csv&layers=incidents&bbox=${VIEW}&at=2026-11-27T10:57:00.000Z`);
      expect(ofMinute.headers['content-disposition']).toBe('attachment; filename="vantage-incidents-at-20261127T1056Z.csv"');
    } finally {
      await queryOnce(subject.database.url, "DELETE FROM incidents WHERE irwin_id = 'inc-new'");
      await queryOnce(subject.database.url, "DELETE FROM aircraft_positions WHERE icao24 IN ('a1b2c3', 'd4e5f6')");
    }
  });

  it('refuses bad input with 400 and the error shape, and an unknown geofence with 404', async () => {
    for (const query of [
      '', 'format=xls', 'format=CSV', 'format=csv&layers=ships', 'format=csv&layers=', 'format=csv&layers=fires,,aircraft',
      'format=csv&bbox=1,2,3', 'format=csv&confidence=medium', 'format=csv&minFrp=-1', 'format=csv&satellites=X',
      'format=csv&firefighting=yes', 'format=csv&since=1h&until=2h', 'format=csv&at=yesterday', 'format=kml&zz=1', 'format=csv&format=kml',
    ]) {
      const answer = await get(`/api/export?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error.code, query).toEqual(expect.any(String));
    }
    const unknown = await get(`/api/export?format=csv&layers=incidents&geofence=${Number(fenceId) + 1000}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });
});

describe('GET /api/export caps each layer and says so', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
    await queryOnce(
      subject.database.url,
      `INSERT INTO incidents (irwin_id, name, size_acres, geom)
       SELECT 'inc-' || i, 'Incident ' || i, i, ST_SetSRID(ST_MakePoint(-120 + (i % 100) / 100.0, 38 + (i / 100) / 1000.0), 4326)
       FROM generate_series(1, $1) AS i`,
      [EXPORT_ROW_CAPS.incidents + 1],
    );
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('answers the cap and x-vantage-truncated: true when a cap cut the answer, false when it did not', async () => {
    const cut = await subject.app.inject({ method: 'GET', url: '/api/export?format=csv&layers=incidents', headers: authorized });
    expect(cut.statusCode).toBe(200);
    expect(cut.headers['x-vantage-truncated']).toBe('true');
    const rows = parseCsv(cut.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(EXPORT_ROW_CAPS.incidents);
    expect(cut.headers['x-vantage-rows']).toBe(`incidents=${EXPORT_ROW_CAPS.incidents}`);
    // The largest first: the one left out is the smallest.
    expect(rows.some((row) => row.irwin_id === 'inc-1')).toBe(false);
    const whole = await subject.app.inject({ method: 'GET', url: '/api/export?format=geojson&layers=incidents&bbox=-120,38,-119.5,38.005', headers: authorized });
    expect(whole.headers['x-vantage-truncated']).toBe('false');
    expect((whole.json() as { features: unknown[] }).features.length).toBeGreaterThan(0);
  });
});
