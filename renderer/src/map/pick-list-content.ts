// The popup shown when a click lands on several objects: one button per object, in the order feature-picking gives.
// From the keyboard the arrows (and Home, End) move between them, as in a menu.
import type { PickProps } from './feature-picking';
import { pickLabel } from './pick-label';

/** The list's button a key moves to from `index` of `count` (round the ends); null for any other key. */
function buttonByKey(index: number, count: number, key: string): number | null {
  if (key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A popup body listing several objects; choosing one hands it to `onChoose`, saying whether it was chosen from the
 * keyboard (Enter or Space on the button: a click of no mouse press).
 */
export function pickListContent(objects: readonly PickProps[], onChoose: (props: PickProps, fromKeyboard: boolean) => void): HTMLElement {
  const root = document.createElement('div');
  root.className = 'popup pick-list';
  root.dataset.testid = 'pick-list';
  const heading = document.createElement('h3');
  heading.textContent = `${objects.length} objects here`;
  const list = document.createElement('ul');
  for (const props of objects) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = pickLabel(props);
    button.dataset.kind = String(props.kind);
    button.addEventListener('click', (event) => onChoose(props, event.detail === 0));
    item.append(button);
    list.append(item);
  }
  list.addEventListener('keydown', (event) => {
    const buttons = Array.from(list.querySelectorAll('button'));
    const to = buttonByKey(buttons.indexOf(event.target as HTMLButtonElement), buttons.length, event.key);
    if (to === null) return;
    event.preventDefault();
    buttons[to]?.focus();
  });
  root.append(heading, list);
  return root;
}
