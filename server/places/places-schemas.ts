// GET /api/search, GET /api/time-zone-place and the place tiles: the answers' shapes.
import { z } from 'zod';
import { binaryResponse } from '../http/response-schemas.js';

export const searchResultKind = z.enum(['place', 'country', 'region', 'airport', 'coordinates', 'aircraft', 'incident', 'news']);
export type SearchResultKind = z.infer<typeof searchResultKind>;

export const searchResult = z
  .object({
    kind: searchResultKind,
    /** What the result is called: the place's name, the formatted position, the callsign, the headline. */
    label: z.string(),
    /** Where or what else: "California, United States", "MGRS", "registration N123AB". */
    sublabel: z.string().nullable(),
    /** Null for a news story, which has no place of its own. */
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /**
     * west, south, east, north: fly to fit it when present. A country's or state's is its main body of land, and east
     * passes 180 where that body crosses the antimeridian (Russia: 27.4, 41.2, 190.3, 81.3).
     */
    bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
    /** Zoom to fly to when there is no bbox. */
    zoom: z.number().nullable(),
    /** The thing's own id: GeoNames id, airport ident (ICAO where it has one), ICAO hex, IRWIN id, story id. */
    id: z.string().nullable(),
    /** A news story's link. */
    link: z.string().nullable(),
    /**
     * A place of a name only like the text (a misspelling's guess: "KLAX" → Callao by its alternate "klaw"), not one
     * that starts with it: the search box does not fly to it on Enter unless chosen.
     */
    similar: z.boolean().optional(),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResult>;

export const searchAnswer = z
  .object({
    query: z.string(),
    results: z.array(searchResult),
    /** The gazetteer is still loading: place results may be missing. */
    gazetteer: z.enum(['pending', 'loading', 'ready', 'failed', 'off']),
  })
  .meta({ id: 'SearchAnswer' });
export type SearchAnswer = z.infer<typeof searchAnswer>;

export const timeZonePlaceAnswer = z
  .object({
    timeZone: z.string(),
    /** The zone's current name, to show: "Asia/Kolkata" for the "Asia/Calcutta" Chromium reports. */
    zoneName: z.string(),
    /** The place the zone is named after (or its country's capital); null when the zone names none, or the gazetteer is not in yet. */
    place: z
      .object({
        name: z.string(),
        countryCode: z.string(),
        countryName: z.string().nullable(),
        admin1Name: z.string().nullable(),
        latitude: z.number(),
        longitude: z.number(),
      })
      .nullable(),
    gazetteer: z.enum(['pending', 'loading', 'ready', 'failed', 'off']),
  })
  .meta({ id: 'TimeZonePlace' });
export type TimeZonePlaceAnswer = z.infer<typeof timeZonePlaceAnswer>;

/** A Mapbox vector tile with layers `places` (points), `boundaries` (polygons) and `boundary_labels` (points). */
export const placeTile = binaryResponse('Mapbox vector tile, layers `places`, `boundaries`, `boundary_labels`', ['application/vnd.mapbox-vector-tile']);

/** The health section `sources.places`: how far the first load of the gazetteer got. */
export interface GazetteerProgress {
  /** `off`: GAZETTEER_LOAD=off, nothing is loaded. */
  state: 'pending' | 'loading' | 'ready' | 'failed' | 'off';
  /** The basemap's land at 1:10m in the place tiles (from zoom 6), loaded after the places. */
  land: 'pending' | 'loading' | 'ready' | 'failed';
  /** Airports search can find (loaded after the places, before the land). */
  airports: number;
  /** Records of the places file read so far (all of them once ready). */
  loaded: number;
  total: number;
  places: number;
  boundaries: number;
  /** The data packages' versions (a change reloads). */
  version: string;
  /** How long this process's load took, once it is done. */
  loadMs?: number;
  error?: string;
  /** The credit GeoNames' licence asks for, shown on the map. */
  attribution: string;
}
