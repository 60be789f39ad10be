// Where a data package installed from npm lies, and its version (a gazetteer's data version names it).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Walks up from a resolved file of a package to the folder holding its package.json. */
export function packageDir(resolvedFile: string, name: string): string {
  let dir = path.dirname(resolvedFile);
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`package ${name} not found above ${resolvedFile}`);
}

export function packageVersion(dir: string): string {
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}
