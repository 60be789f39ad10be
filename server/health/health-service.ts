// Assembles the health report; a failing part is reported, never thrown.
import type { Bus } from '../bus/bus-connection.js';
import { describeFreshness } from '../pipelines/pipeline-freshness.js';
import type { PipelineStatusRepository, PipelineStatusRow } from '../pipelines/pipeline-status-repository.js';
import { diskSpace } from './disk-space.js';
import type { HealthRepository } from './health-repository.js';
import type { HealthReport } from './health-schemas.js';

/** A source's own health facts; a failure shows as `{ error }` in its slot. */
export type HealthSection = () => Promise<unknown>;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function telegramStatus(rows: readonly PipelineStatusRow[]): { lastSuccessAt: string | null; lastError: string | null } {
  const row = rows.find((candidate) => candidate.name === 'telegram');
  return { lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null, lastError: row?.lastError ?? null };
}

/** Each section's `attribution` fact (a string), once each, in section order. */
function attributionsOf(sources: Record<string, unknown>): string[] {
  const credits = Object.values(sources).map((facts) =>
    typeof facts === 'object' && facts !== null && 'attribution' in facts ? (facts as { attribution: unknown }).attribution : null,
  );
  return [...new Set(credits.filter((credit): credit is string => typeof credit === 'string' && credit.length > 0))];
}

export class HealthService {
  private readonly startedAt = Date.now();
  private readonly sections = new Map<string, HealthSection>();

  constructor(
    private readonly health: HealthRepository,
    private readonly pipelines: PipelineStatusRepository,
    private readonly bus: Bus,
    private readonly version: string,
    private readonly keyStorage: { kind: string; detail: string },
    /** How long after start a feed that never finished a run waits for its first (0: no job runs here on its own). */
    firstRunGraceSeconds = 0,
    /** The data folder, whose disk's free space is reported, and the free space below which it is called low. */
    private readonly disk: { dir: string; lowBelowBytes?: number } | null = null,
  ) {
    this.firstRunsDueBy = firstRunGraceSeconds > 0 ? new Date(this.startedAt + firstRunGraceSeconds * 1000) : null;
  }

  /** Until then a feed that never finished a run waits for its first (null: none is coming on its own). */
  private readonly firstRunsDueBy: Date | null;

  addSection(name: string, read: HealthSection): void {
    this.sections.set(name, read);
  }

  async report(): Promise<HealthReport> {
    const [database, pipelineRows, bus, sources, disk] = await Promise.all([
      this.databaseStatus(),
      withTimeout(this.pipelines.list(), 3_000, 'database').catch((): PipelineStatusRow[] => []),
      withTimeout(this.bus.status(), 3_000, 'bus').catch(() => ({ ok: false, jetstream: false })),
      this.sectionFacts(),
      this.disk ? diskSpace(this.disk.dir, this.disk.lowBelowBytes) : null,
    ]);
    return {
      status: database.ok && bus.ok ? 'ok' : 'degraded',
      version: this.version,
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      pipelines: describeFreshness(pipelineRows, new Date(), this.firstRunsDueBy),
      database,
      bus,
      keys: { storage: this.keyStorage.kind, detail: this.keyStorage.detail },
      notifications: { telegram: telegramStatus(pipelineRows) },
      sources,
      attributions: attributionsOf(sources),
      disk,
    };
  }

  private async sectionFacts(): Promise<Record<string, unknown>> {
    const entries = await Promise.all(
      [...this.sections].map(async ([name, read]) => [name, await withTimeout(read(), 3_000, name).catch((error: Error) => ({ error: error.message }))] as const),
    );
    return Object.fromEntries(entries);
  }

  private async databaseStatus(): Promise<HealthReport['database']> {
    try {
      const [postgis, schemaHeads] = await withTimeout(
        Promise.all([this.health.postgisVersion(), this.health.schemaHeads()]),
        3_000,
        'database',
      );
      return { ok: true, postgis, schemaHeads };
    } catch (error) {
      return { ok: false, postgis: null, schemaHeads: [], error: (error as Error).message };
    }
  }
}
