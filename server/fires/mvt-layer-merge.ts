// Two Mapbox vector tiles of one layer each (the same name: PostGIS's ST_AsMVT over two parts of a window) made one
// tile of one layer, as if drawn at once. A feature's tags point into its layer's key and value tables (MVT 2.1,
// 4.2–4.4): the first layer's features and tables are copied as they are, the second's features follow with their
// tags renumbered, the keys the first lacks are added after its keys and the second's values after its values. A
// value both layers hold is then written twice (the spec's SHOULD NOT, which every decoder reads alike): finding it
// in the first layer's table would mean keeping an index of every value of every cached tile, several times the
// tile's bytes. Read and written with pbf (protobuf); geometry is never decoded. A layer read (readTileLayer) keeps
// views of its tile's bytes, nothing copied: joining costs the second layer's features and one copy of the first's.
import { PbfReader, PbfWriter } from 'pbf';

// Field numbers of vector_tile.proto (MVT 2.1).
const TILE_LAYERS = 3;
const LAYER = { version: 15, name: 1, features: 2, keys: 3, values: 4, extent: 5 } as const;
const FEATURE = { id: 1, tags: 2, type: 3, geometry: 4 } as const;
// The tag of a length-delimited field numbered under 16 is one byte as written.
const SHORT_TAG_BYTES = 1;

/** Fields of one kind as written (tag, length, message), in runs of neighbours: usually one run each. */
type FieldRuns = Uint8Array[];

export interface TileLayer {
  name: string;
  version: number;
  extent: number;
  keys: string[];
  valueCount: number;
  featureCount: number;
  runs: { features: FieldRuns; keys: FieldRuns; values: FieldRuns };
}

/** Where a layer's fields of one kind lie in the tile's bytes: [start, end) offsets, in runs of neighbours. */
type Spans = number[];

/** A layer as it is read: its spans kept as offsets, turned into views of the tile's bytes once it is read whole. */
interface LayerReading {
  layer: TileLayer;
  spans: { features: Spans; keys: Spans; values: Spans };
}

/** The tile's one layer (null for a tile with none: PostGIS answers empty bytes when no feature is drawn). */
export function readTileLayer(tile: Uint8Array): TileLayer | null {
  if (tile.length === 0) return null;
  const layers: TileLayer[] = [];
  new PbfReader(tile).readFields((tag, found: TileLayer[], pbf) => {
    if (tag !== TILE_LAYERS) return;
    const layer: TileLayer = { name: '', version: 2, extent: 4096, keys: [], valueCount: 0, featureCount: 0, runs: { features: [], keys: [], values: [] } };
    const reading = pbf.readMessage(readLayerField, { layer, spans: { features: [], keys: [], values: [] } });
    for (const kind of ['features', 'keys', 'values'] as const) layer.runs[kind] = viewsOf(pbf.buf, reading.spans[kind]);
    found.push(layer);
  }, layers);
  if (layers.length > 1) throw new Error(`a tile of ${layers.length} layers; one was expected`);
  return layers[0] ?? null;
}

function readLayerField(tag: number, { layer, spans }: LayerReading, pbf: PbfReader): void {
  if (tag === LAYER.name) layer.name = pbf.readString();
  else if (tag === LAYER.extent) layer.extent = pbf.readVarint();
  else if (tag === LAYER.version) layer.version = pbf.readVarint();
  else if (tag === LAYER.features) {
    layer.featureCount += 1;
    noteSpan(spans.features, pbf, () => skipBytes(pbf));
  } else if (tag === LAYER.keys) noteSpan(spans.keys, pbf, () => layer.keys.push(pbf.readString()));
  else if (tag === LAYER.values) {
    layer.valueCount += 1;
    noteSpan(spans.values, pbf, () => skipBytes(pbf));
  }
}

/** Steps over a length-delimited field's bytes without a view of them (a view each took most of a read). */
function skipBytes(pbf: PbfReader): void {
  // Read first: `pos += readVarint()` would add to the position from before the length was read.
  const length = pbf.readVarint();
  pbf.pos += length;
}

/** Reads a field (its tag already read) and notes where it lies, joined to the span it follows. */
function noteSpan(spans: Spans, pbf: PbfReader, read: () => unknown): void {
  const start = pbf.pos - SHORT_TAG_BYTES;
  read();
  if (spans.length > 0 && spans[spans.length - 1] === start) spans[spans.length - 1] = pbf.pos;
  else spans.push(start, pbf.pos);
}

/** The spans as views of the bytes (no copy). */
function viewsOf(bytes: Uint8Array, spans: Spans): FieldRuns {
  const views: FieldRuns = [];
  for (let index = 0; index < spans.length; index += 2) views.push(bytes.subarray(spans[index] as number, spans[index + 1] as number));
  return views;
}

