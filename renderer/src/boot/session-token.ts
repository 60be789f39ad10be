// The token survives a reload of the same tab and nothing more: sessionStorage lives and dies with the tab (a new tab,
// a restarted browser or another window starts without it).
const KEY = 'vantage.token';

export function rememberToken(token: string, storage: Storage = window.sessionStorage): void {
  try {
    storage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode quota): the token stays in memory only, as before.
  }
}

export function rememberedToken(storage: Storage = window.sessionStorage): string | null {
  try {
    const token = storage.getItem(KEY);
    return token && token.trim() ? token.trim() : null;
  } catch {
    return null;
  }
}

export function forgetToken(storage: Storage = window.sessionStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
