// The map code (and MapLibre) is one lazy import; starting it early lets it download and parse while
// the access check runs.
import type * as MapControllerModule from './map-controller';

let loading: Promise<typeof MapControllerModule> | null = null;

export function loadMapModule(): Promise<typeof MapControllerModule> {
  loading ??= import('./map-controller');
  return loading;
}
