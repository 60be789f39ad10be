// Aircraft icons drawn on a canvas (no sprite sheet offline): a plan-view plane pointing north,
// rotated on the map by its track.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { PALETTE } from './map-palette';

const SIZE = 32;

function planeImage(fill: string, ratio: number): ImageData {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE * ratio;
  const context = canvas.getContext('2d')!;
  context.scale(ratio, ratio);
  context.translate(SIZE / 2, SIZE / 2);
  context.beginPath();
  // Nose, wings, tailplane: a silhouette readable at 20 px.
  const outline: Array<[number, number]> = [
    [0, -14], [2, -9], [2, -3], [13, 3], [13, 5], [2, 2], [2, 8], [6, 11], [6, 13], [0, 11],
    [-6, 13], [-6, 11], [-2, 8], [-2, 2], [-13, 5], [-13, 3], [-2, -3], [-2, -9],
  ];
  outline.forEach(([x, y], index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
  context.closePath();
  context.fillStyle = fill;
  context.strokeStyle = '#0b1118';
  context.lineWidth = 1.2;
  context.fill();
  context.stroke();
  return context.getImageData(0, 0, SIZE * ratio, SIZE * ratio);
}

export function addAircraftIcons(map: MapLibreMap): void {
  const ratio = Math.max(1, Math.round(window.devicePixelRatio || 1));
  if (!map.hasImage('aircraft')) map.addImage('aircraft', planeImage(PALETTE.aircraft, ratio), { pixelRatio: ratio });
  if (!map.hasImage('aircraft-firefighting')) map.addImage('aircraft-firefighting', planeImage(PALETTE.aircraftFirefighting, ratio), { pixelRatio: ratio });
}
