// Bench case: first-run and warm start to healthy, and idle memory of the three processes,
// each against a baseline taken in the same run: PostgreSQL + NATS alone, without the API process; and where
// a warm start's time goes (the supervisor's steps and the API process's own account in the log).
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { prepareDataDir } from '../../main/stack/data-dir.js';
import { NatsService } from '../../main/stack/nats-service.js';
import { PostgresService } from '../../main/stack/postgres-service.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { readStackSettings } from '../../main/stack/stack-settings.js';
import { StackSupervisor } from '../../main/stack/stack-supervisor.js';
import { treeMemoryMiB } from './process-memory.js';
import { type BenchFigure, median } from './bench-figures.js';
import { OFFLINE_STACK_ENV } from '../support/offline-env.js';

const logger = createStackLogger({ level: 'error', quiet: true });

async function timeBare(dataDir: string): Promise<{ ms: number; memoryMiB: number; breakdown?: StartBreakdown; stop: () => Promise<void> }> {
  await prepareDataDir(dataDir);
  const started = performance.now();
  const postgres = new PostgresService({ dataDir, logger });
  const nats = new NatsService({ dataDir, logger });
  await postgres.start();
  await nats.start();
  const ms = performance.now() - started;
  await sleep(3_000);
  const memoryMiB = (await treeMemoryMiB(postgres.pid!)) + (await treeMemoryMiB(nats.pid!));
  return { ms, memoryMiB, stop: async () => (await nats.stop(), await postgres.stop()) };
}

interface StartBreakdown {
  [part: string]: number;
}

/** Where a start went: the supervisor's steps, and the API process's own account of its start (from the log). */
async function startBreakdown(dataDir: string, steps: ReadonlyArray<{ step: string; atMs: number }>, healthyMs: number): Promise<StartBreakdown> {
  const lines = (await readFile(path.join(dataDir, 'logs', 'vantage.log'), 'utf8')).split('\n');
  const last = lines.filter((line) => line.includes('"api process started"')).at(-1);
  const api = last ? (JSON.parse(last) as Record<string, number>) : {};
  const at = (name: string) => steps.find((step) => step.step === name)?.atMs ?? Number.NaN;
  const apiReady = at('API ready');
  return {
    'PostgreSQL accepting (from start)': at('PostgreSQL accepting'),
    'NATS ready (from start)': at('NATS ready'),
    'API process: code loaded (from its launch, meanwhile)': api.loadMs ?? Number.NaN,
    'API process: migrations check': api.migrationsMs ?? Number.NaN,
    'API process: app built (plugins, domains, bus)': api.buildMs ?? Number.NaN,
    'API ready (from start)': apiReady,
    'API ready → health ok': healthyMs - apiReady,
  };
}

async function timeStack(dataDir: string): Promise<{ ms: number; memoryMiB: number; breakdown: StartBreakdown; stop: () => Promise<void> }> {
  const started = performance.now();
  const supervisor = new StackSupervisor({
    settings: readStackSettings({ ...OFFLINE_STACK_ENV, GAZETTEER_LOAD: 'on', VANTAGE_DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
    logger,
    echoApiOutput: false,
  });
  const runtime = await supervisor.start();
  // Healthy = /api/health answers with the database and the bus up.
  while ((await (await fetch(`${runtime.apiUrl}/api/health`)).json() as { status: string }).status !== 'ok') await sleep(20);
  const ms = performance.now() - started;
  const breakdown = await startBreakdown(dataDir, supervisor.startSteps, ms);
  // Idle means idle: a start that (re)loads the gazetteer in the background is measured once that load is over
  // (a first run stopped as soon as it is healthy leaves the load to the next start).
  // The basemap's land loads after the places, in a transaction of its own: idle is after it too.
  const placesLoading = async () => {
    const places = ((await (await fetch(`${runtime.apiUrl}/api/health`, { headers: { authorization: `Bearer ${runtime.token}` } })).json()) as { sources?: { places?: { state?: string; land?: string } } })
      .sources?.places;
    const busy = (state: string | undefined) => ['pending', 'loading'].includes(state ?? '');
    return busy(places?.state) || (places?.state === 'ready' && busy(places.land));
  };
  for (let waited = 0; waited < 120_000 && (await placesLoading()); waited += 250) await sleep(250);
  await sleep(3_000);
  const pids = [supervisor.postgres!.pid!, supervisor.nats!.pid!, supervisor.api!.pid!];
  let memoryMiB = 0;
  for (const pid of pids) memoryMiB += await treeMemoryMiB(pid);
  return { ms, memoryMiB, breakdown, stop: () => supervisor.stop() };
}

export async function benchStackStart(runs: number): Promise<BenchFigure[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'vantage-bench-start-'));
  // As root, PostgreSQL's unprivileged user must be able to pass through to the data dirs.
  await chmod(root, 0o711);
  const firstRun = { stack: [] as number[], bare: [] as number[] };
  const warm = { stack: [] as number[], bare: [] as number[] };
  const memory = { stack: [] as number[], bare: [] as number[] };
  const warmBreakdowns: StartBreakdown[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const kind of ['bare', 'stack'] as const) {
        const dir = path.join(root, `${kind}-${run}`);
        const time = kind === 'bare' ? timeBare : timeStack;
        const cold = await time(dir);
        firstRun[kind].push(cold.ms);
        await cold.stop();
        const hot = await time(dir);
        warm[kind].push(hot.ms);
        if (hot.breakdown) warmBreakdowns.push(hot.breakdown);
        memory[kind].push(hot.memoryMiB);
        await hot.stop();
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const figure = (name: string, unit: string, sample: { stack: number[]; bare: number[] }, target: string): BenchFigure => ({
    name,
    unit,
    value: median(sample.stack),
    baseline: median(sample.bare),
    ratio: median(sample.stack) / median(sample.bare),
    samples: sample.stack.length,
    target,
  });
  const warmMs = median(warm.stack);
  // Each part of a warm start, its median, against the whole warm start (parts overlap: the API process loads
  // its code while PostgreSQL and NATS start).
  const parts: BenchFigure[] = Object.keys(warmBreakdowns[0] ?? {}).map((part) => {
    const value = median(warmBreakdowns.map((breakdown) => breakdown[part] as number));
    return { name: `  … warm start: ${part} (vs the whole)`, unit: 'ms', value, baseline: warmMs, ratio: value / warmMs, samples: warmBreakdowns.length };
  });
  return [
    figure('first-run start to healthy', 'ms', firstRun, '< 10000 ms'),
    figure('warm start to healthy (vs PostgreSQL + NATS alone)', 'ms', warm, '< 1000 ms'),
    ...parts,
    figure('idle memory, three processes (PSS)', 'MiB', memory, '< 400 MiB'),
  ];
}
