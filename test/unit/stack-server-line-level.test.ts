import { describe, expect, it } from 'vitest';
import { levelOfServerLine } from '../../main/stack/stack-logger.js';

describe("the level of a bundled server's log line", () => {
  it('keeps a FATAL or PANIC at error, ERROR and WARNING at warn, the rest at debug', () => {
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [81] FATAL:  could not open file "global/pg_control": Permission denied')).toBe('error');
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [81] PANIC:  could not write to file "pg_wal/xlogtemp.81"')).toBe('error');
    expect(levelOfServerLine('[1] 2026/11/27 10:00:00.000000 [FTL] Error listening on port: 4222')).toBe('error');
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [90] ERROR:  relation "x" does not exist')).toBe('warn');
    expect(levelOfServerLine('[1] 2026/11/27 10:00:00.000000 [WRN] JetStream resource limits')).toBe('warn');
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [80] LOG:  database system is ready to accept connections')).toBe('debug');
  });

  it("keeps a client's session ended by a start or a stop as asked at debug: the readiness probe while PostgreSQL boots", () => {
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [77] FATAL:  the database system is starting up')).toBe('debug');
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [77] FATAL:  the database system is shutting down')).toBe('debug');
    expect(levelOfServerLine('2026-11-27 10:00:00.000 UTC [95] FATAL:  terminating connection due to administrator command')).toBe('debug');
  });
});
