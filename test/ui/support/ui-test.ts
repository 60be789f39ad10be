// The `test` of every UI spec: Playwright's, except that each test's page is a new tab in one browser
// context kept for the worker, instead of a new context per test. A tab starts with its own session
// storage, and what the app kept in local storage or cookies is cleared after each test, so no test
// sees another's state; what is shared is Chromium's HTTP cache and compiled-code cache, which spares
// every test after the first the download and compilation of the app (about 2.3 s of CPU a page, a
// third of the page's cost, measured as Chromium's CPU time from navigation to ready). A spec that
// sets context options of its own (`test.use({ bypassCSP })`) gets a context of its own as before.
// The worker's context also keeps one idle tab on the stack's origin (its /api/health) for the worker's life: with
// Chromium's --process-per-site (playwright.config.ts), each test's tab joins that tab's renderer process instead of
// starting one of its own, whose memory the machine gives afresh. On 2026-11-29, on a machine where each page of fresh
// memory cost ~12 µs (test/bench/machine-probe.ts), the UI suite took 834 s against 1,050 s in a run 40 minutes
// before (its tests 1,593 s against 2,041 s; every one of 119 passed both ways), and two of its files, taken in turns,
// 86 and 89 s against 96 and 104 s, with 2.0–2.1 million page faults against 2.4–2.5.
import { type BrowserContext, type Page, test as base } from '@playwright/test';
import { uiStack } from './stack-file.js';

const STORAGE_CLEARED = 'local_storage,indexeddb,cache_storage,service_workers,cookies';

/** Where a test's page may have left storage: the stack's origin, and the one the page was last on. */
function originsOf(page: Page): Set<string> {
  const origins = new Set([new URL(uiStack().apiUrl).origin]);
  if (/^https?:/.test(page.url())) origins.add(new URL(page.url()).origin);
  return origins;
}

/** Clears what pages left on these origins, through a page of the context that stays open. */
async function clearOrigins(context: BrowserContext, via: Page, origins: ReadonlySet<string>): Promise<void> {
  const session = await context.newCDPSession(via);
  try {
    for (const origin of origins) await session.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_CLEARED });
  } finally {
    await session.detach();
  }
}

/** The idle tab of each worker's context, which no test's teardown closes. */
const keepers = new WeakSet<Page>();

export const test = base.extend<object, { workerContext: BrowserContext }>({
  workerContext: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      const keeper = await context.newPage();
      await keeper.goto(`${uiStack().apiUrl}/api/health`);
      keepers.add(keeper);
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
  page: async ({ context, viewport, reducedMotion }, use) => {
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    // The worker's context is made without the test's options: its media are set on the page.
    if (reducedMotion) await page.emulateMedia({ reducedMotion });
    await use(page);
    // The test's pages are closed before their storage is cleared: one left open could write again after the clear
    // (the app remembers the view's address on a timer), and the next test then opened where a search had flown.
    const origins = originsOf(page);
    for (const open of context.pages()) if (!keepers.has(open)) await open.close();
    // A context of a spec's own is closed after its test; the worker's is cleared through its idle tab.
    const keeper = context.pages().find((open) => keepers.has(open));
    if (keeper) await clearOrigins(context, keeper, origins);
    await context.clearCookies();
  },
});

export { expect } from '@playwright/test';
