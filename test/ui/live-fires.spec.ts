// A fire ingested through the API appears live in the view, without reload; one outside the view is not sent.
import { expect, test } from './support/ui-test.js';
import { fireUrlSuffix, ingestFires } from './support/api-helpers.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { MapPage } from './pages/map-page.js';

// The view: south-east Australia; the elsewhere: northern Canada.
const INSIDE = { longitude: 146.21, latitude: -36.47 };
const OUTSIDE = { longitude: -118.3, latitude: 58.9 };
const LATE = { longitude: 145.82, latitude: -36.71 };
// Two stored in one request: they may reach the page in one message, and each is drawn.
const PAIR = [
  { longitude: 146.02, latitude: -36.28 },
  { longitude: 146.41, latitude: -36.62 },
];

test('a fire ingested in view appears live; one out of view is never sent to this client', async ({ page }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  const hud = new HudPage(page);
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));

  await app.openReady({ view: [146, -36.5, 7] });
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'open');
  // The socket knows our viewport once the server has acknowledged it.
  await expect.poll(() => frames.some((frame) => frame.includes('"type":"viewport"'))).toBe(true);
  expect(await map.firesNear(INSIDE.longitude, INSIDE.latitude)).toBe(0);
  // The hour/day counts load after ready: read them once they have.
  await expect(hud.counter('fires-hour')).toHaveAttribute('data-value', /^\d+$/);
  await expect(hud.counter('fires-view')).toHaveAttribute('data-value', /^\d+$/);
  const hourBefore = (await hud.counterValue('fires-hour'))!;
  const dayBefore = (await hud.counterValue('fires-view'))!;

  // Out of view first: the in-view one arriving later proves the other had its chance to arrive.
  await ingestFires([{ ...OUTSIDE }]);
  await ingestFires([{ ...INSIDE, confidence: 'h', frp: 80 }]);

  await map.expectFireDrawnNear(INSIDE.longitude, INSIDE.latitude);
  const received = frames.filter((frame) => frame.includes('"type":"events"'));
  expect(received.some((frame) => frame.includes(fireUrlSuffix(INSIDE.latitude, INSIDE.longitude)))).toBe(true);
  expect(received.some((frame) => frame.includes(fireUrlSuffix(OUTSIDE.latitude, OUTSIDE.longitude)))).toBe(false);
  await expect.poll(() => hud.counterValue('fires-hour')).toBe(hourBefore + 1);
  await expect.poll(() => hud.counterValue('fires-view')).toBe(dayBefore + 1);
  await expect.poll(() => map.count('fires').getAttribute('data-value')).not.toBe('0');

  // FIRMS data arrives hours late: a fire acquired 2.5 h ago counts in the day, not in the last hour.
  await ingestFires([{ ...LATE, minutesAgo: 150 }]);
  await map.expectFireDrawnNear(LATE.longitude, LATE.latitude);
  await expect.poll(() => hud.counterValue('fires-view')).toBe(dayBefore + 2);
  expect(await hud.counterValue('fires-hour')).toBe(hourBefore + 1);

  await ingestFires(PAIR);
  for (const fire of PAIR) await map.expectFireDrawnNear(fire.longitude, fire.latitude);
  await expect.poll(() => hud.counterValue('fires-view')).toBe(dayBefore + 4);

  // Its popup gives the analyst the time in UTC and local time.
  const point = await map.pagePoint(INSIDE.longitude, INSIDE.latitude);
  await page.mouse.click(point.x, point.y);
  const popup = page.locator('.vantage-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('UTC');
  await expect(popup).toContainText(/fire detection/i);
  // A live fire keeps its detection's fields from the ingest to the map, as one from a tile does.
  await expect(popup).toContainText('FRP80.0 MW');
  await expect(popup).toContainText('Confidencehigh');
  await expect(popup).toContainText(/Satellite\s*\S+/);
});

// The Tibetan plateau: no other test's fires.
const COUNTED_LATE = { longitude: 88.5, latitude: 33.5 };

test('a live fire that comes while the HUD count is being read is counted once that read is back', async ({ page }) => {
  const app = new AppPage(page);
  const map = new MapPage(page);
  const hud = new HudPage(page);
  await app.openReady({ view: [COUNTED_LATE.longitude, COUNTED_LATE.latitude, 7] });
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'open');
  await expect(hud.counter('fires-view')).toHaveAttribute('data-value', '0');

  // The server's answers to the next count are held back until the fire has been stored and sent live: they count
  // without it, and reach the page after it.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const heldAnswers: Array<Promise<number>> = [];
  let countsAfterRelease = 0;
  let holding = true;
  await page.route('**/api/fires/count?*', async (route) => {
    if (!holding) {
      countsAfterRelease += 1;
      return route.continue();
    }
    const answer = route.fetch();
    heldAnswers.push(answer.then(async (response) => ((await response.json()) as { count: number }).count));
    await released;
    await route.fulfill({ response: await answer });
  });
  // A small pan: the view is counted again.
  const centre = await map.pagePoint(COUNTED_LATE.longitude, COUNTED_LATE.latitude);
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x + 30, centre.y, { steps: 3 });
  await page.mouse.up();
  await expect.poll(() => heldAnswers.length).toBeGreaterThan(0);
  // The answers held so far: another count the pan sets off may come while they are awaited.
  const held = [...heldAnswers];
  expect(await Promise.all(held)).toEqual(held.map(() => 0));

  await ingestFires([{ ...COUNTED_LATE }]);
  await map.expectFireDrawnNear(COUNTED_LATE.longitude, COUNTED_LATE.latitude);
  holding = false;
  release();
  // The held answers (no fire) came after the live one: the view is counted once more, and the fire is in it.
  await expect.poll(() => countsAfterRelease, { message: 'the view is counted again' }).toBeGreaterThan(0);
  await expect.poll(() => hud.counterValue('fires-view')).toBe(1);
  await expect.poll(() => hud.counterValue('fires-hour')).toBe(1);
});
