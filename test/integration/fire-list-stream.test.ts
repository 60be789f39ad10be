// GET /api/fires writes its JSON while PostgreSQL is still sending the rows (json-array-stream.ts): a long list comes
// in many pieces and must still be exactly the list, and a caller who leaves mid-answer must not keep a connection.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireList } from '../../server/fires/fire-schemas.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
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
});
