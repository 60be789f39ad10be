// Bench cases of the fires pipeline, each against a baseline in the same run:
// - FIRMS CSV (a fifth duplicates) through POST /api/ingest/fires vs a raw COPY of the same rows;
// - the reads over N stored detections against their bare SQL (fire-reads-bench.ts).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../../server/app.js';
import { SESSION_OPTIONS } from '../../server/db/database.js';
import { parseServerConfig } from '../../server/config.js';
import { type BenchFigure, median } from './bench-figures.js';
import { startBenchStack } from './bench-stack.js';
import { benchFireReads, loadStoredFires } from './fire-reads-bench.js';

const TOKEN = 'bench-token-0123456789abcdef';
const HEADER = 'latitude,longitude,bright_ti4,scan,track,acq_date,acq_time,satellite,instrument,confidence,version,bright_ti5,frp,daynight\n';

function csvRows(count: number, duplicateShare: number): string[] {
  const unique = Math.round(count * (1 - duplicateShare));
  const rows: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const i = index < unique ? index : index % unique;
    const lat = (20 + (i % 3500) * 0.01).toFixed(5);
    const lon = (-130 + Math.floor(i / 3500) * 0.01).toFixed(5);
    const hhmm = String((i % 24) * 100 + (i % 60));
    rows.push(`${lat},${lon},330.5,0.41,0.37,2026-11-20,${hhmm},N,VIIRS,n,2.0NRT,290.1,5.5,N\n`);
  }
  return rows;
}

export async function benchFires(options: { ingestRows: number; ingestRuns: number; storedRows: number; queries: number }): Promise<BenchFigure[]> {
  const stack = await startBenchStack();
  // The same session settings as the API's pool, so the bare SQL is the same work.
  const client = new pg.Client({ connectionString: stack.databaseUrl, options: SESSION_OPTIONS });
  await client.connect();
  const app = await buildApp(
    parseServerConfig({
      databaseUrl: stack.databaseUrl,
      natsUrl: stack.natsUrl,
      natsToken: stack.natsToken,
      apiToken: TOKEN,
      dataDir: stack.dataDir,
      schedulesEnabled: false,
      ingesterEnabled: false,
    }),
  );
  try {
    const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { authorization: `Bearer ${TOKEN}` };
    await client.query("SELECT vantage_ensure_daily_partitions('fires'::regclass, 'acq_time', '2026-11-19', 3)");

    // 1. Ingest through the API vs COPY of the same rows into a table of the same shape, three times each.
    const rows = csvRows(options.ingestRows, 0.2);
    const copyRows = rows.map((row) => {
      const [lat, lon, b4, scan, track, date, hhmm, sat, instrument, confidence, version, b5, frp, dn] = row.trim().split(',');
      const padded = (hhmm as string).padStart(4, '0');
      return `${lat},${lon},${date}T${padded.slice(0, 2)}:${padded.slice(2)}:00Z,${sat},${instrument},${confidence},${frp},${b4},${b5},${scan},${track},${version},${dn},SRID=4326;POINT(${lon} ${lat})\n`;
    });
    await client.query('CREATE TABLE fires_copy (LIKE fires INCLUDING DEFAULTS)');
    // The same index work as fires, from its own index definitions (GiST on geom and time and on geography, btree on
    // acq_time and on the natural key), minus uniqueness, which the duplicates would break.
    const { rows: indexes } = await client.query<{ definition: string }>(`SELECT indexdef AS definition FROM pg_indexes WHERE tablename = 'fires'`);
    for (const { definition } of indexes) {
      const onCopy = definition.replace(/^CREATE (UNIQUE )?INDEX \S+ ON ONLY public\.fires /, 'CREATE INDEX ON fires_copy ');
      if (onCopy === definition) throw new Error(`unexpected index definition of fires: ${definition}`);
      await client.query(onCopy);
    }
    const body = HEADER + rows.join('');
    const copyTimes: number[] = [];
    const ingestTimes: number[] = [];
    for (let run = 0; run < options.ingestRuns; run += 1) {
      await client.query('TRUNCATE fires, fires_copy');
      const copyStarted = performance.now();
      await pipeline(
        Readable.from(copyRows),
        client.query(
          copyFrom(`COPY fires_copy (latitude, longitude, acq_time, satellite, instrument, confidence, frp, brightness, brightness_t31, scan, track, version, daynight, geom)
                    FROM STDIN WITH (FORMAT csv)`),
        ),
      );
      copyTimes.push(performance.now() - copyStarted);
      const ingestStarted = performance.now();
      const response = await fetch(`${apiUrl}/api/ingest/fires`, { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body });
      ingestTimes.push(performance.now() - ingestStarted);
      const counts = (await response.json()) as { received: number; stored: number; duplicate: number };
      if (response.status !== 200 || counts.received !== options.ingestRows || counts.stored !== options.ingestRows * 0.8) {
        throw new Error(`ingest failed: ${response.status} ${JSON.stringify(counts)}`);
      }
    }
    const copyMs = median(copyTimes);
    const ingestMs = median(ingestTimes);
    await client.query('TRUNCATE fires');

    // 2. Many stored detections over the retention window, then the reads against their bare SQL.
    const loadMs = await loadStoredFires(client, options.storedRows);
    const reads = await benchFireReads({ apiUrl, token: TOKEN, client, queries: options.queries });
    const stored = `${(options.storedRows / 1e6).toFixed(options.storedRows >= 1e6 ? 0 : 2)}M`;
    return [
      {
        name: `FIRMS CSV ${options.ingestRows.toLocaleString('en')} rows (20% duplicate) via POST /api/ingest/fires (vs COPY)`,
        unit: 'rows/s',
        value: options.ingestRows / (ingestMs / 1000),
        baseline: options.ingestRows / (copyMs / 1000),
        ratio: copyMs / ingestMs,
        samples: options.ingestRuns,
        target: 'ratio ≥ 0.4',
      },
      ...reads.map((figure) => ({ ...figure, name: figure.name.replace('{stored}', `${stored} stored`) })),
      { name: `setup: ${stored} fires over 30 days (generate_series, indexes rebuilt, VACUUM ANALYZE)`, unit: 's', value: loadMs / 1000, baseline: loadMs / 1000, ratio: 1, samples: 1 },
    ];
  } finally {
    await app.close();
    await client.end();
    await stack.stop();
  }
}
