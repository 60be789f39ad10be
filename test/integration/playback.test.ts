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

  it('filters by source, and by bbox at cell resolution, across the antimeridian', async () => {
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
});
