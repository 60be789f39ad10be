// Where global setup leaves the running stack's address and token for the tests (and how they read it).
export interface UiStack {
  apiUrl: string;
  token: string;
}

export const STACK_ENV = {
  apiUrl: 'VANTAGE_UI_API_URL',
  token: 'VANTAGE_UI_TOKEN',
  databaseUrl: 'VANTAGE_UI_DATABASE_URL',
  feedsFile: 'VANTAGE_UI_FEEDS_FILE',
} as const;

/** For test data no API can make (cameras come from crawling the outside world). */
export function uiDatabaseUrl(): string {
  const url = process.env[STACK_ENV.databaseUrl];
  if (!url) throw new Error(`${STACK_ENV.databaseUrl} is not set: run through test/ui/playwright.config.ts`);
  return url;
}

export function uiStack(): UiStack {
  const apiUrl = process.env[STACK_ENV.apiUrl];
  const token = process.env[STACK_ENV.token];
  if (!apiUrl || !token) throw new Error(`${STACK_ENV.apiUrl}/${STACK_ENV.token} are not set: run through test/ui/playwright.config.ts (its global setup starts the stack)`);
  return { apiUrl, token };
}

/** The UI stack's news feed list: empty, read at each news run; a test that writes feeds into it empties it again. */
export function uiFeedsFile(): string {
  const file = process.env[STACK_ENV.feedsFile];
  if (!file) throw new Error(`${STACK_ENV.feedsFile} is not set: run through test/ui/playwright.config.ts`);
  return file;
}
