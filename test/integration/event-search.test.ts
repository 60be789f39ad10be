import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event-record.js';
import { EventStoreRepository } from '../../server/events/event-store-repository.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';

function record(url: string, title: string, summary: string | null, lon: number | null, lat: number, occurredAt: string, sourceType: EventRecord['sourceType'] = 'news'): EventRecord {
  return {
    sourceType,
    url,
    title,
    summary,
    geometry: lon === null ? null : { type: 'Point', coordinates: [lon, lat] },
    occurredAt,
    payload: { url },
  };
}

const RECORDS: EventRecord[] = [
  record('https://news.test/1', 'Wildfire forces evacuations in Sonoma', 'Crews battle the wildfire overnight', -122.7, 38.4, '2026-11-20T10:00:00Z'),
  record('https://news.test/2', 'Election results announced', 'A wildfire was mentioned in passing', 2.35, 48.85, '2026-11-20T11:00:00Z'),
  record('https://news.test/3', 'Typhoon nears Fiji', 'Storm surge warnings across the islands', 178.4, -18.1, '2026-11-20T12:00:00Z'),
  record('https://news.test/4', 'Aleutian volcano ash advisory', 'Ash cloud drifting east', -178.9, 51.8, '2026-11-20T13:00:00Z'),
  record('vantage:fire/N20/2026-11-20T14:00Z/38.40000,-122.70000', 'Fire detection by N20 at 38.400, -122.700', 'confidence h', -122.7, 38.4, '2026-11-20T14:00:00Z', 'fire'),
  record('https://news.test/6', 'Wildfire smoke reaches the coast', null, null, 0, '2026-11-20T15:00:00Z'),
];

describe('GET /api/events — full-text search', () => {
  let subject: TestApp;
  const search = async (query: string) => subject.app.inject({ method: 'GET', url: `/api/events?${query}`, headers: authorized });

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
    await subject.app.db.transaction((client) => new EventStoreRepository().storeBatch(client, RECORDS));
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('ranks a title match above a summary-only match', async () => {
    const response = await search('q=wildfire');
    expect(response.statusCode).toBe(200);
    const urls = response.json().events.map((event: { url: string }) => event.url);
    expect(urls).toHaveLength(3);
    expect(urls.at(-1)).toBe('https://news.test/2');
    expect(response.json().events[0].rank).toBeGreaterThan(response.json().events[2].rank);
  });

  it('understands web search syntax', async () => {
    const response = await search(`q=${encodeURIComponent('wildfire -smoke -election')}`);
    expect(response.json().events.map((event: { url: string }) => event.url)).toEqual(['https://news.test/1']);
  });

  it('filters by bbox, including one that crosses the antimeridian', async () => {
    const california = await search('bbox=-125,32,-114,42');
    expect(california.json().events.map((event: { url: string }) => event.url).sort()).toEqual([
      'https://news.test/1',
      'vantage:fire/N20/2026-11-20T14:00Z/38.40000,-122.70000',
    ]);
    const pacific = await search('bbox=170,-30,-170,60');
    expect(pacific.json().events.map((event: { url: string }) => event.url).sort()).toEqual(['https://news.test/3', 'https://news.test/4']);
  });

  it('filters by time and source', async () => {
    const window = await search('since=2026-11-20T11:00:00Z&until=2026-11-20T13:00:00Z');
    expect(window.json().events.map((event: { url: string }) => event.url)).toEqual(['https://news.test/3', 'https://news.test/2']);
    const fires = await search('source=fire');
    expect(fires.json().events).toHaveLength(1);
    expect(fires.json().events[0].sourceType).toBe('fire');
    const relative = await search('since=7d');
    expect(relative.statusCode).toBe(200);
  });

  it('pages with a keyset cursor: no overlap, nothing missed, with and without text', async () => {
    for (const query of ['', 'q=wildfire']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const response = await search(`${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.statusCode).toBe(200);
        seen.push(...response.json().events.map((event: { url: string }) => event.url));
        cursor = response.json().nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(query ? 3 : RECORDS.length);
    }
  });

  it('answers 400 in the JSON shape for bad input', async () => {
    for (const query of [
      'bbox=1,2,3',
      'bbox=-200,0,10,10',
      'bbox=0,50,10,10',
      'bbox=a,b,c,d',
      'since=yesterday',
      'since=2026-11-20T12:00:00Z&until=2026-11-20T11:00:00Z',
      'limit=100000',
      'limit=0',
      'source=weather',
      'cursor=not-a-cursor',
      'unknown=1',
    ]) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('bad_request');
    }
  });
});
