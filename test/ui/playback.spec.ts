// Playback: the timeline counts the minute's events; dragging the cursor shows the map as of that
// minute (a fire detected later disappears), and Live brings the present back.
import { expect, test } from './support/ui-test.js';
import { apiGet, ingestFires } from './support/api-helpers.js';
import { placeAircraft, placePair } from './support/aircraft-fixture.js';
import { placePositions } from './support/aircraft-trail-fixture.js';
import { placeEvent } from './support/event-fixture.js';
import { placeIncident } from './support/incident-fixture.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { MapPage } from './pages/map-page.js';
import { PlaybackPage } from './pages/playback-page.js';

// Central Chile, a place no other test uses.
const FIRE = { longitude: -71.42, latitude: -35.61 };
const BBOX = '-72.5,-36.5,-70.5,-34.5';

test('dragging the playback cursor moves the map and the HUD back in time; Live returns', async ({ page }) => {
  await ingestFires([{ ...FIRE, minutesAgo: 180 }]);
  // The minute rollup is written by the ingester, a moment after the ingest answers.
  await expect
    .poll(async () => {
      const from = new Date(Date.now() - 6 * 3_600_000).toISOString();
      const body = await apiGet<{ buckets: Array<{ count: number }> }>(`/api/playback?from=${from}&to=${new Date().toISOString()}&bbox=${BBOX}`);
      return body.buckets.reduce((sum, bucket) => sum + bucket.count, 0);
    })
    .toBeGreaterThan(0);

  const app = new AppPage(page);
  const map = new MapPage(page);
  const playback = new PlaybackPage(page);
  await app.openReady({ view: [FIRE.longitude, FIRE.latitude, 7] });
  await expect(playback.root).toHaveAttribute('data-mode', 'live');
  // The 6 h range (it opens in the window's 24 h): the drags below are shares of it.
  await playback.chooseRange(6);
  await expect.poll(async () => Number(await playback.total().getAttribute('data-value'))).toBeGreaterThan(0);
  // Counted in the view, as the HUD counts, and it says what it counts, and that the map shows more.
  await expect(playback.total()).toContainText(/^[\d,]+ fire detections?\b.* in 6 h in view · the map shows the last 24 h$/);
  await map.expectFireDrawnNear(FIRE.longitude, FIRE.latitude);
  const hud = new HudPage(page);
  // The brief (folded at this size) is read below; opened before the view's fires are counted.
  await hud.openBrief();
  await expect.poll(() => hud.counterValue('fires-view')).toBeGreaterThan(0);
  const liveCount = (await hud.counterValue('fires-view'))!;

  // Back to about five and a half hours ago: the fire (three hours ago) has not been seen yet.
  await playback.dragTo(0.1);
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  const minute = await playback.minuteLabel().getAttribute('data-minute');
  expect(minute).toBeTruthy();
  expect(Date.now() - new Date(minute!).getTime()).toBeGreaterThan(4 * 3_600_000);
  expect(await map.playbackMinuteEpoch()).not.toBeNull();
  // Something was recorded here: no note of an empty range. The map's window ends at the minute now: said by the HUD.
  await expect(page.getByTestId('playback-empty-note')).toHaveCount(0);
  await expect(playback.total()).toHaveText(/ in 6 h in view$/);
  await expect.poll(() => map.firesNear(FIRE.longitude, FIRE.latitude)).toBe(0);
  // The HUD counts the window before the cursor too: one fire fewer.
  await expect.poll(() => hud.counterValue('fires-view'), { message: 'the HUD follows the cursor' }).toBe(liveCount - 1);
  // And says so: the counters name the window that ends at the cursor's minute, the badge that the map is not live.
  const hhmm = `${minute!.slice(11, 16)} UTC`;
  const day = new Date(minute!).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  await expect(hud.counter('fires-view')).toContainText(`Fires in view · 24 h to ${day} ${hhmm}`);
  await expect(hud.counter('fires-hour')).toContainText(`1 h to ${hhmm}`);
  await expect(hud.liveState()).toHaveText('Playback');
  // The brief's summaries and news are the latest, not the cursor's: each says "now".
  for (const slot of ['daily-recap', 'hourly-summary', 'analyst-summary', 'latest-news']) await expect(page.getByTestId(slot).getByTestId('now-tag'), slot).toHaveText('· now');
  await expect(page.getByTestId('recent-alerts').getByTestId('now-tag')).toHaveCount(0);
  // The Layers tab counts the fires of that window too, not the ones drawn now.
  await expect(map.count('fires')).toHaveAttribute('data-value', String(liveCount - 1));
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'open');

  // An hour ago: the fire is there again.
  await playback.cursor.fill('299');
  await map.expectFireDrawnNear(FIRE.longitude, FIRE.latitude);
  await expect.poll(() => hud.counterValue('fires-view')).toBe(liveCount);

  await playback.dragTo(0.05);
  await expect.poll(() => map.firesNear(FIRE.longitude, FIRE.latitude)).toBe(0);
  await playback.goLive();
  await expect(playback.root).toHaveAttribute('data-mode', 'live');
  expect(await map.playbackMinuteEpoch()).toBeNull();
  await expect(hud.counter('fires-view')).toContainText('Fires in view · last 24 h');
  await expect(hud.liveState()).toHaveText('Live');
  await expect(page.getByTestId('now-tag')).toHaveCount(0);
  await map.expectFireDrawnNear(FIRE.longitude, FIRE.latitude);
});

