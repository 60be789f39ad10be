// Where Vantage keeps its data, and preparing that folder.
import { chmod, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/**
 * `VANTAGE_DATA_DIR`, else the platform's app-data folder. As root (servers, CI) the default is
 * /var/lib/vantage: PostgreSQL runs as an unprivileged user, who cannot enter /root.
 */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.VANTAGE_DATA_DIR) return path.resolve(env.VANTAGE_DATA_DIR);
  if (process.platform === 'win32') return path.join(env.APPDATA ?? os.homedir(), 'Vantage');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'Vantage');
  if (isRoot()) return '/var/lib/vantage';
  return path.join(env.XDG_DATA_HOME ?? path.join(os.homedir(), '.local', 'share'), 'vantage');
}

/**
 * Creates the data dir, private to its owner. As root the unprivileged PostgreSQL user must be able
 * to pass through it (search permission only, no listing) to reach its own `pg/` folder.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, isRoot() ? 0o711 : 0o700);
}
