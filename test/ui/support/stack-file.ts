// Where global setup leaves the running stack's address and token for the tests (and how they read it).
export interface UiStack {
  apiUrl: string;
  token: string;
}

export const STACK_ENV = { apiUrl: 'VANTAGE_UI_API_URL', token: 'VANTAGE_UI_TOKEN' } as const;

export function uiStack(): UiStack {
  const apiUrl = process.env[STACK_ENV.apiUrl];
  const token = process.env[STACK_ENV.token];
  if (!apiUrl || !token) throw new Error(`${STACK_ENV.apiUrl}/${STACK_ENV.token} are not set: run through test/ui/playwright.config.ts (its global setup starts the stack)`);
  return { apiUrl, token };
}
