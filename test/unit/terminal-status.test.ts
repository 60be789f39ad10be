import { describe, expect, it } from 'vitest';
import { describeHealthChanges, headlessOutput, startTerminalStatus } from '../../main/terminal-status.js';
import type { HealthReport } from '../../server/health/health-schemas.js';

type Pipeline = HealthReport['pipelines'][string];

function pipeline(overrides: Partial<Pipeline> = {}): Pipeline {
  return {
    lastSuccessAt: null,
    ageSeconds: null,
    expectedIntervalSeconds: 900,
    stale: true,
    lastError: null,
    lastErrorAt: null,
    reason: 'has not run successfully yet',
    unreachable: false,
    failing: false,
    firstRunPending: false,
    rejected: 0,
    lastRejected: null,
    ...overrides,
  };
}

const ok = (overrides: Partial<Pipeline> = {}) => pipeline({ lastSuccessAt: '2026-11-23T20:00:00.000Z', ageSeconds: 5, stale: false, reason: null, ...overrides });
const report = (pipelines: Record<string, Pipeline>) => ({ status: 'ok' as const, pipelines });

describe('terminal status lines from health', () => {
  it('says nothing for pipelines that have not run yet, and each known state on the first report', () => {
    expect(describeHealthChanges(null, report({ fires: pipeline(), news: ok(), cameras: pipeline({ lastError: 'HTTP 502' }) }))).toEqual([
      'news: up to date',
      'cameras: failing — HTTP 502',
    ]);
  });

  it('one line per pipeline whose state changed, nothing for the rest', () => {
    const before = report({ fires: pipeline(), news: pipeline({ lastError: 'all 3 feeds failed' }), aircraft: ok() });
    const after = report({ fires: ok(), news: pipeline({ lastError: 'all 3 feeds failed' }), aircraft: ok({ lastSuccessAt: '2026-11-23T20:01:00.000Z' }) });
    expect(describeHealthChanges(before, after)).toEqual(['fires: up to date']);
    expect(describeHealthChanges(after, report({ fires: pipeline({ lastSuccessAt: '2026-11-23T19:00:00.000Z', lastError: 'timeout' }), news: ok(), aircraft: ok() }))).toEqual([
      'fires: failing — timeout',
      'news: up to date',
    ]);
  });

  it('counts newly skipped records and says when data went stale without an error', () => {
    const before = report({ incidents: ok({ rejected: 2 }), cameras: ok() });
    const after = report({ incidents: ok({ rejected: 1236 }), cameras: ok({ stale: true, reason: 'last success 200000 s ago, expected every 86400 s' }) });
    expect(describeHealthChanges(before, after)).toEqual([
      'incidents: skipped 1,234 malformed records',
      'cameras: stale — last success 200000 s ago, expected every 86400 s',
    ]);
  });
});

describe('headless output switch', () => {
  it('a terminal gets plain status and the JSON lines go to the log file only', () => {
    expect(headlessOutput(true)).toEqual({ logToTerminal: false, echoApiOutput: false, terminalStatus: true });
  });
  it('pipes and CI (not a TTY) keep the JSON lines as before', () => {
    expect(headlessOutput(false)).toEqual({ logToTerminal: true, echoApiOutput: true, terminalStatus: false });
    expect(headlessOutput(undefined)).toEqual({ logToTerminal: true, echoApiOutput: true, terminalStatus: false });
  });
});

describe('health polling', () => {
  it('asks health with the token and writes the changes', async () => {
    const written: string[] = [];
    const asked: Array<[string, string | undefined]> = [];
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      asked.push([url, (init?.headers as Record<string, string> | undefined)?.authorization]);
      return new Response(JSON.stringify(report({ news: ok() })), { status: 200 });
    }) as typeof fetch;
    const stop = startTerminalStatus({ apiUrl: 'http://127.0.0.1:1234', token: 'tok', write: (text) => written.push(text), fetch: fakeFetch });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(asked).toEqual([['http://127.0.0.1:1234/api/health', 'Bearer tok']]);
    expect(written).toEqual(['news: up to date\n']);
  });
});

describe('long reasons', () => {
  it('are cut to one terminal line', () => {
    const [line] = describeHealthChanges(null, report({ fires: pipeline({ lastError: 'x'.repeat(500) }) }));
    expect(line?.length).toBeLessThan(200);
    expect(line).toMatch(/^fires: failing — x+…$/);
  });
});
