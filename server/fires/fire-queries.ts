// What GET /api/fires, GET /api/fires/count and the fire tiles read: detections of the last day unless a start
// is given, under the analyst's filter, the newest first; a tile only if it exists at its zoom, with at most
// maxTileFeatures detections. A tile of a window that lies wholly in closed hours is kept (FireTileCache) per
// filter and served again while its data holds. So is the tile of a window with no end (the map's "last 24 h"),
// while its data holds and its start has not passed its oldest detection. Drawn again, a window that reaches into
// the open hour is, at the zooms where it pays, its closed hours' tile (kept the same way) joined with a tile of its
// edges, the partial first hour and the open one: what changes is drawn again, what does not is read from memory.
// While the change feed listens, a kept tile whose hours no process stored in since is answered with no read at all,
// and a small store of this process's own is added, at its commit, to the kept tiles of the map's last 24 h that are
// drawn whole (noteStored): the next request of such a tile is answered from memory too.
import type { Readable } from 'node:stream';
import { invalidInput, notFound } from '../domain-errors.js';
import { type Bbox, SpanBack } from '../http/query-params.js';
import { FireChangeFeed } from './fire-change-feed.js';
import { type FireFilter, fireFilterKey } from './fire-filter.js';
import type { BumpedHours, EdgeTiles, FireRepository, FireSelection, KnownVersion, NearestFireRow, StoredFire, TileWindow } from './fire-repository.js';
import { type CachedTile, cachedLayer, type EncodedTile, encodedTile, FireTileCache } from './fire-tile-cache.js';
import { fireTileOfPoints, epochSeconds, tilePosition } from './mvt-fire-points.js';
import { firstFeatures, joinTileLayers, readTileLayer } from './mvt-layer-merge.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/**
 * Memory the kept tiles may take in one API process: of closed hours, and of windows with no end (up to zoom 6, a
 * joined tile's closed hours are kept both on their own and inside it).
 */
export const TILE_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * Deepest zoom whose open-window tiles are joined from the closed hours' cached tile and the edges. Deeper tiles
 * hold few detections: drawn whole (~0.4 ms over 5 million stored) they cost less than the edges' version read.
 */
export const JOINED_TILE_MAX_ZOOM = 6;
/** Deepest zoom whose kept tiles take a store of this process in at its commit (deeper ones are drawn again). */
export const ADDED_TILE_MAX_ZOOM = 16;
/** A store of more detections than this marks its hours changed and leaves its tiles to be drawn again. */
export const MAX_DETECTIONS_ADDED = 1_000;
/** The filter key of no filter: only unfiltered tiles take a store in. */
const UNFILTERED = fireFilterKey({});

/** A store of this process, committed: its new detections and the hours they bumped (FireService tells it). */
export interface CommittedStore extends BumpedHours {
  fires: readonly StoredFire[];
  /** What `committing` answered just before its commit. */
  tilesSetBefore: number;
}

export interface FireTileAnswer extends EncodedTile {
  /** The window lies wholly in closed hours: the tile changes only if late detections arrive. */
  closedHours: boolean;
}

/** A fire query as the routes parse it: the window and view, and the filter's fields beside them. */
export interface FireRequest extends FireFilter {
  bbox?: Bbox;
  since?: Date;
  until?: Date;
}

/** The filter's own fields of a request (the routes spread them into their query schemas). */
function filterOf(request: FireFilter): FireFilter {
  const { confidence, minFrp, satellites, geofence, dayNight } = request;
  return { confidence, minFrp, satellites, geofence, dayNight };
}

/**
 * The window (the last day unless a start is given), the view and the filter of a request, checked: since not
 * after until, and the geofence the filter names stored, its shape read here once. Geofences are never changed
 * and their ids never reused, so a cached tile of a fence stays right for as long as the fence exists. Export
 * reads fires through the same rules.
 */
export async function fireSelection(fires: FireRepository, request: FireRequest): Promise<FireSelection> {
  const { bbox, since, until } = request;
  if (since && until && since > until) throw invalidInput('bad_request', 'since must not be after until');
  const filter = filterOf(request);
  const fence = filter.geofence === undefined ? null : await fires.geofenceShape(filter.geofence);
  if (filter.geofence !== undefined && !fence) throw notFound(`geofence ${filter.geofence} does not exist`);
  return { bbox, since: since ?? new Date(Date.now() - DAY_MS), until, filter, fence };
}

export class FireQueries {
  private readonly tiles: FireTileCache;
  /**
   * The zooms (JOINED_TILE_MAX_ZOOM + 1 to ADDED_TILE_MAX_ZOOM) whose unfiltered tiles of the last 24 h were ever kept:
   * only those are looked through at a store (the map itself asks for tiles up to z6, so usually none).
   */
  private readonly keptDayZooms = new Set<number>();

  constructor(
    private readonly fires: FireRepository,
    private readonly maxTileFeatures: number,
    tileCacheBytes: number = TILE_CACHE_BYTES,
    /** Which hours changed, heard from every process; without it (not listening) every kept tile's version is read. */
    private readonly changes: FireChangeFeed = new FireChangeFeed(null),
  ) {
    this.tiles = new FireTileCache(tileCacheBytes);
  }

  /** The newest detections of the query as the JSON text of a FireList, written as PostgreSQL sends them. */
  async streamJson(request: FireRequest & { limit: number }): Promise<Readable> {
    return this.fires.streamJson({ ...(await fireSelection(this.fires, request)), limit: request.limit });
  }

  /** The exact number of detections the query holds (what the list would answer without its limit). */
  async count(request: FireRequest): Promise<number> {
    return this.fires.count(await fireSelection(this.fires, request));
  }

  /** The detection of the query nearest `near` (longitude, latitude), or null when the query holds none. */
  async nearest(near: [longitude: number, latitude: number], request: Omit<FireRequest, 'bbox'>): Promise<NearestFireRow | null> {
    return this.fires.nearest(near, await fireSelection(this.fires, request));
  }

  /** The Mapbox vector tile z/x/y of the detections in [since, until) (since: the last day by default) under the filter. */
  async tile(zoom: number, x: number, y: number, request: Omit<FireRequest, 'bbox'>): Promise<FireTileAnswer> {
    const size = 2 ** zoom;
    if (x >= size || y >= size) throw invalidInput('bad_request', `tile ${zoom}/${x}/${y} does not exist`);
    const { since, until, filter, fence } = await fireSelection(this.fires, request);
    const hourNow = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    // Only an explicit window that ends by the start of the current hour names the same data next time.
    if (request.since && until && until.getTime() <= hourNow) {
      return { ...(await this.closedHoursTile(zoom, x, y, { since, until, filter, fence })), closedHours: true };
    }
    if (!until) {
      // Kept under its span when the start moves with the clock (the default day, or `since=6h`), under its start when named.
      const moving = request.since === undefined ? 'day' : request.since instanceof SpanBack ? (`span${request.since.spanMs}` as const) : null;
      return { ...(await this.openWindowTile(zoom, x, y, { since, filter, fence }, moving)), closedHours: false };
    }
    // A window with an end: joined when it runs on into the open hour (an end after its start); one with an end before
    // it and no start of its own (the default day) is drawn whole.
    if (until.getTime() >= hourNow) {
      const joined = await this.joinedTile(zoom, x, y, { since, until, filter, fence }, hourNow);
      if (joined) return { ...encodedTile(joined.tile), closedHours: false };
    }
    const body = await this.fires.tile(zoom, x, y, { since, until, filter, fence }, this.maxTileFeatures);
    return { ...encodedTile(body), closedHours: false };
  }

  /**
   * The tile of a window with no end (the map's "last 24 h"), kept: from memory while no detection was stored in its
   * hours since it was drawn and none it holds has fallen out at the start, which moves with the clock when the
   * request names none. While the change feed listens, a kept tile is answered with no read when none of its hours
   * changed; one whose hours did is checked by the statement that would draw it again (a process hears its own
   * stores twice: at its commit and from the feed): drawn whole (deeper than JOINED_TILE_MAX_ZOOM), that statement
   * draws only if the version moved; joined, its edges are drawn and the kept tile's version read beside them.
   * Without the feed, one version read answers the map's periodic re-reads of tiles where nothing changed.
   */
  private async openWindowTile(zoom: number, x: number, y: number, window: TileWindow, moving: 'day' | `span${number}` | null): Promise<EncodedTile> {
    const start = window.since.getTime();
    // A key with the start to the millisecond for a moving start was a key never asked for again: with `since=6h`,
    // 816 tiles kept for 800 requests of 16 tiles, none answered from memory, until the cache's cap evicted the rest.
    const key = openTileKey(zoom, x, y, moving ?? start, fireFilterKey(window.filter));
    // Taken before any read: a change heard while this request reads is checked again by the next one.
    const checked = this.changes.now;
    const kept = this.tiles.kept(key);
    // A kept tile whose hours were heard to change: the statement drawing it again tells whether it still holds.
    let heard: { known: KnownVersion; tile: CachedTile } | undefined;
    if (kept?.open && kept.open.since <= start && start <= kept.open.oldest) {
      const keptSince = new Date(kept.open.since);
      if (this.changes.unchangedSince(kept.checked, keptSince)) return kept;
      if (this.changes.live) heard = { known: { since: keptSince, version: kept.version }, tile: kept };
      else if (kept.version === (await this.fires.windowVersion(keptSince))) return stillHolds(kept, checked);
    }
    const hourNow = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const joined = await this.joinedTile(zoom, x, y, window, hourNow, heard?.known.since);
    if (joined) {
      if (heard && joined.keptWindowVersion === heard.known.version) return stillHolds(heard.tile, checked);
      return this.tiles.set(key, joined.windowVersion, checked, joined.tile, { since: start, oldest: joined.oldest });
    }
    // A full tile is kept too: every detection it holds is at or after any start it answers for, so it is still as
    // many of that window's detections as a tile may hold, as the whole window's query would answer.
    let whole = await (heard ? this.fires.versionedTileUnless(zoom, x, y, window, this.maxTileFeatures, heard.known) : null);
    if (heard && !whole) return stillHolds(heard.tile, checked);
    whole ??= await this.fires.versionedTile(zoom, x, y, window, this.maxTileFeatures);
    if (moving === 'day' && zoom > JOINED_TILE_MAX_ZOOM && zoom <= ADDED_TILE_MAX_ZOOM && fireFilterKey(window.filter) === UNFILTERED) this.keptDayZooms.add(zoom);
    return this.tiles.set(key, whole.version, checked, whole.tile, { since: start, oldest: whole.oldest ?? Number.POSITIVE_INFINITY });
  }

  /**
   * The tile of a window of closed hours, from memory while the data it was drawn from holds: with no read while the
   * change feed heard no change in its hours, else by its version (read, or `known` from a statement of the caller's;
   * when the feed heard a change, read by the statement that draws it again if it moved).
   */
  private async closedHoursTile(zoom: number, x: number, y: number, window: TileWindow & { until: Date }, known?: { version: string; checked: number }): Promise<CachedTile> {
    const key = closedTileKey(zoom, x, y, window);
    const checked = known?.checked ?? this.changes.now;
    const kept = this.tiles.peek(key);
    if (!known && kept && this.changes.live) {
      if (this.changes.unchangedSince(kept.checked, window.since, window.until)) return this.tiles.kept(key) ?? kept;
      const drawn = await this.fires.versionedTileUnless(zoom, x, y, window, this.maxTileFeatures, { since: window.since, version: kept.version });
      if (!drawn) return stillHolds(this.tiles.kept(key) ?? kept, checked);
      return this.tiles.set(key, drawn.version, checked, drawn.tile);
    }
    const cached = this.tiles.get(key, known?.version ?? (await this.fires.windowVersion(window.since, window.until)));
    if (cached) return stillHolds(cached, checked);
    const drawn = await this.fires.versionedTile(zoom, x, y, window, this.maxTileFeatures);
    return this.tiles.set(key, drawn.version, checked, drawn.tile);
  }

  /**
   * A window that runs on into the open hour, as its closed hours' tile joined with its edges' (the partial first hour
   * and the open one), with the whole window's data version and a bound on its oldest detection (and with `keptSince`,
   * the version of the window from there). Null where the whole window is drawn instead: deeper than
   * JOINED_TILE_MAX_ZOOM, a window without closed hours, or two parts that hold more than a tile may (which detections
   * a full tile leaves out is the whole window's query to choose). The first request of an hour (or of a filter) finds
   * no closed hours' tile at all: the whole window is drawn in one pass, its closed hours' features first, and they are
   * kept as the closed hours' tile (with the whole layer's table of values, some of them unused).
   */
  private async joinedTile(zoom: number, x: number, y: number, window: TileWindow, hourNow: number, keptSince?: Date): Promise<(EdgeTiles & { tile: Buffer }) | null> {
    const closedStart = Math.ceil(window.since.getTime() / HOUR_MS) * HOUR_MS;
    if (zoom > JOINED_TILE_MAX_ZOOM || closedStart >= hourNow) return null;
    const edgeWindow = { ...window, closedStart: new Date(closedStart), closedEnd: new Date(hourNow), keptSince };
    const closedWindow = { ...window, since: edgeWindow.closedStart, until: edgeWindow.closedEnd };
    const key = closedTileKey(zoom, x, y, closedWindow);
    const kept = this.tiles.peek(key);
    // Closed hours that already fill a tile (a low zoom over a busy day): the whole window is drawn, edges or not.
    if (kept && (cachedLayer(kept)?.featureCount ?? 0) >= this.maxTileFeatures) return null;
    const checked = this.changes.now;
    if (!kept) {
      const drawn = await this.fires.edgeAndClosedTiles(zoom, x, y, edgeWindow, this.maxTileFeatures);
      if (!drawn) {
        // More than a tile holds: the closed hours' own tile is kept (the next request learns from it whether they
        // alone fill a tile), and the whole window is drawn.
        const alone = await this.fires.versionedTile(zoom, x, y, closedWindow, this.maxTileFeatures);
        this.tiles.set(key, alone.version, checked, alone.tile);
        return null;
      }
      // The whole window's tile, its closed hours' features first: those are the closed hours' tile, kept.
      const whole = readTileLayer(drawn.tile);
      const closedTile = whole && drawn.closedFeatures > 0 ? joinTileLayers(firstFeatures(whole, drawn.closedFeatures), null) : Buffer.alloc(0);
      this.tiles.set(key, drawn.version, checked, closedTile);
      return drawn;
    }
    const edges = await this.fires.edgeTile(zoom, x, y, edgeWindow, this.maxTileFeatures);
    const closed = await this.closedHoursTile(zoom, x, y, closedWindow, { version: edges.version, checked });
    const closedLayer = cachedLayer(closed);
    const edgeLayer = readTileLayer(edges.tile);
    if ((closedLayer?.featureCount ?? 0) + (edgeLayer?.featureCount ?? 0) > this.maxTileFeatures) return null;
    return { ...edges, tile: joinTileLayers(closedLayer, edgeLayer) };
  }

  /**
   * A store of this process about to commit: its own notification is not to count as news (fire-change-feed.ts).
   * Answers how many tiles were kept so far: one kept from now until the store is noted may have been drawn after the
   * commit, the store's detections in it already, and is not added to (noteStored).
   */
  committing(bumped: BumpedHours): number {
    this.changes.expectOwnNotification(bumped.hours, bumped.processId);
    return this.tiles.setCount;
  }

  /**
   * A store of this process, at its commit: its hours are noted on the change feed, and its detections are added to
   * the kept unfiltered tiles of the map's last 24 h drawn whole (zoom JOINED_TILE_MAX_ZOOM + 1 to ADDED_TILE_MAX_ZOOM)
   * that held until this store and were kept before it began to commit, as PostGIS would draw them (mvt-fire-points.ts). Such a tile stays kept, with the
   * version it was drawn from: should it ever be checked against the database, that version has moved, and it is drawn
   * again. A zoom where a detection lies too near a tile's edge to tell its tile, a tile that would hold more than a
   * tile may, a large store and a feed not listening are left to be drawn again as before.
   */
  noteStored(store: CommittedStore): void {
    if (store.hours.length === 0) return;
    const looked = this.changes.live && this.keptDayZooms.size > 0 && store.fires.length <= MAX_DETECTIONS_ADDED;
    const additions = looked ? this.keptTilesTaking(store.fires, store.tilesSetBefore) : [];
    this.changes.noteChanged(store.hours);
    const checked = this.changes.now;
    for (const { key, kept, open, points } of additions) {
      if (points.length === 0) {
        stillHolds(kept, checked);
        continue;
      }
      const added = fireTileOfPoints(points);
      const oldest = Math.min(open.oldest, ...points.map(({ fire }) => (epochSeconds(fire.acqTime) - 1) * 1000));
      this.tiles.set(key, kept.version, checked, joinTileLayers(cachedLayer(kept), readTileLayer(added)), { since: open.since, oldest });
    }
  }

  /** The kept tiles (as noteStored says) that hold until this store, each with the detections it takes in. */
  private keptTilesTaking(fires: readonly StoredFire[], setBefore: number): KeptTileAddition[] {
    const additions: KeptTileAddition[] = [];
    for (const zoom of this.keptDayZooms) {
      const byKey = new Map<string, KeptTileAddition['points']>();
      let sure = true;
      for (const fire of fires) {
        const position = tilePosition(zoom, fire.longitude, fire.latitude);
        if (!position) {
          sure = false;
          break;
        }
        const key = openTileKey(zoom, position.x, position.y, 'day', UNFILTERED);
        const points = byKey.get(key) ?? [];
        points.push({ fire, px: position.px, py: position.py });
        byKey.set(key, points);
      }
      if (!sure) continue;
      for (const [key, points] of byKey) {
        const kept = this.tiles.peek(key);
        if (!kept?.open || kept.setAt > setBefore || !this.changes.unchangedSince(kept.checked, new Date(kept.open.since))) continue;
        const open = kept.open;
        // A detection older than the tile's start is in none of the windows it answers for.
        const taken = points.filter(({ fire }) => Date.parse(fire.acqTime) >= open.since);
        if ((cachedLayer(kept)?.featureCount ?? 0) + taken.length > this.maxTileFeatures) continue;
        additions.push({ key, kept, open, points: taken });
      }
    }
    return additions;
  }
}

/** A kept tile and the detections of a store it takes in, each with its place in the tile. */
interface KeptTileAddition {
  key: string;
  kept: CachedTile;
  open: NonNullable<CachedTile['open']>;
  points: { fire: StoredFire; px: number; py: number }[];
}

/**
 * Where an open window's tile is kept: its tile, its start ('day': the last day, moving with the clock; `span…`: a span
 * back from now, moving too) and its filter.
 */
function openTileKey(zoom: number, x: number, y: number, start: 'day' | `span${number}` | number, filterKey: string): string {
  return `${zoom}/${x}/${y}/open/${start}/${filterKey}`;
}

/** A kept tile found to hold at the change feed's counter `checked`: answered, and not checked again until it moves. */
function stillHolds(tile: CachedTile, checked: number): CachedTile {
  tile.checked = checked;
  return tile;
}

/** Where a closed-hours tile is kept: its tile, its window and its filter. */
function closedTileKey(zoom: number, x: number, y: number, window: { since: Date; until: Date; filter: FireFilter }): string {
  return `${zoom}/${x}/${y}/${window.since.getTime()}/${window.until.getTime()}/${fireFilterKey(window.filter)}`;
}
