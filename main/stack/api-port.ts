// The API's port when none is set (VANTAGE_PORT): the one of the last start if it is free, else a free one, kept in
// `<dataDir>/api-port`. The app's page is served from the API's origin, and a browser keeps a page's storage per
// origin: on a new port each launch, the app forgot what it keeps there (the view it was left at, the folded panels).
import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { findFreePort } from './free-port.js';

export function apiPortFile(dataDir: string): string {
  return path.join(dataDir, 'api-port');
}

/** Whether a server can listen on `port` at `host` now (it is closed again at once). */
function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function lastPort(dataDir: string): Promise<number | null> {
  try {
    const port = Number((await readFile(apiPortFile(dataDir), 'utf8')).trim());
    return Number.isInteger(port) && port >= 1024 && port <= 65535 ? port : null;
  } catch {
    return null;
  }
}

/** The last start's port when it is free at `host`, else one the OS gives; recorded for the next start. */
export async function chooseApiPort(dataDir: string, host: string): Promise<number> {
  const last = await lastPort(dataDir);
  const port = last !== null && (await isFree(last, host)) ? last : await findFreePort(host);
  if (port !== last) await recordApiPort(dataDir, port);
  return port;
}

/** The port the next start tries first. */
export async function recordApiPort(dataDir: string, port: number): Promise<void> {
  await writeFile(apiPortFile(dataDir), `${port}\n`, { mode: 0o600 });
}
