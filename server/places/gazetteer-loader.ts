// Loads the packaged gazetteer into PostGIS once: at first start, and again when a package version (or the
// loader's rules) changes. One transaction under a cross-process lock, so a stopped or failed load leaves the
// previous data (or none) and the next start loads again; other processes wait for the one that loads.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database.js';
import type { AirportRepository } from './airport-repository.js';
import type { AirportSource } from './airport-source.js';
import { placeBatchCopy, type GazetteerRepository } from './gazetteer-repository.js';
import type { GazetteerSource } from './gazetteer-source.js';
import type { GazetteerProgress } from './places-schemas.js';

const ATTRIBUTION = 'Places © GeoNames (geonames.org), CC BY 4.0; boundaries and land Natural Earth; airports OurAirports';
const BATCH_SIZE = 20_000;
const WAIT_FOR_OTHER_MS = 2_000;

class LoadStopped extends Error {}

export class GazetteerLoader {
  private progressNow: GazetteerProgress;
  private stopped = false;
  private running: Promise<void> | null = null;
  private readonly placeWaiters: Array<() => void> = [];

  constructor(
    private readonly repository: GazetteerRepository,
    private readonly source: GazetteerSource,
    private readonly log: FastifyBaseLogger,
    private readonly airports: { repository: AirportRepository; source: AirportSource },
  ) {
    this.progressNow = { state: 'pending', land: 'pending', airports: 0, loaded: 0, total: 0, places: 0, boundaries: 0, version: source.version, attribution: ATTRIBUTION };
  }

  /** GAZETTEER_LOAD=off: nothing is loaded, and health and search say so. */
  switchOff(): void {
    this.progressNow = { ...this.progressNow, state: 'off' };
  }

  progress(): GazetteerProgress {
    return { ...this.progressNow };
  }

