// On a computer set to UTC, the wall clock's times read as UTC does everywhere else: 24 hours ("20:00 UTC").
import { afterAll, describe, expect, it, vi } from 'vitest';

// Restored by setting it: deleting TZ leaves Node on the last zone set, and the files run after this one in the same
// worker read Los Angeles (renderer-picking.test.ts failed so).
const zoneBefore = process.env.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
/** The module as a renderer on a computer in `zone` loads it (it reads the zone once). */
async function timeFormatIn(zone: string) {
  process.env.TZ = zone;
  vi.resetModules();
  return import('../../renderer/src/format/time-format.js');
}

describe('the wall clock on a computer set to UTC', () => {
  afterAll(() => {
    process.env.TZ = zoneBefore;
    // And the module loaded in Los Angeles leaves the registry: files after this one in the worker (isolate off) took
    // it from there and read PST where they expect UTC.
    vi.resetModules();
  });
  const evening = new Date('2026-11-29T20:00:00Z');

  it('reads 24 hours, the day first, as the UTC times beside it', async () => {
    const format = await timeFormatIn('UTC');
    expect(format.formatClock(evening)).toBe('20:00');
    expect(format.formatClockWithZone(evening)).toBe('20:00 UTC');
    expect(format.formatLocal(new Date('2026-11-30T04:00:00Z'))).toBe('30 Nov 04:00 UTC');
    expect(format.formatBoth('2026-11-30T04:00:00Z')).toBe('30 Nov 2026 04:00 UTC');
  });

  it('elsewhere keeps the zone of the wall clock, in the clock of the locale', async () => {
    const format = await timeFormatIn('America/Los_Angeles');
    expect(format.formatClockWithZone(evening)).toMatch(/PST$/);
    expect(format.formatLocal(evening)).toMatch(/^29 Nov .*PST$/);
    expect(format.formatBoth(evening.toISOString())).toMatch(/^29 Nov 2026 20:00 UTC · 29 Nov .* PST$/);
  });
});
