// Which places and boundaries a tile shows at its zoom: the places drawn from that zoom on (place-min-zoom.ts:
// capitals always, the population threshold falling as the map zooms in), larger first and capped; states and
// provinces from zoom 3, their names from zoom 4; the land at 1:10m from zoom 6; large airports from zoom 7, the
// medium ones too from zoom 9.
import { invalidInput } from '../domain-errors.js';
import type { PlaceTileRepository, PlaceTileRules } from './place-tile-repository.js';

const MAX_PLACES_PER_TILE = 300;
/**
 * From this zoom the tiles carry the land at 1:10m: the basemap's 1:50m shapes are off by kilometres there (at zoom 10
 * over Los Angeles they drew Santa Monica Bay as land). Shared with the renderer's style (basemap-style.ts).
 */
export const LAND_DETAIL_MIN_ZOOM = 6;
/** Large airports from this zoom, all of them (medium ones too) from AIRPORTS_ALL_MIN_ZOOM. */
const AIRPORTS_LARGE_MIN_ZOOM = 7;
const AIRPORTS_ALL_MIN_ZOOM = 9;

export function placeTileRules(zoom: number): PlaceTileRules {
  return {
    zoom,
    maxPlaces: MAX_PLACES_PER_TILE,
    boundaryLevel: zoom >= 3 ? 1 : 0,
    labelLevel: zoom >= 4 ? 1 : zoom >= 2 ? 0 : -1,
    lowDetail: zoom < 5,
    land: zoom >= LAND_DETAIL_MIN_ZOOM,
    airports: zoom >= AIRPORTS_ALL_MIN_ZOOM ? 'all' : zoom >= AIRPORTS_LARGE_MIN_ZOOM ? 'large' : 'none',
  };
}

export class PlaceTileQueries {
  constructor(private readonly tiles: PlaceTileRepository) {}

  /** The Mapbox vector tile z/x/y: layers `places`, `boundaries`, `boundary_labels`, from zoom 6 `land`, from 7 `airports`. */
  async tile(zoom: number, x: number, y: number): Promise<Buffer> {
    const size = 2 ** zoom;
    if (x >= size || y >= size) throw invalidInput('bad_request', `tile ${zoom}/${x}/${y} does not exist`);
    return this.tiles.tile(zoom, x, y, placeTileRules(zoom));
  }
}