/** Each feature message of the runs. */
function* featureMessages(runs: FieldRuns): Generator<Uint8Array> {
  for (const run of runs) {
    const reader = new PbfReader(run);
    while (reader.pos < reader.length) {
      const tag = reader.readVarint() >> 3;
      if (tag !== LAYER.features) throw new Error(`field ${tag} inside a run of features`);
      yield reader.readBytes();
    }
  }
}

/**
 * The layer with only its first `count` features (its keys and values as they are: those only the others used are
 * left unused, which decoders skip). ST_AsMVT writes rows in the order it is given them: a tile drawn with one part's
 * rows first holds that part's tile as its first features.
 */
export function firstFeatures(layer: TileLayer, count: number): TileLayer {
  if (count >= layer.featureCount) return layer;
  const features: FieldRuns = [];
  let left = count;
  for (const run of layer.runs.features) {
    if (left === 0) break;
    const reader = new PbfReader(run);
    while (left > 0 && reader.pos < reader.length) {
      reader.readVarint();
      skipBytes(reader);
      left -= 1;
    }
    features.push(run.subarray(0, reader.pos));
  }
  return { ...layer, featureCount: count, runs: { ...layer.runs, features } };
}

interface FeatureParts {
  id: number | null;
  tags: number[];
  type: number;
  geometry: Uint8Array | null;
}

function readFeatureField(tag: number, feature: FeatureParts, pbf: PbfReader): void {
  if (tag === FEATURE.id) feature.id = pbf.readVarint();
  else if (tag === FEATURE.tags) pbf.readPackedVarint(feature.tags);
  else if (tag === FEATURE.type) feature.type = pbf.readVarint();
  // A packed field is length-delimited: its bytes are written back as they are.
  else if (tag === FEATURE.geometry) feature.geometry = pbf.readBytes();
}

/** The second layer's feature with its tags pointing into the joined tables (its values follow the first's). */
function renumbered(bytes: Uint8Array, keyIndex: readonly number[], values: { offset: number; count: number }): Uint8Array {
  const feature = new PbfReader(bytes).readFields(readFeatureField, { id: null, tags: [], type: 0, geometry: null });
  const writer = new PbfWriter();
  if (feature.id !== null) writer.writeVarintField(FEATURE.id, feature.id);
  writer.writePackedVarint(
    FEATURE.tags,
    feature.tags.map((index, position) => {
      const joined = position % 2 === 0 ? keyIndex[index] : index < values.count ? values.offset + index : undefined;
      if (joined === undefined) throw new Error(`a feature's tag points past its layer's ${position % 2 === 0 ? 'keys' : 'values'}`);
      return joined;
    }),
  );
  if (feature.type !== 0) writer.writeVarintField(FEATURE.type, feature.type);
  if (feature.geometry) writer.writeBytesField(FEATURE.geometry, feature.geometry);
  return writer.finish();
}

/** One tile of one layer holding the features of both (a null layer: the other alone; both null: an empty tile). */
export function joinTileLayers(first: TileLayer | null, second: TileLayer | null): Buffer {
  if (!first && !second) return Buffer.alloc(0);
  const base = (first ?? second) as TileLayer;
  const added = first && second ? second : null;
  if (added && (added.name !== base.name || added.extent !== base.extent)) {
    throw new Error(`layers "${base.name}" (extent ${base.extent}) and "${added.name}" (extent ${added.extent}) cannot be joined`);
  }
  const head = new PbfWriter();
  head.writeVarintField(LAYER.version, base.version);
  head.writeStringField(LAYER.name, base.name);
  head.writeVarintField(LAYER.extent, base.extent);
  const parts: Uint8Array[] = [head.finish(), ...base.runs.features];
  if (added) {
    const known = new Map(base.keys.map((key, index) => [key, index]));
    const extraKeys: string[] = [];
    const keyIndex = added.keys.map((key) => {
      let index = known.get(key);
      if (index === undefined) {
        index = base.keys.length + extraKeys.push(key) - 1;
        known.set(key, index);
      }
      return index;
    });
    const values = { offset: base.valueCount, count: added.valueCount };
    const features = new PbfWriter();
    for (const feature of featureMessages(added.runs.features)) features.writeBytesField(LAYER.features, renumbered(feature, keyIndex, values));
    // Keys and values are numbered in the order they are written: the first layer's, then the added ones.
    const extraKeyFields = new PbfWriter();
    for (const key of extraKeys) extraKeyFields.writeStringField(LAYER.keys, key);
    parts.push(features.finish(), ...base.runs.keys, extraKeyFields.finish(), ...base.runs.values, ...added.runs.values);
  } else {
    parts.push(...base.runs.keys, ...base.runs.values);
  }
  const layer = Buffer.concat(parts);
  const tile = new PbfWriter(new Uint8Array(layer.length + 8));
  tile.writeBytesField(TILE_LAYERS, layer);
  const bytes = tile.finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
