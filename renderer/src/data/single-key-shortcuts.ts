// Shortcuts of one character key (?, [, ], Space, L, M, /) work anywhere on the page but in a text field. A speech
// input user's words, or a key slip, can set them off (WCAG 2.1.4): they can be switched off in the shortcuts list,
// remembered across reloads. Keys with Ctrl or ⌘ (Ctrl+K), Escape, and the map's own keys while it has the focus stay.
const STORAGE_KEY = 'vantage.singleKeyShortcuts';

export function singleKeyShortcutsOn(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSingleKeyShortcuts(on: boolean): void {
  try {
    if (on) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, 'off');
  } catch {
    // Not remembered: storage is refused (a private window); the keys stay as they were.
  }
}
