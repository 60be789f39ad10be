// One PostgreSQL connection of its own that LISTENs on a channel: each notification's payload is handed on; a lost
// connection is said at once (what was sent meanwhile is missed) and connected again with backoff, and saying that it
// listens again comes only once LISTEN has succeeded.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

export interface ChannelListenerOptions {
  databaseUrl: string;
  /** A plain identifier (it is written into LISTEN). */
  channel: string;
  /** The connection's application_name (pg_stat_activity). */
  applicationName: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  onMessage: (payload: string | undefined) => void;
  /** Listening (again): what was sent while it was not was missed. */
  onListening: () => void;
  /** No longer listening. */
  onLost: () => void;
}

export class ChannelListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ChannelListenerOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`not a plain channel name: ${options.channel}`);
  }

  /** Connects and listens; a failure is retried in the background (it never throws). */
  async start(): Promise<void> {
    if (this.stopped) return;
    const { databaseUrl, channel, applicationName, onMessage } = this.options;
    const client = new pg.Client({ connectionString: databaseUrl, application_name: applicationName, connectionTimeoutMillis: 10_000 });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload);
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
    this.options.onListening();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client) this.options.onLost();
    await client?.end().catch(() => undefined);
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.options.onLost();
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.options.log.warn({ err: error, channel: this.options.channel, retryInMs: this.retryMs }, 'database notifications lost; listening again soon');
    this.retryTimer = setTimeout(() => void this.start(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }
}
