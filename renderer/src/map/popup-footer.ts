// The last line of every popup: where the object is (decimal and DMS) and how old its latest time is.
import { formatDecimal, formatDms } from '../format/coordinates';
import { objectAgeSeconds } from '../format/object-age';
import { formatAge } from '../format/time-format';

type Props = Record<string, unknown>;

/** A footer for a popup's content: "38.58000, -121.49000 · 38°34′48″N 121°29′24″W · 12 min ago". */
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
  const age = objectAgeSeconds(props);
  if (age !== null) {
    const ago = document.createElement('span');
    ago.className = 'popup-age';
    ago.textContent = formatAge(age);
    footer.append(ago);
  }
  return footer;
}
