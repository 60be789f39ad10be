// In the field with no network: a stack whose settings name an online map style that cannot be reached still opens,
// on the basemap shipped with the app; and started as `npm start` starts it (every source once at start), the feeds
// that cannot reach their hosts are told in one plain box, not as four walls of errors. (Its own stack: the shared
// one has no style set and its schedules are off.)
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/ui-test.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { readStackSettings } from '../../main/stack/stack-settings.js';
import { StackSupervisor } from '../../main/stack/stack-supervisor.js';
import { closedPort } from '../support/fake-llm.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';
import { HudPage } from './pages/hud-page.js';
import { SourcesPage } from './pages/sources-page.js';

test('with no network: the shipped basemap, and one plain box for the feeds that cannot reach their sources', async ({ page }) => {
  test.setTimeout(120_000);
  const parent = await mkdtemp(path.join(os.tmpdir(), 'vantage-ui-style-'));
  await chmod(parent, 0o711);
  // A closed port on loopback stands for every host that cannot be reached. (Not OFFLINE_STACK_ENV's port 9: fetch
  // refuses that port without trying it, as "bad port".)
  const UNREACHABLE = `127.0.0.1:${await closedPort()}`;
  const feeds = path.join(parent, 'feeds.json');
  await writeFile(feeds, JSON.stringify([{ name: 'World desk', url: `http://${UNREACHABLE}/world.xml`, category: 'world', region: 'world' }]));
  const supervisor = new StackSupervisor({
    settings: readStackSettings({
      ...OFFLINE_STACK_ENV,
      VANTAGE_DATA_DIR: path.join(parent, 'data'),
      LOG_LEVEL: 'warn',
      MAP_STYLE_URL: `https://${UNREACHABLE}/style.json`,
      NEWS_FEEDS_FILE: feeds,
      FIRE_API_URL: `http://${UNREACHABLE}`,
      WILDFIRE_INCIDENTS_URL: `http://${UNREACHABLE}`,
      ADSB_AGGREGATOR_URL: `http://${UNREACHABLE}`,
    }),
    logger: createStackLogger({ level: 'warn', quiet: true }),
    echoApiOutput: false,
    serverOverrides: { notificationsEnabled: false },
  });
  try {
    const { apiUrl, token } = await supervisor.start();
    const settings = await fetch(`${apiUrl}/api/ui-settings`, { headers: { authorization: `Bearer ${token}` } });
    expect(await settings.json()).toEqual({ mapStyleUrl: `https://${UNREACHABLE}/style.json` });
    await page.goto(`${apiUrl}/#token=${encodeURIComponent(token)}`);
    await expect(page.locator('html')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(page.getByText('Natural Earth')).toBeVisible();

    // Each source has run once and failed to connect: the box says so once, and each feed's reason is one line.
    const box = page.getByTestId('stale-pipelines');
    for (const name of ['fires', 'incidents', 'aircraft']) {
      await expect(box.locator(`[data-stale-pipeline="${name}"]`)).toHaveText(`${name}: could not reach ${UNREACHABLE}: connection refused`, { timeout: 60_000 });
    }
    // News has many feeds, each on its own host.
    await expect(box.locator('[data-stale-pipeline="news"]')).toHaveText('news: could not reach its sources: connection refused', { timeout: 60_000 });
    await expect(box).toHaveAttribute('data-out-of-reach', 'true');
    await expect(box.getByRole('heading')).toHaveText('Sources out of reach');
    await expect(box.getByTestId('out-of-reach-note')).toContainText(/could not reach their sources: this computer may be offline/);
    // The whole error is a hover away.
    await expect(box.locator('[data-stale-pipeline="fires"]')).toHaveAttribute('title', /^all \d+ files failed alike; the first: SUOMI_VIIRS_C2_Global_24h\.csv: request to http:\/\/127\.0\.0\.1:\d+\/.* failed: connection refused \(ECONNREFUSED\)/);
    await expect(new HudPage(page).pipelines().locator('summary')).toHaveText(/^Out of reach: /);
    // The app's own socket is open, but nothing new comes in: the badge does not say "Live".
    const badge = page.getByTestId('live-state');
    await expect(badge).toHaveAttribute('data-live-state', 'open');
    await expect(badge).toHaveText('No network');
    await expect(badge).toHaveAttribute('title', /this computer may be offline/);
    // Nothing received: the counters read "–", not a 0 that reads as "no fires here", and say why on hover.
    for (const [counter, feed] of [['hud-count-fires-view', 'fires'], ['hud-count-aircraft', 'aircraft']] as const) {
      await expect(page.getByTestId(counter).locator('.counter-value')).toHaveText('–');
      await expect(page.getByTestId(counter)).toHaveAttribute('data-value', '0');
      await expect(page.getByTestId(counter)).toHaveAttribute('title', new RegExp(`No data yet: could not reach ${UNREACHABLE}: connection refused\\.$`), { timeout: feed === 'fires' ? 5_000 : 15_000 });
    }
    // The brief's empty slots say the news is out of reach, not that a run is coming that would find none either. The
    // brief starts folded at this size: the box above showed without it.
    await new HudPage(page).openBrief();
    for (const slot of ['daily-recap', 'hourly-summary', 'analyst-summary']) {
      await expect(page.getByTestId(slot)).toContainText('the news feeds are out of reach, so there are no stories to summarise');
    }
    await expect(page.getByTestId('latest-news')).toContainText('No news yet: the news feeds are out of reach.');
    await page.getByRole('tab', { name: 'News' }).click();
    await expect(page.getByTestId('news-empty')).toContainText('the news feeds are out of reach (this computer may be offline)');
    await page.getByRole('tab', { name: 'Layers' }).click();
    for (const layer of ['fires', 'incidents', 'aircraft']) {
      await expect(page.getByTestId(`layer-count-${layer}`)).toHaveText('–');
      await expect(page.getByTestId(`layer-nodata-${layer}`)).toHaveText('No data received yet (Sources tab).');
    }
    // The Sources tab says the same, and not "check the settings".
    const sources = new SourcesPage(page);
    await sources.open();
    await expect(sources.state('fires')).toHaveText(`Out of reach: could not reach ${UNREACHABLE}: connection refused`);
    await expect(sources.todo('fires')).toContainText('This computer may be offline');
    // The map style's row says the online style did not load here, not "Working: an online map style".
    await expect(sources.state('map')).toHaveText('Not in use: the online map style did not load: its address could not be reached (no network, or a wrong address). The offline basemap is drawn instead.');
    await expect(sources.todo('map')).toContainText('Check the style address below, or use the default');
  } finally {
    await supervisor.stop();
    await rm(parent, { recursive: true, force: true });
  }
});
