// SQL for wildfire incidents: upsert by IrwinID, bbox queries.
import { bboxCondition } from '../db/bbox-sql.js';
import type { Database } from '../db/database.js';
import type { Bbox } from '../http/query-params.js';
import type { Incident, IncidentKind } from './incident-feature.js';

const UPSERT = `
INSERT INTO incidents (irwin_id, kind, name, size_acres, percent_contained, discovered_at, state, geom, updated_at)
SELECT irwin_id, kind, name, size_acres, percent_contained, discovered_at, state, ST_SetSRID(ST_MakePoint(longitude, latitude), 4326), now()
FROM jsonb_to_recordset($1::jsonb) AS x(irwin_id text, kind text, name text, size_acres float8, percent_contained float8,
                                         discovered_at timestamptz, state text, longitude float8, latitude float8)
ON CONFLICT (irwin_id) DO UPDATE SET
  kind = EXCLUDED.kind, name = EXCLUDED.name, size_acres = EXCLUDED.size_acres, percent_contained = EXCLUDED.percent_contained,
  discovered_at = EXCLUDED.discovered_at, state = EXCLUDED.state, geom = EXCLUDED.geom, updated_at = now(), missed_at = NULL, left_feed_at = NULL
WHERE incidents.missed_at IS NOT NULL OR incidents.left_feed_at IS NOT NULL
   OR (incidents.kind, incidents.name, incidents.size_acres, incidents.percent_contained, incidents.discovered_at, incidents.state, incidents.geom)
      IS DISTINCT FROM (EXCLUDED.kind, EXCLUDED.name, EXCLUDED.size_acres, EXCLUDED.percent_contained, EXCLUDED.discovered_at, EXCLUDED.state, EXCLUDED.geom)
RETURNING (xmax = 0) AS inserted`;

const SELECT = `
SELECT irwin_id, kind, name, size_acres, percent_contained, discovered_at, state, ST_X(geom) AS longitude, ST_Y(geom) AS latitude
FROM current_incidents
WHERE ${bboxCondition('geom', 1)}
  AND ($6::bytea IS NULL OR ST_Intersects(geom, ST_GeomFromEWKB($6::bytea)))
ORDER BY size_acres DESC NULLS LAST, irwin_id
LIMIT $5`;

export class IncidentRepository {
  constructor(private readonly db: Database) {}

  /** Answers how many incidents were new and how many changed. */
  async upsert(incidents: readonly Incident[]): Promise<{ inserted: number; updated: number }> {
    if (incidents.length === 0) return { inserted: 0, updated: 0 };
    // The last report of an IrwinID in one poll wins.
    const unique = [...new Map(incidents.map((incident) => [incident.irwinId, incident])).values()];
    const input = unique.map((incident) => ({
      irwin_id: incident.irwinId,
      kind: incident.kind,
      name: incident.name,
      size_acres: incident.sizeAcres,
      percent_contained: incident.percentContained,
      discovered_at: incident.discoveredAt,
      state: incident.state,
      longitude: incident.longitude,
      latitude: incident.latitude,
    }));
    const { rows } = await this.db.query<{ inserted: boolean }>(UPSERT, [JSON.stringify(input)]);
    const inserted = rows.filter((row) => row.inserted).length;
    return { inserted, updated: rows.length - inserted };
  }

  /**
   * The incidents a whole answer of the feed did not hold (`present`: the IrwinIDs it held): missed once, noted; missed
   * by the answer before too, gone from the feed. Those it held are missed no more, stored by this answer or not (a
   * feature it held that could not be read). Answers how many are gone with this answer.
   */
  async markMissing(present: readonly string[]): Promise<number> {
    // SET reads the row as it was: the second miss is one whose missed_at was already set.
    const { rows } = await this.db.query<{ gone: boolean }>(
      `WITH held AS (
         UPDATE incidents SET missed_at = NULL WHERE missed_at IS NOT NULL AND left_feed_at IS NULL AND irwin_id = ANY($1::text[])
       )
       UPDATE incidents SET missed_at = coalesce(missed_at, now()), left_feed_at = CASE WHEN missed_at IS NULL THEN NULL ELSE now() END
       WHERE left_feed_at IS NULL AND NOT (irwin_id = ANY($1::text[]))
       RETURNING left_feed_at IS NOT NULL AS gone`,
      [present],
    );
    return rows.filter((row) => row.gone).length;
  }

  /** `fence`: only those inside this shape (EWKB), when given. */
  async find(bbox: Bbox | undefined, limit: number, fence: Buffer | null = null): Promise<Incident[]> {
    const [west, south, east, north] = bbox ?? [null, null, null, null];
    const { rows } = await this.db.query<{
      irwin_id: string;
      kind: IncidentKind | null;
      name: string;
      size_acres: number | null;
      percent_contained: number | null;
      discovered_at: Date | null;
      state: string | null;
      longitude: number;
      latitude: number;
    }>(SELECT, [west, south, east, north, limit, fence]);
    return rows.map((row) => ({
      irwinId: row.irwin_id,
      kind: row.kind,
      name: row.name,
      sizeAcres: row.size_acres,
      percentContained: row.percent_contained,
      discoveredAt: row.discovered_at?.toISOString() ?? null,
      state: row.state,
      longitude: row.longitude,
      latitude: row.latitude,
    }));
  }
}
