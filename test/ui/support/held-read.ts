// The page's next read of an address, answered as the server had it when asked and handed to the page only when let
// go: what the page does with an answer that comes after what happened meanwhile (a live message, a save, a socket
// opening).
import type { Page } from '@playwright/test';

export interface HeldRead {
  /** Resolves once the page has asked (and the server answered, as things were then). */
  asked: Promise<void>;
  /** Hands the answer to the page. */
  release(): void;
}

/** Holds the first GET the page sends to an address `matches` takes; every other request goes on as usual. */
export async function holdNextRead(page: Page, matches: (url: URL) => boolean): Promise<HeldRead> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  let held = false;
  await page.route(matches, async (route) => {
    if (held || route.request().method() !== 'GET') return route.fallback();
    held = true;
    const response = await route.fetch();
    asked();
    await released;
    await route.fulfill({ response });
  });
  return { asked: wasAsked, release };
}

/** How many times the page has read a view (its `vantage:data-loaded` marks, one each time a view's layers are in). */
export function viewsRead(page: Page): Promise<number> {
  return page.evaluate(() => performance.getEntriesByName('vantage:data-loaded').length);
}
