// What the machine a bench ran on could do at the time, measured beside the cases: its figures are comparable across
// runs only between machines in the same state. The same code on the same kind of machine has run the live case at
// p99 76–165 ms one day and 470–1,600 ms another, the UI suite in 7 or 17.5 min: on the slow day an untouched page of
// memory cost about 12 µs at its first write (0.33 GB/s, in Python and in Node alike), while one core hashed at
// 1.4–1.6 GB/s and a loopback round trip took ~47 µs, ordinary figures. A process start, a heap that grows, a Chromium
// page, a PostgreSQL backend: each pays it for every page of memory it takes.
// Each is the best of three rounds:
// - hashing: SHA-256 of 64 MiB, one core's compute;
// - first touch: a fresh 128 MiB buffer written once (memory the process never had), then written again (warm);
// - loopback: an HTTP GET answered from memory over one kept-alive connection, the floor under the API's figures.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepAliveGet } from './keep-alive-get.js';
import { percentile } from './live-latency-bench.js';

export interface MachineProbe {
  sha256MBps: number;
  firstTouchMBps: number;
  warmWriteMBps: number;
  loopbackRoundTripUs: number;
}

const MIB = 2 ** 20;

function megabytesPerSecond(bytes: number, work: () => void): number {
  const started = performance.now();
  work();
  return bytes / MIB / ((performance.now() - started) / 1000);
}

/** The round trip's p50 (µs), the best of `rounds` rounds: a cold client or JIT is not the machine. */
async function loopbackRoundTripUs(roundTrips: number, rounds: number): Promise<number> {
  const server = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const get = keepAliveGet(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  try {
    for (let warm = 0; warm < roundTrips; warm += 1) await get('/');
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < rounds; round += 1) {
      const times: number[] = [];
      for (let trip = 0; trip < roundTrips; trip += 1) {
        const started = performance.now();
        await get('/');
        times.push((performance.now() - started) * 1000);
      }
      best = Math.min(best, percentile(times.sort((a, b) => a - b), 50));
    }
    return best;
  } finally {
    await get.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Each figure is the best of `rounds`: what the machine could do at the time, not its first-call costs. */
export async function probeMachine(
  options: { memoryMiB: number; hashMiB: number; roundTrips: number; rounds: number } = { memoryMiB: 128, hashMiB: 64, roundTrips: 1_000, rounds: 3 },
): Promise<MachineProbe> {
  const hashed = Buffer.alloc(options.hashMiB * MIB, 7);
  const probe: MachineProbe = { sha256MBps: 0, firstTouchMBps: 0, warmWriteMBps: 0, loopbackRoundTripUs: 0 };
  for (let round = 0; round < options.rounds; round += 1) {
    probe.sha256MBps = Math.max(probe.sha256MBps, megabytesPerSecond(hashed.length, () => createHash('sha256').update(hashed).digest()));
    // Not zero-filled: a buffer this large is memory the process maps afresh, none of it touched before the first fill.
    const fresh = Buffer.allocUnsafeSlow(options.memoryMiB * MIB);
    probe.firstTouchMBps = Math.max(probe.firstTouchMBps, megabytesPerSecond(fresh.length, () => fresh.fill(1)));
    probe.warmWriteMBps = Math.max(probe.warmWriteMBps, megabytesPerSecond(fresh.length, () => fresh.fill(2)));
  }
  probe.loopbackRoundTripUs = await loopbackRoundTripUs(options.roundTrips, options.rounds);
  return probe;
}

/** The probe in one line, for the machine line under the bench's table. */
export function describeProbe(probe: MachineProbe): string {
  const gigabytes = (megabytes: number) => `${(megabytes / 1024).toFixed(2)} GB/s`;
  return `SHA-256 ${gigabytes(probe.sha256MBps)} on one core, first write to fresh memory ${gigabytes(probe.firstTouchMBps)} ` +
    `(${gigabytes(probe.warmWriteMBps)} written again), loopback HTTP round trip p50 ${Math.round(probe.loopbackRoundTripUs)} µs`;
}
