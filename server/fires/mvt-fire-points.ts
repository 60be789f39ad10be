// Fire detections drawn as a one-layer Mapbox vector tile in JavaScript, as the fire tiles' SQL draws them with PostGIS
// (ST_AsMVTGeom of the point in Web Mercator, ST_AsMVT of satellite, confidence, frp, dayNight and acqTime): the layer
// "fires", extent 4096, version 2, every key listed, a null property left out of a feature's tags, text as string
// values, frp (real) as a float, acqTime (epoch seconds) as an unsigned integer. Joined to a kept tile
// (mvt-layer-merge.ts), it adds a detection this process has just stored without drawing the tile again.
//
// Which tiles hold a point is PostGIS's to say: a tile looks for its detections in its envelope grown by one unit of
// its extent (fire-repository.ts), so a point within a unit of an edge is in both neighbours; and its bbox test (&&)
// compares single-precision boxes, rounded outwards (about 1e-5°). A point within a unit and EDGE_MARGIN_DEGREES of
// an edge is answered as unsure; the caller then draws the tiles at that zoom as before.
import { PbfWriter } from 'pbf';

const EARTH_RADIUS_M = 6_378_137;
const HALF_WORLD_M = Math.PI * EARTH_RADIUS_M;
/** The latitude where Web Mercator's square world ends (ST_TileEnvelope's bounds). */
const MAX_LATITUDE = (Math.atan(Math.sinh(Math.PI)) * 180) / Math.PI;
/** The slack of PostGIS's && at a tile's edge, beside the unit a tile's box is grown by (about 11 m). */
const EDGE_MARGIN_DEGREES = 1e-4;
const TILE_EXTENT = 4096;
const LAYER_NAME = 'fires';
const KEYS = ['satellite', 'confidence', 'frp', 'dayNight', 'acqTime'] as const;

// Field numbers of vector_tile.proto (MVT 2.1).
const TILE_LAYERS = 3;
const LAYER = { version: 15, name: 1, features: 2, keys: 3, values: 4, extent: 5 } as const;
const FEATURE = { tags: 2, type: 3, geometry: 4 } as const;
const VALUE = { string: 1, float: 2, uint: 5, sint: 6 } as const;
const POINT_TYPE = 1;
const MOVE_TO_ONE = (1 << 3) | 1;

/** A detection as a tile draws it (a StoredFire has these fields). */
export interface FirePoint {
  latitude: number;
  longitude: number;
  /** ISO 8601 UTC. */
  acqTime: string;
  satellite: string;
  confidence: string | null;
  frp: number | null;
  dayNight: string | null;
}

/** Where a point lies at a zoom: its tile and its position in that tile's extent. */
export interface TilePosition {
  x: number;
  y: number;
  px: number;
  py: number;
}

/** The rounding PostGIS's grid snap does (rint: a half goes to the even neighbour). */
function roundHalfEven(value: number): number {
  const rounded = Math.round(value);
  return rounded - value === 0.5 && rounded % 2 !== 0 ? rounded - 1 : rounded;
}

function mercatorY(latitude: number): number {
  return EARTH_RADIUS_M * Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360));
}

function latitudeOfMercatorY(y: number): number {
  return (Math.atan(Math.sinh(y / EARTH_RADIUS_M)) * 180) / Math.PI;
}

