import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

// The search box finds stories of a place by its name's words, not by their English stems: "Redding" is stemmed to red,
// and the town found "Red Cross calls…" and "Java-Anwendungsserver: Red Hat gibt WildFly 10 frei" (a first-time
// walkthrough). Other words keep their stems: "fires" finds a fire, "wildfires in paradise" a story without "in".
const STORIES = [
  'Red Cross calls consecutive strikes in Lebanon a violation',
  'Java-Anwendungsserver: Red Hat gibt WildFly 10 frei',
  'Redding evacuations lifted as the Carr fire is contained',
  'Wildfire burns near Paradise',
];

describe('news found by a place\'s name, in the search box and the News tab', () => {
  let subject: TestApp;
  const newsFound = async (q: string) => {
    const { results } = (await subject.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: authorized })).json() as {
      results: Array<{ kind: string; label: string }>;
    };
    return results.filter((result) => result.kind === 'news').map((result) => result.label).sort();
  };

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
    // Two places of the gazetteer, as its loader writes their names (only these two: the test needs no whole load).
    await queryOnce(
      subject.database.url,
      `INSERT INTO place_names (geoname_id, folded, name, kind, population) VALUES (5570160, 'redding', 'Redding', 0, 91441), (5380437, 'paradise', 'Paradise', 0, 26218)`,
    );
    for (const [index, title] of STORIES.entries()) {
      await queryOnce(subject.database.url, `INSERT INTO news_items (title, headline_key, summary, published_at) VALUES ($1, $2, null, now())`, [title, `story ${index}`]);
    }
  });
  afterAll(async () => {
    await subject?.close();
  });

  it("of a place's name, are those with each of its words at the start of one of theirs", async () => {
    expect(await newsFound('Redding')).toEqual([STORIES[2]]);
    expect(await newsFound('Paradise')).toEqual([STORIES[3]]);
  });

  it('of other words, are found by their stems, stop words left out', async () => {
    expect(await newsFound('red')).toEqual([STORIES[1], STORIES[0], STORIES[2]].sort());
    expect(await newsFound('red cross')).toEqual([STORIES[0]]);
    expect(await newsFound('fires')).toEqual([STORIES[2]]);
    expect(await newsFound('wildfires in paradise')).toEqual([STORIES[3]]);
  });

  it('in the News tab alike, best match first or newest first', async () => {
    const listed = async (query: string) =>
      ((await subject.app.inject({ method: 'GET', url: `/api/news?${query}`, headers: authorized })).json() as { items: Array<{ title: string }> }).items.map((item) => item.title).sort();
    expect(await listed('q=Redding')).toEqual([STORIES[2]]);
    expect(await listed('q=Redding&sort=newest')).toEqual([STORIES[2]]);
    // Not a place's name: the stems, and the last word as the start of one, as typed so far.
    expect(await listed('q=red')).toEqual([STORIES[1], STORIES[0], STORIES[2]].sort());
    expect(await listed('q=fires')).toEqual([STORIES[2]]);
  });

  it('asks the websearch syntax as written', async () => {
    expect(await newsFound('"red cross"')).toEqual([STORIES[0]]);
    expect(await newsFound('red -cross -hat')).toEqual([STORIES[2]]);
  });
});
