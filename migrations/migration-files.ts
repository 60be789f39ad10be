// Loads the migration files that sit beside this module.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { orderRevisions, parseRevision, type Revision } from './migration-graph.js';

export const MIGRATIONS_DIR = path.dirname(fileURLToPath(import.meta.url));

export async function loadRevisions(dir: string = MIGRATIONS_DIR): Promise<Revision[]> {
  const names = (await readdir(dir)).filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name));
  const revisions = await Promise.all(
    names.map(async (name) => parseRevision(name, await readFile(path.join(dir, name), 'utf8'))),
  );
  return orderRevisions(revisions);
}
