// The project's root folder (where package.json says "vantage"), found by walking up from this module, so
// that files shipped with the app resolve the same from server/*.ts run by tsx and from the bundle in
// dist/api, whose import.meta is the bundle's.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const PACKAGE_NAME = 'vantage';

function isProjectRoot(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false;
  }
}

export function findProjectRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (isProjectRoot(dir)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json named "${PACKAGE_NAME}" in ${from} or above it`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);

/** A path inside the project, e.g. projectPath('resources', 'feeds.json'). */
export function projectPath(...segments: string[]): string {
  return path.join(PROJECT_ROOT, ...segments);
}
