// The News tab answers with what the server has (nothing in a fresh stack) instead of failing.
import { expect, test } from '@playwright/test';
import { AppPage } from './pages/app-page.js';

test('News tab: search, category and summary kinds answer calmly on an empty stack', async ({ page }) => {
  const app = new AppPage(page);
  await app.openReady();
  await page.getByRole('tab', { name: 'News' }).click();
  const list = page.getByTestId('news-list');
  await expect(list).toHaveAttribute('data-state', /ok|unavailable/);
  await page.getByRole('searchbox', { name: 'Search news' }).fill('wildfire evacuation');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('disaster');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(list).toHaveAttribute('data-state', /ok|unavailable/);
  await expect(list).toContainText(/No news matches|not available/);
  await page.getByRole('button', { name: 'Hourly' }).click();
  await expect(page.getByTestId('news-summaries')).toHaveAttribute('data-state', /ok|unavailable/);
});