test('with a 6 h window, a past minute shows the fires of the 6 h before it, older than the 6 h before now', async ({ page }) => {
  // The Gobi, a place no other test uses: a fire eight hours ago, outside the window of now.
  const GOBI = { longitude: 103.42, latitude: 44.87 };
  await ingestFires([{ ...GOBI, minutesAgo: 480 }]);
  const map = new MapPage(page);
  const hud = new HudPage(page);
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady({ view: [GOBI.longitude, GOBI.latitude, 5], filter: 'w:6h' });
  await expect.poll(() => hud.counterValue('fires-view')).toBe(0);
  expect(await map.firesNear(GOBI.longitude, GOBI.latitude)).toBe(0);

  // Four hours ago (the 6 h range's minute 120): its window, ten to four hours ago, holds the fire.
  await playback.cursor.fill('120');
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  // (At least one: a run of this test before, in the same stack, left its own fire there.)
  await expect.poll(() => hud.counterValue('fires-view'), { message: 'the HUD counts it' }).toBeGreaterThanOrEqual(1);
  await map.expectFireDrawnNear(GOBI.longitude, GOBI.latitude);
  await expect(map.count('fires')).toHaveAttribute('data-value', String(await hud.counterValue('fires-view')));
  // Zoomed in to 6, where fires are points read from /api/fires: there too.
  await page.locator('.map canvas.maplibregl-canvas').focus();
  await page.keyboard.press('+');
  await expect.poll(async () => Math.round((await map.view()).zoom)).toBe(6);
  await map.expectStill();
  await map.expectFireDrawnNear(GOBI.longitude, GOBI.latitude);
  await playback.goLive();
  await expect.poll(() => map.firesNear(GOBI.longitude, GOBI.latitude)).toBe(0);
});

test('at a past minute the map shows the incidents discovered by then, and the Layers tab counts them', async ({ page }) => {
  // Western Tasmania, a place no other test uses: one incident found five hours ago, one twenty minutes ago.
  await placeIncident({ irwinId: 'pb-old', name: 'PB OLD BURN', acres: 900, longitude: 145.62, latitude: -42.71, discoveredMinutesAgo: 300 });
  await placeIncident({ irwinId: 'pb-new', name: 'PB NEW START', acres: 12, longitude: 145.78, latitude: -42.83, discoveredMinutesAgo: 20 });
  const map = new MapPage(page);
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady({ view: [145.7, -42.77, 9] });
  const drawn = () =>
    page.evaluate(() => {
      const hook = (globalThis as unknown as { __vantage: { renderedProperties(key: string): Array<Record<string, unknown>> } }).__vantage;
      return hook.renderedProperties('incidents').map((props) => String(props.name)).filter((name) => name.startsWith('PB ')).sort();
    });
  await expect.poll(drawn).toEqual(['PB NEW START', 'PB OLD BURN']);
  await expect(map.count('incidents')).toHaveAttribute('data-value', '2');

  // An hour ago (the 6 h range's minute 300): the new one had not been found yet.
  await playback.chooseRange(6);
  await playback.cursor.fill('300');
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await expect.poll(drawn, { message: 'only the incident discovered by then' }).toEqual(['PB OLD BURN']);
  await expect(map.count('incidents')).toHaveAttribute('data-value', '1');
  // Before either: none.
  await playback.cursor.fill('10');
  await expect.poll(drawn).toEqual([]);
  await expect(map.count('incidents')).toHaveAttribute('data-value', '0');

  await playback.goLive();
  await expect.poll(drawn).toEqual(['PB NEW START', 'PB OLD BURN']);
  await expect(map.count('incidents')).toHaveAttribute('data-value', '2');
});

test('a minute before any aircraft position was kept says so (0 aircraft read as "none flying")', async ({ page }) => {
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady();
  await expect(playback.root.getByTestId('playback-aircraft-note')).toHaveCount(0);
  // Six hours back: before this test stack's first kept position (its positions are minutes old, if any).
  await playback.cursor.fill('0');
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await expect(playback.root.getByTestId('playback-aircraft-note')).toHaveText(/^No aircraft (recorded yet|before \d{1,2} \w{3} \d\d:\d\d UTC( · [^:]+:\d\d( [AP]M)? \S+)?): positions are kept from the first poll on\.$/);
  await playback.goLive();
  await expect(playback.root.getByTestId('playback-aircraft-note')).toHaveCount(0);
});

