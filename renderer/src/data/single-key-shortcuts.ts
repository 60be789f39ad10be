// Shortcuts of one character key (?, [, ], Space, L, M, /) work anywhere on the page but in a text field. A speech
// input user's words, or a key slip, can set them off (WCAG 2.1.4): they can be switched off in the shortcuts list,
// remembered across reloads. Keys with Ctrl or ⌘ (Ctrl+K), Escape, and the map's own keys while it has the focus stay.
const STORAGE_KEY = 'vantage.singleKeyShortcuts';

/** The choice of this page, for when storage refuses it (a private window): kept, though not across reloads. */
let chosen: boolean | null = null;

export function singleKeyShortcutsOn(): boolean {
  if (chosen !== null) return chosen;
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSingleKeyShortcuts(on: boolean): void {
  chosen = on;
  try {
    if (on) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, 'off');
  } catch {
    // Not remembered across reloads; this page keeps it.
  }
}
