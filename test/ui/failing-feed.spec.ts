// A feed whose last run failed while its data is still fresh: the HUD's bar says so ("Last run failed: news") before
// the data goes stale, with the reason on hover, and stops once a run succeeds. The news feed is a loopback RSS feed
// written into the UI stack's feed list; it answers 503 for one run.
import { writeFile } from 'node:fs/promises';
import { expect, test } from './support/ui-test.js';
import { startFakeFeeds } from '../support/fake-feeds.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { SourcesPage } from './pages/sources-page.js';
import { uiFeedsFile, uiStack } from './support/stack-file.js';

/** Runs the news job: 200 when it succeeded, 502 when its source failed. */
async function runNews(expected: 200 | 502): Promise<void> {
  const { apiUrl, token } = uiStack();
  const response = await fetch(`${apiUrl}/api/jobs/news`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(expected);
}

test('a feed whose last run failed is said on the bar while its data is fresh, and no longer once a run succeeds', async ({ page }) => {
  test.setTimeout(90_000);
  const feeds = await startFakeFeeds();
  try {
    await writeFile(uiFeedsFile(), JSON.stringify([{ name: 'World wire', url: feeds.serve('rss2-world.xml'), category: 'world', region: 'world' }]));
    await runNews(200);
    feeds.failures.set('/feeds/rss2-world.xml', { status: 503, body: 'down for maintenance' });
    await runNews(502);

    const app = new AppPage(page);
    const hud = new HudPage(page);
    await app.openReady();
    const failing = page.getByTestId('pipelines-failing');
    await expect(failing).toContainText(/run failed: .*news/);
    await expect(failing).toHaveAttribute('title', /news: last run failed: .*503/);
    await hud.pipelines().locator('summary').click();
    const news = hud.pipelines().locator('[data-pipeline="news"]');
    await expect(news).toHaveAttribute('data-stale', 'false');
    await expect(news).toContainText(/fresh, .* ago; last run failed: .*503/);

    // Run now in the Sources tab, once the feed answers again: the bar follows at once, not at its next 30 s read.
    feeds.failures.delete('/feeds/rss2-world.xml');
    await page.keyboard.press('Escape');
    const sources = new SourcesPage(page);
    await sources.open();
    await sources.runNow('news').click();
    await expect(page.getByTestId('pipelines-failing').filter({ hasText: 'news' })).toHaveCount(0, { timeout: 4_000 });
    await expect(hud.pipelines().locator('[data-pipeline="news"]')).toContainText(/^newsfresh, [^;]*$/);

    // One feed of two failing while the other answers: the news is fresh, and its row in the list says so too.
    await writeFile(uiFeedsFile(), JSON.stringify([
      { name: 'World wire', url: feeds.serve('rss2-world.xml'), category: 'world', region: 'world' },
      { name: 'Gone wire', url: `${new URL(feeds.serve('rss2-world.xml')).origin}/feeds/gone.xml`, category: 'world', region: 'world' },
    ]));
    feeds.failures.set('/feeds/gone.xml', { status: 503, body: 'down for maintenance' });
    await runNews(200);
    await page.reload();
    await app.waitForState('ready');
    // The bar no longer says all is fresh. Its words for this case are not pinned here: the shared stack's other feeds,
    // never run (schedules off) or left stale by other specs, put "Starting: …" or "Stale: …" before them on the bar
    // (renderer-stale-feeds.test.ts pins "Feeds fresh · 1 news feed failing").
    await expect(hud.pipelines().locator('summary')).not.toHaveText('All feeds fresh');
    await hud.pipelines().locator('summary').click();
    await expect(hud.pipelines().locator('[data-pipeline="news"]').getByTestId('news-feeds-failing')).toHaveText(' · 1 of its feeds failing (Sources tab)');
    // Gone from the list, the failing feed is no longer read nor counted (an empty list is not read at all: it would stay).
    await writeFile(uiFeedsFile(), JSON.stringify([{ name: 'World wire', url: feeds.serve('rss2-world.xml'), category: 'world', region: 'world' }]));
    await runNews(200);
    await page.reload();
    await app.waitForState('ready');
    await hud.pipelines().locator('summary').click();
    await expect(hud.pipelines().locator('[data-pipeline="news"]')).toContainText(/^newsfresh, [^;·]*$/);
  } finally {
    await writeFile(uiFeedsFile(), '[]');
    await feeds.close();
  }
});
