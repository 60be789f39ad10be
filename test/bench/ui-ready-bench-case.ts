// Bench case: navigation → data-state=ready in headless Chromium with N fires in view, against the
// same navigation on the same stack with no fires (the baseline, same run); and the bundle's sizes.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { readStackSettings } from '../../main/stack/stack-settings.js';
import { StackSupervisor } from '../../main/stack/stack-supervisor.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';
import { waitFor } from '../support/process-check.js';
import { type BundleChunk, rendererBundleSizes } from '../ui/renderer-bundle-sizes.js';
import { benchUiReady } from '../ui/ui-ready-bench.js';
import type { BenchFigure } from './bench-figures.js';
import { placesLoaded } from './places-loaded.js';

export interface UiBenchResult {
  figures: BenchFigure[];
  bundle: BundleChunk[];
  renderedFires: number;
}

/** Fires spread over the inhabited latitudes, acquired in the last hours (the map's default window). */
function fires(count: number): Array<Record<string, unknown>> {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => {
    // A low-discrepancy spread: every fire a distinct point, no clumps.
    const longitude = -179.9 + ((index * 0.618_033_988_75) % 1) * 359.8;
    const latitude = -55 + ((index * 0.754_877_666_25) % 1) * 125;
    const acquired = new Date(now - (index % 720) * 60_000);
    return {
      latitude: Number(latitude.toFixed(4)),
      longitude: Number(longitude.toFixed(4)),
      acq_time: acquired.toISOString().replace(/\.\d+Z$/, 'Z'),
      satellite: 'N',
      confidence: ['l', 'n', 'h'][index % 3],
      frp: (index % 97) + 0.5,
      daynight: 'D',
    };
  });
}

export async function benchUiReadyCase(options: { fires: number; runs: number }): Promise<UiBenchResult> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'vantage-bench-ui-'));
  await chmod(root, 0o711);
  const supervisor = new StackSupervisor({
    settings: readStackSettings({ ...OFFLINE_STACK_ENV, GAZETTEER_LOAD: 'on', VANTAGE_DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'error' }),
    logger: createStackLogger({ level: 'error', quiet: true }),
    echoApiOutput: false,
    serverOverrides: { schedulesEnabled: false, notificationsEnabled: false },
  });
  try {
    const { apiUrl, token } = await supervisor.start();
    // The baseline is measured after the gazetteer's load, as the fires are.
    await placesLoaded(apiUrl, token);
    const empty = await benchUiReady({ apiUrl, token, runs: options.runs });

    const batch = 10_000;
    const all = fires(options.fires);
    for (let start = 0; start < all.length; start += batch) {
      const response = await fetch(`${apiUrl}/api/ingest/fires`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(all.slice(start, start + batch)),
      });
      if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
    }
    // The ingester stores the events in the background: measured runs start once it is done.
    const client = new pg.Client({ connectionString: supervisor.postgres!.url });
    await client.connect();
    try {
      await waitFor(
        async () => {
          const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE source_type = 'fire'`);
          return (rows[0]?.n ?? 0) >= options.fires ? true : undefined;
        },
        600_000,
        'the ingester to store every fire event',
      );
    } finally {
      await client.end();
    }
    const loaded = await benchUiReady({ apiUrl, token, runs: options.runs });
    const figures: BenchFigure[] = [
      {
        name: `UI navigation → ready, ${options.fires.toLocaleString('en-US')} fires in view (vs no fires)`,
        unit: 'ms',
        value: loaded.medianMs,
        baseline: empty.medianMs,
        ratio: loaded.medianMs / empty.medianMs,
        samples: loaded.samplesMs.length,
        target: '≤ 3000 ms',
      },
      {
        name: `UI navigation → ready p95, ${options.fires.toLocaleString('en-US')} fires (vs no fires)`,
        unit: 'ms',
        value: loaded.p95Ms,
        baseline: empty.p95Ms,
        ratio: loaded.p95Ms / empty.p95Ms,
        samples: loaded.samplesMs.length,
      },
    ];
    return { figures, bundle: await rendererBundleSizes(), renderedFires: loaded.renderedFires };
  } finally {
    await supervisor.stop();
    await rm(root, { recursive: true, force: true });
  }
}

export function formatBundle(chunks: readonly BundleChunk[]): string {
  const rows = chunks.map((chunk) => `| ${chunk.kind} | ${chunk.file} | ${(chunk.bytes / 1024).toFixed(0)} KiB | ${(chunk.gzipBytes / 1024).toFixed(0)} KiB |`);
  return ['| chunk | file | size | gzip |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
