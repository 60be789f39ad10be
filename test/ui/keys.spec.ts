// Keys tab round trip: a bad value shows the API's format error next to the field; a good one is
// stored, shown masked, the field cleared and the value never echoed; delete returns to "not set".
import path from 'node:path';
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { KeysPage } from './pages/keys-page.js';

const GOOD_FIRMS_KEY = '0123456789abcdef0123456789abc9f7';
const TELEGRAM_TOKEN = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQr';
const SHOTS = process.env.VANTAGE_UI_OUTPUT_DIR ?? path.resolve(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'vantage-ui-results');

test('Keys tab: format error, save with masking, delete', async ({ page }) => {
  const app = new AppPage(page);
  const keys = new KeysPage(page);
  await app.openReady();
  await keys.open();
  for (const provider of ['firms', 'llm', 'telegram']) await expect(keys.row(provider)).toBeVisible();
  await expect(keys.status('firms')).toHaveText('Not set');
  await expect(keys.input('firms')).toHaveAttribute('type', 'password');

  await keys.save('firms', 'not-a-map-key');
  await expect(keys.error('firms')).toContainText('32 hexadecimal characters');
  // A sentence of its own: it starts with a capital, though the API's message does not.
  await expect(keys.error('firms')).toHaveText(/^[A-Z]/);
  await expect(keys.input('firms')).toHaveAttribute('aria-invalid', 'true');
  await expect(keys.status('firms')).toHaveText('Not set');

  await keys.save('firms', GOOD_FIRMS_KEY);
  await expect(keys.masked('firms')).toHaveText('****c9f7');
  await expect(keys.status('firms')).toHaveText(/^Set/);
  await expect(keys.input('firms')).toHaveValue('');
  // Narrowed by Test and Delete, a set key's field asks in words short enough to read whole.
  await expect(keys.input('firms')).toHaveAttribute('placeholder', 'New key');
  await expect(keys.error('firms')).toHaveCount(0);
  // Tried with FIRMS at once, without a click on Test (the UI stack's FIRMS is a closed port).
  await expect(keys.testResult('firms')).toHaveAttribute('data-ok', 'false');
  await expect(keys.testResult('firms')).toContainText('could not reach the provider');
  // The row's state says so too, not a green "Set" beside the failure.
  await expect(keys.status('firms')).toHaveText('Set · test failed');
  await expect(keys.status('firms')).toHaveClass(/\bwarn\b/);
  // The full value appears nowhere on the page.
  expect(await page.content()).not.toContain(GOOD_FIRMS_KEY);

  // A reload of the tab reads the stored state back from the API, the failed test with it (it read a green "Set").
  await page.getByRole('tab', { name: 'Layers' }).click();
  await keys.open();
  await expect(keys.masked('firms')).toHaveText('****c9f7');
  await expect(keys.status('firms')).toHaveText('Set · test failed');
  await expect(keys.testResult('firms')).toContainText(/could not reach the provider.*\(tested \d+ \w+ /);

  // Delete asks first, saying what works without the key; Keep leaves it stored.
  await page.getByTestId('key-delete-firms').click();
  await expect(keys.row('firms').getByRole('group')).toContainText('It cannot be shown again. Fires still come from the keyless FIRMS global 24-hour files');
  await page.getByTestId('key-delete-firms-keep').click();
  await expect(keys.masked('firms')).toHaveText('****c9f7');

  await keys.remove('firms');
  await expect(keys.status('firms')).toHaveText('Not set');
  // Nothing is set: no stray dash where the masked value was.
  await expect(keys.masked('firms')).toHaveCount(0);
});

// What each key is for, where to get it and what works without it; Test answers in plain words (the
// stack's FIRE_API_URL is a closed loopback port); Telegram without TELEGRAM_CHAT_ID is a warning, not "Set".
test('Keys tab: purpose and help text, Test answer, Telegram warning; nothing overlaps at 1440×900 and 1280×720', async ({ page }) => {
  const app = new AppPage(page);
  const keys = new KeysPage(page);
  await app.openReady();
  await keys.open();
  await expect(keys.getFrom('firms')).toContainText('https://firms.modaps.eosdis.nasa.gov/api/map_key/');
  // Where to get one is a link (opened outside the app), every provider's address of the language-model key too.
  await expect(keys.getFrom('firms').getByRole('link')).toHaveAttribute('href', 'https://firms.modaps.eosdis.nasa.gov/api/map_key/');
  await expect(keys.getFrom('llm').getByRole('link')).toHaveCount(4);
  await expect(keys.purpose('firms')).not.toContainText('FIRE_INTERVAL');
  await expect(keys.withoutIt('firms')).toContainText('keyless');
  await expect(keys.withoutIt('llm')).toContainText('extractive');
  await expect(keys.getFrom('telegram')).toContainText('BotFather');
  for (const provider of ['firms', 'llm', 'telegram']) await expect(keys.purpose(provider)).not.toBeEmpty();
  await expect(keys.testButton('firms')).toHaveCount(0);

  await keys.save('firms', GOOD_FIRMS_KEY);
  await expect(keys.origin('firms')).toHaveText('stored');
  await keys.testButton('firms').click();
  await expect(keys.testResult('firms')).toHaveAttribute('data-ok', 'false');
  await expect(keys.testResult('firms')).toContainText('could not reach the provider');
  await expect(keys.testResult('firms')).not.toContainText(GOOD_FIRMS_KEY);

  await keys.save('telegram', TELEGRAM_TOKEN);
  await expect(keys.status('telegram')).toHaveText(/^Incomplete/);
  await expect(keys.warning('telegram')).toContainText('no chat id: set it in the Sources tab (Alerts delivery)');
  expect(await page.content()).not.toContain(TELEGRAM_TOKEN);

  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    await keys.row('firms').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `keys-tab-${width}x${height}-top.png`) });
    await keys.row('telegram').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `keys-tab-${width}x${height}.png`) });
    // No row's parts spill out of the panel sideways.
    for (const provider of ['firms', 'llm', 'telegram']) {
      const row = await keys.row(provider).boundingBox();
      const help = await keys.getFrom(provider).boundingBox();
      expect(row && help && help.x + help.width <= row.x + row.width + 1).toBe(true);
    }
  }

  await keys.remove('telegram');
  await keys.remove('firms');
  await expect(keys.status('telegram')).toHaveText('Not set');
  await expect(keys.warning('telegram')).toHaveCount(0);
  await expect(keys.status('firms')).toHaveText('Not set');
});
