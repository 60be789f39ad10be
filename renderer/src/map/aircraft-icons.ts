// Aircraft icons drawn on a canvas (no sprite sheet offline): a plan-view plane pointing north,
// rotated on the map by its track.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { iconImage } from './icon-image';
import { PALETTE } from './map-palette';
import { PLANE_OUTLINE } from './plane-outline';

const SIZE = 32;


function planeImage(fill: string, ratio: number): ImageData {
  return iconImage(SIZE, ratio, (context) => {
    context.beginPath();
    PLANE_OUTLINE.forEach(([x, y], index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
    context.closePath();
    context.fillStyle = fill;
    context.strokeStyle = '#0b1118';
    context.lineWidth = 1.2;
    context.fill();
    context.stroke();
  });
}

export function addAircraftIcons(map: MapLibreMap): void {
  const ratio = Math.max(1, Math.round(window.devicePixelRatio || 1));
  if (!map.hasImage('aircraft')) map.addImage('aircraft', planeImage(PALETTE.aircraft, ratio), { pixelRatio: ratio });
  if (!map.hasImage('aircraft-firefighting')) map.addImage('aircraft-firefighting', planeImage(PALETTE.aircraftFirefighting, ratio), { pixelRatio: ratio });
}
