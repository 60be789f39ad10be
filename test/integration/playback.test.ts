import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event-record.js';
import { EventStoreRepository } from '../../server/events/event-store-repository.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const START = Date.parse('2026-11-21T10:00:00Z');

/** 400 events over 40 minutes, three sources, places on both sides of the antimeridian and none. */
function records(): EventRecord[] {
  const sources = ['fire', 'camera', 'news'] as const;
  return Array.from({ length: 400 }, (_, index) => {
    const placeless = index % 17 === 0;
    const lon = [-122.5, 179.5, -179.5, 10.25][index % 4] as number;
    return {
      sourceType: sources[index % 3] as EventRecord['sourceType'],
      url: `https://playback.test/${index}`,
      title: `event ${index}`,
      summary: null,
      geometry: placeless ? null : { type: 'Point', coordinates: [lon, 40 + (index % 5) * 0.1] },
      occurredAt: new Date(START + ((index * 7919) % 2400) * 1000).toISOString(),
      payload: {},
    };
  });
}

describe('GET /api/playback — minute aggregates', () => {
  let subject: TestApp;
  const playback = async (query: string) => subject.app.inject({ method: 'GET', url: `/api/playback?${query}`, headers: authorized });

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false, maxPlaybackHours: 24 });
    const all = records();
    const store = new EventStoreRepository();
    // In several batches, with a repeat, as the ingester would write them.
    for (const slice of [all.slice(0, 150), all.slice(100, 300), all.slice(300)]) {
      await subject.app.db.transaction((client) => store.storeBatch(client, slice));
    }
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('bucket counts equal count(*) over the raw rows for any window', async () => {
    const windows = [
      ['2026-11-21T10:00:00Z', '2026-11-21T10:40:00Z'],
      ['2026-11-21T10:07:00Z', '2026-11-21T10:13:00Z'],
      ['2026-11-21T10:39:00Z', '2026-11-21T11:00:00Z'],
      ['2026-11-21T09:00:00Z', '2026-11-21T10:01:00Z'],
    ];
    for (const [from, to] of windows) {
      const response = await playback(`from=${from}&to=${to}`);
      expect(response.statusCode).toBe(200);
      const raw = await queryOnce<{ minute: Date; source: string; n: string }>(
        subject.database.url,
        `SELECT date_trunc('minute', occurred_at) AS minute, source_type::text AS source, count(*) AS n
           FROM events WHERE occurred_at >= $1 AND occurred_at < $2 GROUP BY 1, source_type ORDER BY 1, source_type`,
        [from, to],
      );
      expect(response.json().buckets).toEqual(raw.map((row) => ({ minute: row.minute.toISOString(), source: row.source, count: Number(row.n) })));
    }
    const whole = await playback('from=2026-11-21T10:00:00Z&to=2026-11-21T10:40:00Z');
    const total = whole.json().buckets.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0);
    expect(total).toBe(400);
  });

  it('filters by source, and by bbox (its cells at cell resolution), across the antimeridian', async () => {
    const fires = await playback('from=2026-11-21T10:00:00Z&to=2026-11-21T10:40:00Z&source=fire');
    const fireTotal = fires.json().buckets.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0);
    const [rawFires] = await queryOnce<{ n: string }>(subject.database.url, "SELECT count(*) AS n FROM events WHERE source_type = 'fire'");
    expect(fireTotal).toBe(Number(rawFires?.n));

    const pacific = await playback('from=2026-11-21T10:00:00Z&to=2026-11-21T10:40:00Z&bbox=179,39,-179,41');
    const pacificTotal = pacific.json().buckets.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0);
    const [rawPacific] = await queryOnce<{ n: string }>(
      subject.database.url,
      'SELECT count(*) AS n FROM events WHERE abs(ST_X(geom)) > 179',
    );
    expect(pacificTotal).toBe(Number(rawPacific?.n));
    const cells = pacific.json().cells as Array<{ bbox: number[]; count: number }>;
    expect(cells.map((cell) => cell.bbox)).toEqual([
      [-180, 40, -179, 41],
      [179, 40, 180, 41],
    ]);
    expect(cells.reduce((sum, cell) => sum + cell.count, 0)).toBe(pacificTotal);
  });

  it('answers 400 for an inverted, unparsable or too long range', async () => {
    for (const query of [
      'from=2026-11-21T11:00:00Z&to=2026-11-21T10:00:00Z',
      'from=noon&to=2026-11-21T10:00:00Z',
      'from=2026-11-19T00:00:00Z&to=2026-11-21T10:00:00Z',
      'to=2026-11-21T10:00:00Z',
      'from=2026-11-21T10:00:00Z&to=2026-11-21T11:00:00Z&bbox=0,0,1',
    ]) {
      const response = await playback(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('bad_request');
    }
  });

  it('counts exactly the events a bbox holds, whole cells from the rollup and the edges from the rows, as the map counts them', async () => {
    // 900 events over a few degrees on each side of the antimeridian and around Greenwich, a tenth on whole degrees
    // (on the cells' edges and on the boxes' below), at 10:00–10:30 on the next day.
    const base = Date.parse('2026-11-22T10:00:00Z');
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const spots: EventRecord[] = Array.from({ length: 900 }, (_, index) => {
      const onEdge = index % 10 === 0;
      const around = [-2, 178.5, -178.5][index % 3] as number;
      let lon = around + (random() - 0.5) * 5;
      let lat = 41 + random() * 5;
      if (onEdge) [lon, lat] = [Math.round(lon), Math.round(lat)];
      lon = Math.max(-180, Math.min(180, lon));
      return {
        sourceType: (['fire', 'news', 'camera'] as const)[index % 3]!,
        url: `https://playback.test/exact/${index}`,
        title: `spot ${index}`,
        summary: null,
        geometry: { type: 'Point', coordinates: [lon, lat] },
        occurredAt: new Date(base + Math.floor(random() * 30 * 60_000)).toISOString(),
        payload: {},
      };
    });
    await subject.app.db.transaction((client) => new EventStoreRepository().storeBatch(client, spots));
    const range = 'from=2026-11-22T10:00:00Z&to=2026-11-22T10:30:00Z';
    const boxes: Array<[number, number, number, number]> = [
      [-4.3, 41.2, 0.7, 45.6], // whole cells inside, edges cut
      [-4, 42, 1, 45], // edges on whole degrees
      [-2.4, 43.1, -1.2, 43.9], // under a degree: no whole cell
      [-0.5, 41.5, 0.5, 42.5], // across a cell corner
      [176.2, 41.3, -176.7, 45.8], // across the antimeridian
      [178, 42, -178, 46], // across it on whole degrees
      [179.5, 40, 180, 47], // up to the antimeridian
      [-180, 40, -179, 47],
      [-180, -90, 180, 90], // the world
    ];
    for (const [west, south, east, north] of boxes) {
      const answer = await playback(`${range}&bbox=${west},${south},${east},${north}`);
      expect(answer.statusCode).toBe(200);
      const envelopes = west <= east ? [[west, south, east, north]] : [[west, south, 180, north], [-180, south, east, north]];
      const raw = await queryOnce<{ minute: Date; source: string; n: string }>(
        subject.database.url,
        `SELECT date_trunc('minute', occurred_at) AS minute, source_type::text AS source, count(*) AS n
           FROM events WHERE occurred_at >= $1 AND occurred_at < $2
             AND (${envelopes.map((box) => `geom && ST_MakeEnvelope(${box.join(', ')}, 4326)`).join(' OR ')})
           GROUP BY 1, source_type ORDER BY 1, source_type`,
        ['2026-11-22T10:00:00Z', '2026-11-22T10:30:00Z'],
      );
      const expected = raw.map((row) => ({ minute: row.minute.toISOString(), source: row.source, count: Number(row.n) }));
      expect(expected.length, `${west},${south},${east},${north}`).toBeGreaterThan(0);
      expect(answer.json().buckets, `${west},${south},${east},${north}`).toEqual(expected);
    }
  });
});
