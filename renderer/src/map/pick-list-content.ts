// The popup shown when a click lands on several objects: one button per object, in the order feature-picking gives.
// From the keyboard the arrows (and Home, End) move between them, as in a menu. The popup of the one chosen leads back
// to the list.
import { indexByKey } from '../data/index-by-key';
import type { PickProps } from './feature-picking';
import { pickLabels, pickListHeading } from './pick-label';
import { fireListSummary } from './pick-list-summary';

/**
 * A popup body listing several objects; choosing one hands it to `onChoose`, saying whether it was chosen from the
 * keyboard (Enter or Space on the button: a click of no mouse press). `seen`: the one whose popup led back here,
 * marked so the eye finds its place again. Many fire detections are summed up above the list, with a button to zoom
 * in on them (`onZoomIn`), where they come apart.
 */
export function pickListContent(objects: readonly PickProps[], onChoose: (props: PickProps, fromKeyboard: boolean) => void, seen?: PickProps, onZoomIn?: () => void): HTMLElement {
  const root = document.createElement('div');
  root.className = 'popup pick-list';
  root.dataset.testid = 'pick-list';
  const heading = document.createElement('h3');
  heading.textContent = pickListHeading(objects);
  root.append(heading);
  const summary = fireListSummary(objects);
  if (summary) {
    const block = document.createElement('div');
    block.className = 'pick-summary';
    block.dataset.testid = 'pick-summary';
    for (const line of summary) {
      const paragraph = document.createElement('p');
      paragraph.textContent = line;
      block.append(paragraph);
    }
    if (onZoomIn) {
      const zoom = document.createElement('button');
      zoom.type = 'button';
      zoom.className = 'link-button';
      zoom.dataset.testid = 'pick-zoom-in';
      zoom.textContent = 'Zoom in on them';
      zoom.addEventListener('click', () => onZoomIn());
      block.append(zoom);
    }
    root.append(block);
  }
  const list = document.createElement('ul');
  const labels = pickLabels(objects);
  objects.forEach((props, index) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = labels[index] ?? '';
    button.dataset.kind = String(props.kind);
    if (props === seen) button.classList.add('pick-seen');
    button.addEventListener('click', (event) => onChoose(props, event.detail === 0));
    item.append(button);
    list.append(item);
  });
  list.addEventListener('keydown', (event) => {
    const buttons = Array.from(list.querySelectorAll('button'));
    const to = indexByKey(buttons.indexOf(event.target as HTMLButtonElement), buttons.length, event.key, 'column');
    if (to === null) return;
    event.preventDefault();
    buttons[to]?.focus();
  });
  root.append(list);
  return root;
}

/** The line atop the popup of an object chosen from a list, back to that list ("‹ All 4 fire detections here"). */
export function backToPickList(objects: readonly PickProps[], onBack: (fromKeyboard: boolean) => void): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'link-button pick-back';
  button.dataset.testid = 'pick-back';
  const here = pickListHeading(objects).replace(/:.*$/, '');
  button.textContent = `‹ All ${here}`;
  // Read out as words, not as a "‹" sign.
  button.setAttribute('aria-label', `Back to the list: ${here}`);
  button.addEventListener('click', (event) => onBack(event.detail === 0));
  return button;
}
