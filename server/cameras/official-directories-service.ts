// The built-in official directories: which are switched on (off by default), what each gave at its latest
// crawl, and a crawl as soon as one is switched on (a run of the `cameras` job, which reads it from then on). One
// switched off runs the job again too: a failure of that directory no longer stands as the cameras' state for a day.
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../domain-errors.js';
import type { CameraCrawler, SourceOutcome } from './camera-crawler.js';
import type { CameraRepository } from './camera-repository.js';
import { stripCredentials } from './camera-url.js';
import type { OfficialDirectory } from './official-directory-catalog.js';
import type { OfficialDirectoryRepository } from './official-directory-repository.js';

export interface OfficialDirectoryView extends OfficialDirectory {
  enabled: boolean;
  /** A crawl of it is running in this process now. */
  crawling: boolean;
  /** Its cameras on the map now. */
  camerasOnMap: number;
  lastCrawl: { at: string; cameras: number; error: string | null } | null;
}

export interface OfficialDirectoriesDeps {
  catalog: readonly OfficialDirectory[];
  states: OfficialDirectoryRepository;
  cameras: CameraRepository;
  crawler: CameraCrawler;
  log: FastifyBaseLogger;
  /**
   * Runs the `cameras` job now (the job runner's run): a directory switched on is crawled by it, so the Sources tab's
   * cameras row and health say how it went. 'busy' when a run is under way already.
   */
  runCrawlJob?: () => Promise<{ status: string }>;
}

/** How long a run after a switch-off waits for a run under way (a crawl of every district takes minutes), and how often it asks. */
const RERUN_WAIT_MS = 15 * 60_000;
const RERUN_RETRY_MS = 2_000;

export class OfficialDirectoriesService {
  private readonly crawling = new Map<string, Promise<void>>();
  /** Runs of the job started by switching a directory off. */
  private readonly rerunning = new Set<Promise<void>>();
  private closing = false;

  constructor(private readonly deps: OfficialDirectoriesDeps) {}

  async list(): Promise<OfficialDirectoryView[]> {
    const [states, onMap] = await Promise.all([
      this.deps.states.states(),
      this.deps.cameras.placedBySource(this.deps.catalog.map((directory) => stripCredentials(directory.url))),
    ]);
    return this.deps.catalog.map((directory) => {
      const state = states.get(directory.id);
      return {
        ...directory,
        enabled: state?.enabled ?? false,
        crawling: this.crawling.has(directory.id),
        camerasOnMap: onMap.get(stripCredentials(directory.url)) ?? 0,
        lastCrawl: state?.lastCrawlAt ? { at: state.lastCrawlAt, cameras: state.lastCrawlCameras ?? 0, error: state.lastCrawlError } : null,
      };
    });
  }

  /** Switches one on or off; switched on, it is crawled right away in the background; off, the job runs again. */
  async switch(id: string, enabled: boolean): Promise<OfficialDirectoryView> {
    const directory = this.deps.catalog.find((candidate) => candidate.id === id);
    if (!directory) throw notFound(`no built-in camera directory ${id}`);
    await this.deps.states.setEnabled(id, enabled);
    if (enabled) this.crawlSoon(directory);
    else this.rerunSoon(directory);
    const view = (await this.list()).find((candidate) => candidate.id === id);
    if (!view) throw notFound(`no built-in camera directory ${id}`);
    return view;
  }

  /** The addresses of the directories switched on, for the `cameras` job. */
  async enabledSources(): Promise<string[]> {
    const enabled = new Set(await this.deps.states.enabledIds());
    return this.deps.catalog.filter((directory) => enabled.has(directory.id)).map((directory) => directory.url);
  }

  /** Keeps each built-in directory's part of a crawl as its latest crawl. */
  async recordOutcomes(outcomes: readonly SourceOutcome[]): Promise<void> {
    for (const outcome of outcomes) {
      const directory = this.deps.catalog.find((candidate) => candidate.url === outcome.source);
      if (directory) await this.deps.states.recordCrawl(directory.id, { cameras: outcome.kept, error: outcome.error });
    }
  }

  /**
   * Waits for the crawls started by switching directories on (the app waits for them when it closes); a run waiting
   * for another to end gives up.
   */
  async settled(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.crawling.values(), ...this.rerunning]);
  }

  /**
   * The job again without the directory just switched off. A run under way read the directories before the switch:
   * this one waits for it to end and runs once more. One such wait at a time (it reads the switches when it runs).
   */
  private rerunSoon(directory: OfficialDirectory): void {
    if (this.rerunning.size > 0 || !this.deps.runCrawlJob) return;
    const runJob = this.deps.runCrawlJob;
    const run = (async () => {
      const deadline = Date.now() + RERUN_WAIT_MS;
      while (!this.closing && (await runJob()).status === 'busy' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, RERUN_RETRY_MS));
    })()
      .catch((error: unknown) => this.deps.log.warn({ err: error, directory: directory.id }, 'cameras run after a directory was switched off failed'))
      .finally(() => this.rerunning.delete(run));
    this.rerunning.add(run);
  }

  private crawlSoon(directory: OfficialDirectory): void {
    if (this.crawling.has(directory.id)) return;
    const run = (this.deps.runCrawlJob?.() ?? Promise.resolve({ status: 'busy' }))
      // A run already under way may have read the directories before this one was switched on: it is crawled alone.
      .then(async (outcome) => {
        if (outcome.status !== 'busy') return;
        const result = await this.deps.crawler.crawlSources([directory.url]);
        await this.recordOutcomes(result.sourceOutcomes);
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error, directory: directory.id }, 'crawl of a switched-on camera directory failed'))
      .finally(() => this.crawling.delete(directory.id));
    this.crawling.set(directory.id, run);
  }
}