test('a minute in a gap of the aircraft recording says so (its 0 aircraft were not "none flying"); a minute with positions kept does not', async ({ page }) => {
  // Over Nuuk, where no other test puts anything: two polls four and three hours ago, nothing kept between them.
  const NUUK: [number, number] = [-51.7, 64.2];
  const first = new Date(Date.now() - 4 * 3_600_000);
  await placePositions('c0ffee', NUUK, [first, new Date(first.getTime() + 3_600_000)]);
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady({ view: [NUUK[0], NUUK[1], 6] });
  await playback.chooseRange(6);
  // Three and a half hours back.
  await playback.cursor.fill('150');
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await expect(playback.root.getByTestId('playback-aircraft-note')).toHaveText(/^No aircraft positions kept from .+ to .+: the app was closed, or the feed gave none\.$/);
  // The minute of the first poll: the aircraft is there, and no word of a gap.
  const shown = Date.parse((await playback.minuteLabel().getAttribute('data-minute'))!);
  await playback.cursor.fill(String(150 + Math.floor((first.getTime() - shown) / 60_000)));
  await expect(playback.root.getByTestId('playback-aircraft-note')).toHaveCount(0);
  await expect(page.getByTestId('layer-count-aircraft')).toHaveAttribute('data-value', '1');
});

test('a shorter range keeps the cursor inside it: never a minute after the range (the future)', async ({ page }) => {
  const app = new AppPage(page);
  const playback = new PlaybackPage(page);
  await app.openReady();
  await expect(playback.root).toHaveAttribute('data-mode', 'live');
  // 6 h range: five hours in (an hour before the end), then down to the last hour.
  await playback.chooseRange(6);
  await playback.cursor.fill('300');
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  const before = new Date((await playback.minuteLabel().getAttribute('data-minute'))!).getTime();
  await playback.root.getByRole('button', { name: '1 h', exact: true }).click();
  await expect(playback.root.getByRole('button', { name: '1 h', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const after = new Date((await playback.minuteLabel().getAttribute('data-minute'))!).getTime();
  // An hour before the end is the last hour's first minute: the cursor keeps it (before the fix it kept
  // index 300, four hours past the end).
  expect(after).toBeGreaterThanOrEqual(before);
  expect(after).toBeLessThanOrEqual(Date.now());
  expect(Number(await playback.cursor.inputValue())).toBe(0);
  await expect(playback.root.getByTestId('playback-range-note')).toHaveCount(0);

  // Further back than the last hour reaches: the cursor goes to its start, and the bar says so until it moves on.
  await playback.root.getByRole('button', { name: '6 h', exact: true }).click();
  await playback.cursor.fill('60');
  await expect.poll(async () => (await playback.minuteLabel().getAttribute('data-minute')) ?? '').not.toBe(new Date(after).toISOString());
  await playback.root.getByRole('button', { name: '1 h', exact: true }).click();
  const note = playback.root.getByTestId('playback-range-note');
  await expect(note).toHaveText(/^Moved to the start of the last 1 h: \d{1,2} \w{3} \d\d:\d\d UTC.* is further back\.$/);
  expect(Number(await playback.cursor.inputValue())).toBe(0);
  await page.getByTestId('playback-step-forward').click();
  await expect(note).toHaveCount(0);
});

test('play runs the range from its start at the chosen speed and pauses; steps move one minute; the axis is labelled', async ({ page }) => {
  const app = new AppPage(page);
  const playback = new PlaybackPage(page);
  await app.openReady();
  // 1 h range: labels ten minutes apart on the wall clock (one too near an end is left out).
  await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '1 h' }).click();
  const labels = page.getByTestId('playback-axis').locator('span');
  await expect.poll(() => labels.count()).toBeGreaterThanOrEqual(5);
  // Read in one go: the live axis is drawn again every minute.
  const times = await labels.evaluateAll((spans) =>
    (spans as unknown as Array<{ getAttribute(name: string): string | null }>).map((span) => Date.parse(span.getAttribute('data-time') ?? '')),
  );
  for (let index = 1; index < times.length; index += 1) expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBe(10 * 60_000);
  expect(times.every((time) => new Date(time).getMinutes() % 10 === 0)).toBe(true);

  const minuteOf = async () => Date.parse((await playback.minuteLabel().getAttribute('data-minute')) ?? '');
  await page.getByTestId('playback-speed').selectOption('4');
  const play = page.getByTestId('playback-play');
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  const started = await minuteOf();
  // From the start of the range (an hour ago), moving on by itself at 4 minutes a second.
  expect(Date.now() - started).toBeGreaterThan(40 * 60_000);
  await expect.poll(minuteOf).toBeGreaterThan(started + 5 * 60_000);
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  const paused = await minuteOf();
  await page.waitForTimeout(500);
  expect(await minuteOf()).toBe(paused);

  await page.getByTestId('playback-step-forward').click();
  await expect.poll(minuteOf).toBe(paused + 60_000);
  await page.getByTestId('playback-step-back').click();
  await page.getByTestId('playback-step-back').click();
  await expect.poll(minuteOf).toBe(paused - 60_000);

  // The same from the keyboard, focus on the map: Shift+→ steps, Space plays and pauses, L returns to live.
  await page.locator('.map canvas.maplibregl-canvas').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(minuteOf).toBe(paused);
  // Only the cursor: the map does not turn (MapLibre's own Shift+arrows rotate it).
  const map = new MapPage(page);
  await map.expectStill();
  expect((await map.view()).bearing).toBe(0);
  await page.keyboard.press(' ');
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press(' ');
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  // Space on the slider too, where the focus stays after the cursor is dragged.
  await page.getByTestId('playback-cursor').focus();
  await page.keyboard.press(' ');
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press(' ');
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('l');
  await expect(playback.root).toHaveAttribute('data-mode', 'live');
});

test("the axis names this computer's zone on its first label and labels midnight with its day", async ({ browser }) => {
  // A zone where it is about noon now, so that its midnight falls inside the 24 h timeline and clear of its ends.
  const east = 12 - new Date().getUTCHours();
  const timezoneId = east === 0 ? 'Etc/GMT' : `Etc/GMT${east > 0 ? '-' : '+'}${Math.abs(east)}`;
  // Not the worker's shared context (support/ui-test.ts): it would keep the zone for the specs after this one.
  const context = await browser.newContext({ timezoneId, viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await new AppPage(page).openReady();
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '24 h' }).click();
    const labels = page.getByTestId('playback-axis').locator('span');
    await expect.poll(() => labels.count()).toBeGreaterThanOrEqual(6);
    const read = await labels.evaluateAll((spans) =>
      (spans as unknown as Array<{ textContent: string | null; className: string; getAttribute(name: string): string | null }>).map((span) => ({
        text: span.textContent ?? '',
        day: span.className.includes('playback-axis-day'),
        time: Date.parse(span.getAttribute('data-time') ?? ''),
      })),
    );
    // "09:00 GMT+5" (or "… UTC"): the axis is this computer's clock, and says which.
    expect(read[0]?.text).toMatch(east === 0 ? / UTC$/ : new RegExp(` GMT${east > 0 ? '\\+' : '-'}${Math.abs(east)}$`));
    const days = read.filter((label) => label.day);
    expect(days).toHaveLength(1);
    const midnight = new Date(days[0]!.time + east * 3_600_000);
    expect(midnight.getUTCHours() * 60 + midnight.getUTCMinutes()).toBe(0);
    expect(days[0]?.text).toBe(`${midnight.getUTCDate()} ${midnight.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })}`);
    // Every other label is a time of day.
    for (const label of read.filter((one) => !one.day)) expect(label.text).toMatch(/^\d\d:\d\d/);
  } finally {
    await context.close();
  }
});

