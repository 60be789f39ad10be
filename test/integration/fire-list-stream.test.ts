// GET /api/fires writes its JSON while PostgreSQL is still sending the rows (json-array-stream.ts): a long list comes
// in many pieces and must still be exactly the list, and a caller who leaves mid-answer must not keep a connection;
// one who leaves while the query runs has it cancelled.
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireList } from '../../server/fires/fire-schemas.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { waitFor } from '../support/process-check.js';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

// Far more than one read of PostgreSQL's connection (64 KB): the answer is written in many pieces.
const ROWS = 20_000;
// The Host is the listening address itself (the host guard allows it), as a browser would send.
const headers = { authorization: authorized.authorization };
const LIST_URL = `/api/fires?limit=${ROWS}&bbox=-125,30,-110,45`;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('GET /api/fires written while the rows arrive', () => {
  let nats: OwnNats;
  let subject: TestApp;
  let origin: string;

  const get = (path: string): Promise<RawAnswer> =>
    new Promise((resolve, reject) => {
      http
        .get(`${origin}${path}`, { headers }, (answer) => {
          let body = '';
          answer.setEncoding('utf8');
          answer.on('data', (piece: string) => (body += piece));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
          answer.on('error', reject);
        })
        .on('error', reject);
    });

  /** Asks for the long list and hangs up as soon as its first bytes arrive. */
  const leaveMidAnswer = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const request = http.get(`${origin}${LIST_URL}`, { headers }, (answer) => {
        answer.once('data', () => request.destroy());
      });
      request.on('close', () => resolve());
      request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve() : reject(error)));
    });

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false });
    // A second apart over the last six hours, so newest-first has one order; spread over California and Nevada.
    await queryOnce(
      subject.database.url,
      `INSERT INTO fires (latitude, longitude, acq_time, satellite, confidence, frp, daynight, instrument, geom)
       SELECT lat, lon, now() - i * interval '1 second', 'N20', 'n', 1.5 + i % 7, 'D', 'VIIRS', ST_SetSRID(ST_MakePoint(lon, lat), 4326)
       FROM (SELECT i, 31 + (i % 1300) * 0.01 AS lat, -124 + (i / 1300) * 0.1 AS lon FROM generate_series(1, $1::int) AS i) AS points`,
      [ROWS],
    );
    origin = await subject.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await subject?.close();
    await nats?.stop();
  });

  it('a list written in many pieces is exactly the newest detections, in order', async () => {
    const answer = await get(LIST_URL);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    // Sent as it is written: no length known up front.
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    const fires = fireList.parse(JSON.parse(answer.body));
    const stored = await queryOnce<{ latitude: number; longitude: number; frp: number }>(
      subject.database.url,
      'SELECT latitude, longitude, frp FROM fires ORDER BY acq_time DESC',
    );
    expect(fires).toHaveLength(ROWS);
    expect(fires.map((fire) => [fire.latitude, fire.longitude, fire.frp])).toEqual(stored.map((row) => [row.latitude, row.longitude, row.frp]));
    expect(fires.map((fire) => fire.acqTime)).toEqual(fires.map((fire) => fire.acqTime).sort().reverse());
    // The empty list is still a list.
    expect(JSON.parse((await get('/api/fires?bbox=0,0,1,1')).body)).toEqual([]);
  });

  it('callers who hang up mid-answer give their connections back: the pool still answers in full', async () => {
    // More than the pool's ten connections: one kept by each would leave none for the next caller.
    for (let round = 0; round < 3; round += 1) await Promise.all(Array.from({ length: 5 }, () => leaveMidAnswer()));
    const answers = await Promise.all(Array.from({ length: 3 }, () => get(LIST_URL)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toHaveLength(ROWS);
    }
  });

  it('a caller who leaves while its query runs has the query cancelled, not left to run to its end', async () => {
    // Another session holds a lock the list's query must wait for: until cancelled, it waits as long as the lock is held.
    const locker = new pg.Client({ connectionString: subject.database.url });
    await locker.connect();
    // The API's sessions waiting for a lock (the statement is parsed, and so waits, before it shows as active).
    const waitingForTheLock = async () =>
      (
        await locker.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'vantage-api' AND wait_event_type = 'Lock'`,
        )
      ).rows[0]!.count;
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE fires IN ACCESS EXCLUSIVE MODE');
      const request = http.get(`${origin}${LIST_URL}`, { headers });
      const closed = new Promise<void>((resolve) => request.on('close', () => resolve()));
      request.on('error', () => undefined);
      await waitFor(async () => (await waitingForTheLock()) === 1, 10_000, "the list's query to wait for the lock");
      request.destroy();
      await closed;
      // Gone while the lock is still held: cancelled, not finished.
      await waitFor(async () => (await waitingForTheLock()) === 0, 10_000, "the list's query to be cancelled");
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    // Its connection went back to the pool in working order.
    const answers = await Promise.all(Array.from({ length: 12 }, () => get('/api/fires?bbox=-125,30,-110,45&limit=10')));
    for (const answer of answers) expect(JSON.parse(answer.body)).toHaveLength(10);
  });
});
