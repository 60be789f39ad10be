// Bench case: first-run and warm start to healthy, and idle memory of the three processes,
// each against a baseline taken in the same run: PostgreSQL + NATS alone, without the API process.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
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

async function timeBare(dataDir: string): Promise<{ ms: number; memoryMiB: number; stop: () => Promise<void> }> {
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

async function timeStack(dataDir: string): Promise<{ ms: number; memoryMiB: number; stop: () => Promise<void> }> {
  const started = performance.now();
  const supervisor = new StackSupervisor({
    settings: readStackSettings({ ...OFFLINE_STACK_ENV, VANTAGE_DATA_DIR: dataDir, LOG_LEVEL: 'error' }),
    logger,
    echoApiOutput: false,
  });
  const runtime = await supervisor.start();
  // Healthy = /api/health answers with the database and the bus up.
  while ((await (await fetch(`${runtime.apiUrl}/api/health`)).json() as { status: string }).status !== 'ok') await sleep(20);
  const ms = performance.now() - started;
  await sleep(3_000);
  const pids = [supervisor.postgres!.pid!, supervisor.nats!.pid!, supervisor.api!.pid!];
  let memoryMiB = 0;
  for (const pid of pids) memoryMiB += await treeMemoryMiB(pid);
  return { ms, memoryMiB, stop: () => supervisor.stop() };
}

export async function benchStackStart(runs: number): Promise<BenchFigure[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'vantage-bench-start-'));
  // As root, PostgreSQL's unprivileged user must be able to pass through to the data dirs.
  await chmod(root, 0o711);
  const firstRun = { stack: [] as number[], bare: [] as number[] };
  const warm = { stack: [] as number[], bare: [] as number[] };
  const memory = { stack: [] as number[], bare: [] as number[] };
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
  return [
    figure('first-run start to healthy', 'ms', firstRun, '< 10000 ms'),
    figure('warm start to healthy', 'ms', warm, '< 3000 ms'),
    figure('idle memory, three processes (PSS)', 'MiB', memory, '< 400 MiB'),
  ];
}
