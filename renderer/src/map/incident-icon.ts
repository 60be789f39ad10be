// The incident marker drawn on a canvas (no sprite sheet offline): a diamond, the usual sign of a hazard, so incidents
// read apart from the round marks of fires, alerts and cameras. The map scales it by acres burned.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { iconImage } from './icon-image';
import { PALETTE } from './map-palette';

export const INCIDENT_ICON = 'incident';

const SIZE = 32;

/** The diamond's corners around its centre, half of it `half` pixels across (legend and snapshot draw the same shape). */
export function diamondCorners(half: number): Array<[number, number]> {
  return [
    [0, -half],
    [half, 0],
    [0, half],
    [-half, 0],
  ];
}

function incidentImage(ratio: number): ImageData {
  return iconImage(SIZE, ratio, (context) => {
    context.beginPath();
    diamondCorners(12).forEach(([x, y], index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
    context.closePath();
    context.fillStyle = `${PALETTE.incident}59`;
    context.strokeStyle = PALETTE.incident;
    context.lineWidth = 2.5;
    context.lineJoin = 'round';
    context.fill();
    context.stroke();
    // A solid centre: the incident's point, readable when the diamond is drawn small.
    context.beginPath();
    context.arc(0, 0, 3, 0, Math.PI * 2);
    context.fillStyle = PALETTE.incident;
    context.fill();
  });
}

export function addIncidentIcon(map: MapLibreMap): void {
  const ratio = Math.max(1, Math.round(window.devicePixelRatio || 1));
  if (!map.hasImage(INCIDENT_ICON)) map.addImage(INCIDENT_ICON, incidentImage(ratio), { pixelRatio: ratio });
}
