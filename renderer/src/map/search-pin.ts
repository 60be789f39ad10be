// The pin of a searched position: a head and a stem that end above the point, and a thin ring around the point itself.
// What is at the point (a fire of the coordinates typed) stays in sight inside the ring and takes the clicks there:
// MapLibre's pin laid its tip and shadow on the point, and a click on the fire took the pin away instead of opening it.
// A click on the head takes the pin away.
import './search-pin.css';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 28;
const HEIGHT = 46;
/** The point, measured up from the element's foot: the ring's centre. MapLibre's marker is anchored by its foot. */
export const PIN_POINT_FROM_FOOT = 8;
const RING_RADIUS = 6.5;

function svgElement(name: string, attributes: Record<string, string | number>): SVGElement {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

export function searchPinElement(label: string, onRemove: () => void): HTMLElement {
  const element = document.createElement('div');
  element.className = 'search-pin';
  element.dataset.testid = 'search-pin';
  element.setAttribute('aria-label', label);
  const svg = svgElement('svg', { width: WIDTH, height: HEIGHT, viewBox: `0 0 ${WIDTH} ${HEIGHT}`, 'aria-hidden': 'true' });
  const ringY = HEIGHT - PIN_POINT_FROM_FOOT;
  // The head (a circle of radius 11 at the top) narrows to a tip a ring's width above the point.
  const tipY = ringY - RING_RADIUS - 1;
  const head = svgElement('g', { class: 'search-pin-head' });
  const title = svgElement('title', {});
  title.textContent = `${label} (click to remove)`;
  const outline = svgElement('path', { d: `M14 ${tipY} C10 24 3 19 3 12 A11 11 0 1 1 25 12 C25 19 18 24 14 ${tipY} Z` });
  const hole = svgElement('circle', { class: 'search-pin-hole', cx: 14, cy: 12, r: 4 });
  head.append(title, outline, hole);
  const ring = svgElement('circle', { class: 'search-pin-ring', cx: 14, cy: ringY, r: RING_RADIUS });
  svg.append(ring, head);
  element.append(svg);
  head.addEventListener('click', (event) => {
    event.stopPropagation();
    onRemove();
  });
  return element;
}
