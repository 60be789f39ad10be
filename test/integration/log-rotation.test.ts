// The shared log file kept to a size: the supervisor renames it aside once full and opens a new one, the API (another
// writer of the same file) follows to the new one, and no line of either is lost or doubled. Before, vantage.log grew
// for good (5–20 MB a day for an idle map).
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateIfFull } from '../../main/stack/log-rotation.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';
import { closeServerLogger, createServerLogger } from '../../server/logger.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the log file renamed aside once full', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-log-rotation-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is left alone below the size, renamed to .1 at it, the older ones moved on and the oldest past the kept ones deleted', async () => {
    const file = path.join(dir, 'alone.log');
    const limits = { maxBytes: 100, keep: 2 };
    expect(await rotateIfFull(file, limits)).toBe(false);
    await writeFile(file, 'a'.repeat(99));
    expect(await rotateIfFull(file, limits)).toBe(false);
    for (const content of ['first', 'second', 'third']) {
      await writeFile(file, content.padEnd(100, '.'));
      expect(await rotateIfFull(file, limits)).toBe(true);
    }
    expect((await readdir(dir)).filter((name) => name.startsWith('alone.log')).sort()).toEqual(['alone.log.1', 'alone.log.2']);
    expect(await readFile(`${file}.1`, 'utf8')).toMatch(/^third/);
    expect(await readFile(`${file}.2`, 'utf8')).toMatch(/^second/);
  });

  it('keeps every line of both writers, each once, across the renames; the live file stays near the size', async () => {
    const dataDir = path.join(dir, 'data');
    const maxBytes = 4_000;
    const supervisor = createStackLogger({ dataDir, quiet: true, logFile: { limits: { maxBytes, keep: 50 }, checkEveryMs: 20 } });
    const api = createServerLogger({ level: 'info', dataDir, toStdout: false, followLogEveryMs: 20 });
    for (let line = 0; line < 300; line += 1) {
      supervisor.info({ line }, `supervisor line ${line}`);
      api.info({ line }, `api line ${line}`);
      if (line % 10 === 9) await sleep(15);
    }
    // The API writes behind its logger: its last lines are flushed before the files are read.
    await new Promise<void>((resolve, reject) => api.flush((error) => (error ? reject(error) : resolve())));
    await sleep(100);

    const logs = path.join(dataDir, 'logs');
    const files = (await readdir(logs)).filter((name) => name.startsWith('vantage.log'));
    expect(files.length, files.join(', ')).toBeGreaterThan(3);
    const lines = (await Promise.all(files.map((name) => readFile(path.join(logs, name), 'utf8')))).join('').split('\n').filter(Boolean);
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    for (const writer of ['[supervisor] supervisor', 'api']) {
      const written = messages.filter((message) => message.startsWith(`${writer} line `));
      expect(new Set(written).size, writer).toBe(300);
      expect(written.length, writer).toBe(300);
    }
    // Renamed aside within a check or two of reaching the size.
    expect((await stat(path.join(logs, 'vantage.log'))).size).toBeLessThan(maxBytes * 3);
    await closeServerLogger(api);
  });

  it('the API, once its file is renamed aside, writes on in a new one at the path', async () => {
    const dataDir = path.join(dir, 'api-alone');
    const api = createServerLogger({ level: 'info', dataDir, toStdout: false, followLogEveryMs: 20 });
    const flushed = () => new Promise<void>((resolve, reject) => api.flush((error) => (error ? reject(error) : resolve())));
    const file = path.join(dataDir, 'logs', 'vantage.log');
    api.info('before the rename');
    await flushed();
    await sleep(50);
    await rename(file, `${file}.1`);
    await sleep(100);
    api.info('after the rename');
    await flushed();
    expect(await readFile(`${file}.1`, 'utf8')).toContain('before the rename');
    expect(await readFile(`${file}.1`, 'utf8')).not.toContain('after the rename');
    expect(await readFile(file, 'utf8')).toContain('after the rename');
    await closeServerLogger(api);
  });

  it("the API's logger, once closed, writes its last line and leaves its folder deleted (a test worker lives on after it)", async () => {
    const dataDir = path.join(dir, 'closed');
    const api = createServerLogger({ level: 'info', dataDir, toStdout: false, followLogEveryMs: 20 });
    api.info('the last line');
    await closeServerLogger(api);
    expect(await readFile(path.join(dataDir, 'logs', 'vantage.log'), 'utf8')).toContain('the last line');
    await rm(dataDir, { recursive: true, force: true });
    // Several looks at the path: a logger still following it would open the file again and make the folder anew.
    await sleep(200);
    expect(existsSync(dataDir)).toBe(false);
  });
});
