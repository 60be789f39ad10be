// The head revision(s) of the migration files as they are now: what a migrated database reports.
import { headsOf } from '../../migrations/migration-graph.js';
import { loadRevisions } from '../../migrations/migration-files.js';

export const SCHEMA_HEADS: readonly string[] = headsOf(await loadRevisions());
