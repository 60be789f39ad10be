import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

// The search box finds stories by the words typed, not by their English stems alone: "Redding" is stemmed to red, and
// the town found "Red Cross calls…" and "Java-Anwendungsserver: Red Hat gibt WildFly 10 frei" (a first-time walkthrough).
const STORIES = [
  'Red Cross calls consecutive strikes in Lebanon a violation',
  'Java-Anwendungsserver: Red Hat gibt WildFly 10 frei',
  'Redding evacuations lifted as the Carr fire is contained',
  'Wildfires burn near Paradise',
];

describe('news in the search box', () => {
  let subject: TestApp;
  const newsFound = async (q: string) => {
    const { results } = (await subject.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: authorized })).json() as {
      results: Array<{ kind: string; label: string }>;
    };
    return results.filter((result) => result.kind === 'news').map((result) => result.label).sort();
  };

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
    for (const [index, title] of STORIES.entries()) {
      await queryOnce(subject.database.url, `INSERT INTO news_items (title, headline_key, summary, published_at) VALUES ($1, $2, null, now())`, [title, `story ${index}`]);
    }
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('are those with each word typed at the start of one of theirs', async () => {
    expect(await newsFound('Redding')).toEqual([STORIES[2]]);
    expect(await newsFound('red')).toEqual([STORIES[1], STORIES[0], STORIES[2]].sort());
    expect(await newsFound('red cross')).toEqual([STORIES[0]]);
    // A stem still finds its longer forms: "wildfire" the wildfires.
    expect(await newsFound('wildfire paradise')).toEqual([STORIES[3]]);
  });

  it('asks the websearch syntax as written', async () => {
    expect(await newsFound('"red cross"')).toEqual([STORIES[0]]);
    expect(await newsFound('red -cross -hat')).toEqual([STORIES[2]]);
  });
});