test('while playing, the HUD counts the minutes the cursor passes; played to the present, the map is live again', async ({ page }) => {
  const app = new AppPage(page);
  const hud = new HudPage(page);
  const playback = new PlaybackPage(page);
  await app.openReady();
  const play = page.getByTestId('playback-play');
  // 6 h at 10 minutes a second: the cursor moves every 100 ms, and the counters follow it as it plays.
  await page.getByTestId('playback-speed').selectOption('10');
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await expect(hud.counter('fires-view')).toContainText(/Fires in view · 24 h to \d{1,2} [A-Z][a-z]{2} \d\d:\d\d UTC/);
  const labelMinute = async () => /to \d{1,2} [A-Z][a-z]{2} (\d\d:\d\d) UTC/.exec((await hud.counter('fires-view').textContent()) ?? '')?.[1];
  const first = await labelMinute();
  await expect.poll(labelMinute, { message: 'the counted minute moves on while playing' }).not.toBe(first);
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  await play.click();

  // The last hour at an hour a second: its last minute, then live.
  await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '1 h' }).click();
  await page.getByTestId('playback-speed').selectOption('60');
  // Every frame from here on, the fires counter's words whenever the bar is live: a playback minute's count beside
  // "Live" ("… 24 h to 15:38 UTC") is what it must never show.
  await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelector(selector: string): { textContent: string | null; getAttribute(name: string): string | null } | null } }).document;
    const frames = globalThis as unknown as { requestAnimationFrame(callback: () => void): number; liveLabels: string[] };
    frames.liveLabels = [];
    const sample = () => {
      if (doc.querySelector('[data-testid="playback"]')?.getAttribute('data-mode') === 'live') frames.liveLabels.push(doc.querySelector('[data-testid="hud-count-fires-view"]')?.textContent ?? '');
      frames.requestAnimationFrame(sample);
    };
    frames.requestAnimationFrame(sample);
  });
  await play.click();
  await expect(playback.root).toHaveAttribute('data-mode', 'live', { timeout: 10_000 });
  await expect(play).toHaveAttribute('aria-pressed', 'false');
  await expect(hud.liveState()).toHaveText('Live');
  await expect(hud.counter('fires-view')).toContainText('Fires in view · last 24 h');
  const liveLabels = await page.evaluate(() => (globalThis as unknown as { liveLabels: string[] }).liveLabels);
  expect(liveLabels.length).toBeGreaterThan(0);
  expect(liveLabels.filter((label) => / to (\d{1,2} [A-Z][a-z]{2} )?\d\d:\d\d UTC/i.test(label))).toEqual([]);
});

