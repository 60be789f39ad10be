import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiPortFile, chooseApiPort } from '../../main/stack/api-port.js';

function listen(port = 0): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, () => resolve(server));
  });
}

const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe("chooseApiPort: the API's port kept between starts", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-api-port-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('takes a free port at the first start and records it (0600); the next start gets the same one', async () => {
    const first = await chooseApiPort(dataDir, '127.0.0.1');
    expect(first).toBeGreaterThanOrEqual(1024);
    expect((await readFile(apiPortFile(dataDir), 'utf8')).trim()).toBe(String(first));
    expect((await stat(apiPortFile(dataDir))).mode & 0o777).toBe(0o600);
    // The port was free again once the first start's probe closed it: the API can bind it.
    const server = await listen(first);
    await close(server);
    expect(await chooseApiPort(dataDir, '127.0.0.1')).toBe(first);
  });

  it('takes another port when the last one is in use, and records that one', async () => {
    const busy = await listen();
    try {
      await writeFile(apiPortFile(dataDir), `${portOf(busy)}\n`);
      const port = await chooseApiPort(dataDir, '127.0.0.1');
      expect(port).not.toBe(portOf(busy));
      expect((await readFile(apiPortFile(dataDir), 'utf8')).trim()).toBe(String(port));
    } finally {
      await close(busy);
    }
  });

  it('ignores a file that names no usable port', async () => {
    for (const content of ['', 'eighty', '80', '70000', '1.5']) {
      await writeFile(apiPortFile(dataDir), content);
      const port = await chooseApiPort(dataDir, '127.0.0.1');
      expect(port, content).toBeGreaterThanOrEqual(1024);
      expect((await readFile(apiPortFile(dataDir), 'utf8')).trim(), content).toBe(String(port));
    }
  });
});
