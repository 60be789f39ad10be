// Health says when the data folder's disk is nearly full: below the free space it is set to warn at (here more than
// any disk holds, so that this machine's disk is low), `low` is true, with the free and total bytes; the public report
// says nothing of the disk.
import { statfs } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, createTestApp, TEST_HOST, type TestApp } from '../support/test-app.js';

describe('health of a disk nearly full', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp({ diskLowBytes: Number.MAX_SAFE_INTEGER });
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('is low, with the data folder disk’s free and total bytes', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized });
    expect(response.statusCode).toBe(200);
    const { disk } = response.json();
    const actual = await statfs(subject.config.dataDir);
    expect(disk).toMatchObject({ low: true, lowBelowBytes: Number.MAX_SAFE_INTEGER, totalBytes: actual.blocks * actual.bsize });
    // Free space moves as other tests write: within 1 GB of what statfs says now.
    expect(Math.abs(disk.freeBytes - actual.bavail * actual.bsize)).toBeLessThan(1024 ** 3);
  });

  it('is not told without the token', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/health', headers: { host: TEST_HOST } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('disk');
  });
});
