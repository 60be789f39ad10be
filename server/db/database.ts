// The PostgreSQL access every repository goes through: a pool, or with DB_NULL_POOL a connection per unit of work.
import pg from 'pg';

/** Where connection trouble is reported. */
export interface WarnLogger {
  warn(details: object, message: string): void;
}

export type Queryable = Pick<pg.ClientBase, 'query'>;

export interface Database {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
  /**
   * `text` as a statement prepared once per connection under `name` and run by name after: for a short read made at
   * every request, whose planning costs about what running it does. One name, one text.
   */
  prepared<R extends pg.QueryResultRow = pg.QueryResultRow>(name: string, text: string, params: unknown[]): Promise<pg.QueryResult<R>>;
  /** One connection for the whole callback (session state such as advisory locks). */
  withClient<T>(work: (client: Queryable) => Promise<T>): Promise<T>;
  transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  nullPool: boolean;
  poolMax?: number;
  logger: WarnLogger;
  applicationName?: string;
}

// Settings of every session the API opens:
// - It answers small interactive queries: starting parallel workers costs more than it saves (tens of milliseconds on
//   a two-core laptop).
// - A GIN index (event and news search) gathers new entries in a pending list that the insert which overflows it
//   merges into the index. At the default 4 MB that was one insert in about 16,000 events taking some 130 ms longer,
//   every 3.2 s at 5,000 events/s: the slowest live deliveries (150–190 ms against a p99 of 60–100 ms). A list of
//   1 MB is merged four times as often, in pieces too short to stand out (live bench, four runs of each).
// - Its time zone is UTC, whatever the server's default: the embedded cluster's initdb takes this computer's zone, and a
//   shared server has its own. The app's days and hours are UTC ones; in a session of New York, a day's partition made
//   while rows of that day waited in the default partition moved them by local midnight and attached the partition at
//   UTC midnight, and the partitions job failed every run ("partition constraint … is violated by some row").
export const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0 -c gin_pending_list_limit=1MB -c TimeZone=UTC';

async function inTransaction<T>(client: Queryable, work: (client: Queryable) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

class PooledDatabase implements Database {
  private readonly pool: pg.Pool;
  private readonly logger: WarnLogger;

  constructor(options: DatabaseOptions) {
    this.logger = options.logger;
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
      application_name: options.applicationName ?? 'vantage-api',
      options: SESSION_OPTIONS,
    });
    // A server restart drops idle clients; the pool replaces them, so log instead of crashing.
    this.pool.on('error', (error) => options.logger.warn({ err: error }, 'idle database connection lost'));
  }

  query<R extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.pool.query<R>(text, params);
  }

  prepared<R extends pg.QueryResultRow>(name: string, text: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    return this.pool.query<R>({ name, text, values: params });
  }

  async withClient<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    let broken: Error | undefined;
    // A checked-out client that loses its server emits 'error' on itself; unheard, that ends the process.
    const onError = (error: Error) => {
      broken = error;
      this.logger.warn({ err: error }, 'database connection lost during work');
    };
    const client = await this.checkOut(onError);
    try {
      return await work(client);
    } catch (error) {
      broken = error as Error;
      throw error;
    } finally {
      client.off('error', onError);
      // A connection whose session state is unknown after an error is not handed out again.
      client.release(broken);
    }
  }

  transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    return this.withClient((client) => inTransaction(client, work));
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  /**
   * A client of the pool, heard by `onError` from the moment the pool hands it over: pool.connect()'s callback runs
   * while pg is still parsing the read that made a new connection ready, and a server shutting down ends its new
   * sessions in that same read (FATAL 57P01). Awaiting pool.connect()'s promise would leave that error unheard until
   * the caller resumes, and an unheard client error ends the process (pool-checkout-error.test.ts).
   */
  private checkOut(onError: (error: Error) => void): Promise<pg.PoolClient> {
    return new Promise((resolve, reject) => {
      this.pool.connect((error, client) => {
        if (error || !client) return reject(error ?? new Error('the pool gave no client'));
        client.on('error', onError);
        resolve(client);
      });
    });
  }
}

class UnpooledDatabase implements Database {
  constructor(private readonly options: DatabaseOptions) {}

  async withClient<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    const client = new pg.Client({
      connectionString: this.options.url,
      connectionTimeoutMillis: 10_000,
      application_name: this.options.applicationName ?? 'vantage-api',
      options: SESSION_OPTIONS,
    });
    client.on('error', (error) => this.options.logger.warn({ err: error }, 'database connection lost'));
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  query<R extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.withClient((client) => client.query<R>(text, params));
  }

  // A connection per unit of work: nothing to keep a prepared statement on.
  prepared<R extends pg.QueryResultRow>(_name: string, text: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    return this.query<R>(text, params);
  }

  transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    return this.withClient((client) => inTransaction(client, work));
  }

  async close(): Promise<void> {}
}

export function createDatabase(options: DatabaseOptions): Database {
  return options.nullPool ? new UnpooledDatabase(options) : new PooledDatabase(options);
}