/** The tile of the point at `zoom` and its position in it; null when it lies too near an edge to tell (or off the map). */
export function tilePosition(zoom: number, longitude: number, latitude: number): TilePosition | null {
  if (Math.abs(latitude) > MAX_LATITUDE - EDGE_MARGIN_DEGREES || Math.abs(longitude) > 180 - EDGE_MARGIN_DEGREES) return null;
  const tiles = 2 ** zoom;
  const size = (2 * HALF_WORLD_M) / tiles;
  const mx = (longitude * HALF_WORLD_M) / 180;
  const my = mercatorY(latitude);
  const x = Math.floor((mx + HALF_WORLD_M) / size);
  const y = Math.floor((HALF_WORLD_M - my) / size);
  if (x < 0 || y < 0 || x >= tiles || y >= tiles) return null;
  const west = -HALF_WORLD_M + x * size;
  const north = HALF_WORLD_M - y * size;
  const degreesWide = 360 / tiles;
  const westDegrees = -180 + x * degreesWide;
  // The growth of the box a tile's detections are looked for in (a unit of the extent, in degrees), and the slack of &&.
  const margin = degreesWide / TILE_EXTENT + EDGE_MARGIN_DEGREES;
  const nearEdge =
    longitude - westDegrees < margin ||
    westDegrees + degreesWide - longitude < margin ||
    latitudeOfMercatorY(north) - latitude < margin ||
    latitude - latitudeOfMercatorY(north - size) < margin;
  if (nearEdge) return null;
  return { x, y, px: roundHalfEven(((mx - west) / size) * TILE_EXTENT), py: roundHalfEven(((north - my) / size) * TILE_EXTENT) };
}

/** Epoch seconds of an ISO time, as PostgreSQL's extract(epoch …)::bigint rounds them (a half away from zero). */
export function epochSeconds(iso: string): number {
  const seconds = Date.parse(iso) / 1000;
  return Math.sign(seconds) * Math.round(Math.abs(seconds));
}

type Value = { field: number; value: string | number };

function writeValue(value: Value, pbf: PbfWriter): void {
  if (value.field === VALUE.string) pbf.writeStringField(VALUE.string, value.value as string);
  else if (value.field === VALUE.float) pbf.writeFloatField(VALUE.float, value.value as number);
  else if (value.field === VALUE.uint) pbf.writeVarintField(VALUE.uint, value.value as number);
  else pbf.writeSVarintField(VALUE.sint, value.value as number);
}

/** The properties of a detection as typed values, in KEYS order (null: left out). */
function propertiesOf(fire: FirePoint): (Value | null)[] {
  const text = (value: string | null): Value | null => (value === null ? null : { field: VALUE.string, value });
  const seconds = epochSeconds(fire.acqTime);
  return [
    text(fire.satellite),
    text(fire.confidence),
    fire.frp === null ? null : { field: VALUE.float, value: Math.fround(fire.frp) },
    text(fire.dayNight),
    { field: seconds >= 0 ? VALUE.uint : VALUE.sint, value: seconds },
  ];
}

/** The tile of these points (each with its position in the tile, from tilePosition), as ST_AsMVT writes it. */
export function fireTileOfPoints(points: readonly { fire: FirePoint; px: number; py: number }[]): Buffer {
  if (points.length === 0) return Buffer.alloc(0);
  const values: Value[] = [];
  const valueIndex = new Map<string, number>();
  const layer = new PbfWriter();
  layer.writeStringField(LAYER.name, LAYER_NAME);
  for (const { fire, px, py } of points) {
    const tags: number[] = [];
    propertiesOf(fire).forEach((value, key) => {
      if (value === null) return;
      const id = `${value.field}:${value.value}`;
      let index = valueIndex.get(id);
      if (index === undefined) {
        index = values.push(value) - 1;
        valueIndex.set(id, index);
      }
      tags.push(key, index);
    });
    const feature = new PbfWriter();
    feature.writePackedVarint(FEATURE.tags, tags);
    feature.writeVarintField(FEATURE.type, POINT_TYPE);
    feature.writePackedVarint(FEATURE.geometry, [MOVE_TO_ONE, zigzag(px), zigzag(py)]);
    layer.writeBytesField(LAYER.features, feature.finish());
  }
  for (const key of KEYS) layer.writeStringField(LAYER.keys, key);
  for (const value of values) layer.writeMessage(LAYER.values, writeValue, value);
  layer.writeVarintField(LAYER.extent, TILE_EXTENT);
  layer.writeVarintField(LAYER.version, 2);
  const tile = new PbfWriter();
  tile.writeBytesField(TILE_LAYERS, layer.finish());
  const bytes = tile.finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function zigzag(value: number): number {
  return (value << 1) ^ (value >> 31);
}
