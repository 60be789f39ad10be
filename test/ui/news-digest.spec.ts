// Stories in the database, the summary jobs run offline (no model: the extractive digest): the HUD pins
// the daily recap and shows the hourly summary and the newest news; the News tab finds the story.
import pg from 'pg';
import { expect, test } from './support/ui-test.js';
import { uiDatabaseUrl } from './support/stack-file.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { runJob } from './support/api-helpers.js';
import { addNewsStories } from './support/news-fixture.js';

test('the HUD pins the daily recap and shows the hourly summary and the newest news; the News tab finds a story', async ({ page }) => {
  await addNewsStories([
    { title: 'Evacuations ordered as wildfire crosses ridge near Valparaíso', summary: 'Authorities moved 4,000 residents overnight.', category: 'disaster', sources: 7 },
    { title: 'Flood warnings extended along the lower Danube', summary: 'Water levels rose for a third day.', category: 'disaster', sources: 4 },
    { title: 'Grid operator restores power after heatwave outages', summary: 'Demand peaked at a record.', category: 'energy', sources: 2 },
  ]);
  await runJob('recap');
  await runJob('summaries');

  const app = new AppPage(page);
  const hud = new HudPage(page);
  await app.openReady();
  await hud.openBrief();
  await expect(hud.slot('daily-recap')).toHaveAttribute('data-empty', 'false');
  await expect(hud.slot('daily-recap')).toContainText('Evacuations ordered as wildfire crosses ridge near Valparaíso (7 sources)');
  // One story per line, as a list (it was one run-on paragraph).
  await expect(hud.slot('daily-recap').getByRole('listitem').filter({ hasText: 'Evacuations ordered as wildfire crosses ridge near Valparaíso (7 sources)' })).toHaveCount(1);
  // The count is isolated left to right: beside a right-to-left headline it stays "(7 sources)".
  await expect(hud.slot('daily-recap').getByRole('listitem').filter({ hasText: 'Valparaíso' }).locator('bdi[dir="ltr"]')).toHaveText('(7 sources)');
  await expect(hud.slot('hourly-summary').getByRole('listitem').filter({ hasText: 'Flood warnings extended along the lower Danube' })).toHaveCount(1);
  await expect(hud.slot('hourly-summary')).toContainText('Flood warnings extended along the lower Danube');
  // Fresh digests say no age beside their titles.
  await expect(hud.slot('hourly-summary').getByTestId('slot-age')).toHaveCount(0);
  await expect(hud.slot('daily-recap').getByTestId('slot-age')).toHaveCount(0);
  await expect(hud.slot('latest-news')).toContainText('Grid operator restores power');
  // Each story says how old it is (published 7 minutes before the test), so an old headline never reads as the latest.
  await expect(hud.slot('latest-news').getByRole('listitem').filter({ hasText: 'Grid operator restores power' }).locator('time')).toHaveText(/^\d+ min ago$/);
  const newsLink = hud.slot('latest-news').getByRole('link', { name: 'Grid operator restores power after heatwave outages' });
  await expect(newsLink).toHaveAttribute('href', /^https:\/\/news\.example\.org\//);
  await expect(newsLink).toHaveAttribute('target', '_blank');
  await expect(newsLink).toHaveAttribute('rel', 'noopener noreferrer');

  // The hour's digest five hours old (no new story since, so none was written): "Last hour" says how old it is. Put back
  // after (this spec alone writes hourly digests).
  const database = new pg.Client({ connectionString: uiDatabaseUrl() });
  await database.connect();
  try {
    const { rows } = await database.query<{ id: string; created_at: Date }>(`SELECT id::text, created_at FROM article_summaries WHERE kind = 'hourly' ORDER BY created_at DESC LIMIT 1`);
    const [newest] = rows;
    expect(newest).toBeDefined();
    await database.query(`UPDATE article_summaries SET created_at = now() - interval '5 hours' WHERE id = $1`, [newest!.id]);
    try {
      await page.reload();
      await app.waitForState('ready');
      await hud.openBrief();
      await expect(hud.slot('hourly-summary').getByTestId('slot-age')).toHaveText('· written 5 h ago');
      await expect(hud.slot('hourly-summary')).toContainText('Flood warnings extended along the lower Danube');
    } finally {
      await database.query(`UPDATE article_summaries SET created_at = $2 WHERE id = $1`, [newest!.id, newest!.created_at]);
    }
  } finally {
    await database.end();
  }

  await page.getByRole('tab', { name: 'News' }).click();
  const list = page.getByTestId('news-list');
  await page.getByRole('searchbox', { name: 'Search news' }).fill('Danube flood');
  await page.getByRole('button', { name: 'Search' }).click();
  // The list shown answers this search, not the unfiltered one before it.
  await expect(list).toHaveAttribute('data-query', 'Danube flood');
  await expect(list).toHaveAttribute('data-state', 'ok');
  await expect(list).toContainText('Flood warnings extended along the lower Danube');
  await expect(list).not.toContainText('Grid operator');
});

test("a long daily recap shows its first five stories in the brief and its date under them; \"Show 7 more\" the rest", async ({ page }) => {
  // The newest recap for this test (a minute ahead: newer than one another spec's job may write meanwhile), written in
  // the database as the recap job writes one, removed after.
  const body = ['Top stories of the last 24 hours:', ...Array.from({ length: 12 }, (_, index) => `- Long recap story ${index + 1} (3 sources)`)].join('\n');
  const database = new pg.Client({ connectionString: uiDatabaseUrl() });
  await database.connect();
  try {
    const { rows } = await database.query<{ id: string }>(
      `INSERT INTO article_summaries (kind, model, window_start, window_end, body, futures_included, created_at)
       VALUES ('daily_recap', 'extractive', now() - interval '24 hours', now(), $1, false, now() + interval '1 minute') RETURNING id::text`,
      [body],
    );
    try {
      const hud = new HudPage(page);
      await page.setViewportSize({ width: 1440, height: 900 });
      await new AppPage(page).openReady({ view: [20, 0, 3] });
      await hud.openBrief();
      const recap = hud.slot('daily-recap');
      await expect(recap).toContainText('Long recap story 1 (3 sources)');
      await expect(recap.getByRole('listitem')).toHaveCount(5);
      await expect(recap).not.toContainText('Long recap story 6 ');
      // Its date is right under the five (and "Show 7 more"), not twelve items down.
      const fifth = (await recap.getByRole('listitem').nth(4).boundingBox())!;
      const written = (await recap.locator('time').boundingBox())!;
      expect(written.y).toBeGreaterThan(fifth.y + fifth.height);
      expect(written.y - (fifth.y + fifth.height)).toBeLessThan(60);
      const more = recap.getByTestId('summary-more');
      await expect(more).toHaveText('Show 7 more');
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.click();
      await expect(recap.getByRole('listitem')).toHaveCount(12);
      await expect(more).toHaveText('Show fewer');
      await more.click();
      await expect(recap.getByRole('listitem')).toHaveCount(5);
    } finally {
      await database.query('DELETE FROM article_summaries WHERE id = $1', [rows[0]!.id]);
    }
  } finally {
    await database.end();
  }
});
