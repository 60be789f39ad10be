import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AirportRepository } from '../../server/places/airport-repository.js';
import { AirportSource } from '../../server/places/airport-source.js';
import { GazetteerLoader } from '../../server/places/gazetteer-loader.js';
import { GazetteerRepository } from '../../server/places/gazetteer-repository.js';
import { GazetteerSource } from '../../server/places/gazetteer-source.js';
import { startFakeWfigs, type FakeWfigs } from '../support/fake-wfigs.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

// A bounded extract of the packaged GeoNames file (Iceland, Brazil and Germany's larger cities, California's
// towns), loaded on a server whose pg_trgm is gone: prefix search still works, misspellings find nothing. The
// search box's other kinds come from their own tables (incidents through the fake WFIGS service).
describe('place search on a server without pg_trgm, and the other kinds of result', () => {
  let subject: TestApp;
  let wfigs: FakeWfigs;
  let dir: string;
  let extractLines = 0;

  const search = async (q: string, view?: string) => {
    const response = await subject.app.inject({ method: 'GET', url: `/api/search?${new URLSearchParams({ q, ...(view ? { view } : {}) })}`, headers: authorized });
    expect(response.statusCode).toBe(200);
    return response.json() as { gazetteer: string; results: Array<{ kind: string; label: string; sublabel: string | null; latitude: number | null; id: string | null }> };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-places-'));
    const lines = (await readFile(GazetteerSource.packagedPlacesFile(), 'utf8')).split('\n');
    const extract = lines.filter((line) => {
      const field = line.split('\t');
      const population = Number(field[14]);
      return field[8] === 'IS' || (['BR', 'DE'].includes(field[8] ?? '') && population >= 500_000) || (field[8] === 'US' && field[10] === 'CA' && population >= 20_000);
    });
    extractLines = extract.length;
    await writeFile(path.join(dir, 'extract.txt'), `${extract.join('\n')}\n`);
    wfigs = await startFakeWfigs();
    subject = await createTestApp({ ingesterEnabled: false, settings: { GAZETTEER_LOAD: 'on', WILDFIRE_INCIDENTS_URL: wfigs.url } });
    await queryOnce(subject.database.url, 'DROP EXTENSION pg_trgm CASCADE');
    const loader = new GazetteerLoader(new GazetteerRepository(subject.app.db), new GazetteerSource({ placesFile: path.join(dir, 'extract.txt') }), subject.app.log, { repository: new AirportRepository(subject.app.db), source: new AirportSource() });
    await loader.ensureLoaded();
    expect(loader.progress()).toMatchObject({ state: 'ready', loaded: extractLines, total: extractLines });
  }, 120_000);
  afterAll(async () => {
    await subject?.close();
    await wfigs?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('loads the extract with the name index but no trigram index', async () => {
    const indexes = await queryOnce<{ indexname: string }>(subject.database.url, "SELECT indexname FROM pg_indexes WHERE tablename = 'place_names' ORDER BY 1");
    expect(indexes.map((row) => row.indexname)).toEqual(['place_names_prefix_idx']);
    const [count] = await queryOnce<{ n: number }>(subject.database.url, 'SELECT count(*)::int AS n FROM places');
    // Iceland's villages under 1,000 people are in the extract but not in the gazetteer.
    expect(count?.n).toBeGreaterThan(50);
    expect(count?.n).toBeLessThan(extractLines);
  });

  it('finds prefixes, accents and case folded, but no misspelling', async () => {
    expect((await search('reykjav')).results[0]).toMatchObject({ kind: 'place', label: 'Reykjavík', sublabel: expect.stringMatching(/Iceland/) });
    expect((await search('sao paulo')).results[0]).toMatchObject({ label: 'São Paulo' });
    expect((await search('Sacra')).results[0]).toMatchObject({ label: 'Sacramento' });
    expect((await search('Sacremento')).results.filter((result) => result.kind === 'place')).toEqual([]);
  });

  it('finds incidents by name, aircraft by callsign, registration or hex, and news stories by their words', async () => {
    const job = await subject.app.inject({ method: 'POST', url: '/api/jobs/incidents', headers: authorized });
    expect(job.statusCode).toBe(200);
    const [incident] = await queryOnce<{ name: string }>(subject.database.url, 'SELECT name FROM incidents ORDER BY name LIMIT 1');
    expect(incident).toBeDefined();
    const byName = (await search(incident!.name.slice(0, 4))).results.find((result) => result.kind === 'incident');
    expect(byName).toMatchObject({ label: incident!.name });

    await queryOnce(
      subject.database.url,
      `INSERT INTO aircraft (icao24, callsign, registration, type_code, geom, seen_at, source)
       VALUES ('a1b2c3', 'CALFIRE7 ', 'N407DF', 'S2T', ST_SetSRID(ST_MakePoint(-121.6, 39.7), 4326), now(), 'test')`,
    );
    for (const q of ['calfire7', 'N407', 'A1B2C3']) {
      const plane = (await search(q)).results.find((result) => result.kind === 'aircraft');
      expect(plane, q).toMatchObject({ label: 'CALFIRE7', id: 'a1b2c3', latitude: 39.7 });
    }
    // An aircraft whose callsign is exactly what was typed comes before the places that only start with it (Santa
    // Clara, Santa Rosa, Belém by its long name …); typed in part, the places lead.
    await queryOnce(
      subject.database.url,
      `INSERT INTO aircraft (icao24, callsign, registration, type_code, geom, seen_at, source)
       VALUES ('a1b2c4', 'SANTA ', 'N408DF', 'S2T', ST_SetSRID(ST_MakePoint(-121.7, 39.6), 4326), now(), 'test')`,
    );
    expect((await search('santa')).results.slice(0, 2).map((result) => result.kind)).toEqual(['aircraft', 'place']);
    expect((await search('santa')).results[0]).toMatchObject({ label: 'SANTA' });
    expect((await search('sant')).results[0]).toMatchObject({ kind: 'place' });
    // Of several places of that very name, only the first stays ahead of it, and only when it lies in the map's view (or
    // is a city: the extract's shared names are of smaller places).
    const [shared] = await queryOnce<{ name: string; longitude: number; latitude: number }>(
      subject.database.url,
      `SELECT DISTINCT ON (count(*) OVER (PARTITION BY name), name) name, ST_X(geom) AS longitude, ST_Y(geom) AS latitude FROM places
       WHERE name ~ '^[A-Za-z ]{3,12}$' AND population < 100000 AND name IN (SELECT name FROM places GROUP BY name HAVING count(*) >= 2 AND max(population) < 100000)
       ORDER BY count(*) OVER (PARTITION BY name) DESC, name, population DESC LIMIT 1`,
    );
    expect(shared, 'a name two places share').toBeDefined();
    await queryOnce(
      subject.database.url,
      `INSERT INTO aircraft (icao24, callsign, registration, type_code, geom, seen_at, source)
       VALUES ('a1b2c5', $1, 'N409DF', 'S2T', ST_SetSRID(ST_MakePoint(-121.8, 39.5), 4326), now(), 'test')`,
      [shared!.name.toUpperCase()],
    );
    const around = [shared!.longitude - 1, shared!.latitude - 1, shared!.longitude + 1, shared!.latitude + 1].join(',');
    expect((await search(shared!.name, around)).results.slice(0, 3).map((result) => result.kind)).toEqual(['place', 'aircraft', 'place']);
    expect((await search(shared!.name)).results.slice(0, 3).map((result) => result.kind)).toEqual(['aircraft', 'place', 'place']);

    await queryOnce(
      subject.database.url,
      `INSERT INTO news_items (title, headline_key, summary, published_at) VALUES ('Evacuations ordered as wildfire nears Paradise', 'evacuations paradise wildfire', NULL, now())`,
    );
    const story = (await search('evacuations')).results.find((result) => result.kind === 'news');
    expect(story).toMatchObject({ label: 'Evacuations ordered as wildfire nears Paradise', latitude: null });
    // The News tab's list says where a story is on the map, or that it is not on it (null).
    const newsList = async (query: string) => {
      const response = await subject.app.inject({ method: 'GET', url: `/api/news?${query}`, headers: authorized });
      expect(response.statusCode, query).toBe(200);
      return (response.json() as { items: Array<{ title: string; place: unknown }> }).items.filter((item) => item.title.startsWith('Evacuations ordered'));
    };
    for (const query of ['limit=50', 'q=evacuations']) expect(await newsList(query), query).toEqual([expect.objectContaining({ place: null })]);
    // Placed on the map (its news event), the story is found there: a pick flies to it and opens it.
    await queryOnce(
      subject.database.url,
      `INSERT INTO events (source_type, url, title, geom, occurred_at, payload)
       SELECT 'news', 'vantage:news/' || id, title, ST_SetSRID(ST_MakePoint(-121.62, 39.76), 4326), published_at, '{"place": "Paradise, California, United States"}'
       FROM news_items WHERE headline_key = 'evacuations paradise wildfire'`,
    );
    const placed = (await search('evacuations')).results.find((result) => result.kind === 'news');
    expect(placed).toMatchObject({ latitude: 39.76, longitude: -121.62, zoom: 10, sublabel: expect.stringMatching(/ · Paradise, California, United States$/) });
    for (const query of ['limit=50', 'q=evacuations']) {
      expect(await newsList(query), query).toEqual([expect.objectContaining({ place: { name: 'Paradise, California, United States', latitude: 39.76, longitude: -121.62 } })]);
    }
  });
});
