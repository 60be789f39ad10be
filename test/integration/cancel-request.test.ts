// A CancelRequest (cancel-request.ts) ends a running statement with query_canceled, and needs no connection slot:
// it works when the session's role already uses every connection it may have. One that reaches a session between
// statements is dropped. Nothing listens on a port: false.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sendCancelRequest } from '../../server/db/cancel-request.js';
import { onAdmin } from '../support/template-databases.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

describe('CancelRequest (real PostgreSQL)', () => {
  let database: TestDatabase;
  const role = `test_cancel_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  /** The test database's address as a role that may hold one connection at most. */
  const asRole = () => {
    const url = new URL(database.url);
    url.username = role;
    url.password = password;
    return url.toString();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await onAdmin(inject('postgresAdminUrl'), [`CREATE ROLE ${role} LOGIN PASSWORD '${password}' CONNECTION LIMIT 1`]);
  });
  afterAll(async () => {
    await database?.drop();
    await onAdmin(inject('postgresAdminUrl'), [`DROP ROLE IF EXISTS ${role}`]);
  });

  it('ends a running statement with query_canceled, with every connection the role may hold in use', async () => {
    const busy = new pg.Client({ connectionString: asRole() });
    await busy.connect();
    try {
      const sleeping = busy.query('SELECT pg_sleep(30)').then(
        () => 'finished',
        (error: { code?: string }) => error.code,
      );
      // The role's one connection is taken: a login fails, a cancel does not need one.
      const another = new pg.Client({ connectionString: asRole() });
      await expect(another.connect()).rejects.toMatchObject({ code: '53300' });
      await another.end().catch(() => undefined);
      const started = Date.now();
      expect(await sendCancelRequest(busy)).toBe(true);
      expect(await sleeping).toBe('57014');
      expect(Date.now() - started).toBeLessThan(10_000);
      // The session itself goes on.
      expect((await busy.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await busy.end();
    }
  });

  it('one taken while the session waits between statements is dropped: its next statement runs (a stream hands its connection back on this)', async () => {
    const idle = new pg.Client({ connectionString: database.url });
    await idle.connect();
    try {
      await idle.query('SELECT 1');
      expect(await sendCancelRequest(idle)).toBe(true);
      // The server closed the cancel's connection after signalling the session: the signal is there before this.
      expect((await idle.query<{ slept: string }>("SELECT pg_sleep(0.2)::text AS slept")).rows).toEqual([{ slept: '' }]);
    } finally {
      await idle.end();
    }
  });

  it('answers false when the server cannot be reached, and for a client that never connected', async () => {
    // A port nobody listens on: taken from the system, then let go.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    expect(await sendCancelRequest({ host: '127.0.0.1', port, processID: 1, secretKey: 2 })).toBe(false);
    expect(await sendCancelRequest(new pg.Client({ connectionString: database.url }))).toBe(false);
  });
});
