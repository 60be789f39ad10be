// The map's container; the controller (and MapLibre with it) is loaded lazily in its own chunk.
import { useEffect, useEffectEvent, useRef } from 'react';
import type { MapController, MapControllerOptions } from '../map/map-controller';
import { loadMapModule } from '../map/map-module';
import type { OpeningView } from '../data/use-time-zone-home';

type Handlers = 'onViewport' | 'onCameraClick' | 'onDrawChange' | 'onDrawFinished';
/** Where the map opens and how it reaches the API: read once, when it is made. */
export type MapSetup = Omit<MapControllerOptions, 'container' | Handlers>;
export type MapEvents = Pick<MapControllerOptions, Handlers> & { onReady: (controller: MapController) => void; onError: (error: Error) => void };

/** `opening`: where to open instead of `setup.initialView` when it answers a view (the map's making waits for it). */
export function MapView({ setup, events, opening = null }: { setup: MapSetup; events: MapEvents; opening?: Promise<OpeningView | null> | null }) {
  const container = useRef<HTMLDivElement>(null);
  // The map is made once; its events reach the handlers of the latest render.
  const onReady = useEffectEvent(events.onReady);
  const onError = useEffectEvent(events.onError);
  const onViewport = useEffectEvent(events.onViewport);
  const onCameraClick = useEffectEvent(events.onCameraClick);
  const onDrawChange = useEffectEvent(events.onDrawChange);
  const onDrawFinished = useEffectEvent(events.onDrawFinished);
  // Later setup changes do not make a new map (none happen: the workspace's setup is fixed).
  const create = useEffectEvent((element: HTMLElement) =>
    Promise.all([loadMapModule(), opening]).then(([{ MapController }, openAt]) =>
      MapController.create({
        ...setup,
        ...(openAt ? { initialView: openAt } : {}),
        container: element,
        onViewport: (view) => onViewport(view),
        onCameraClick: (camera) => onCameraClick(camera),
        onDrawChange: (points) => onDrawChange(points),
        onDrawFinished: (polygon) => onDrawFinished(polygon),
      }),
    ),
  );

  useEffect(() => {
    let controller: MapController | null = null;
    let cancelled = false;
    create(container.current!)
      .then((created) => {
        if (cancelled) return created.destroy();
        controller = created;
        onReady(created);
      })
      .catch((error: Error) => !cancelled && onError(error));
    return () => {
      cancelled = true;
      controller?.destroy();
    };
  }, []);

  return <div ref={container} className="map" data-testid="map" />;
}
