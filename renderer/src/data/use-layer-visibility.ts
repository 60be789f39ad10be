// Which layers are shown: from the address at first (else all), toggled in the Layers tab and applied to the map
// (toggles pressed while the map was loading apply once it exists).
import { useEffect, useState } from 'react';
import { initialVisibility, type LayerKey, type LayerVisibility } from '../map/layer-catalog';
import type { MapSession } from './use-map-session';

export function useLayerVisibility(session: MapSession | null, initial: LayerVisibility | null): { visibility: LayerVisibility; toggle: (key: LayerKey) => void } {
  const [visibility, setVisibility] = useState<LayerVisibility>(() => initial ?? initialVisibility());

  useEffect(() => {
    session?.map.setVisibility(visibility);
  }, [session, visibility]);

  const toggle = (key: LayerKey) => setVisibility((current) => ({ ...current, [key]: !current[key] }));
  return { visibility, toggle };
}
