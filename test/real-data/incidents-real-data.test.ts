// Every real WFIGS incident export of ../shared/real-data/incidents through the `incidents` poller
// (POST /api/jobs/incidents), served by a loopback ArcGIS feature service that pages the file's features by
// resultOffset/resultRecordCount and sets exceededTransferLimit itself. What must be stored is read from each file
// here, by the WFIGS field definitions, never by the app's parser:
// - IrwinID: the incident's IRWIN GUID, braced and upper-case in WFIGS ({097653FF-…}); kept as the bare lower-case GUID;
// - FireDiscoveryDateTime: a date field, epoch milliseconds UTC in the feature service's GeoJSON, an HTTP date
//   (`Wed, 01 Jan 2025 07:00:00 GMT`) in the ArcGIS Hub export;
// - IncidentSize (acres), PercentContained, POOState (`US-FL`), the point in WGS 84 (outSR=4326);
// - IncidentTypeCategory: WF a wildfire, RX a prescribed fire, CX an incident complex (the layer's own description).
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedDatabase, type SharedDatabase } from '../support/app-on-database.js';
import { startFakeWfigs, type FakeWfigs } from '../support/fake-wfigs.js';
import { realDataFiles, realDataPath } from '../support/real-data-path.js';
import type { PipelineFreshness } from '../../server/pipelines/pipeline-freshness.js';
import { authorized } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';
import { parse as parseCsv } from 'csv-parse/sync';
import { AircraftAreaRepository } from '../../server/aircraft/aircraft-area-repository.js';
import { createDatabase } from '../../server/db/database.js';

const FILES = realDataFiles('incidents');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Feature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: Record<string, unknown> & { IrwinID: string };
}

interface StoredIncident {
  irwin_id: string;
  kind: string | null;
  name: string;
  size_acres: number | null;
  percent_contained: number | null;
  discovered_at: string | null;
  state: string | null;
  longitude: number;
  latitude: number;
}

