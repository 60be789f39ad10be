// Which acquisition hours gained detections, as every API process on the database hears it: the statement that bumps
// the hours' change counters also sends their list on the `fire_hours` channel (delivered at commit, to every
// listener), and fire retention sends "*". A kept tile whose hours have not changed since it was last checked is
// answered from memory with no database read at all; without the feed (no connection, DB_NULL_POOL, or a reconnect
// under way) every kept tile is checked by its version read as before. Stores made by this process are noted here at
// their commit, before their answer goes out, so a tile asked for after one is never answered from memory unseen; their
// own notifications, told of before the commit, are known by the session that sends them and not counted again (a
// kept tile that took the store in at its commit, fire-queries.ts, stays kept).
import type { FastifyBaseLogger } from 'fastify';
import { ChannelListener } from '../db/channel-listener.js';

export const FIRE_HOURS_CHANNEL = 'fire_hours';
/** A notification's payload when every hour may have changed (retention dropped or deleted detections). */
export const ALL_HOURS = '*';

const HOUR_MS = 3_600_000;
/** Hours remembered: more than the 30-day window; the oldest go when there are more. */
const MAX_HOURS_KEPT = 1_000;
/** The most hours a notification names (017_fire_hours_notify sends "*" past it). */
const MAX_HOURS_NAMED = 500;
/** How long a store's own notification is awaited, and how many at once (a rolled-back store sends none). */
const ECHO_WAIT_MS = 5_000;
const MAX_ECHOES_AWAITED = 100;

/** The notification(s) a store of this process will send: its session and the hours not yet heard back. */
interface AwaitedEcho {
  processId: number;
  hours: Set<number>;
  until: number;
}

export interface FireChangeFeedOptions {
  databaseUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The connection's own pings (channel-listener.ts): how often, and how long one may take. */
  heartbeatMs?: number;
  pingTimeoutMs?: number;
}

export class FireChangeFeed {
  /** Moves at every change heard or noted, and whenever changes may have been missed. */
  private counter = 1;
  private allChangedAt = 0;
  /** Hour start (ms) → the counter at its last change. */
  private readonly hourChangedAt = new Map<number, number>();
  private listening = false;
  private readonly listener: ChannelListener | null;
  private echoes: AwaitedEcho[] = [];

  constructor(options: FireChangeFeedOptions | null) {
    this.listener = options
      ? new ChannelListener({
          ...options,
          channel: FIRE_HOURS_CHANNEL,
          applicationName: 'vantage-fire-changes',
          onMessage: (payload, senderProcessId) => this.heard(hoursOf(payload), senderProcessId),
          // Whatever was stored while nobody listened: every kept tile is checked again once.
          onListening: () => {
            this.echoes = [];
            this.noteChanged(ALL_HOURS);
            this.listening = true;
          },
          onLost: () => {
            this.listening = false;
            this.echoes = [];
            this.noteChanged(ALL_HOURS);
          },
        })
      : null;
  }

  /** The counter now: taken before a tile is drawn or its version read, it is what the tile was checked at. */
  get now(): number {
    return this.counter;
  }

  /** Listening: changes from every process are heard. */
  get live(): boolean {
    return this.listening;
  }

  /**
   * No detection was stored in [since, until) (no end: from since on) since the counter stood at `checked`, as far as
   * this feed can tell: false whenever it is not listening.
   */
  unchangedSince(checked: number, since: Date, until?: Date): boolean {
    if (!this.listening || this.allChangedAt > checked) return false;
    const from = Math.floor(since.getTime() / HOUR_MS) * HOUR_MS;
    const to = until ? until.getTime() : Number.POSITIVE_INFINITY;
    for (const [hour, changedAt] of this.hourChangedAt) {
      if (changedAt > checked && hour >= from && hour < to) return false;
    }
    return true;
  }

  /** Hours (their starts, ms) that gained detections; ALL_HOURS: any may have changed. */
  noteChanged(hours: readonly number[] | typeof ALL_HOURS): void {
    this.counter += 1;
    if (hours === ALL_HOURS) {
      this.allChangedAt = this.counter;
      // Every hour's change is older than this one now: none needs remembering.
      this.hourChangedAt.clear();
      return;
    }
    for (const hour of hours) {
      this.hourChangedAt.delete(hour);
      this.hourChangedAt.set(hour, this.counter);
    }
    // The least recently changed go first (a Map keeps insertion order).
    for (const [hour, changedAt] of this.hourChangedAt) {
      if (this.hourChangedAt.size <= MAX_HOURS_KEPT) break;
      this.hourChangedAt.delete(hour);
      // A tile of that hour checked before its change can no longer be told apart: those (and only those) are
      // checked again.
      this.allChangedAt = Math.max(this.allChangedAt, changedAt);
    }
  }

  /**
   * A store of this process is about to commit on the database session `processId`, in these hours: its
   * notification, when it comes from that session, is not counted (the store notes its hours at its commit). Told
   * before the commit, so the notification never comes first; one rolled back sends none, and what it awaited lapses.
   */
  expectOwnNotification(hours: readonly number[], processId: number | null): void {
    if (processId === null || !this.listening || hours.length === 0 || hours.length > MAX_HOURS_NAMED) return;
    // The oldest awaited go first: one not recognised only counts twice.
    if (this.echoes.length >= MAX_ECHOES_AWAITED) this.echoes.shift();
    this.echoes.push({ processId, hours: new Set(hours), until: Date.now() + ECHO_WAIT_MS });
  }

  /**
   * A notification: the echo of a store already noted (sent by its session, naming only hours it awaits) is dropped;
   * anything else is a change. An ON CONFLICT insert's two triggers send one store's hours in two notifications.
   */
  private heard(hours: readonly number[] | typeof ALL_HOURS, senderProcessId: number): void {
    const now = Date.now();
    this.echoes = this.echoes.filter((echo) => echo.until > now);
    if (hours !== ALL_HOURS) {
      const echo = this.echoes.find((awaited) => awaited.processId === senderProcessId && hours.every((hour) => awaited.hours.has(hour)));
      if (echo) {
        for (const hour of hours) echo.hours.delete(hour);
        if (echo.hours.size === 0) this.echoes.splice(this.echoes.indexOf(echo), 1);
        return;
      }
    }
    this.noteChanged(hours);
  }

  /** Starts listening (no-op without options); a lost connection is connected again with backoff. */
  async start(): Promise<void> {
    await this.listener?.start();
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
  }
}

/** A notification's hours: epoch seconds joined by commas, or ALL_HOURS (anything else is taken as all). */
function hoursOf(payload: string | undefined): readonly number[] | typeof ALL_HOURS {
  if (!payload || payload === ALL_HOURS) return ALL_HOURS;
  const hours = payload.split(',').map((seconds) => Number(seconds) * 1000);
  return hours.every(Number.isFinite) ? hours : ALL_HOURS;
}
