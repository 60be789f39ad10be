import { describe, expect, it } from 'vitest';
import { forgetToken, rememberedToken, rememberToken } from '../../renderer/src/boot/session-token.js';
import { takeTokenFromFragment } from '../../renderer/src/boot/token-from-fragment.js';

/** A Storage as the browser's sessionStorage behaves (one per tab). */
function tabStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

function addressBar(hash: string) {
  const state = { pathname: '/', search: '', hash, replaced: null as string | null };
  const history = { state: null, replaceState: (_data: unknown, _unused: string, url: string) => (state.replaced = url) } as unknown as History;
  return { location: state as unknown as Location, history, state };
}

describe('the token in the address and in the tab', () => {
  it('leaves the address bar, keeping the view', () => {
    const bar = addressBar('#token=abc123&view=1,2,3');
    expect(takeTokenFromFragment(bar.location, bar.history)).toBe('abc123');
    expect(bar.state.replaced).toBe('/#view=1,2,3');
  });

  it('an address without a token is left alone', () => {
    const bar = addressBar('#view=1,2,3');
    expect(takeTokenFromFragment(bar.location, bar.history)).toBeNull();
    expect(bar.state.replaced).toBeNull();
  });

  it('is remembered by the tab until forgotten; another tab has none', () => {
    const tab = tabStorage();
    expect(rememberedToken(tab)).toBeNull();
    rememberToken('abc123', tab);
    expect(rememberedToken(tab)).toBe('abc123');
    expect(rememberedToken(tabStorage())).toBeNull();
    forgetToken(tab);
    expect(rememberedToken(tab)).toBeNull();
  });

  it('a storage that refuses leaves the token in memory only, without throwing', () => {
    const refusing = { ...tabStorage(), setItem: () => { throw new Error('QuotaExceededError'); }, getItem: () => { throw new Error('SecurityError'); } } as Storage;
    expect(() => rememberToken('abc', refusing)).not.toThrow();
    expect(rememberedToken(refusing)).toBeNull();
  });
});
