// A story naming a town is placed there on the map: a local outlet's RSS feed (served on loopback) is written into
// the UI stack's feed list and scraped by its news job; the story is placed from the gazetteer, and its popup gives
// the headline, the outlet, the place and the words that named it, and a link to the article.
import { writeFile } from 'node:fs/promises';
import { expect, test } from './support/ui-test.js';
import { newsFixture, startFakeFeeds, type FakeFeeds } from '../support/fake-feeds.js';
import { AppPage } from './pages/app-page.js';
import { PALETTE } from '../../renderer/src/map/map-palette.js';
import { MapPage } from './pages/map-page.js';
import { PlaybackPage } from './pages/playback-page.js';
import { apiGet } from './support/api-helpers.js';
import { waitForGazetteer } from './support/places-ready.js';
import { uiFeedsFile, uiStack } from './support/stack-file.js';

const OUTLET = 'North Valley Courier';
const HEADLINE = 'Wildfire forces evacuation orders west of Redding, California as crews race to hold the line along Highway 299';
const ARTICLE = 'https://www.northvalleycourier.example/2026/11/23/wildfire-evacuations-west-of-redding/?utm_source=rss&utm_medium=rss';

/** The fixture with its items dated in the last hour: the map shows the last day, and a story is placed only when dated. */
function freshFeed(): string {
  let minutesAgo = 10;
  return newsFixture('north-valley-courier.xml').replace(/<pubDate>[^<]*<\/pubDate>/g, () => {
    const date = new Date(Date.now() - minutesAgo * 60_000).toUTCString().replace('GMT', '+0000');
    minutesAgo += 20;
    return `<pubDate>${date}</pubDate>`;
  });
}

