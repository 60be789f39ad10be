// The real provider payloads others recorded (see ../shared/real-data/SOURCES.md): read in place, beside the
// checkout, never copied into the project.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REAL_DATA_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'real-data');

export type RealDataKind = 'fires' | 'aircraft' | 'incidents';

export function realDataPath(kind: RealDataKind, name: string): string {
  return path.join(REAL_DATA_DIR, kind, name);
}

/** Every file of a kind, sorted by name. */
export function realDataFiles(kind: RealDataKind): string[] {
  return readdirSync(path.join(REAL_DATA_DIR, kind)).filter((name) => !name.startsWith('.')).sort();
}

export function readRealData(kind: RealDataKind, name: string): string {
  return readFileSync(realDataPath(kind, name), 'utf8');
}
