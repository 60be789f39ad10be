// Bench case: live delivery latency, publish on the bus → WebSocket client, with many clients holding
// scattered viewports, against the bare bus (core NATS publish → subscriber) in the same run. The clients
// live in processes of their own (live-bench-clients.ts), so reading them does not slow the publisher;
// every event delivered outside its client's viewport is counted.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { typeScriptLoader } from '../../main/stack/api-launcher.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { readStackSettings } from '../../main/stack/stack-settings.js';
import { StackSupervisor } from '../../main/stack/stack-supervisor.js';
import { fireMessage } from '../support/event-fixtures.js';
import type { BenchFigure } from './bench-figures.js';
import { CLIENTS_FLAG, type ClientsCommand, type ClientsReply, contains } from './live-bench-clients.js';

type Box = [number, number, number, number];

const CLIENTS_ENTRY = fileURLToPath(new URL('./live-bench-clients.ts', import.meta.url));
const CLIENT_PROCESSES = 2;

/** Deterministic pseudo-random numbers, so every run holds the same viewports and events. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function busFloor(connection: NatsConnection, rate: number, seconds: number): Promise<number[]> {
  const codec = JSONCodec<{ t: number }>();
  const latencies: number[] = [];
  const subscription = connection.subscribe('bench.floor', {
    callback: (_error, message) => latencies.push(performance.now() - codec.decode(message.data).t),
  });
  const perTick = Math.max(1, Math.round(rate / 100));
  for (let tick = 0; tick < seconds * 100; tick += 1) {
    for (let i = 0; i < perTick; i += 1) connection.publish('bench.floor', codec.encode({ t: performance.now() }));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await connection.flush();
  await new Promise((resolve) => setTimeout(resolve, 200));
  subscription.unsubscribe();
  return latencies.sort((a, b) => a - b);
}

function startClients(): { child: ChildProcess; next: () => Promise<ClientsReply> } {
  const child = fork(CLIENTS_ENTRY, [CLIENTS_FLAG], { execArgv: ['--import', typeScriptLoader()], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies: ClientsReply[] = [];
  const waiting: Array<(reply: ClientsReply) => void> = [];
  child.on('message', (reply: ClientsReply) => {
    const resolve = waiting.shift();
    if (resolve) resolve(reply);
    else replies.push(reply);
  });
  return {
    child,
    next: () => new Promise((resolve, reject) => {
      const queued = replies.shift();
      if (queued) return resolve(queued);
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`bench clients exited (${code})`)));
    }),
  };
}

/** A square geofence (2° a side) through the API, as an analyst draws one. */
async function createGeofence(apiUrl: string, token: string, name: string, [lon, lat]: [number, number]): Promise<void> {
  const ring = [[lon - 1, lat - 1], [lon + 1, lat - 1], [lon + 1, lat + 1], [lon - 1, lat + 1], [lon - 1, lat - 1]];
  const response = await fetch(`${apiUrl}/api/geofences`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, geometry: { type: 'Polygon', coordinates: [ring] } }),
  });
  if (response.status !== 201) throw new Error(`geofence not created: ${response.status} ${await response.text()}`);
}

