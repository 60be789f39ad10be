import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServerLogger, createServerLogger } from '../../server/logger.js';
import { authorized, createTestApp, TEST_HOST, TEST_TOKEN, type TestApp } from '../support/test-app.js';

describe('secrets never reach the log', () => {
  let dataDir: string;
  let subject: TestApp;
  let logger: ReturnType<typeof createServerLogger>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-redaction-'));
    logger = createServerLogger({ level: 'trace', dataDir, toStdout: false });
    subject = await createTestApp({ ingesterEnabled: false }, { logger });
  });
  afterAll(async () => {
    await subject?.close();
    if (logger) await closeServerLogger(logger);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('neither the bearer header nor the live socket ?token= is written to the log file', async () => {
    await subject.app.inject({ method: 'POST', url: '/api/jobs/partitions', headers: authorized });
    await subject.app.inject({ method: 'GET', url: `/api/live?token=${TEST_TOKEN}`, headers: { host: TEST_HOST } });
    await subject.app.inject({ method: 'GET', url: '/api/live?token=wrong-token-value', headers: { host: TEST_HOST } });
    // The router decodes parameter names, so every spelling of `token` is the token.
    const spellings = ['%74oken', '%74%6F%6B%65%6E', 'TOKEN', 'to%6ben', '%2574oken', 't%6F%6Ben'];
    for (const [index, name] of spellings.entries()) {
      await subject.app.inject({ method: 'GET', url: `/api/live?x=1&${name}=spelled-secret-${index}#frag`, headers: { host: TEST_HOST } });
      await subject.app.inject({ method: 'GET', url: `/api/events?${name}=spelled-secret-${index}`, headers: authorized });
    }
    logger.info({ config: subject.config }, 'config for the record');
    logger.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = await readFile(path.join(dataDir, 'logs', 'vantage.log'), 'utf8');
    expect(log).toContain('/api/live?token=[redacted]');
    expect(log).toContain('/api/jobs/partitions');
    expect(log).not.toContain(TEST_TOKEN);
    expect(log).not.toContain('wrong-token-value');
    expect(log).not.toMatch(/spelled-secret/);
    expect(log).toContain('/api/live?x=1&%74oken=[redacted]');
    expect(log).not.toContain(new URL(subject.config.databaseUrl).password);
  });
});
