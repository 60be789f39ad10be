// The `test` of every UI spec: Playwright's, except that each test's page is a new tab in one browser
// context kept for the worker, instead of a new context per test. A tab starts with its own session
// storage, and what the app kept in local storage or cookies is cleared after each test, so no test
// sees another's state; what is shared is Chromium's HTTP cache and compiled-code cache, which spares
// every test after the first the download and compilation of the app (about 2.3 s of CPU a page, a
// third of the page's cost, measured as Chromium's CPU time from navigation to ready). A spec that
// sets context options of its own (`test.use({ bypassCSP })`) gets a context of its own as before.
import { type BrowserContext, type Page, test as base } from '@playwright/test';
import { uiStack } from './stack-file.js';

const STORAGE_CLEARED = 'local_storage,indexeddb,cache_storage,service_workers,cookies';

async function clearOrigins(context: BrowserContext, page: Page): Promise<void> {
  const origins = new Set([new URL(uiStack().apiUrl).origin]);
  if (/^https?:/.test(page.url())) origins.add(new URL(page.url()).origin);
  const session = await context.newCDPSession(page);
  try {
    for (const origin of origins) await session.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_CLEARED });
  } finally {
    await session.detach();
  }
}

export const test = base.extend<object, { workerContext: BrowserContext }>({
  workerContext: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ browser, workerContext, bypassCSP }, use) => {
    if (!bypassCSP) {
      await use(workerContext);
      return;
    }
    // Only a spec with context options of its own pays for a context of its own.
    const own = await browser.newContext({ bypassCSP });
    await use(own);
    await own.close();
  },
  page: async ({ context, viewport }, use) => {
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    await use(page);
    if (!page.isClosed()) await clearOrigins(context, page).catch(() => undefined);
    for (const open of context.pages()) await open.close();
    await context.clearCookies();
  },
});

export { expect } from '@playwright/test';
