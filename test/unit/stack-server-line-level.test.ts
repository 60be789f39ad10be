import { describe, expect, it } from 'vitest';
import { levelOfServerLine, serverLineLevels } from '../../main/stack/stack-logger.js';

describe("the level of a bundled server's log line", () => {
  it('keeps a FATAL or PANIC at error, ERROR and WARNING at warn, the rest at debug', () => {
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [81] FATAL:  could not open file "global/pg_control": Permission denied')).toBe('error');
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [81] PANIC:  could not write to file "pg_wal/xlogtemp.81"')).toBe('error');
    expect(levelOfServerLine('[1] 2026/11/27 10:00:00.000000 [FTL] Error listening on port: 4222')).toBe('error');
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [90] ERROR:  relation "x" does not exist')).toBe('warn');
    expect(levelOfServerLine('[1] 2026/11/27 10:00:00.000000 [WRN] JetStream resource limits')).toBe('warn');
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [80] LOG:  database system is ready to accept connections')).toBe('debug');
  });

  it("raises PostgreSQL's report of a crashed session process, and the statement it ran, to error", () => {
    expect(levelOfServerLine('2026-11-29 02:56:30.450 UTC [60] LOG:  server process (PID 9635) was terminated by signal 11: Segmentation fault')).toBe('error');
    expect(levelOfServerLine('2026-11-29 02:56:30.450 UTC [60] DETAIL:  Failed process was running: SELECT ST_UnaryUnion($1)')).toBe('error');
    expect(levelOfServerLine('2026-11-29 02:56:30.450 UTC [60] LOG:  server process (PID 9640) exited with exit code 1')).toBe('error');
    expect(levelOfServerLine('2026-11-29 02:56:30.470 UTC [60] LOG:  all server processes terminated; reinitializing')).toBe('error');
    // A background worker's exit is no session's crash.
    expect(levelOfServerLine('2026-11-29 02:56:31.000 UTC [60] LOG:  background worker "logical replication launcher" (PID 70) exited with exit code 1')).toBe('debug');
  });

  it('logs the lines that continue a message at its level at least: the whole statement a crashed session ran', () => {
    const levelOf = serverLineLevels();
    const lines = [
      '2026-11-29 02:56:30.450 UTC [60] LOG:  server process (PID 9635) was terminated by signal 11: Segmentation fault',
      '2026-11-29 02:56:30.450 UTC [60] DETAIL:  Failed process was running: ',
      '\tWITH input AS (',
      '\t  SELECT * FROM jsonb_to_recordset($1::jsonb)',
      '2026-11-29 02:56:30.451 UTC [60] LOG:  terminating any other active server processes',
      '\tan unprefixed line after a debug one',
      'FATAL:  an unprefixed fatal stays an error',
    ];
    expect(lines.map(levelOf)).toEqual(['error', 'error', 'error', 'error', 'debug', 'debug', 'error']);
    // nats-server's lines each start a message.
    const natsLevelOf = serverLineLevels();
    expect(['[1] 2026/11/27 10:00:00.000000 [ERR] lost route', '[1] 2026/11/27 10:00:00.000001 [INF] Server is ready'].map(natsLevelOf)).toEqual(['warn', 'debug']);
  });

  it("keeps a client's session ended by a start or a stop as asked at debug: the readiness probe while PostgreSQL boots", () => {
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [77] FATAL:  the database system is starting up')).toBe('debug');
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [77] FATAL:  the database system is shutting down')).toBe('debug');
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [95] FATAL:  terminating connection due to administrator command')).toBe('debug');
  });
});
