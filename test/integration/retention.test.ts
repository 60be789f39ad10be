import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event-record.js';
import { EventStoreRepository } from '../../server/events/event-store-repository.js';
import { PartitionRepository } from '../../server/partitions/partition-repository.js';
import { partitionJob } from '../../server/partitions/partition-job.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

const DAY = 86_400_000;

function record(url: string, occurredAt: Date): EventRecord {
  return { sourceType: 'news', url, title: url, summary: null, geometry: { type: 'Point', coordinates: [1, 1] }, occurredAt: occurredAt.toISOString(), payload: {} };
}

/** An app keeping 30 days, with partitions for the last 40 and one event stored on each of `days` ago. */
async function appWithEventsOn(days: readonly number[], daysAgo: (days: number) => Date, host: string): Promise<TestApp> {
  const subject = await createTestApp({ ingesterEnabled: false, retentionDays: 30 });
  await queryOnce(subject.database.url, "SELECT vantage_ensure_daily_partitions('events'::regclass, 'ingested_at', $1::date, 41)", [daysAgo(40).toISOString().slice(0, 10)]);
  const store = new EventStoreRepository();
  for (const day of days) {
    await subject.app.db.transaction((client) => store.storeBatch(client, [record(`https://${host}/${day}`, daysAgo(day))], daysAgo(day)));
  }
  return subject;
}

