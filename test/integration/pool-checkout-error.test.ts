// A connection the pool has just opened can be ended by its server in the same read of the socket that made it ready
// (a server shutting down tells its new sessions "terminating connection due to administrator command" as they
// start). pg emits that error on the client as it parses the read, before a caller awaiting pool.connect() has run:
// the client must already be heard then, or the error ends the process. The server here is a loopback socket that
// speaks the start of PostgreSQL's protocol and sends ReadyForQuery and the FATAL error in one write.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database.js';

/** A backend message: its type byte, then its length (itself included) and body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const authenticationOk = message('R', Buffer.from([0, 0, 0, 0]));
const readyForQuery = message('Z', Buffer.from('I'));
const terminated = message('E', Buffer.concat([
  Buffer.from('SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0', 'latin1'),
  Buffer.from([0]),
]));

describe('a pooled connection ended by its server as it becomes ready', () => {
  let server: net.Server;
  let url: string;
  let startups = 0;

  beforeAll(async () => {
    server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => {
        // The startup message (no TLS asked): accepted, ready, and ended in one write.
        startups += 1;
        socket.end(Buffer.concat([authenticationOk, readyForQuery, terminated]));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    url = `postgres://vantage:secret@127.0.0.1:${port}/vantage`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
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
