// Per-host spacing and overall concurrency of the camera limiter, measured with timestamps.
import { describe, expect, it, vi } from 'vitest';
import { HostRateLimiter } from '../../server/cameras/host-rate-limiter.js';

describe('HostRateLimiter', () => {
  it('spaces requests to one host by 1/rate while another host runs alongside', async () => {
    const limiter = new HostRateLimiter({ requestsPerSecond: 10 });
    const started: Record<string, number[]> = { a: [], b: [] };
    const run = (host: 'a' | 'b') => limiter.schedule(`http://${host}.example/x`, async () => void started[host]!.push(performance.now()));
    await Promise.all([...Array.from({ length: 5 }, () => run('a')), ...Array.from({ length: 5 }, () => run('b'))]);
    for (const host of ['a', 'b']) {
      const times = started[host]!;
      const gaps = times.slice(1).map((at, index) => at - times[index]!);
      // Timers keep whole milliseconds of the event loop's clock: a 100 ms wait may end 99.x ms on (a run on
      // 2026-11-30 read 99 between two Date.now readings).
      expect(Math.min(...gaps), host).toBeGreaterThanOrEqual(99);
    }
    // The hosts did not queue behind each other: b started before a was through.
    expect(started.b![0]!).toBeLessThan(started.a![1]!);
    await limiter.stop();
  });

  it('bounds how many requests run at once across hosts and passes errors through', async () => {
    const limiter = new HostRateLimiter({ requestsPerSecond: 100, maxConcurrent: 2 });
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        limiter.schedule(`http://host-${index}.example/`, async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 30));
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
    await expect(limiter.schedule('http://e.example/', async () => Promise.reject(new Error('camera said no')))).rejects.toThrow('camera said no');
    await limiter.stop();
  });

  it("keeps a host's slot only while it has requests asked for or in their spacing", async () => {
    const limiter = new HostRateLimiter({ requestsPerSecond: 50 });
    await Promise.all(Array.from({ length: 30 }, (_, index) => limiter.schedule(`http://host-${index % 10}.example/`, async () => index)));
    expect(limiter.busyHosts).toBeGreaterThan(0);
    await vi.waitFor(() => expect(limiter.busyHosts).toBe(0));
    await limiter.stop();
  });
});
