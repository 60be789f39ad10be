// Where the pointer is on the map: lat, lon in decimal degrees and DMS, at the bottom centre of the map (between the
// scale bar and the zoom buttons, below the credits).
// Updated at most once an animation frame; hidden when the pointer leaves the map.
import { useEffect, useState } from 'react';
import { formatDecimal, formatDms } from '../format/coordinates';
import type { MapController } from '../map/map-controller';

export function CursorCoordinates({ controller }: { controller: MapController | null }) {
  const [position, setPosition] = useState<{ lat: number; lon: number } | null>(null);
  useEffect(() => {
    if (!controller) return;
    const map = controller.map;
    let frame = 0;
    let latest: { lat: number; lon: number } | null = null;
    const onMove = (event: { lngLat: { lng: number; lat: number } }) => {
      latest = { lat: event.lngLat.lat, lon: event.lngLat.lng };
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        setPosition(latest);
      });
    };
    const onOut = () => {
      window.cancelAnimationFrame(frame);
      frame = 0;
      setPosition(null);
    };
    map.on('mousemove', onMove);
    map.on('mouseout', onOut);
    return () => {
      window.cancelAnimationFrame(frame);
      map.off('mousemove', onMove);
      map.off('mouseout', onOut);
    };
  }, [controller]);
  if (!position) return null;
  return (
    <div className="cursor-coordinates" data-testid="cursor-coordinates" aria-live="off">
      <span data-testid="cursor-decimal">{formatDecimal(position.lat, position.lon)}</span>
      <span className="muted">{formatDms(position.lat, position.lon)}</span>
    </div>
  );
}
