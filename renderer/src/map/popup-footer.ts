// The last line of every popup: where the object is (decimal and DMS) and how old its latest time is, and of what.
import { formatDecimal, formatDms } from '../format/coordinates';
import { objectAge } from '../format/object-age';
import { formatAge } from '../format/time-format';

type Props = Record<string, unknown>;

/** A footer for a popup's content: "38.58000, -121.49000 · 38°34′48″N 121°29′24″W · detected 12 min ago". */
export function popupFooter(props: Props, at: [number, number]): HTMLElement {
  const [lon, lat] = at;
  const footer = document.createElement('footer');
  footer.className = 'popup-footer';
  footer.dataset.testid = 'popup-footer';
  const decimal = document.createElement('span');
  decimal.className = 'popup-coordinates';
  decimal.textContent = formatDecimal(lat, lon);
  const dms = document.createElement('span');
  dms.className = 'popup-dms';
  dms.textContent = formatDms(lat, lon);
  footer.append(decimal, dms);
  const age = objectAge(props);
  if (age !== null) {
    const ago = document.createElement('span');
    ago.className = 'popup-age';
    ago.textContent = `${age.verb} ${formatAge(age.seconds)}`;
    footer.append(ago);
  }
  return footer;
}
