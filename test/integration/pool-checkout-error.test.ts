// A connection the pool has just opened can be ended by its server in the same read of the socket that made it ready
// (a server shutting down tells its new sessions "terminating connection due to administrator command" as they
// start). pg emits that error on the client as it parses the read, before a caller awaiting pool.connect() has run:
// the client must already be heard then, or the error ends the process. The test database's PostgreSQL is reached
// through a loopback relay that passes everything on but, once a session's BackendKeyData comes, holds the server's
// messages, has the server end that session (pg_terminate_backend: FATAL 57P01), and hands the client its
// ReadyForQuery and that error in one write.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database.js';
import { createTestDatabase, queryOnce, type TestDatabase } from '../support/test-database.js';

const BACKEND_KEY_DATA = 'K'.charCodeAt(0);
const READY_FOR_QUERY = 'Z'.charCodeAt(0);
const ERROR_RESPONSE = 'E'.charCodeAt(0);

describe('a pooled connection ended by its server as it becomes ready', () => {
  let database: TestDatabase;
  let relay: net.Server;
  let url: string;
  let startups = 0;
  /** Every socket of the relay, both ends: closed at the end whatever state pg left them in. */
  const sockets = new Set<net.Socket>();

  /** Passes a session on, but for its start, which reaches the client in one write with the server's ending of it. */
  function relaySession(client: net.Socket, server: URL): void {
    const upstream = net.connect(Number(server.port), server.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream);
    upstream.on('end', () => client.end());
    let unread = Buffer.alloc(0);
    let held: Buffer[] | null = null;
    upstream.on('data', (chunk: Buffer) => {
      unread = Buffer.concat([unread, chunk]);
      // Server messages: a type byte, then their length (itself included).
      while (unread.length >= 5 && unread.length >= 1 + unread.readInt32BE(1)) {
        const message = unread.subarray(0, 1 + unread.readInt32BE(1));
        unread = unread.subarray(message.length);
        if (held === null && message[0] !== BACKEND_KEY_DATA) {
          client.write(message);
          continue;
        }
        held ??= [];
        held.push(message);
        if (message[0] === BACKEND_KEY_DATA) {
          startups += 1;
          // BackendKeyData: the session's process id follows the type byte and the length.
          void queryOnce(database.url, 'SELECT pg_terminate_backend($1)', [message.readInt32BE(5)]);
        }
        if (message[0] === ERROR_RESPONSE && held.some((part) => part[0] === READY_FOR_QUERY)) client.end(Buffer.concat(held));
      }
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const server = new URL(database.url);
    relay = net.createServer((client) => relaySession(client, server));
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayed = new URL(database.url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String((relay.address() as net.AddressInfo).port);
    url = relayed.toString();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => relay?.close(resolve));
    await database?.drop();
  });

  it('fails the unit of work with the server error instead of ending the process', async () => {
    const warnings: string[] = [];
    const db = createDatabase({ url, nullPool: false, logger: { warn: (_details, text) => warnings.push(text) } });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await expect(db.withClient((client) => client.query('SELECT 1'))).rejects.toThrow(/not queryable|terminating connection|Connection terminated/);
      }
      expect(startups).toBe(3);
      expect(warnings).toContain('database connection lost during work');
    } finally {
      await db.close();
    }
  });

  it('fails a single statement and a prepared one with it too', async () => {
    const db = createDatabase({ url, nullPool: false, logger: { warn: () => undefined } });
    try {
      await expect(db.query('SELECT 1')).rejects.toThrow(/not queryable|terminating connection|Connection terminated/);
      await expect(db.prepared('one', 'SELECT 1', [])).rejects.toThrow(/not queryable|terminating connection|Connection terminated/);
    } finally {
      await db.close();
    }
  });
});
