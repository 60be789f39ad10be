// The popup shown when a click lands on several objects: one button per object, in the order feature-picking gives.
import type { PickProps } from './feature-picking';
import { pickLabel } from './pick-label';

/** A popup body listing several objects; choosing one hands it to `onChoose`. */
export function pickListContent(objects: readonly PickProps[], onChoose: (props: PickProps) => void): HTMLElement {
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
    button.addEventListener('click', () => onChoose(props));
    item.append(button);
    list.append(item);
  }
  root.append(heading, list);
  return root;
}
