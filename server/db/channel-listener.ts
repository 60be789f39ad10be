// One PostgreSQL connection of its own that LISTENs on a channel: each notification's payload is handed on; a lost
// connection is said at once (what was sent meanwhile is missed) and connected again with backoff, and saying that it
// listens again comes only once LISTEN has succeeded. A connection can also die without a word (a NAT or a proxy
// dropping it while idle, a failover), or listen where nothing is delivered (a transaction pooler in front): every
// 30 s it sends itself a ping on the channel, and one not heard back within 5 s counts as lost.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
const HEARTBEAT_MS = 30_000;
const PING_TIMEOUT_MS = 5_000;
/** A payload that is the listener's own ping, never handed on. */
const PING_PREFIX = 'vantage-ping:';

export interface ChannelListenerOptions {
  databaseUrl: string;
  /** A plain identifier (it is written into LISTEN). */
  channel: string;
  /** The connection's application_name (pg_stat_activity). */
  applicationName: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** A notification's payload, and the process id of the database session that sent it. */
  onMessage: (payload: string | undefined, senderProcessId: number) => void;
  /** Listening (again): what was sent while it was not was missed. */
  onListening: () => void;
  /** No longer listening. */
  onLost: () => void;
  /** How often it pings itself (default 30 s), and how long a ping may take (default 5 s). */
  heartbeatMs?: number;
  pingTimeoutMs?: number;
}

export class ChannelListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  /** The ping sent and not heard back yet, with its deadline's timer. */
  private ping: { payload: string; timer: NodeJS.Timeout } | null = null;

  constructor(private readonly options: ChannelListenerOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`not a plain channel name: ${options.channel}`);
  }

  /** Connects and listens; a failure is retried in the background (it never throws). */
  async start(): Promise<void> {
    if (this.stopped) return;
    const { databaseUrl, channel, applicationName, onMessage } = this.options;
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: applicationName,
      connectionTimeoutMillis: 10_000,
      query_timeout: this.options.pingTimeoutMs ?? PING_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
      if (message.payload?.startsWith(PING_PREFIX)) {
        if (this.ping?.payload === message.payload) this.pingAnswered();
        return;
      }
      onMessage(message.payload, message.processId);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.client !== client) return;
    this.retryMs = RECONNECT_MIN_MS;
    this.heartbeat = setInterval(() => this.sendPing(client), this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
    this.options.onListening();
  }

  /** Sends itself a ping on the channel; not heard back in time (or not sent), the connection counts as lost. */
  private sendPing(client: pg.Client): void {
    if (this.client !== client || this.ping) return;
    const payload = `${PING_PREFIX}${randomUUID()}`;
    const timeoutMs = this.options.pingTimeoutMs ?? PING_TIMEOUT_MS;
    const timer = setTimeout(() => this.lost(client, new Error(`no answer to its own ping within ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
    this.ping = { payload, timer };
    client.query('SELECT pg_notify($1, $2)', [this.options.channel, payload]).catch((error: Error) => this.lost(client, error));
  }

  private pingAnswered(): void {
    clearTimeout(this.ping?.timer);
    this.ping = null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeat);
    this.pingAnswered();
    const client = this.client;
    this.client = null;
    if (client) this.options.onLost();
    await client?.end().catch(() => undefined);
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    clearInterval(this.heartbeat);
    this.pingAnswered();
    this.options.onLost();
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.options.log.warn({ err: error, channel: this.options.channel, retryInMs: this.retryMs }, 'database notifications lost; listening again soon');
    this.retryTimer = setTimeout(() => void this.start(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }
}
