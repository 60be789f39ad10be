// The Sources tab's cameras row edits the camera directories: a refused address shows the API's words and saves
// nothing; a good list is saved (and read back by the API); a crawl none of whose directories can be read points at the
// row's reason; "Clear saved list" returns to CAMERA_SOURCES (none in the UI stack).
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { uiStack } from './support/stack-file.js';

async function savedSources(): Promise<{ sources: string[]; origin: string }> {
  const { apiUrl, token } = uiStack();
  const response = await fetch(`${apiUrl}/api/cameras/sources`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as { sources: string[]; origin: string };
}

test('camera directories: refused with the reason, saved, a failed crawl in words, then back to the setting', async ({ page }) => {
  const app = new AppPage(page);
  await app.openReady();
  // The editor lives in the Sources tab, under the cameras row's settings.
  await page.getByRole('tab', { name: 'Sources' }).click();
  await page.getByTestId('source-expand-cameras').click();
  const editor = page.getByTestId('camera-sources');
  // No setting's name before the analyst has one: what to do.
  await expect(page.getByTestId('camera-sources-origin')).toHaveText('None yet: paste the addresses of public camera lists, one a line, then Save.');

  await page.getByTestId('camera-sources-input').fill('http://admin:secret@127.0.0.1:9/list.txt');
  await page.getByTestId('camera-sources-save').click();
  await expect(page.getByTestId('camera-sources-error')).toContainText('must not carry credentials');
  expect((await savedSources()).origin).toBe('settings');

  await page.getByTestId('camera-sources-input').fill('http://127.0.0.1:9/list.txt\n\nhttps://127.0.0.1:9/more.txt');
  await page.getByTestId('camera-sources-save').click();
  await expect(page.getByTestId('camera-sources-origin')).toHaveText('Saved in the app.');
  await expect(editor.getByTestId('camera-sources-error')).toHaveCount(0);
  expect(await savedSources()).toMatchObject({ origin: 'saved', sources: ['http://127.0.0.1:9/list.txt', 'https://127.0.0.1:9/more.txt'] });

  // Neither directory can be read (the address guard refuses loopback): the answer points at the row's one-line
  // reason, not the API's whole error with its URLs and codes.
  await page.getByTestId('camera-sources-crawl').click();
  await expect(page.getByTestId('camera-sources-error')).toHaveText('The crawl failed: the cameras row above says why.');
  await expect(page.getByTestId('source-row-cameras')).toContainText(/loopback/);

  await page.getByTestId('camera-sources-reset').click();
  await expect(page.getByTestId('camera-sources-notice')).toHaveText('Saved list cleared.');
  await expect(page.getByTestId('camera-sources-origin')).toHaveText('None yet: paste the addresses of public camera lists, one a line, then Save.');
  expect((await savedSources()).origin).toBe('settings');
});
