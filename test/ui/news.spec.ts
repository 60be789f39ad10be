// The News tab: search, category and summary kinds answer; a search nothing matches says so.
import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app-page.js';

test('News tab: search, category and summary kinds answer; a search nothing matches says so', async ({ page }) => {
  const app = new AppPage(page);
  await app.openReady();
  await page.getByRole('tab', { name: 'News' }).click();
  const list = page.getByTestId('news-list');
  await expect(list).toHaveAttribute('data-state', 'ok');
  await page.getByRole('searchbox', { name: 'Search news' }).fill('volcanic ash aviation advisory');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('disaster');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(list).toHaveAttribute('data-state', 'ok');
  await expect(list).toContainText('No news matches');
  await page.getByRole('button', { name: 'Hourly' }).click();
  await expect(page.getByTestId('news-summaries')).toHaveAttribute('data-state', 'ok');
});
