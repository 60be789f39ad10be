// Keys tab round trip: a bad value shows the API's format error next to the field; a good one is
// stored, shown masked, the field cleared and the value never echoed; delete returns to "not set".
import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app-page.js';
import { KeysPage } from './pages/keys-page.js';

const GOOD_FIRMS_KEY = '0123456789abcdef0123456789abc9f7';

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
  await expect(keys.input('firms')).toHaveAttribute('aria-invalid', 'true');
  await expect(keys.status('firms')).toHaveText('Not set');

  await keys.save('firms', GOOD_FIRMS_KEY);
  await expect(keys.masked('firms')).toHaveText('****c9f7');
  await expect(keys.status('firms')).toContainText('Set');
  await expect(keys.input('firms')).toHaveValue('');
  await expect(keys.error('firms')).toHaveCount(0);
  // The full value appears nowhere on the page.
  expect(await page.content()).not.toContain(GOOD_FIRMS_KEY);

  // A reload of the tab reads the stored state back from the API.
  await page.getByRole('tab', { name: 'Layers' }).click();
  await keys.open();
  await expect(keys.masked('firms')).toHaveText('****c9f7');

  await keys.remove('firms');
  await expect(keys.status('firms')).toHaveText('Not set');
  await expect(keys.masked('firms')).toHaveText('—');
});
