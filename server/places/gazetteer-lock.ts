// The lock every load of the gazetteer's tables takes (the places, the airports, the land), across processes: one
// loads, the others find it busy and wait. A data set loaded after the places records its version in a column of
// gazetteer_state, so a start with the same data does nothing.
import type { Database, Queryable } from '../db/database.js';

/** Takes the lock for the client's transaction; false when another process holds it. */
export async function tryGazetteerLock(client: Queryable): Promise<boolean> {
  const { rows } = await client.query<{ acquired: boolean }>("SELECT pg_try_advisory_xact_lock(hashtext('vantage-gazetteer')) AS acquired");
  return rows[0]?.acquired === true;
}

/**
 * Runs `work` under the lock in a transaction of its own unless gazetteer_state's `column` says this `version` is in
 * already, then records it; 'busy' when another process holds the lock (it is loading the gazetteer or another set).
 */
export function loadOncePerVersion(
  db: Database,
  column: 'land_version' | 'airports_version',
  version: string,
  work: (client: Queryable) => Promise<void>,
): Promise<'loaded' | 'present' | 'busy'> {
  return db.transaction(async (client) => {
    if (!(await tryGazetteerLock(client))) return 'busy';
    const { rows } = await client.query<{ version: string | null }>(`SELECT ${column} AS version FROM gazetteer_state`);
    if (rows[0]?.version === version) return 'present';
    await work(client);
    await client.query(`UPDATE gazetteer_state SET ${column} = $1`, [version]);
    return 'loaded';
  });
}