describe('retention: the partitions job drops whole days older than RETENTION_DAYS', () => {
  let subject: TestApp;
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
  const daysAgo = (days: number) => new Date(today.getTime() - days * DAY);

  beforeAll(async () => {
    subject = await appWithEventsOn([40, 31, 30, 29, 1, 0], daysAgo, 'retention.test');
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('drops the partitions, URL keys and rollup rows before the cutoff and keeps the rest', async () => {
    const response = await subject.app.inject({ method: 'POST', url: '/api/jobs/partitions', headers: authorized });
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result.retentionDays).toBe(30);
    expect(result.droppedBefore).toBe(daysAgo(30).toISOString().slice(0, 10));
    expect(result.dropped.events).toBe(10);

    const urls = (await queryOnce<{ url: string }>(subject.database.url, 'SELECT url FROM events ORDER BY url')).map((row) => row.url);
    expect(urls).toEqual(['https://retention.test/0', 'https://retention.test/1', 'https://retention.test/29', 'https://retention.test/30']);
    const keys = await queryOnce<{ n: string }>(subject.database.url, 'SELECT count(*) AS n FROM event_urls');
    expect(Number(keys[0]?.n)).toBe(4);
    const rollup = await queryOnce<{ n: string }>(subject.database.url, 'SELECT coalesce(sum(count), 0) AS n FROM event_minute_rollup');
    expect(Number(rollup[0]?.n)).toBe(4);
    const oldest = await queryOnce<{ name: string }>(
      subject.database.url,
      "SELECT min(c.relname) AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'events'::regclass AND c.relname <> 'events_default'",
    );
    expect(oldest[0]?.name).toBe(`events_p${daysAgo(30).toISOString().slice(0, 10).replace(/-/g, '')}`);
  });

  it("drops pairings, aircraft, alerts and incidents gone from the feed since the cutoff, the fence presence of what left, was a moment's object or is gone, old hours' change counters and geocoder answers", async () => {
    const url = subject.database.url;
    await queryOnce(url, `INSERT INTO aircraft (icao24, geom, seen_at, source) VALUES
      ('gone01', ST_SetSRID(ST_MakePoint(1, 1), 4326), $1, 'test'), ('seen01', ST_SetSRID(ST_MakePoint(1, 1), 4326), $2, 'test'),
      ('parked', ST_SetSRID(ST_MakePoint(0.5, 0.5), 4326), $2, 'test')`, [daysAgo(40), daysAgo(1)]);
    await queryOnce(url, `INSERT INTO incidents (irwin_id, name, geom, left_feed_at) VALUES
      ('burning', 'Burning', ST_SetSRID(ST_MakePoint(0.5, 0.5), 4326), NULL), ('out-long', 'Out long ago', ST_SetSRID(ST_MakePoint(0.5, 0.5), 4326), $1),
      ('out-lately', 'Out lately', ST_SetSRID(ST_MakePoint(0.5, 0.5), 4326), $2)`, [daysAgo(31), daysAgo(1)]);
    await queryOnce(url, `INSERT INTO correlations (icao24, target_type, target_id, distance_m, first_seen_at, last_seen_at)
      VALUES ('a1', 'fire', 'old', 10, $1, $1), ('a1', 'fire', 'recent', 10, $2, $2)`, [daysAgo(40), daysAgo(1)]);
    const [fence] = await queryOnce<{ id: string }>(url, "INSERT INTO geofences (name, geom) VALUES ('f', ST_Multi(ST_MakeEnvelope(0, 0, 1, 1, 4326))) RETURNING id::text");
    // Inside for 40 days: an aircraft parked there and still seen, one last seen there before the cutoff, an incident
    // the feed still holds, one gone from it before the cutoff and one since.
    await queryOnce(url, `INSERT INTO geofence_presence (geofence_id, object_type, object_id, inside, updated_at) VALUES
      ($1, 'aircraft', 'parked', true, $2), ($1, 'aircraft', 'gone01', true, $2), ($1, 'aircraft', 'left', false, $2),
      ($1, 'fire', 'detection', true, $2), ($1, 'incident', 'burning', true, $2), ($1, 'incident', 'out-long', true, $2),
      ($1, 'incident', 'out-lately', true, $2), ($1, 'fire', 'today', true, $3)`, [fence?.id, daysAgo(40), daysAgo(1)]);
    await queryOnce(url, `INSERT INTO alerts (geofence_id, geofence_name, object_type, object_id, title, geom, created_at) VALUES
      ($1, 'f', 'fire', 'old', 'Old alert', ST_SetSRID(ST_MakePoint(0.5, 0.5), 4326), $2),
      ($1, 'f', 'fire', 'recent', 'Recent alert', ST_SetSRID(ST_MakePoint(0.5, 0.5), 4326), $3)`, [fence?.id, daysAgo(31), daysAgo(29)]);
    await queryOnce(url, 'INSERT INTO fire_hour_versions (hour, version) VALUES ($1, 3), ($2, 1)', [daysAgo(40), daysAgo(1)]);
    await queryOnce(url, `INSERT INTO geocode_cache (query, found, resolved_at) VALUES ('asked long ago', false, $1), ('asked lately', false, $2)`, [daysAgo(40), daysAgo(1)]);
    const response = await subject.app.inject({ method: 'POST', url: '/api/jobs/partitions', headers: authorized });
    expect(response.statusCode).toBe(200);
    const ids = async (sql: string) => (await queryOnce<{ id: string }>(url, sql)).map((row) => row.id);
    expect(await ids('SELECT target_id AS id FROM correlations ORDER BY 1')).toEqual(['recent']);
    expect(await ids('SELECT version::text AS id FROM fire_hour_versions ORDER BY hour')).toEqual(['1']);
    expect(await ids("SELECT query AS id FROM geocode_cache WHERE query LIKE 'asked %' ORDER BY 1")).toEqual(['asked lately']);
    expect(await ids("SELECT icao24 AS id FROM aircraft WHERE icao24 IN ('gone01', 'seen01', 'parked') ORDER BY 1")).toEqual(['parked', 'seen01']);
    expect(await ids('SELECT irwin_id AS id FROM incidents ORDER BY 1')).toEqual(['burning', 'out-lately']);
    expect(await ids('SELECT title AS id FROM alerts ORDER BY 1')).toEqual(['Recent alert']);
    expect(await ids('SELECT object_id AS id FROM geofence_presence ORDER BY 1')).toEqual(['burning', 'out-lately', 'parked', 'today']);
  });
});

describe('retention with a clock set weeks ahead', () => {
  let subject: TestApp;
  // The newest detection's day is the one retention counts back from: in the first hour after midnight UTC, an hour
  // ago is yesterday (the test failed then when its days were counted from the clock's).
  const detected = new Date(Date.now() - 3_600_000);
  const today = new Date(`${detected.toISOString().slice(0, 10)}T12:00:00Z`);
  const daysAgo = (days: number) => new Date(today.getTime() - days * DAY);

  beforeAll(async () => {
    subject = await appWithEventsOn([31, 20, 1], daysAgo, 'ahead.test');
    // A fire detection of today, from the satellite's clock.
    const stored = await subject.app.inject({
      method: 'POST',
      url: '/api/ingest/fires',
      headers: authorized,
      payload: [{ latitude: 38.4, longitude: -122.7, acq_time: detected.toISOString().replace(/\.\d+Z$/, 'Z'), satellite: 'N20' }],
    });
    expect(stored.statusCode).toBe(200);
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('counts back from the newest stored detection, not from the clock: only what was already past retention goes', async () => {
    const job = partitionJob(new PartitionRepository(subject.app.db), { daysAhead: 1, retentionDays: 30 }, () => new Date(Date.now() + 40 * DAY));
    const result = (await job.run()) as { droppedBefore: string; retainedFrom: string };
    expect(result.droppedBefore).toBe(daysAgo(30).toISOString().slice(0, 10));
    const urls = (await queryOnce<{ url: string }>(subject.app.config.databaseUrl, 'SELECT url FROM events ORDER BY url')).map((row) => row.url);
    expect(urls.filter((url) => url.startsWith('https://ahead.test/'))).toEqual(['https://ahead.test/1', 'https://ahead.test/20']);
    expect((await queryOnce<{ n: string }>(subject.app.config.databaseUrl, 'SELECT count(*) AS n FROM fires'))[0]?.n).toBe('1');
  });
});
