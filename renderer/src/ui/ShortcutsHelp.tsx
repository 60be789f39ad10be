// `?` lists the keyboard shortcuts; Escape or the button closes the list. Its Close has the focus while it is open.
import { useEffect, useRef, useState } from 'react';
import { setSingleKeyShortcuts, singleKeyShortcut, singleKeyShortcutsOn } from '../data/single-key-shortcuts';
import { useDialogFocus } from './use-dialog-focus';

const SHORTCUTS: ReadonlyArray<[keys: string, what: string]> = [
  ['Ctrl+K or /', 'Search places, airports, coordinates, aircraft, incidents, news'],
  ['[', 'Hide or show the brief (left)'],
  [']', 'Hide or show the panels (right)'],
  ['Space', 'Play or pause the playback (a button with the focus takes Space itself)'],
  ['Shift+← / Shift+→', 'Playback: one minute back / forward'],
  ['L', 'Back to live'],
  ['M', 'Measure a distance and bearing: click points on the map'],
  ['Esc', 'Close a popup, cancel a drawing, close this list'],
  ['← ↑ → ↓, + −', 'Pan and zoom the map (when it has the focus)'],
  ['Enter', 'On the map: click at the centre cross (pick what is there, place a corner or a measuring point)'],
  ['?', 'This list'],
];

export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const [singleKeys, setSingleKeys] = useState(singleKeyShortcutsOn);
  const button = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useDialogFocus(open, close, () => button.current);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && open) setOpen(false);
      else if (event.key === '?' && singleKeyShortcut(event)) setOpen((value) => !value);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button ref={button} type="button" className="shortcuts-button" data-testid="shortcuts-button" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={() => setOpen(true)}>
        ?
      </button>
      {open && (
        <div className="shortcuts-help" role="dialog" aria-modal="false" aria-label="Keyboard shortcuts" data-testid="shortcuts-help">
          <h2>Keyboard shortcuts</h2>
          <dl>
            {SHORTCUTS.map(([keys, what]) => (
              <div key={keys}>
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
          <label className="shortcuts-single-keys">
            <input
              type="checkbox"
              data-testid="single-key-shortcuts"
              checked={singleKeys}
              onChange={(event) => {
                setSingleKeyShortcuts(event.target.checked);
                setSingleKeys(event.target.checked);
              }}
            />
            Single-key shortcuts: ? [ ] Space L M / (switch them off if speech input or a slip of a key sets them off;
            Ctrl+K, Esc and the map&apos;s own keys stay)
          </label>
          <button ref={close} type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      )}
    </>
  );
}