/** RFC 9110 IMF-fixdate → ISO 8601 (UTC). */
function fromHttpDate(text: string): string {
  const match = /^\w{3}, (\d{2}) (\w{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/.exec(text);
  expect(match, text).not.toBeNull();
  const [, day, month, year, hours, minutes, seconds] = match as RegExpExecArray;
  return `${year}-${String(MONTHS.indexOf(month as string) + 1).padStart(2, '0')}-${day}T${hours}:${minutes}:${seconds}.000Z`;
}

function expectedIncident(feature: Feature): StoredIncident {
  const p = feature.properties;
  const discovered = p.FireDiscoveryDateTime;
  return {
    irwin_id: p.IrwinID.replace(/^\{|\}$/g, '').toLowerCase(),
    kind: ({ WF: 'wildfire', RX: 'prescribed', CX: 'complex' } as Record<string, string>)[p.IncidentTypeCategory as string] ?? null,
    name: (p.IncidentName as string).trim(),
    size_acres: (p.IncidentSize as number | null) ?? null,
    percent_contained: (p.PercentContained as number | null) ?? null,
    discovered_at: discovered === null ? null : typeof discovered === 'number' ? new Date(discovered).toISOString() : fromHttpDate(discovered as string),
    state: (p.POOState as string).replace(/^US-/, ''),
    longitude: feature.geometry.coordinates[0],
    latitude: feature.geometry.coordinates[1],
  };
}

const featuresOf = (name: string) => (JSON.parse(readFileSync(realDataPath('incidents', name), 'utf8')) as { features: Feature[] }).features;

/** One row per IrwinID; the last report of a repeated one wins. */
function expectedStore(features: Feature[]): StoredIncident[] {
  const byId = new Map(features.map((feature) => [expectedIncident(feature).irwin_id, expectedIncident(feature)]));
  return [...byId.values()].sort((a, b) => (a.irwin_id < b.irwin_id ? -1 : 1));
}

describe('real WFIGS incident exports through the incidents poller', () => {
  let wfigs: FakeWfigs;
  let shared: SharedDatabase;
  let app: FastifyInstance;
  /** Health's entry for the pipeline, as describeFreshness makes it (lastRejected included). */
  const pipeline = async () => (await app.health.report()).pipelines.incidents as PipelineFreshness;
  const runJob = () => app.inject({ method: 'POST', url: '/api/jobs/incidents', headers: authorized });
  const stored = () =>
    queryOnce<Omit<StoredIncident, 'discovered_at'> & { discovered_at: Date | null }>(
      shared.database.url,
      `SELECT irwin_id, kind, name, size_acres, percent_contained, discovered_at, state, ST_X(geom) AS longitude, ST_Y(geom) AS latitude
       FROM incidents ORDER BY irwin_id`,
    ).then((rows) => rows.map((row) => ({ ...row, discovered_at: row.discovered_at?.toISOString() ?? null })));

  beforeAll(async () => {
    wfigs = await startFakeWfigs();
    shared = await createSharedDatabase();
    app = await shared.app({ ingesterEnabled: false, settings: { WILDFIRE_INCIDENTS_URL: wfigs.url } });
  });
  afterAll(async () => {
    await shared?.close();
    await wfigs?.close();
  });

  it('the folder holds the two exports SOURCES.md lists', () => {
    expect(FILES).toEqual(['wfigs_incident_locations_2025-03_cratedb-demo.geojson', 'wfigs_incident_locations_current_FL_sunsentinel.geojson']);
  });

  for (const name of FILES) {
    it(`${name}: every incident stored once by IrwinID, with its discovery instant in UTC`, async () => {
      const features = featuresOf(name);
      const expected = expectedStore(features);
      await queryOnce(shared.database.url, 'DELETE FROM incidents');
      wfigs.features = features;
      wfigs.queries.length = 0;
      const response = await runJob();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result).toMatchObject({
        received: features.length,
        skipped: 0,
        repeated: features.length - expected.length,
        inserted: expected.length,
        updated: 0,
        rejected: { count: 0, reasons: [] },
      });
      // Pages of 1,000 from offset 0 until the service stops saying exceededTransferLimit.
      const pages = Math.max(1, Math.ceil(features.length / 1000));
      expect(wfigs.queries.map((query) => query.get('resultOffset'))).toEqual(Array.from({ length: pages }, (_, page) => String(page * 1000)));
      expect(wfigs.queries[0]?.get('f')).toBe('geojson');
      expect(wfigs.queries[0]?.get('outSR')).toBe('4326');
      // Paged by offset in a stable order.
      expect(wfigs.queries[0]?.get('orderByFields')).toBe('OBJECTID');
      expect(await stored()).toEqual(expected);
      expect(await pipeline()).toMatchObject({ stale: false, lastError: null });
      const listed = await app.inject({ method: 'GET', url: '/api/incidents?limit=10000', headers: authorized });
      expect(listed.json()).toHaveLength(expected.length);
      // Polled again: nothing new, nothing changed.
      expect((await runJob()).json().result).toMatchObject({ inserted: 0, updated: 0 });
    });
  }

  it('the Hub export: dates as HTTP-date strings are read (1,340 features, 2 IrwinIDs repeated → 1,338 incidents)', async () => {
    const features = featuresOf('wfigs_incident_locations_2025-03_cratedb-demo.geojson');
    expect(features).toHaveLength(1340);
    expect(features.every((feature) => typeof feature.properties.FireDiscoveryDateTime === 'string')).toBe(true);
    await queryOnce(shared.database.url, 'DELETE FROM incidents');
    wfigs.features = features;
    await runJob();
    const [row] = await queryOnce<{ n: string; dated: string; first: Date }>(
      shared.database.url,
      "SELECT count(*) AS n, count(discovered_at) AS dated, min(discovered_at) AS first FROM incidents",
    );
    expect(row).toMatchObject({ n: '1338', dated: '1338' });
    const earliest = features.map((feature) => fromHttpDate(feature.properties.FireDiscoveryDateTime as string)).sort()[0];
    expect(row?.first.toISOString()).toBe(earliest);
    expect(earliest?.startsWith('2025-01-01T')).toBe(true);
    const [repeated] = await queryOnce<{ name: string }>(shared.database.url, "SELECT name FROM incidents WHERE irwin_id = 'fd7f0403-f20e-4d45-8b34-4e69b7427e0e'");
    expect(repeated).toEqual({ name: 'LAC-010164' });
  });

  it('the Hub export\'s 437 prescribed burns are said to be ones: in the list, the search and the export, and no aircraft is looked for around them', async () => {
    const features = featuresOf('wfigs_incident_locations_2025-03_cratedb-demo.geojson');
    await queryOnce(shared.database.url, 'DELETE FROM incidents');
    wfigs.features = features;
    expect((await runJob()).statusCode).toBe(200);
    const listed = (await app.inject({ method: 'GET', url: '/api/incidents?limit=10000', headers: authorized })).json() as Array<{ kind: string | null; name: string }>;
    const kinds = listed.reduce<Record<string, number>>((counts, incident) => ({ ...counts, [String(incident.kind)]: (counts[String(incident.kind)] ?? 0) + 1 }), {});
    const expected = expectedStore(features).reduce<Record<string, number>>((counts, incident) => ({ ...counts, [String(incident.kind)]: (counts[String(incident.kind)] ?? 0) + 1 }), {});
    expect(kinds).toEqual(expected);
    expect(kinds.prescribed).toBeGreaterThan(400);
    const burn = listed.find((incident) => incident.kind === 'prescribed')!;
    const found = (await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(burn.name)}&limit=50`, headers: authorized })).json() as { results: Array<{ label: string; sublabel: string | null }> };
    expect(found.results.find((result) => result.label === burn.name)?.sublabel).toMatch(/^Prescribed burn/);
    const exported = await app.inject({ method: 'GET', url: '/api/export?layers=incidents&format=csv', headers: authorized });
    const rows = parseCsv(exported.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows.filter((row) => row.kind === 'prescribed')).toHaveLength(kinds.prescribed!);
    // The aircraft's watch areas (aircraft-area-repository.ts) count wildfires and complexes, never a prescribed burn.
    const db = createDatabase({ url: shared.database.url, nullPool: true, logger: { warn: () => undefined } });
    const areas = await new AircraftAreaRepository(db).watchAreas(new Date(), 1_000).finally(() => db.close());
    const watched = areas.reduce((sum, area) => sum + area.incidents, 0);
    const active = expectedStore(features).filter((incident) => incident.kind !== 'prescribed' && (incident.percent_contained === null || incident.percent_contained < 100)).length;
    expect(watched).toBe(active);
  });

  it('an incident two whole answers in a row no longer hold leaves the map, search and export, and comes back with the feed', async () => {
    const features = featuresOf('wfigs_incident_locations_2025-03_cratedb-demo.geojson');
    await queryOnce(shared.database.url, 'DELETE FROM incidents');
    wfigs.features = features;
    expect((await runJob()).json().result).toMatchObject({ inserted: 1338, leftFeed: 0 });
    // The three largest incidents go out: the next answer holds the other 1,335.
    const largest = [...features].sort((a, b) => Number(b.properties.IncidentSize ?? 0) - Number(a.properties.IncidentSize ?? 0)).slice(0, 3);
    const gone = new Set(largest.map((feature) => expectedIncident(feature).irwin_id));
    expect(gone.size).toBe(3);
    wfigs.features = features.filter((feature) => !gone.has(expectedIncident(feature).irwin_id));
    // Missed by one whole answer, then by the next: gone.
    expect((await runJob()).json().result).toMatchObject({ inserted: 0, updated: 0, leftFeed: 0 });
    expect((await runJob()).json().result).toMatchObject({ inserted: 0, updated: 0, leftFeed: 3 });
    const listedIds = async () => ((await app.inject({ method: 'GET', url: '/api/incidents?limit=10000', headers: authorized })).json() as Array<{ irwinId: string }>).map((incident) => incident.irwinId);
    const listed = await listedIds();
    expect(listed).toHaveLength(1335);
    expect(listed.filter((id) => gone.has(id))).toEqual([]);
    const name = expectedIncident(largest[0] as Feature).name;
    const searched = async () =>
      ((await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(name)}&limit=50`, headers: authorized })).json() as { results: Array<{ kind: string; id?: string }> }).results.filter(
        (result) => result.kind === 'incident' && gone.has(String(result.id)),
      );
    expect(await searched()).toEqual([]);
    const exported = await app.inject({ method: 'GET', url: '/api/export?format=geojson&layers=incidents', headers: authorized });
    expect(exported.statusCode, exported.body).toBe(200);
    const exportedIds = (exported.json() as { features: Array<{ properties: { irwin_id: string } }> }).features.map((feature) => feature.properties.irwin_id);
    expect(exportedIds).toHaveLength(1335);
    expect(exportedIds.filter((id) => gone.has(id))).toEqual([]);
    // Kept, with when it went (retention deletes it 30 days on): nothing of it is lost if the feed brings it back.
    const [kept] = await queryOnce<{ n: string }>(shared.database.url, 'SELECT count(*) AS n FROM incidents WHERE left_feed_at IS NOT NULL');
    expect(kept?.n).toBe('3');
    // Polled again with nothing changed: nothing more leaves.
    expect((await runJob()).json().result).toMatchObject({ leftFeed: 0 });
    wfigs.features = features;
    expect((await runJob()).json().result).toMatchObject({ inserted: 0, updated: 3, leftFeed: 0 });
    expect(await listedIds()).toHaveLength(1338);
    expect((await searched()).length).toBeGreaterThan(0);
  });

  it('a service that answers fewer features a page than asked for is read whole, each page after the last one received', async () => {
    const features = featuresOf('wfigs_incident_locations_2025-03_cratedb-demo.geojson');
    await queryOnce(shared.database.url, 'DELETE FROM incidents');
    wfigs.features = features;
    wfigs.maxRecordCount = 500;
    wfigs.queries.length = 0;
    try {
      expect((await runJob()).json().result).toMatchObject({ received: 1340, inserted: 1338, leftFeed: 0 });
      expect(wfigs.queries.map((query) => query.get('resultOffset'))).toEqual(['0', '500', '1000']);
      expect(await stored()).toEqual(expectedStore(features));
    } finally {
      wfigs.maxRecordCount = 2000;
    }
  });

  it('an answer whose every feature is unusable fails the run, with the reason and the count in health', async () => {
    // The Florida export with its discovery dates rewritten as a spreadsheet would show them (local, no zone).
    const features = featuresOf('wfigs_incident_locations_current_FL_sunsentinel.geojson').map((feature) => ({
      ...feature,
      properties: { ...feature.properties, FireDiscoveryDateTime: '5/3/2026 20:15' },
    }));
    await queryOnce(shared.database.url, 'DELETE FROM incidents');
    const before = (await pipeline()).rejected;
    wfigs.features = features;
    const response = await runJob();
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toMatch(/WFIGS answer has 14 features and none is usable: 14 skipped: properties\.FireDiscoveryDateTime: is not epoch milliseconds/);
    const health = await pipeline();
    expect(health.lastError).toMatch(/none is usable/);
    expect(health.rejected).toBe(before + 14);
    expect(health.lastRejected).toMatchObject({ count: 14, reason: expect.stringContaining('e.g. {097653FF-B190-4EB3-971E-7B71D921F7D1}') });
    expect(await stored()).toEqual([]);
    const publicHealth = (await app.inject({ method: 'GET', url: '/api/health', headers: authorized })).json();
    expect(publicHealth.pipelines.incidents).toMatchObject({ lastError: health.lastError, rejected: before + 14 });
  });
});
