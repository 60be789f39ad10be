// Bench case: live delivery latency, publish on the bus → WebSocket client, with many clients holding
// different viewports, against the bare bus (core NATS publish → subscriber) in the same run.
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import WebSocket from 'ws';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { readStackSettings } from '../../main/stack/stack-settings.js';
import { StackSupervisor } from '../../main/stack/stack-supervisor.js';
import { fireEventUrl } from '../../server/fires/fire-events.js';
import { fireMessage } from '../support/event-fixtures.js';
import type { BenchFigure } from './bench-figures.js';

type Box = [number, number, number, number];

/** Deterministic pseudo-random numbers, so every run holds the same viewports and events. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function contains(box: Box, lon: number, lat: number): boolean {
  const [west, south, east, north] = box;
  if (lat < south || lat > north) return false;
  return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east;
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

export async function benchLiveLatency(options: { clients: number; rate: number; seconds: number }): Promise<BenchFigure[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'vantage-bench-live-'));
  await chmod(root, 0o711);
  const supervisor = new StackSupervisor({
    settings: readStackSettings({ VANTAGE_DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'error' }),
    logger: createStackLogger({ level: 'error', quiet: true }),
    echoApiOutput: false,
    serverOverrides: { schedulesEnabled: false, liveHealthIntervalMs: 3_600_000 },
  });
  const sockets: WebSocket[] = [];
  let connection: NatsConnection | null = null;
  try {
    const runtime = await supervisor.start();
    connection = await connect({ servers: supervisor.nats!.url, token: supervisor.nats!.token });
    const next = random(42);
    const viewports: Box[] = [];
    const publishedAt = new Map<string, { t: number; lon: number; lat: number; warmUp: boolean }>();
    const latencies: number[] = [];
    let outside = 0;
    let delivered = 0;

    for (let index = 0; index < options.clients; index += 1) {
      const west = -180 + next() * 360;
      const south = -60 + next() * 110;
      const east = west + 30 > 180 ? west + 30 - 360 : west + 30;
      const box: Box = [Number(west.toFixed(3)), Number(south.toFixed(3)), Number(east.toFixed(3)), Number((south + 20).toFixed(3))];
      viewports.push(box);
      const socket = new WebSocket(`${runtime.apiUrl.replace('http', 'ws')}/api/live?token=${runtime.token}`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string; event?: { url: string } };
        if (message.type !== 'event' || !message.event) return;
        const sent = publishedAt.get(message.event.url);
        if (!sent) return;
        if (!contains(box, sent.lon, sent.lat)) outside += 1;
        if (sent.warmUp) return;
        delivered += 1;
        latencies.push(performance.now() - sent.t);
      });
      socket.send(JSON.stringify({ type: 'viewport', bbox: box }));
      sockets.push(socket);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));

    const js = connection.jetstream();
    const codec = JSONCodec();
    const perTick = Math.max(1, Math.round(options.rate / 100));
    let expected = 0;
    let sequence = 0;
    // The first second warms connections, JIT and caches at the same rate; it is not measured.
    const warmUpTicks = 100;
    let started = performance.now();
    for (let tick = -warmUpTicks; tick < options.seconds * 100; tick += 1) {
      const warmUp = tick < 0;
      if (tick === 0) started = performance.now();
      const batch = Array.from({ length: perTick }, () => {
        sequence += 1;
        const lon = Number((-180 + next() * 360).toFixed(5));
        const lat = Number((-60 + next() * 130).toFixed(5));
        const message = fireMessage({ longitude: lon, latitude: lat, acqTime: new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString() });
        publishedAt.set(fireEventUrl(message), { t: performance.now(), lon, lat, warmUp });
        if (!warmUp) expected += viewports.filter((box) => contains(box, lon, lat)).length;
        return js.publish('events.fire', codec.encode(message));
      });
      await Promise.all(batch);
      const due = started + (tick + (warmUp ? warmUpTicks : 0) + 1) * 10;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const achievedRate = (sequence - warmUpTicks * perTick) / ((performance.now() - started) / 1000);
    const deadline = Date.now() + 10_000;
    while (delivered < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    const floor = await busFloor(connection, options.rate, Math.min(3, options.seconds));
    latencies.sort((a, b) => a - b);
    const label = `${options.clients} clients, ${Math.round(achievedRate)} events/s; delivered ${delivered}/${expected}, outside viewport ${outside}`;
    return [
      { name: `live delivery p50 (${label})`, unit: 'ms', value: percentile(latencies, 50), baseline: percentile(floor, 50), ratio: percentile(latencies, 50) / percentile(floor, 50), samples: latencies.length },
      { name: 'live delivery p99', unit: 'ms', value: percentile(latencies, 99), baseline: percentile(floor, 99), ratio: percentile(latencies, 99) / percentile(floor, 99), samples: latencies.length, target: 'p99 < 100 ms, 0 outside' },
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
    await connection?.close();
    await supervisor.stop();
    await rm(root, { recursive: true, force: true });
  }
}
