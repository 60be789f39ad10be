// The map code (and MapLibre) is one lazy import; starting it early lets it download and parse while
// the access check runs.
import type * as MapControllerModule from './map-controller';

let loading: Promise<typeof MapControllerModule> | null = null;

export function loadMapModule(): Promise<typeof MapControllerModule> {
  if (!loading) {
    loading = import('./map-controller');
    // The controller imports MapLibre only when it makes the map: asked for here too, it downloads and parses
    // beside the controller instead of after it (the second import of a module is the first's).
    void import('maplibre-gl').catch(() => undefined);
  }
  return loading;
}
