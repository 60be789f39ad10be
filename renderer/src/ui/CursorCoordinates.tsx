// Where the pointer is on the map: lat, lon in decimal degrees and DMS, at the bottom centre of the map (between the
// scale bar and the zoom buttons, below the credits).
// Updated at most once an animation frame; hidden when the pointer leaves the map. When the map moves under a still
// pointer (a fly-to, the keyboard, a wheel zoom), the position is read again at the pointer's spot.
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
    // The pointer's spot on the map's canvas while it is over the map.
    let pointer: { x: number; y: number } | null = null;
    const show = (lngLat: { lng: number; lat: number }) => {
      latest = { lat: lngLat.lat, lon: lngLat.lng };
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        setPosition(latest);
      });
    };
    const onPointerMove = (event: { lngLat: { lng: number; lat: number }; point: { x: number; y: number } }) => {
      pointer = { x: event.point.x, y: event.point.y };
      show(event.lngLat);
    };
    const onMapMove = () => {
      if (pointer) show(map.unproject([pointer.x, pointer.y]));
    };
    const onOut = () => {
      window.cancelAnimationFrame(frame);
      frame = 0;
      pointer = null;
      setPosition(null);
    };
    map.on('mousemove', onPointerMove);
    map.on('move', onMapMove);
    map.on('mouseout', onOut);
    return () => {
      window.cancelAnimationFrame(frame);
      map.off('mousemove', onPointerMove);
      map.off('move', onMapMove);
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