test.describe('a news story on the map', () => {
  test.describe.configure({ timeout: 150_000 });
  let feeds: FakeFeeds;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    await waitForGazetteer();
    feeds = await startFakeFeeds();
    await writeFile(uiFeedsFile(), JSON.stringify([{ name: OUTLET, url: feeds.serve('north-valley-courier.xml', freshFeed()), category: 'us', region: 'north-america' }]));
  });

  test.afterAll(async () => {
    await writeFile(uiFeedsFile(), '[]');
    await feeds?.close();
  });

  test('a story naming Redding is drawn at Redding; its popup gives headline, outlet, place and the article link; hours back in playback it is not there yet', async ({ page }) => {
    const { apiUrl, token } = uiStack();
    const response = await fetch(`${apiUrl}/api/jobs/news`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: Record<string, unknown> };
    // The school-board story names no place: it stays off the map.
    expect(result).toMatchObject({ placedOnMap: 1, leftOffMap: 1 });
    expect(feeds.requests.map((request) => request.path)).toContain('/feeds/north-valley-courier.xml');

    const { results } = await apiGet<{ results: Array<{ kind: string; label: string; sublabel: string | null; latitude: number; longitude: number }> }>('/api/search?q=Redding');
    const redding = results.find((found) => found.kind === 'place' && found.label === 'Redding' && found.sublabel?.includes('California'));
    if (!redding) throw new Error(`the gazetteer has no Redding, California: ${JSON.stringify(results)}`);

    // Stored by the ingester a moment after the job answers.
    await expect
      .poll(async () => (await apiGet<{ events: Array<{ title: string }> }>('/api/events?source=news&since=24h')).events.map((event) => event.title), {
        message: 'the story stored as a news event',
      })
      .toContain(HEADLINE);

    const map = new MapPage(page);
    await new AppPage(page).openReady({ view: [redding.longitude, redding.latitude, 9] });
    await expect.poll(() => map.featuresNear('events', redding.longitude, redding.latitude), { message: 'the story drawn at Redding' }).toBeGreaterThan(0);
    // In the news square's green, over the town's own grey dot (a grey dot as well, it could not be told from it).
    await map.expectStill();
    expect(await map.colourAt(redding.longitude, redding.latitude)).toBe(PALETTE.news);
    // The keyboard's cross at the centre (the view is centred on Redding) leaves the square seen: it is open there.
    await page.locator('.maplibregl-canvas').focus();
    await page.keyboard.press('Shift');
    await expect(page.getByTestId('keyboard-cross')).toBeVisible();
    expect(await map.colourAt(redding.longitude, redding.latitude)).toBe(PALETTE.news);

    await map.clickAt(redding.longitude, redding.latitude);
    const popup = map.popup();
    await expect(popup.locator('h3')).toHaveText(HEADLINE);
    await expect(map.popupRow('Outlet')).toHaveText(OUTLET);
    await expect(map.popupRow('Placed at')).toHaveText('Redding, California, United States');
    await expect(map.popupRow('Named as')).toHaveText('“Redding”');
    await expect(popup).toContainText('Shasta County sheriff’s deputies went door to door');
    const link = popup.getByRole('link', { name: 'Open story' });
    await expect(link).toHaveAttribute('href', ARTICLE);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The headline wraps inside the popup instead of running out of it.
    const [popupBox, headingBox] = await Promise.all([popup.locator('.maplibregl-popup-content').boundingBox(), popup.locator('h3').boundingBox()]);
    expect(headingBox!.x + headingBox!.width).toBeLessThanOrEqual(popupBox!.x + popupBox!.width);

    // Events follow the playback cursor: hours back, the story (published minutes ago) is not on the map yet.
    await page.keyboard.press('Escape');
    const playback = new PlaybackPage(page);
    await playback.dragTo(0.1);
    await expect(playback.root).toHaveAttribute('data-mode', 'playback');
    await expect.poll(() => map.featuresNear('events', redding.longitude, redding.latitude)).toBe(0);
    await playback.goLive();
    await expect.poll(() => map.featuresNear('events', redding.longitude, redding.latitude)).toBeGreaterThan(0);
  });

  test('the story chosen in the search box flies to its place and opens there, not its article in a new window', async ({ page }) => {
    const { results } = await apiGet<{ results: Array<{ kind: string; label: string; latitude: number; longitude: number }> }>('/api/search?q=Redding');
    const redding = results.find((found) => found.kind === 'place' && found.label === 'Redding')!;
    const map = new MapPage(page);
    await new AppPage(page).openReady({ view: [-100, 40, 3] });
    const input = page.getByTestId('search-input');
    await input.fill('evacuation orders west of Redding');
    const story = page.locator('[data-testid="search-result"][data-kind="news"]').first();
    await expect(story).toContainText(HEADLINE);
    await expect(story).toContainText('Redding, California, United States');
    const opened: string[] = [];
    page.context().on('page', (other) => opened.push(other.url()));
    await story.click();
    await expect(map.popup().locator('h3')).toHaveText(HEADLINE, { timeout: 20_000 });
    // There, close in (the map may have moved a little to show the popup whole).
    const { zoom, bbox } = await map.view();
    expect(zoom).toBeGreaterThanOrEqual(9);
    expect(redding.longitude).toBeGreaterThan(bbox[0]);
    expect(redding.longitude).toBeLessThan(bbox[2]);
    expect(redding.latitude).toBeGreaterThan(bbox[1]);
    expect(redding.latitude).toBeLessThan(bbox[3]);
    expect(opened).toEqual([]);

    // With the News & events layer off the story is not drawn: it opens from what the search knew, its article a link.
    await page.keyboard.press('Escape');
    await map.openLayersTab();
    await map.toggle('events').click();
    await expect.poll(() => map.layerVisible('events')).toBe(false);
    await input.fill('evacuation orders west of Redding');
    await page.locator('[data-testid="search-result"][data-kind="news"]').first().click();
    await expect(map.popup().locator('h3')).toHaveText(HEADLINE, { timeout: 20_000 });
    await expect(map.popup().getByRole('link', { name: 'Open story' })).toHaveAttribute('href', ARTICLE);
    expect(opened).toEqual([]);
  });

  test("the News tab's row of a placed story says where it is and shows it there; a story not placed has no such button", async ({ page }) => {
    const { results } = await apiGet<{ results: Array<{ kind: string; label: string; latitude: number; longitude: number }> }>('/api/search?q=Redding');
    const redding = results.find((found) => found.kind === 'place' && found.label === 'Redding')!;
    const map = new MapPage(page);
    await new AppPage(page).openReady({ view: [10, 50, 4] });
    await page.getByRole('tab', { name: 'News' }).click();
    const row = page.getByTestId('news-list').locator('li', { hasText: HEADLINE });
    await expect(row.getByTestId('news-show-on-map')).toHaveText('Show on the map · Redding, California, United States');
    // The school-board story names no place: it is listed, without the button.
    const unplaced = page.getByTestId('news-list').locator('li').filter({ hasNotText: HEADLINE }).first();
    await expect(unplaced).toBeVisible();
    await expect(unplaced.getByTestId('news-show-on-map')).toHaveCount(0);
    const opened: string[] = [];
    page.context().on('page', (other) => opened.push(other.url()));
    await row.getByTestId('news-show-on-map').click();
    await expect(map.popup().locator('h3')).toHaveText(HEADLINE, { timeout: 20_000 });
    const { zoom, bbox } = await map.view();
    expect(zoom).toBeGreaterThanOrEqual(9);
    expect(redding.longitude).toBeGreaterThan(bbox[0]);
    expect(redding.longitude).toBeLessThan(bbox[2]);
    expect(opened).toEqual([]);

    // Not drawn (the layer off): it opens from what the row knew, when and where said, not "Published —".
    await page.keyboard.press('Escape');
    await map.openLayersTab();
    await map.toggle('events').click();
    await expect.poll(() => map.layerVisible('events')).toBe(false);
    await page.getByRole('tab', { name: 'News' }).click();
    await row.getByTestId('news-show-on-map').click();
    await expect(map.popup().locator('h3')).toHaveText(HEADLINE, { timeout: 20_000 });
    await expect(map.popupRow('Placed at')).toHaveText('Redding, California, United States');
    await expect(map.popupRow('Published')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d UTC/);
  });
});
