// The map's container; the controller (and MapLibre with it) is loaded lazily in its own chunk.
import { useEffect, useRef } from 'react';
import type { MapController, MapControllerOptions } from '../map/map-controller';
import { loadMapModule } from '../map/map-module';

type Options = Omit<MapControllerOptions, 'container'>;

export function MapView({ options, onReady, onError }: { options: Options; onReady: (controller: MapController) => void; onError: (error: Error) => void }) {
  const container = useRef<HTMLDivElement>(null);
  // Created once: later option changes reach the controller through its methods, not a new map.
  const initial = useRef({ options, onReady, onError });

  useEffect(() => {
    let controller: MapController | null = null;
    let cancelled = false;
    const { options: first, onReady: ready, onError: failed } = initial.current;
    loadMapModule()
      .then(({ MapController }) => MapController.create({ ...first, container: container.current! }))
      .then((created) => {
        if (cancelled) return created.destroy();
        controller = created;
        ready(created);
      })
      .catch((error: Error) => !cancelled && failed(error));
    return () => {
      cancelled = true;
      controller?.destroy();
    };
  }, []);

  return <div ref={container} className="map" data-testid="map" />;
}