  /** Loads unless the data of this version is already there; resolves when the gazetteer is ready (or failed). */
  ensureLoaded(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
      this.settlePlaces();
    });
    return this.running;
  }

  /**
   * Settles once the places are ready, or their load failed or stopped; at once when no load runs. It starts none, and
   * does not wait for the airports and the land that load after the places.
   */
  whenPlacesSettle(): Promise<void> {
    if (!this.placesLoading()) return Promise.resolve();
    return new Promise((resolve) => this.placeWaiters.push(resolve));
  }

  /** A load is under way whose places are not in yet (whenPlacesSettle then waits for them). */
  placesLoading(): boolean {
    const { state } = this.progressNow;
    return this.running !== null && state !== 'ready' && state !== 'failed' && state !== 'off';
  }

  private settlePlaces(): void {
    for (const resolve of this.placeWaiters.splice(0)) resolve();
  }

  /** Stops a load: its running statement is cancelled and all of it rolled back (the next start loads again). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (!this.running) return;
    await this.repository.cancelLoad().catch((error: unknown) => this.log.warn({ err: error }, 'could not cancel the gazetteer load'));
    await this.running.catch(() => undefined);
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopped) {
        const current = await this.repository.state();
        if (current?.version === this.source.version && current.state === 'ready') {
          this.progressNow = { ...this.progressNow, state: 'ready', places: current.places, boundaries: current.boundaries, loaded: this.progressNow.total || current.places, total: this.progressNow.total || current.places };
          this.settlePlaces();
          return await this.afterPlaces();
        }
        const done = await this.loadOnce();
        if (done) return await this.afterPlaces();
        // Another process holds the load: report its state and look again shortly.
        const other = await this.repository.state();
        this.progressNow = { ...this.progressNow, state: other?.state === 'failed' ? 'failed' : 'loading', error: other?.error ?? undefined };
        await new Promise((resolve) => setTimeout(resolve, WAIT_FOR_OTHER_MS));
      }
    } catch (error) {
      if (error instanceof LoadStopped || this.stopped) return;
      const message = (error as Error).message;
      this.progressNow = { ...this.progressNow, state: 'failed', error: message };
      this.settlePlaces();
      this.log.error({ err: error }, 'gazetteer load failed');
      await this.repository
        .recordState({ version: this.source.version, state: 'failed', places: 0, boundaries: 0, error: message })
        .catch(() => undefined);
    }
  }

  /** One load attempt; false when another process is loading. */
  private async loadOnce(): Promise<boolean> {
    const started = Date.now();
    const total = await this.source.recordCount();
    // Milliseconds per phase, logged with "gazetteer ready": where a slow first start went.
    const phases: Record<string, number> = {};
    let phaseStarted = started;
    const phaseDone = (phase: string) => {
      const now = Date.now();
      phases[phase] = now - phaseStarted;
      phaseStarted = now;
    };
    const result = await this.repository.loadExclusively(async (client) => {
      if (this.stopped) throw new LoadStopped('stopped');
      const current = await this.repository.stateIn(client);
      if (current?.version === this.source.version && current.state === 'ready') return current;
      this.progressNow = { ...this.progressNow, state: 'loading', loaded: 0, total, places: 0, boundaries: 0, error: undefined };
      await this.repository.recordState({ version: this.source.version, state: 'loading', places: 0, boundaries: 0, error: null });
      this.log.info({ version: this.source.version, total }, 'loading the gazetteer');
      await this.repository.clear(client);
      phaseDone('prepare');
      await this.insertAllPlaces(client);
      phaseDone('places');
      await this.repository.indexPlaces(client);
      phaseDone('placeIndexes');
      // PostGIS makes the boundaries on a second connection while this one builds the trigram index (a core each).
      const boundaries = this.source.boundaries().then((records) => {
        if (this.stopped) throw new LoadStopped('stopped');
        return this.repository.makeBoundaries(records);
      });
      // Awaited after the name indexes (or below); until then a failure is not unhandled.
      boundaries.catch(() => undefined);
      try {
        await this.repository.indexNames(client);
        phaseDone('nameIndexes');
        await this.repository.insertBoundaries(client, await boundaries);
        phaseDone('boundaries');
      } finally {
        // A load that failed or stopped leaves nothing running on the second connection.
        await boundaries.catch(() => undefined);
      }
      await this.repository.deriveBoundaryCodes(client);
      await this.repository.swapPlaces(client);
      const counts = await this.repository.counts(client);
      await this.repository.markReady(client, this.source.version, counts);
      phaseDone('codes');
      return { version: this.source.version, state: 'ready' as const, error: null, ...counts };
    });
    if (!result) return false;
    phaseDone('commit');
    await this.repository.analyze();
    phaseDone('analyze');
    const loadMs = Date.now() - started;
    this.progressNow = { ...this.progressNow, state: 'ready', loaded: total, total, places: result.places, boundaries: result.boundaries, loadMs, error: undefined };
    this.settlePlaces();
    this.log.info({ places: result.places, boundaries: result.boundaries, loadMs, phases }, 'gazetteer ready');
    return true;
  }

  /** What is loaded once the places are in, each in a transaction of its own: the airports (a second), then the land. */
  private async afterPlaces(): Promise<void> {
    await this.ensureAirports();
    await this.ensureLand();
  }

  /** The airports for search; a failure leaves search without them (logged) and the land still loads. */
  private async ensureAirports(): Promise<void> {
    const { repository, source } = this.airports;
    const started = Date.now();
    try {
      const outcome = await this.whenNotBusy(() => repository.load(source.version, () => source.airports()));
      if (outcome === null) return;
      if (outcome === 'loaded') await repository.analyze();
      const airports = await repository.count();
      this.progressNow = { ...this.progressNow, airports };
      if (outcome === 'loaded') this.log.info({ airports, airportsMs: Date.now() - started }, 'airports loaded');
    } catch (error) {
      if (this.stopped) return;
      this.log.warn({ err: error }, 'the airports could not load: search finds no airports');
    }
  }

  /**
   * The basemap's land at 1:10m (land_parts), once the places are in: in a transaction of its own, so search does not
   * wait for its seconds of PostGIS's work. A failure leaves the map its 1:50m shapes (health says `land: 'failed'`).
   */
  private async ensureLand(): Promise<void> {
    const started = Date.now();
    this.progressNow = { ...this.progressNow, land: 'loading' };
    try {
      const outcome = await this.whenNotBusy(() => this.repository.loadLand(this.source.version, () => this.source.landPolygons()));
      if (outcome === null) return;
      if (outcome === 'loaded') {
        await this.repository.analyzeLand();
        this.log.info({ landMs: Date.now() - started }, 'basemap land loaded');
      }
      this.progressNow = { ...this.progressNow, land: 'ready' };
    } catch (error) {
      if (this.stopped) return;
      this.progressNow = { ...this.progressNow, land: 'failed' };
      this.log.warn({ err: error }, 'the basemap land could not load: the map keeps its 1:50m shapes');
    }
  }

  /** A load asked again while another process holds the gazetteer's lock; null when this loader is stopped first. */
  private async whenNotBusy(load: () => Promise<'loaded' | 'present' | 'busy'>): Promise<'loaded' | 'present' | null> {
    while (!this.stopped) {
      const outcome = await load();
      if (outcome !== 'busy') return outcome;
      await new Promise((resolve) => setTimeout(resolve, WAIT_FOR_OTHER_MS));
    }
    return null;
  }

  /** Stores the places batch by batch, reading the next batch (and making its COPY input) while PostgreSQL stores the last. */
  private async insertAllPlaces(client: Queryable): Promise<void> {
    let places = 0;
    let storing: Promise<void> | null = null;
    try {
      for await (const batch of this.source.places(BATCH_SIZE, (read) => (this.progressNow.loaded = read))) {
        if (this.stopped) throw new LoadStopped('stopped');
        const copy = await placeBatchCopy(batch);
        await storing;
        storing = this.repository.insertPlaces(client, copy).then(() => {
          places += copy.count;
          this.progressNow.places = places;
        });
        // Awaited with the next batch or below; until then a failure (a cancelled COPY) is not unhandled.
        storing.catch(() => undefined);
      }
      await storing;
    } finally {
      // A failed read leaves no COPY running behind the rollback.
      await storing?.catch(() => undefined);
    }
  }
}