/** `geofences`: that many fences stored first, so every stored batch is checked against them (as the app does). */
export async function benchLiveLatency(options: { clients: number; rate: number; seconds: number; geofences?: number }): Promise<BenchFigure[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'vantage-bench-live-'));
  await chmod(root, 0o711);
  const supervisor = new StackSupervisor({
    // No gazetteer: a fresh stack would load it (~10 s of CPU) through most of the measured seconds.
    settings: readStackSettings({ VANTAGE_DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'error', GAZETTEER_LOAD: 'off' }),
    logger: createStackLogger({ level: 'error', quiet: true }),
    echoApiOutput: false,
    serverOverrides: { schedulesEnabled: false, liveHealthIntervalMs: 3_600_000 },
  });
  const groups: Array<ReturnType<typeof startClients>> = [];
  let connection: NatsConnection | null = null;
  try {
    const runtime = await supervisor.start();
    connection = await connect({ servers: supervisor.nats!.url, token: supervisor.nats!.token });
    for (let fence = 0; fence < (options.geofences ?? 0); fence += 1) {
      await createGeofence(runtime.apiUrl, runtime.token, `bench ${fence + 1}`, [-120 + fence * 47, -30 + fence * 17]);
    }
    const next = random(42);
    const viewports: Box[] = [];
    for (let index = 0; index < options.clients; index += 1) {
      const west = -180 + next() * 360;
      const south = -60 + next() * 110;
      const east = west + 30 > 180 ? west + 30 - 360 : west + 30;
      viewports.push([Number(west.toFixed(3)), Number(south.toFixed(3)), Number(east.toFixed(3)), Number((south + 20).toFixed(3))]);
    }
    for (let group = 0; group < CLIENT_PROCESSES; group += 1) {
      const clients = startClients();
      groups.push(clients);
      const command: ClientsCommand = { type: 'open', apiUrl: runtime.apiUrl, token: runtime.token, viewports: viewports.filter((_, index) => index % CLIENT_PROCESSES === group) };
      clients.child.send(command);
    }
    for (const clients of groups) await clients.next();

    const codec = JSONCodec();
    const perTick = Math.max(1, Math.round(options.rate / 100));
    // Where each measured event lies; how many clients should receive them is counted after the publishing (1,000
    // viewports tested per event took the publisher's process a good part of a core, beside the stack it measures).
    const measuredPoints: Array<[number, number]> = [];
    let sequence = 0;
    // The first second warms connections, JIT and caches at the same rate; it is not measured.
    const warmUpTicks = 100;
    const began = performance.now();
    let measuredFrom = began;
    for (let tick = -warmUpTicks; tick < options.seconds * 100; tick += 1) {
      if (tick === 0) {
        // A clean millisecond boundary: every warm-up event is acquired before `from`, every measured one at or after.
        await new Promise((resolve) => setTimeout(resolve, 2));
        measuredFrom = performance.now();
        const from: ClientsCommand = { type: 'measure', from: Date.now() };
        for (const clients of groups) clients.child.send(from);
      }
      for (let i = 0; i < perTick; i += 1) {
        sequence += 1;
        const lon = Number((-180 + next() * 360).toFixed(5));
        const lat = Number((-60 + next() * 130).toFixed(5));
        // The publish instant rides in the event (its acquisition time), to the millisecond.
        const message = fireMessage({ longitude: lon, latitude: lat, acqTime: new Date().toISOString() });
        if (tick >= 0) measuredPoints.push([lon, lat]);
        // A plain publish on the stream's subject: JetStream stores it as it stores any, and the ingester takes it from
        // there. Waiting for each ack took the publisher's process ~25% of a core more, beside the stack it measures;
        // a lost event would show all the same, as delivered < expected.
        connection.publish('events.fire', codec.encode(message));
      }
      const due = began + (tick + warmUpTicks + 1) * 10;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await connection.flush();
    const achievedRate = (sequence - warmUpTicks * perTick) / ((performance.now() - measuredFrom) / 1000);
    let expected = 0;
    for (const [lon, lat] of measuredPoints) for (const box of viewports) if (contains(box, lon, lat)) expected += 1;

    // Let the last events arrive (a stack behind by a few seconds catches up), then collect what each client process saw.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const latencies: number[] = [];
    let delivered = 0;
    let outside = 0;
    for (const clients of groups) {
      clients.child.send({ type: 'report' } satisfies ClientsCommand);
      const report = await clients.next();
      if (report.type !== 'report') throw new Error('bench clients answered out of turn');
      for (const latency of report.latencies) latencies.push(latency);
      delivered += report.delivered;
      outside += report.outside;
    }

    const floor = await busFloor(connection, options.rate, Math.min(3, options.seconds));
    latencies.sort((a, b) => a - b);
    const fences = options.geofences ? `, ${options.geofences} geofences checked` : '';
    const label = `${options.clients} clients, ${Math.round(achievedRate)} events/s${fences}; delivered ${delivered}/${expected}, outside viewport ${outside}`;
    return [
      { name: `live delivery p50 (${label})`, unit: 'ms', value: percentile(latencies, 50), baseline: percentile(floor, 50), ratio: percentile(latencies, 50) / percentile(floor, 50), samples: latencies.length },
      { name: `live delivery p99 (${options.rate} events/s offered${fences})`, unit: 'ms', value: percentile(latencies, 99), baseline: percentile(floor, 99), ratio: percentile(latencies, 99) / percentile(floor, 99), samples: latencies.length, target: 'p99 < 100 ms, 0 outside' },
    ];
  } finally {
    for (const clients of groups) clients.child.kill();
    await connection?.close();
    await supervisor.stop();
    await rm(root, { recursive: true, force: true });
  }
}

/**
 * Of several runs' figures ([p50, p99] each), the run whose p99 is the median of theirs (the lower middle of an even
 * count), its p99 named with every run's p99 in run order.
 */
export function medianRunByP99(results: readonly BenchFigure[][]): BenchFigure[] {
  const p99 = (figures: readonly BenchFigure[]) => (figures[1] as BenchFigure).value;
  const byP99 = [...results].sort((a, b) => p99(a) - p99(b));
  const [p50Figure, p99Figure] = byP99[Math.floor((byP99.length - 1) / 2)] as BenchFigure[];
  if (results.length === 1) return [p50Figure as BenchFigure, p99Figure as BenchFigure];
  const note = `; the run of median p99 of ${results.length}, whose p99s were ${results.map((figures) => Math.round(p99(figures))).join(', ')} ms`;
  return [p50Figure as BenchFigure, { ...(p99Figure as BenchFigure), name: (p99Figure as BenchFigure).name.replace(/\)$/, `${note})`) }];
}

/**
 * The case run `runs` times, each on a stack of its own, reported by its median run (medianRunByP99): on two shared
 * cores one run's p99 at 5,000 events/s came anywhere from 99 to 165 ms with the same code, wider than the changes it
 * is to judge.
 */
export async function benchLiveLatencyMedianRun(options: Parameters<typeof benchLiveLatency>[0], runs: number): Promise<BenchFigure[]> {
  const results: BenchFigure[][] = [];
  for (let run = 0; run < runs; run += 1) results.push(await benchLiveLatency(options));
  return medianRunByP99(results);
}
