// Loads the migration files, migrations/*.sql (found from the project root: in the API bundle this module is not beside them).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectPath } from '../server/project-root.js';
import { orderRevisions, parseRevision, type Revision } from './migration-graph.js';

export const MIGRATIONS_DIR = projectPath('migrations');

export async function loadRevisions(dir: string = MIGRATIONS_DIR): Promise<Revision[]> {
  const names = (await readdir(dir)).filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name));
  const revisions = await Promise.all(
    names.map(async (name) => parseRevision(name, await readFile(path.join(dir, name), 'utf8'))),
  );
  return orderRevisions(revisions);
}
