import { describe, expect, it } from 'vitest';
import { forgetToken, rememberedToken, rememberToken, type TabStorage } from '../../renderer/src/boot/session-token.js';
import { takeTokenFromFragment } from '../../renderer/src/boot/token-from-fragment.js';

/** A storage as the browser's sessionStorage behaves (one per tab). */
function tabStorage(): TabStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

function addressBar(hash: string) {
  const state = { replaced: null as string | null };
  const bar = {
    location: { pathname: '/', search: '', hash },
    history: { state: null, replaceState: (_data: unknown, _unused: string, url: string) => void (state.replaced = url) },
  };
  return { bar, state };
}

describe('the token in the address and in the tab', () => {
  it('leaves the address bar, keeping the view', () => {
    const { bar, state } = addressBar('#token=abc123&view=1,2,3');
    expect(takeTokenFromFragment(bar)).toBe('abc123');
    expect(state.replaced).toBe('/#view=1,2,3');
  });

  it('an address without a token is left alone', () => {
    const { bar, state } = addressBar('#view=1,2,3');
    expect(takeTokenFromFragment(bar)).toBeNull();
    expect(state.replaced).toBeNull();
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
    const refuse = (): never => {
      throw new Error('SecurityError');
    };
    const refusing: TabStorage = { getItem: refuse, setItem: refuse, removeItem: refuse };
    expect(() => rememberToken('abc', refusing)).not.toThrow();
    expect(rememberedToken(refusing)).toBeNull();
  });
});
