// Bench case: bus → stored events per second (JetStream → ingester → PostgreSQL), as a ratio to a
// raw COPY of the same rows into the same table, in the same run.
import { connect, JSONCodec } from 'nats';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createDatabase } from '../../server/db/database.js';
import { EventIngester } from '../../server/events/event-ingester.js';
import { ensureEventStream } from '../../server/events/event-stream-setup.js';
import { EventSources } from '../../server/events/event-source.js';
import { fireEvents } from '../../server/fires/fire-events.js';
import { EventStoreRepository } from '../../server/events/event-store-repository.js';
import { LiveFeed } from '../../server/live/live-feed.js';
import { LiveHub } from '../../server/live/live-hub.js';
import { createServerLogger } from '../../server/logger.js';
import { PipelineStatusRepository } from '../../server/pipelines/pipeline-status-repository.js';
import { fireMessages } from '../support/event-fixtures.js';
import type { BenchFigure } from './bench-figures.js';
import { startBenchStack } from './bench-stack.js';

const codec = JSONCodec();

function csvField(value: string | null): string {
  return value === null ? '' : `"${value.replace(/"/g, '""')}"`;
}

async function timeCopy(databaseUrl: string, lines: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const stream = client.query(
      copyFrom('COPY events (source_type, url, title, summary, geom, occurred_at, ingested_at, payload) FROM STDIN WITH (FORMAT csv)'),
    );
    await pipeline(Readable.from(lines), stream);
    const ms = performance.now() - started;
    await client.query('TRUNCATE events, event_urls, event_minute_rollup');
    return ms;
  } finally {
    await client.end();
  }
}

export async function benchIngest(eventCount: number): Promise<BenchFigure[]> {
  const stack = await startBenchStack();
  const log = createServerLogger({ level: 'silent', toStdout: false });
  const db = createDatabase({ url: stack.databaseUrl, nullPool: false, logger: log });
  const connection = await connect({ servers: stack.natsUrl, token: stack.natsToken });
  try {
    const messages = fireMessages(eventCount);
    const ingestedAt = new Date().toISOString();
    const lines = messages.map((message) => {
      const record = fireEvents.record(message);
      const [lon, lat] = (record.geometry?.coordinates as number[]) ?? [];
      return (
        [
          record.sourceType,
          csvField(record.url),
          csvField(record.title),
          csvField(record.summary),
          `SRID=4326;POINT(${lon} ${lat})`,
          record.occurredAt,
          ingestedAt,
          csvField(JSON.stringify(record.payload)),
        ].join(',') + '\n'
      );
    });
    const copyMs = await timeCopy(stack.databaseUrl, lines);

    await ensureEventStream(connection);
    const js = connection.jetstream();
    for (let start = 0; start < messages.length; start += 2_000) {
      await Promise.all(messages.slice(start, start + 2_000).map((message) => js.publish('events.fire', codec.encode(message))));
    }
    const sources = new EventSources();
    sources.add(fireEvents);
    const feed = new LiveFeed(connection, new LiveHub(4 * 1024 * 1024), log);
    const ingester = new EventIngester({
      connection,
      db,
      sources,
      store: new EventStoreRepository(),
      pipelines: new PipelineStatusRepository(db),
      log,
      // As the app announces each stored batch: onto the bus, and to a hub (here without clients).
      announce: (events) => feed.announceEvents(events),
    });
    const started = performance.now();
    ingester.start();
    while (ingester.counters.stored + ingester.counters.duplicates < eventCount) await new Promise((resolve) => setTimeout(resolve, 10));
    const ingestMs = performance.now() - started;
    await ingester.stop();
    if (ingester.counters.stored !== eventCount) throw new Error(`stored ${ingester.counters.stored} of ${eventCount}`);

    const ingestRate = eventCount / (ingestMs / 1000);
    const copyRate = eventCount / (copyMs / 1000);
    return [
      {
        name: `bus → stored, ${eventCount.toLocaleString('en')} events (vs raw COPY)`,
        unit: 'events/s',
        value: ingestRate,
        baseline: copyRate,
        ratio: ingestRate / copyRate,
        samples: 1,
        target: 'ratio ≥ 0.3',
      },
    ];
  } finally {
    await connection.close();
    await db.close();
    await stack.stop();
  }
}
