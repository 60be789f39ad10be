import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event-record.js';
import { EventStoreRepository } from '../../server/events/event-store-repository.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

// A headline set with a typographic apostrophe is found by its words: PostgreSQL's parser took ’ for a letter, so
// "Kushner" found nothing beside "Jared Kushner’s Role Is Tested as Russia Case Grows" (a story of the daily recap).
const HEADLINE = 'Jared Kushner’s Role Is Tested as Russia Case Grows';

describe('full-text search reads ’ as an apostrophe', () => {
  let subject: TestApp;
  const get = async (url: string) => (await subject.app.inject({ method: 'GET', url, headers: authorized })).json();

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
    await queryOnce(
      subject.database.url,
      `INSERT INTO news_items (title, headline_key, summary, published_at) VALUES ($1, 'kushner role tested', 'It is unclear how Kushner’s woes will weigh', now())`,
      [HEADLINE],
    );
    const event: EventRecord = { sourceType: 'news', url: 'vantage:news/1', title: HEADLINE, summary: 'It is unclear how Kushner’s woes will weigh', geometry: { type: 'Point', coordinates: [-77.03, 38.9] }, occurredAt: new Date().toISOString(), payload: {} };
    await subject.app.db.transaction((client) => new EventStoreRepository().storeBatch(client, [event]));
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('in the News tab, in events and in the search box, typed plain, with ’ or with a straight apostrophe', async () => {
    for (const q of ['Kushner', 'kushner role', 'Kushner’s', "Kushner's", 'woes Kushner']) {
      const query = encodeURIComponent(q);
      expect((await get(`/api/news?q=${query}`)).items.map((item: { title: string }) => item.title), q).toEqual([HEADLINE]);
      expect((await get(`/api/events?q=${query}`)).events.map((item: { title: string }) => item.title), q).toEqual([HEADLINE]);
    }
    const found = (await get(`/api/search?q=${encodeURIComponent('Kushner role')}`)).results as Array<{ kind: string; label: string }>;
    expect(found.filter((result) => result.kind === 'news').map((result) => result.label)).toEqual([HEADLINE]);
  });
});
