// The revision graph read from the migration files: parse, validate, order.
import { createHash } from 'node:crypto';

export interface Revision {
  id: string;
  parents: string[];
  sql: string;
  checksum: string;
  /**
   * `-- on-change: reapply`: the file is idempotent (IF NOT EXISTS throughout) and was a placeholder
   * filled in later, so a database that applied an earlier text runs it again.
   */
  reapplyWhenChanged: boolean;
}

export class MigrationGraphError extends Error {
  override name = 'MigrationGraphError';
}

const REVISION_HEADER = /^--\s*revision:\s*(\S+)\s*$/m;
const PARENTS_HEADER = /^--\s*parents:(.*)$/m;
const ON_CHANGE_HEADER = /^--\s*on-change:\s*(\S+)\s*$/m;

/** Reads the `-- revision:` and `-- parents:` header lines of one migration file. */
export function parseRevision(fileName: string, sql: string): Revision {
  const expectedId = fileName.replace(/\.sql$/, '');
  const revision = REVISION_HEADER.exec(sql);
  if (!revision) throw new MigrationGraphError(`${fileName}: missing "-- revision:" header`);
  if (revision[1] !== expectedId) {
    throw new MigrationGraphError(`${fileName}: header names revision ${revision[1]}, file name says ${expectedId}`);
  }
  const parentsLine = PARENTS_HEADER.exec(sql);
  if (!parentsLine) throw new MigrationGraphError(`${fileName}: missing "-- parents:" header`);
  const parents = (parentsLine[1] ?? '')
    .split(',')
    .map((parent) => parent.trim())
    .filter((parent) => parent.length > 0);
  if (new Set(parents).size !== parents.length) {
    throw new MigrationGraphError(`${fileName}: a parent is listed twice`);
  }
  const onChange = ON_CHANGE_HEADER.exec(sql)?.[1];
  if (onChange !== undefined && onChange !== 'reapply') throw new MigrationGraphError(`${fileName}: "-- on-change:" takes only "reapply"`);
  return { id: expectedId, parents, sql, checksum: createHash('sha256').update(sql).digest('hex'), reapplyWhenChanged: onChange === 'reapply' };
}

/** Revisions that no other revision names as a parent. */
export function headsOf(revisions: readonly Pick<Revision, 'id' | 'parents'>[]): string[] {
  const parents = new Set(revisions.flatMap((revision) => revision.parents));
  return revisions
    .map((revision) => revision.id)
    .filter((id) => !parents.has(id))
    .sort();
}

/**
 * Validates the graph (unique ids, known parents, no cycle, one root, one head) and returns the
 * revisions in an order where every parent comes before its children; ties are broken by id.
 */
export function orderRevisions(revisions: readonly Revision[]): Revision[] {
  const byId = new Map<string, Revision>();
  for (const revision of revisions) {
    if (byId.has(revision.id)) throw new MigrationGraphError(`revision ${revision.id} is defined twice`);
    byId.set(revision.id, revision);
  }
  for (const revision of revisions) {
    for (const parent of revision.parents) {
      if (!byId.has(parent)) {
        throw new MigrationGraphError(`revision ${revision.id} names unknown parent ${parent}`);
      }
    }
  }

  const pendingParents = new Map(revisions.map((revision) => [revision.id, revision.parents.length]));
  const children = new Map<string, string[]>(revisions.map((revision) => [revision.id, []]));
  for (const revision of revisions) {
    for (const parent of revision.parents) children.get(parent)?.push(revision.id);
  }
  const ready = revisions.filter((revision) => revision.parents.length === 0).map((revision) => revision.id);
  const ordered: Revision[] = [];
  while (ready.length > 0) {
    ready.sort();
    const id = ready.shift() as string;
    ordered.push(byId.get(id) as Revision);
    for (const child of children.get(id) ?? []) {
      const left = (pendingParents.get(child) ?? 0) - 1;
      pendingParents.set(child, left);
      if (left === 0) ready.push(child);
    }
  }
  if (ordered.length !== revisions.length) {
    const stuck = revisions.filter((revision) => !ordered.includes(revision)).map((revision) => revision.id);
    throw new MigrationGraphError(`cycle among revisions: ${stuck.sort().join(', ')}`);
  }

  const roots = revisions.filter((revision) => revision.parents.length === 0);
  if (revisions.length > 0 && roots.length !== 1) {
    throw new MigrationGraphError(`expected one root revision, found ${roots.map((root) => root.id).join(', ')}`);
  }
  const heads = headsOf(revisions);
  if (heads.length > 1) {
    throw new MigrationGraphError(`more than one head without a merge revision: ${heads.join(', ')}`);
  }
  return ordered;
}
