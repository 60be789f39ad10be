// Which key presses are the page's single-key shortcuts (?, [, ], Space, L, M, /): keys without Ctrl, ⌘ or Alt, not
// typed into a field, and only while the analyst has them on. A speech input user's words, or a key slip, can set them
// off (WCAG 2.1.4): they can be switched off in the shortcuts list, remembered across reloads. Keys with Ctrl or ⌘
// (Ctrl+K), Escape, and the map's own keys while it has the focus stay.
const STORAGE_KEY = 'vantage.singleKeyShortcuts';

// Inputs that take no text: a key pressed on them (the playback slider after a drag, a ticked box) is a shortcut.
const TEXTLESS_INPUTS = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file', 'image']);

/** Keys typed into a field are text, not shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; isContentEditable?: boolean; type?: string } | null;
  if (!element?.tagName) return false;
  if (element.tagName === 'INPUT') return !TEXTLESS_INPUTS.has((element.type ?? 'text').toLowerCase());
  return element.isContentEditable === true || ['TEXTAREA', 'SELECT'].includes(element.tagName);
}

/** Whether Space already does something on this element (presses a button, ticks a box, opens a <details>). */
export function spaceActivates(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; type?: string } | null;
  if (element?.tagName === 'BUTTON' || element?.tagName === 'SUMMARY') return true;
  return element?.tagName === 'INPUT' && ['checkbox', 'radio', 'button', 'submit', 'reset'].includes((element.type ?? '').toLowerCase());
}

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

/** Whether this key press may act as a single-key shortcut (its key still to be told apart by the caller). */
export function singleKeyShortcut(event: KeyboardEvent): boolean {
  return !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target) && singleKeyShortcutsOn();
}