test('while playing, the HUD counts and the past cells on the map follow the cursor, even when each read takes longer than the cursor gives it', async ({ page }) => {
  // Its reads are slowed on purpose, the first ones (the map getting ready) too.
  test.setTimeout(90_000);
  // A server that takes 400 ms per count (a big store, a slow machine): longer than the 250 ms between the cursor's
  // counts. Each count used to be aborted by the next before it answered, so the counters stood still while playing.
  for (const path of ['**/api/fires/count**', '**/api/playback?**']) {
    await page.route(path, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue().catch(() => undefined);
    });
  }
  // The density cells of the hour before the cursor (GET /api/playback over 60 minutes) were asked for once the cursor
  // rested 150 ms, and aborted when it moved on: at 10 minutes a second, never drawn while playing.
  const cellHours: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/playback' || response.status() !== 200) return;
    const span = Date.parse(url.searchParams.get('to') ?? '') - Date.parse(url.searchParams.get('from') ?? '');
    if (span === 60 * 60_000) cellHours.push(url.searchParams.get('to') ?? '');
  });
  const app = new AppPage(page);
  const hud = new HudPage(page);
  await app.openReady();
  const play = page.getByTestId('playback-play');
  await page.getByTestId('playback-speed').selectOption('10');
  await play.click();
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  const labelMinute = async () => /to \d{1,2} [A-Z][a-z]{2} (\d\d:\d\d) UTC/.exec((await hud.counter('fires-view').textContent()) ?? '')?.[1];
  // Sampled for 4 s of playing (40 minutes of the timeline): the counted minute moves on, again and again.
  const seen = new Set<string>();
  for (let sample = 0; sample < 20; sample += 1) {
    const minute = await labelMinute();
    if (minute) seen.add(minute);
    await page.waitForTimeout(200);
  }
  await expect(play).toHaveAttribute('aria-pressed', 'true');
  expect(seen.size, `minutes counted while playing: ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(3);
  expect(new Set(cellHours).size, `cells read while playing, to: ${cellHours.join(', ')}`).toBeGreaterThanOrEqual(3);
  await play.click();
});

test("played fast, a fire count trailing the cursor is dimmed in the Layers tab as in the HUD, and says which window it is of", async ({ page }) => {
  // Counts that take 1.5 s (a big store, a slow machine) while the cursor moves an hour a second.
  await page.route('**/api/fires/count**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => undefined);
  });
  const hud = new HudPage(page);
  await new AppPage(page).openReady();
  await new MapPage(page).openLayersTab();
  const layerFires = page.getByTestId('layer-count-fires');
  await page.getByTestId('playback-speed').selectOption('60');
  const play = page.getByTestId('playback-play');
  await play.click();
  await expect(hud.counter('fires-view')).toHaveAttribute('data-behind', 'true');
  await expect(layerFires).toHaveAttribute('data-behind', 'true');
  await expect(layerFires).toHaveAttribute('title', /^Counted for 24 h to \d{1,2} [A-Z][a-z]{2} \d\d:\d\d UTC: still counting the cursor's minute$/);
  // Paused, the counts catch up with the cursor: neither is dimmed.
  await play.click();
  await expect(hud.counter('fires-view')).not.toHaveAttribute('data-behind', 'true', { timeout: 10_000 });
  await expect(layerFires).not.toHaveAttribute('data-behind', 'true');
});

test('back to live from a minute, the aircraft come back with their pairing line to an incident', async ({ page }) => {
  // Bolivia's lowlands, a place no other test uses.
  const INCIDENT = { irwinId: 'chiquitania-pair', name: 'CHIQUITANIA', acres: 900, longitude: -63.5, latitude: -17.5 };
  const PLANE = { icao24: 'c4a1f2', callsign: 'TANKER46', longitude: -63.6, latitude: -17.5, trackDeg: 90, firefighting: true };
  await placeIncident(INCIDENT);
  await placeAircraft(PLANE);
  await placePair(PLANE.icao24, 'incident', INCIDENT.irwinId, 10_600);
  // A chosen window, running on an hour past now: going live does not read the whole view again.
  const from = Date.now() - 6 * 3_600_000;
  const to = Date.now() + 3_600_000;
  const map = new MapPage(page);
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady({ view: [-63.55, -17.5, 10], filter: `w:custom:${from}:${to}` });
  // The pairing line's middle, well away from the aircraft and the incident at zoom 10.
  const midway = () => map.featuresNear('aircraft', -63.55, -17.5);
  await expect.poll(midway, { message: 'the pairing line is drawn' }).toBeGreaterThan(0);

  // A minute back the aircraft has no recorded position, so neither it nor its line is drawn.
  await page.getByTestId('playback-step-back').click();
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await expect.poll(midway, { message: 'no line at the minute' }).toBe(0);

  await playback.goLive();
  await expect(playback.root).toHaveAttribute('data-mode', 'live');
  await expect.poll(midway, { message: 'the pairing line is drawn again' }).toBeGreaterThan(0);
});

test('played over a view with nothing recorded, the bar says no fire or news is in the range and what still changes, beside why there are no aircraft yet, until Live', async ({ page }) => {
  // The Southern Ocean south of Pitcairn: nothing any test puts there.
  await new AppPage(page).openReady({ view: [-130, -52, 6] });
  const playback = new PlaybackPage(page);
  await expect(page.getByTestId('playback-total')).toHaveAttribute('data-value', '0');
  await expect(page.getByTestId('playback-empty-note')).toHaveCount(0);
  await page.getByTestId('playback-play').click();
  // Said once: the total says there is none, the note what that means as it plays.
  await expect(page.getByTestId('playback-total')).toHaveText('No fire detections or news in 24 h in view');
  await expect(page.getByTestId('playback-empty-note')).toHaveText('As it plays, only aircraft and incidents change on the map.');
  // Six hours back lies before this stack's first kept aircraft position: said beside it (it was left out, and the
  // note above promised aircraft the map then never showed).
  await expect(playback.root.getByTestId('playback-aircraft-note')).toHaveText(/^No aircraft (recorded yet|before .*): positions are kept from the first poll on\.$/);
  await playback.goLive();
  await expect(page.getByTestId('playback-empty-note')).toHaveCount(0);
});

test('+1 min from live stays live (nothing comes after now); from the last minute it goes live', async ({ page }) => {
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady();
  const forward = page.getByTestId('playback-step-forward');
  await expect(forward).toHaveAttribute('aria-disabled', 'true');
  // Forced: Playwright waits for a button marked disabled to be enabled; a person can still click it.
  await forward.click({ force: true });
  await page.keyboard.press('Shift+ArrowRight');
  await expect(playback.root).toHaveAttribute('data-mode', 'live');
  // A minute back, then forward again: live (the last minute is the one under way), the focus still on the button.
  // Should the clock's minute turn between the two, the last minute is a past one, shown, and one more step is live.
  await page.getByTestId('playback-step-back').click();
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await expect(forward).toHaveAttribute('aria-disabled', 'false');
  await forward.click();
  if ((await playback.root.getAttribute('data-mode')) === 'playback') await forward.click();
  await expect(playback.root).toHaveAttribute('data-mode', 'live');
  await expect(forward).toBeFocused();
  // Two back and two forward: the last minute on the way, then live.
  await page.getByTestId('playback-step-back').click();
  await page.getByTestId('playback-step-back').click();
  await forward.click();
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await forward.click();
  if ((await playback.root.getAttribute('data-mode')) === 'playback') await forward.click();
  await expect(playback.root).toHaveAttribute('data-mode', 'live');
});

test("the strip shows a minute's news story beside the fires, and says what a minute holds under the pointer", async ({ page }) => {
  // Lake Baikal, where no other test puts anything: a fire half an hour ago, a news story an hour and a half ago.
  const BAIKAL = { longitude: 108.2, latitude: 53.6 };
  await ingestFires([{ longitude: BAIKAL.longitude + 0.05, latitude: BAIKAL.latitude, minutesAgo: 30 }]);
  await placeEvent({ sourceType: 'news', title: 'Baikal story', longitude: BAIKAL.longitude - 0.05, latitude: BAIKAL.latitude, minutesAgo: 90 });
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady({ view: [BAIKAL.longitude, BAIKAL.latitude, 9] });
  await expect(playback.total()).toHaveText(/^1 fire detection and 1 news story in 24 h/);
  // Each on its own band: the story a bar of its own at the foot, not a sliver on a fire's.
  await expect(page.getByTestId('playback-bars-news')).toHaveAttribute('d', /^M[\d.]+,40\.00h/);
  await playback.hoverFirstBar('news');
  await expect(playback.hoverWords()).toHaveText(/^\d.*: 1 news story$/);
  await playback.hoverFirstBar('fire');
  await expect(playback.hoverWords()).toHaveText(/^\d.*: 1 fire detection$/);
  // The minute named is the one under the pointer: the fire's, as stored.
  const [fire] = await apiGet<Array<{ acqTime: string }>>(`/api/fires?bbox=108.2,53.5,108.3,53.7&since=6h`);
  await expect(playback.hoverWords()).toContainText(`${fire!.acqTime.slice(11, 16)} UTC:`);
  // A click there picks that minute: the slider's track spans the strip as the bars do (an input's padding put the
  // minute a click picked near the live end 12 minutes after the one the pointer was over).
  await page.mouse.down();
  await page.mouse.up();
  await expect(playback.minuteLabel()).toHaveAttribute('data-minute', `${fire!.acqTime.slice(0, 16)}:00.000Z`);
  await page.mouse.move(10, 10);
  await expect(playback.hoverWords()).toHaveCount(0);
});

test("played, the cursor's hour is bright and the window's older fires faded; live draws them all alike", async ({ page }) => {
  // The Taklamakan, where no other test puts anything: two fires of the same confidence and power, one detected two and
  // a half hours ago, one five hours ago; both in the 6 h window of now.
  const RECENT = { longitude: 83.45, latitude: 38.8 };
  const OLDER = { longitude: 83.55, latitude: 38.8 };
  await ingestFires([
    { ...RECENT, confidence: 'h', frp: 80, minutesAgo: 150 },
    { ...OLDER, confidence: 'h', frp: 80, minutesAgo: 300 },
  ]);
  const map = new MapPage(page);
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady({ view: [83.5, 38.8, 10], filter: 'w:6h' });
  await map.expectFireDrawnNear(RECENT.longitude, RECENT.latitude);
  await map.expectFireDrawnNear(OLDER.longitude, OLDER.latitude);
  await map.expectStill();
  const brightness = async (spot: { longitude: number; latitude: number }) => {
    const hex = await map.colourAt(spot.longitude, spot.latitude);
    return [1, 3, 5].reduce((sum, at) => sum + parseInt(hex.slice(at, at + 2), 16), 0);
  };
  const live = [await brightness(RECENT), await brightness(OLDER)];
  expect(Math.abs(live[0]! - live[1]!), `live: ${live.join(' vs ')}`).toBeLessThan(30);

  // Two hours ago (the 6 h range's minute 240): the first fire is of the hour before it, the other three hours older.
  await playback.cursor.fill('240');
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await map.expectFireDrawnNear(OLDER.longitude, OLDER.latitude);
  await expect.poll(async () => (await brightness(RECENT)) - (await brightness(OLDER)), { message: 'the older fire faded' }).toBeGreaterThan(150);
  await expect(page.getByTestId('map-legend').locator('[data-legend-layer="fires"]')).toContainText('In playback: faded, detected before that hour');
  await playback.goLive();
  await expect.poll(async () => Math.abs((await brightness(RECENT)) - (await brightness(OLDER)))).toBeLessThan(30);
});

test('the past cells are of fire detections alone, as their legend says: a cell holding only a news story is not drawn', async ({ page }) => {
  // The Kalahari, where no other test puts anything: a fire in one 1° cell and a news story in the next but one, both
  // twenty minutes ago.
  const FIRE_CELL = { longitude: 23.5, latitude: -22.5 };
  const STORY_CELL = { longitude: 21.5, latitude: -22.5 };
  await ingestFires([{ ...FIRE_CELL, minutesAgo: 20 }]);
  await placeEvent({ sourceType: 'news', title: 'Kalahari story', ...STORY_CELL, minutesAgo: 20 });
  const playback = new PlaybackPage(page);
  const map = new MapPage(page);
  // Both in the view (the timeline counts what the view holds), the map between the brief and the side panel.
  await new AppPage(page).openReady({ view: [22.5, -22.5, 6] });
  const cellAt = (spot: { longitude: number; latitude: number }) => map.playbackCellAt(spot);
  await page.getByTestId('playback-step-back').click();
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await expect.poll(() => cellAt(FIRE_CELL), { message: "the fire's cell" }).toBe(1);
  // The story is on the map and the timeline, but not a fire detection.
  await expect(playback.total()).toHaveText(/fire detections? and 1 news story/);
  expect(await cellAt(STORY_CELL)).toBeNull();
  await playback.goLive();
  await expect.poll(() => cellAt(FIRE_CELL)).toBeNull();
});

test('with the 7-day window the timeline spans the week: a fire three days back is on the strip and a press picks its bar; a link further back says it opened live', async ({ page }) => {
  // Kamchatka, where no other test puts anything: a fire three days and a half hour ago.
  const KAMCHATKA = { longitude: 158.6, latitude: 53.0 };
  await ingestFires([{ ...KAMCHATKA, minutesAgo: 3 * 24 * 60 + 30 }]);
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady({ view: [KAMCHATKA.longitude, KAMCHATKA.latitude, 9], filter: 'w:7d' });
  // The strip follows the window (it stayed on the last 24 h, which held nothing here).
  await expect(playback.total()).toHaveText(/^1 fire detection in 7 days in view/);
  await expect(playback.rangeButton(168)).toHaveAttribute('aria-pressed', 'true');
  await expect(playback.rangeButton(72)).toBeVisible();
  // A label a day, each naming its day.
  const axis = page.getByTestId('playback-axis');
  await expect.poll(() => axis.locator('span.playback-axis-day').count()).toBeGreaterThanOrEqual(6);
  await expect(axis.locator('span:not(.playback-axis-day)')).toHaveCount(0);
  // A bar of the week's strip holds 7 minutes, and the pointer says so; a press there picks a minute of that bar.
  await playback.hoverFirstBar('fire');
  await expect(playback.hoverWords()).toHaveText(/^7 min from .*: 1 fire detection$/);
  const [fire] = await apiGet<Array<{ acqTime: string }>>(`/api/fires?bbox=158.5,52.9,158.7,53.1&since=7d`);
  await page.mouse.down();
  await page.mouse.up();
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  const picked = Date.parse((await playback.minuteLabel().getAttribute('data-minute'))!);
  expect(Math.abs(picked - Date.parse(fire!.acqTime))).toBeLessThan(7 * 60_000);
  await expect(page.getByTestId('playback-link-note')).toHaveCount(0);

  // A link to a minute ten days back opens live, and says why, until a minute is picked.
  const tenDaysBack = new Date(Date.now() - 10 * 24 * 3_600_000).toISOString().slice(0, 16);
  await page.goto('about:blank');
  await new AppPage(page).openReady({ view: [KAMCHATKA.longitude, KAMCHATKA.latitude, 9], filter: 'w:7d', at: `${tenDaysBack}Z` });
  await expect(playback.root).toHaveAttribute('data-mode', 'live');
  await expect(page.getByTestId('playback-link-note')).toHaveText(/^The link's minute, .*, is further back than the timeline reaches \(7 days\): showing now\.$/);
  await playback.dragTo(0.5);
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await expect(page.getByTestId('playback-link-note')).toHaveCount(0);
});

test('a chosen window that has ended is played over its own hours: the strip ends with it, and a press picks a minute inside it', async ({ page }) => {
  // Lake Ladoga, where no other test puts anything: a fire 50 hours ago, inside a window from 72 to 48 hours ago.
  const LADOGA = { longitude: 31.5, latitude: 61.0 };
  await ingestFires([{ ...LADOGA, minutesAgo: 50 * 60 }]);
  const to = Math.floor((Date.now() - 48 * 3_600_000) / 60_000) * 60_000;
  const from = to - 24 * 3_600_000;
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady({ view: [LADOGA.longitude, LADOGA.latitude, 9], filter: `w:custom:${from}:${to}` });
  // The strip is the window's day, not the last one (which held nothing here), and its "live" is the window.
  await expect(playback.total()).toHaveText(/^1 fire detection in 24 h in view/);
  await expect(page.getByTestId('playback-live')).toHaveText('Window');
  await expect(playback.minuteLabel()).toHaveText('Showing the chosen window');
  await playback.hoverFirstBar('fire');
  await page.mouse.down();
  await page.mouse.up();
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  const picked = Date.parse((await playback.minuteLabel().getAttribute('data-minute'))!);
  expect(picked).toBeGreaterThanOrEqual(from);
  expect(picked).toBeLessThan(to);
  // ▶ plays from the window's start; back to the window, the strip still ends with it.
  await page.getByTestId('playback-play').click();
  await page.getByTestId('playback-play').click();
  const played = Date.parse((await playback.minuteLabel().getAttribute('data-minute'))!);
  expect(played).toBeGreaterThanOrEqual(from);
  expect(played).toBeLessThan(to);
  await playback.goLive();
  await expect(playback.minuteLabel()).toHaveText('Showing the chosen window');
  await expect(playback.total()).toHaveText(/^1 fire detection in 24 h in view/);
});

test('at a minute days back, aircraft are drawn with their pairing lines to the fire and the incident they were paired with then', async ({ page }) => {
  // The Pantanal, where no other test puts anything: a tanker beside a fire three days ago, paired then, and a scooper
  // beside an incident (the minute's lines are drawn without the incidents layer: the pair carries the incident's place).
  const then = new Date(Math.floor((Date.now() - 3 * 24 * 3_600_000) / 60_000) * 60_000);
  await placeAircraft({ icao24: 'c4a1f3', callsign: 'TANKER47', longitude: -57.1, latitude: -19.0, trackDeg: 90, firefighting: true });
  await placePositions('c4a1f3', [-57.1, -19.0], [new Date(then.getTime() - 60_000), then]);
  await placePair('c4a1f3', 'fire', `N20/${then.toISOString().slice(0, 16)}Z/-19,-57`, 10_600, then);
  await placeIncident({ irwinId: 'pantanal-incident-1', name: 'Nhecolândia', acres: 900, longitude: -56.7, latitude: -19.15 });
  await placeAircraft({ icao24: 'c4a1f4', callsign: 'SCOOP12', longitude: -56.9, latitude: -19.15, trackDeg: 90, firefighting: true });
  await placePositions('c4a1f4', [-56.9, -19.15], [new Date(then.getTime() - 60_000), then]);
  await placePair('c4a1f4', 'incident', 'pantanal-incident-1', 21_000, then);
  const map = new MapPage(page);
  const playback = new PlaybackPage(page);
  await new AppPage(page).openReady({ view: [-57.05, -19.0, 10], filter: 'w:7d', at: `${then.toISOString().slice(0, 16)}Z` });
  await expect(playback.root).toHaveAttribute('data-mode', 'playback');
  await expect(playback.minuteLabel()).toHaveAttribute('data-minute', then.toISOString());
  await expect(page.getByTestId('layer-count-aircraft')).toHaveAttribute('data-value', '2');
  // The pairing lines' middles, away from the aircraft, the fire and the incident at zoom 10 (the fire's was not drawn
  // when the minute was asked for the last day's pairs, the incident's while lines had only the incidents layer's places).
  await expect.poll(() => map.featuresNear('aircraft', -57.05, -19.0), { message: "the fire's pairing line is drawn" }).toBeGreaterThan(0);
  await expect.poll(() => map.featuresNear('aircraft', -56.8, -19.15), { message: "the incident's pairing line is drawn" }).toBeGreaterThan(0);
});
