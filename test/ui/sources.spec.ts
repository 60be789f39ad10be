// The Sources tab, the first-run place: each source's state in words, Run now answering in words, a setting saved
// (the visible map area as the fire area), refused with the reason, and back to its default; a value set in the
// environment shown as such; the Telegram test message saying what is missing, then the Bot API's answer.
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { MapPage } from './pages/map-page.js';
import { SourcesPage } from './pages/sources-page.js';
import { uiStack } from './support/stack-file.js';

const TELEGRAM_TOKEN = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQs';

async function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Response> {
  const { apiUrl, token } = uiStack();
  return fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function savedSetting(name: string): Promise<{ value: string | null; origin: string }> {
  const { sources } = (await (await api('GET', '/api/sources')).json()) as { sources: Array<{ settings: Array<{ name: string; value: string | null; origin: string }> }> };
  return sources.flatMap((source) => source.settings).find((setting) => setting.name === name)!;
}

// Other specs share the stack: start from no Telegram key and the settings' defaults, and leave it so.
async function resetState(): Promise<void> {
  await api('DELETE', '/api/keys?provider=telegram');
  expect((await api('PUT', '/api/sources/settings', { FIRE_BBOX: null, FIRE_DATASET: null, TELEGRAM_CHAT_ID: null })).status).toBe(200);
}

test.beforeEach(resetState);
test.afterEach(resetState);

test('Sources tab: states in words, run now, an environment-set value, a setting saved, refused and reset', async ({ page }) => {
  const app = new AppPage(page);
  const sources = new SourcesPage(page);
  await app.openReady();
  await sources.open();

  await expect(sources.intro()).toContainText('Works with no key');
  await expect(sources.intro().getByRole('link', { name: 'FIRMS map-key page' })).toHaveAttribute('href', 'https://firms.modaps.eosdis.nasa.gov/api/map_key/');
  await expect(sources.intro().getByRole('link', { name: 'BotFather' })).toBeVisible();
  for (const id of ['fires', 'incidents', 'aircraft', 'cameras', 'news', 'summaries', 'alerts', 'map']) {
    await expect(sources.row(id)).toBeVisible();
    await expect(sources.state(id)).not.toBeEmpty();
  }
  await expect(sources.row('alerts')).toHaveAttribute('data-state', 'not-set-up');
  await expect(sources.state('alerts')).toHaveText('Not set up: alerts show in the app only');
  await expect(sources.todo('alerts')).toContainText('Telegram bot token');
  await expect(sources.state('map')).toHaveText('Working: the offline basemap shipped with the app');
  // The summaries' row gives its newest digest, not its newest run (which may have had nothing to summarise).
  await expect(sources.row('summaries')).toContainText('Last digest written:');
  await expect(sources.row('news')).toContainText('Last success:');

  // Run now: the stack's incident feed is a closed loopback port, so the run fails and the row says why.
  await sources.runNow('incidents').click();
  await expect(sources.runResult('incidents')).toHaveAttribute('data-ok', 'false');
  // Its reason once, in the row's state (not the whole error again under it).
  await expect(sources.runResult('incidents')).toContainText('The run failed: the row above says why.');
  await expect(sources.runNow('incidents')).toHaveText('Run now');
  await expect(sources.row('incidents')).toHaveAttribute('data-state', 'failing');
  await expect(sources.state('incidents')).toHaveText(/^Failing: /);

  // The stack sets ADSB_AGGREGATOR_URL in the environment: shown as such, not editable here.
  await sources.expand('aircraft');
  await expect(sources.origin('ADSB_AGGREGATOR_URL')).toHaveText('Set by environment (ADSB_AGGREGATOR_URL) — change it there');
  await expect(sources.input('ADSB_AGGREGATOR_URL')).toBeDisabled();
  await expect(sources.input('ADSB_AGGREGATOR_URL')).toHaveValue('http://127.0.0.1:9');
  await expect(sources.input('ADSB_URL')).toBeEnabled();

  // The fire area from the visible map, saved, used from the next run.
  await sources.expand('fires');
  await expect(sources.origin('FIRE_BBOX')).toHaveText('Default: world');
  // FIRMS' products are offered in the dataset field, not only named in its help line.
  await expect(sources.input('FIRE_DATASET')).toHaveAttribute('list', 'source-setting-FIRE_DATASET-choices');
  await expect(page.locator('#source-setting-FIRE_DATASET-choices option')).toHaveCount(4);
  await expect(sources.input('FIRE_BBOX')).not.toHaveAttribute('list');
  await sources.useVisibleMapArea().click();
  await expect(sources.input('FIRE_BBOX')).toHaveValue(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/);
  const area = await sources.input('FIRE_BBOX').inputValue();
  await sources.save('fires').click();
  await expect(sources.saved('fires')).toHaveText('Saved — used from the next run');
  await expect(sources.origin('FIRE_BBOX')).toContainText('Saved');
  expect(await savedSetting('FIRE_BBOX')).toEqual(expect.objectContaining({ value: area, origin: 'saved' }));

  // A bad area is refused with the reason, in the field's name, and nothing changes.
  await sources.input('FIRE_BBOX').fill('10,10,5,5');
  await sources.save('fires').click();
  await expect(sources.error('fires')).toContainText('Fire area must have west < east');
  await expect(sources.error('fires')).not.toContainText('FIRE_BBOX');
  expect((await savedSetting('FIRE_BBOX')).value).toBe(area);

  await sources.resetToDefault('FIRE_BBOX').click();
  await expect(sources.origin('FIRE_BBOX')).toHaveText('Default: world');
  expect(await savedSetting('FIRE_BBOX')).toEqual(expect.objectContaining({ value: 'world', origin: 'default' }));
});

test('Sources tab: the Telegram test message says what is missing, then gives the Bot API answer', async ({ page }) => {
  const app = new AppPage(page);
  const sources = new SourcesPage(page);
  await app.openReady();
  await sources.open();

  await sources.sendTestMessage().click();
  await expect(sources.testMessageResult()).toHaveAttribute('data-ok', 'false');
  await expect(sources.testMessageResult()).toContainText('Cannot send: no Telegram bot token is set');
  await expect(sources.testMessageResult()).toContainText('no chat id is set');

  await sources.expand('alerts');
  await sources.input('TELEGRAM_CHAT_ID').fill('-1001234567890');
  await sources.save('alerts').click();
  await expect(sources.origin('TELEGRAM_CHAT_ID')).toContainText('Saved');
  expect((await api('POST', '/api/keys', { provider: 'telegram', value: TELEGRAM_TOKEN })).status).toBe(200);

  // The stack's Bot API is a closed loopback port: the answer says it could not be reached, never the token.
  await sources.sendTestMessage().click();
  await expect(sources.testMessageResult()).toHaveAttribute('data-ok', 'false');
  await expect(sources.testMessageResult()).not.toContainText('Cannot send');
  await expect(sources.testMessageResult()).toContainText('127.0.0.1:9');
  await expect(sources.row('alerts')).not.toHaveAttribute('data-state', 'not-set-up');
  expect(await page.content()).not.toContain(TELEGRAM_TOKEN);
});

test('the FIRMS area drawn on the map: its bounding box fills the area setting, and no geofence is started', async ({ page }) => {
  const app = new AppPage(page);
  const sources = new SourcesPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [23.5, 38.0, 7] });
  await sources.open();
  await sources.expand('fires');
  await page.getByTestId('source-fires-draw').click();
  await expect(page.getByTestId('area-drawing')).toBeVisible();
  for (const [lon, lat] of [
    [23.0, 37.6],
    [24.1, 37.7],
    [23.6, 38.45],
  ] as const) {
    const point = await map.pagePoint(lon, lat);
    await page.mouse.click(point.x, point.y);
  }
  await expect(page.getByTestId('area-drawing')).toHaveAttribute('data-points', '3');
  await page.getByTestId('area-finish').click();
  await expect(page.getByTestId('area-drawing')).toHaveCount(0);
  // The box is written into the field on the render after the drawing closes: waited for, not read at once.
  await expect(sources.input('FIRE_BBOX')).toHaveValue(/^-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+$/);
  const area = (await sources.input('FIRE_BBOX').inputValue()).split(',').map(Number);
  expect(area).toHaveLength(4);
  const [west, south, east, north] = area as [number, number, number, number];
  expect(west).toBeCloseTo(23.0, 1);
  expect(south).toBeCloseTo(37.6, 1);
  expect(east).toBeCloseTo(24.1, 1);
  expect(north).toBeCloseTo(38.45, 1);
  await page.getByTestId('source-save-fires').click();
  await expect(page.getByTestId('source-saved-fires')).toBeVisible();
  expect((await savedSetting('FIRE_BBOX')).origin).toBe('saved');
  // The shape was the area, not a geofence waiting for a name.
  await page.getByRole('tab', { name: 'Geofences' }).click();
  await expect(page.getByTestId('geofence-name')).toHaveCount(0);
  await expect(page.getByTestId('geofence-draw')).toBeEnabled();
});
