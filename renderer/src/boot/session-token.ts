// The token survives a reload of the same tab and nothing more: sessionStorage lives and dies with the tab (a new tab,
// a restarted browser or another window starts without it). Pure of DOM types (`TabStorage`): unit-tested from Node.
const KEY = 'vantage.token';

/** The part of the browser's Storage used here. */
export interface TabStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function sessionStore(): TabStorage {
  return (globalThis as unknown as { sessionStorage: TabStorage }).sessionStorage;
}

export function rememberToken(token: string, storage: TabStorage = sessionStore()): void {
  try {
    storage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode quota): the token stays in memory only, as before.
  }
}

export function rememberedToken(storage: TabStorage = sessionStore()): string | null {
  try {
    const token = storage.getItem(KEY);
    return token && token.trim() ? token.trim() : null;
  } catch {
    return null;
  }
}

export function forgetToken(storage: TabStorage = sessionStore()): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
