// PostgreSQL out of disk (SQLSTATE 53100, disk_full) answers 507 in the error shape, saying what to do; nothing of the
// request is stored, and the same request is stored once the disk has room. PostgreSQL itself raises the error here
// (a trigger with ERRCODE disk_full, as its own writes raise it when a file cannot be extended).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, createTestApp, type TestApp } from '../support/test-app.js';
import { queryOnce } from '../support/test-database.js';

describe('a database whose disk is full', () => {
  let subject: TestApp;
  const detections = [{ latitude: 38.4, longitude: -122.7, acq_time: new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z'), satellite: 'N20' }];
  const ingest = () => subject.app.inject({ method: 'POST', url: '/api/ingest/fires', headers: authorized, payload: detections });

  beforeAll(async () => {
    subject = await createTestApp({ ingesterEnabled: false });
    await queryOnce(
      subject.database.url,
      `CREATE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'could not extend file "base/16384/2659": No space left on device' USING ERRCODE = 'disk_full', HINT = 'Check free disk space.'; END $$`,
    );
    await queryOnce(subject.database.url, 'CREATE TRIGGER test_disk_full BEFORE INSERT ON fires FOR EACH STATEMENT EXECUTE FUNCTION test_disk_full()');
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('answers 507 disk_full, stores nothing, and stores the same request once there is room', async () => {
    const refused = await ingest();
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ error: { code: 'disk_full', message: expect.stringMatching(/disk is full .*nothing was stored: free space on it and try again/) } });
    expect(refused.body).not.toMatch(/base\/16384|extend file/);
    expect((await queryOnce<{ n: string }>(subject.database.url, 'SELECT count(*) AS n FROM fires'))[0]?.n).toBe('0');

    await queryOnce(subject.database.url, 'DROP TRIGGER test_disk_full ON fires');
    const stored = await ingest();
    expect(stored.statusCode).toBe(200);
    expect((await queryOnce<{ n: string }>(subject.database.url, 'SELECT count(*) AS n FROM fires'))[0]?.n).toBe('1');
  });
});
