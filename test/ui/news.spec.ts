// The News tab: search, category and summary kinds answer; a search nothing matches says so; titles link out.
import { expect, test } from './support/ui-test.js';
import { AppPage } from './pages/app-page.js';
import { runJob } from './support/api-helpers.js';
import { addNewsStories } from './support/news-fixture.js';

test('News tab: search, category and summary kinds answer; a search nothing matches says so', async ({ page }) => {
  // Its own story: this test does not rely on another having filled the news tables.
  await addNewsStories([
    { title: 'Lahar warning lifted below Mount Kanlaon', summary: 'Residents may return.', category: 'disaster', sources: 3 },
    { title: 'Steam vents reported at Mount Tarawera', summary: 'No eruption expected.', category: 'disaster', sources: 1, undated: true },
    // Older than the lahar story, and a better match for "Kanlaon" (it says it three times).
    { title: 'Kanlaon ash: towns around Kanlaon sweep roofs as Kanlaon rumbles', summary: 'Schools closed for a day.', category: 'disaster', sources: 1 },
  ]);
  const app = new AppPage(page);
  await app.openReady();
  await page.getByRole('tab', { name: 'News' }).click();
  const list = page.getByTestId('news-list');
  // The search box is wide enough to read its placeholder whole (beside the category it was cut to "Search ne").
  const box = page.getByRole('searchbox', { name: 'Search news' });
  const fits = await box.evaluate((element) => {
    const input = element as unknown as { scrollWidth: number; clientWidth: number; value: string; placeholder: string };
    input.value = input.placeholder;
    const fitted = input.scrollWidth <= input.clientWidth && input.clientWidth > 200;
    input.value = '';
    return fitted;
  });
  expect(fits, 'the search box shows "Search news" whole').toBe(true);
  const searchFor = async (words: string, category: string) => {
    await page.getByRole('searchbox', { name: 'Search news' }).fill(words);
    await page.getByRole('combobox', { name: 'Category' }).selectOption(category);
    await page.getByRole('button', { name: 'Search' }).click();
    // The list shown answers this search (not the one before it).
    await expect(list).toHaveAttribute('data-query', words);
    await expect(list).toHaveAttribute('data-category', category);
    await expect(list).toHaveAttribute('data-state', 'ok');
  };

  // Each category says how many stories it holds: this test's two at least in "disaster"; "cyber", which no spec's
  // story carries, none (twelve of thirteen said "No news matches" once chosen, without a word before).
  const category = page.getByRole('combobox', { name: 'Category' });
  await expect(category.locator('option[value="disaster"]')).toHaveText(/^disaster \(\d+\)$/);
  expect(Number(/\((\d+)\)/.exec((await category.locator('option[value="disaster"]').textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(2);
  await expect(category.locator('option[value="cyber"]')).toHaveText('cyber (none)');
  // Apart, after those with stories, and not to be chosen.
  await expect(category.locator('optgroup[label="No stories from the feeds"] option[value="cyber"]')).toBeDisabled();
  await expect(category.locator('option[value="disaster"]')).toBeEnabled();
  // Half a word typed finds the story as the whole word does.
  await page.getByRole('searchbox', { name: 'Search news' }).fill('Kanla');
  await expect(list).toHaveAttribute('data-query', 'Kanla');
  await expect(list).toContainText('Lahar warning lifted below Mount Kanlaon');
  // The matches newest first; Best match puts the story that says it most on top.
  const order = page.getByTestId('news-order');
  await expect(order.getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('listitem').first()).toContainText('Lahar warning lifted below Mount Kanlaon');
  await order.getByRole('button', { name: 'Best match' }).click();
  await expect(list.getByRole('listitem').first()).toContainText('Kanlaon ash: towns around Kanlaon');
  await order.getByRole('button', { name: 'Newest first' }).click();
  await expect(list.getByRole('listitem').first()).toContainText('Lahar warning lifted below Mount Kanlaon');

  await searchFor('Kanlaon lahar', 'disaster');
  await expect(list).toContainText('Lahar warning lifted below Mount Kanlaon');
  const link = list.getByRole('link', { name: 'Lahar warning lifted below Mount Kanlaon' });
  await expect(link).toHaveAttribute('href', /^https:\/\/news\.example\.org\//);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  // Typing is enough: the list follows the box once typing pauses. A story no feed dated says when it was first seen.
  await page.getByRole('searchbox', { name: 'Search news' }).fill('Tarawera');
  await expect(list).toHaveAttribute('data-query', 'Tarawera');
  await expect(list.getByRole('listitem').filter({ hasText: 'Steam vents reported at Mount Tarawera' })).toContainText(/undated, first seen \d{1,2} [A-Z][a-z]{2,3} \d{4} \d\d:\d\d UTC/);

  await searchFor('volcanic ash aviation advisory', 'disaster');
  await expect(list).toContainText('No news matches');

  // Clearing the search shows the summaries again, and the focus goes back to the box.
  await page.getByRole('button', { name: 'Clear and show them' }).click();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');
  await page.getByRole('button', { name: 'Last hour' }).click();
  await expect(page.getByTestId('news-summaries')).toHaveAttribute('data-kind', 'hourly');
  await expect(page.getByTestId('news-summaries')).toHaveAttribute('data-state', 'ok');
});

test('a search of the news shows its answer under the box, not below a daily recap that fills the panel', async ({ page }) => {
  // A day of stories, and the recap of them: the recap fills the tab.
  await addNewsStories(
    Array.from({ length: 14 }, (_, index) => ({
      title: `Relief convoy ${index + 1} reaches the flooded districts of the lower Indus after a night on the road`,
      summary: 'Aid agencies said the road was open again after the water fell overnight, and more convoys would follow.',
      category: 'humanitarian',
      sources: 2 + (index % 3),
    })),
  );
  await runJob('recap');
  await new AppPage(page).openReady();
  await page.getByRole('tab', { name: 'News' }).click();
  await expect(page.getByTestId('news-summaries')).toContainText('Relief convoy');
  await page.getByRole('searchbox', { name: 'Search news' }).fill('hailstorm grounded crop-dusters');
  const list = page.getByTestId('news-list');
  await expect(list).toHaveAttribute('data-query', 'hailstorm grounded crop-dusters');
  await expect(page.getByTestId('news-empty')).toBeInViewport();
  await expect(page.getByTestId('news-summaries-folded')).toBeVisible();
  await expect(page.getByTestId('news-summaries')).toHaveCount(0);
});
