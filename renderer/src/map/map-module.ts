// The map code (and MapLibre) is one lazy import; starting it early lets it download and parse while
// the access check runs.
import type * as MapControllerModule from './map-controller';

let loading: Promise<typeof MapControllerModule> | null = null;

export function loadMapModule(): Promise<typeof MapControllerModule> {
  if (!loading) {
    loading = import('./map-controller');
    // The controller imports MapLibre and the opening basemap only when it makes the map: asked for here too,
    // they download and parse beside it instead of after it (the second import of a module is the first's).
    void import('maplibre-gl').catch(() => undefined);
    void import('world-atlas/countries-110m.json').catch(() => undefined);
  }
  return loading;
}
