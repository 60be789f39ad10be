// Builds the renderer (renderer/dist, served by the API at /) when it is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(entry) {
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), info.mtimeMs);
}

/** Lines to report; builds only when needed. */
export function buildRendererIfStale(root) {
  const built = path.join(root, 'renderer', 'dist', 'index.html');
  const sources = ['src', 'index.html', 'vite.config.ts', 'basemap-tiles-plugin.ts'].map((name) => path.join(root, 'renderer', name)).filter((entry) => existsSync(entry));
  const sourcesChangedAt = Math.max(...sources.map(newestMtime), statSync(path.join(root, 'package-lock.json')).mtimeMs);
  if (existsSync(built) && statSync(built).mtimeMs >= sourcesChangedAt) return [];
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed (see above)');
  return ['built the user interface (renderer/dist)'];
}
