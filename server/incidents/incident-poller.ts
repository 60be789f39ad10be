// The `incidents` job: page through the WFIGS feature service (GeoJSON, resultOffset) and upsert by IrwinID; what two
// whole answers in a row no longer hold has left the feed (the layer holds current incidents only).
import { type JobDefinition, UnusableAnswerError } from '../jobs/job-runner.js';
import { fetchText } from '../http/bounded-fetch.js';
import { describeRejected, RejectionTally } from '../pipelines/rejection-tally.js';
import { type Incident, incidentFromFeature, irwinIdOf, wfigsFeature, wfigsPage } from './incident-feature.js';
import type { IncidentRepository } from './incident-repository.js';

export const WFIGS_DEFAULT_URL =
  'https://services3.arcgis.com/T4QMspbfLg3qTGWY/arcgis/rest/services/WFIGS_Incident_Locations_Current/FeatureServer/0';

const PAGE_SIZE = 1000;
const MAX_PAGES = 50;
const OUT_FIELDS = 'IrwinID,IncidentName,IncidentSize,PercentContained,FireDiscoveryDateTime,POOState,IncidentTypeCategory';

export function incidentPollerJob(deps: {
  incidents: IncidentRepository;
  baseUrl: string;
  intervalSeconds: number;
  /** Checks the incidents against the geofences; answers the alerts raised. */
  onIncidents?: (incidents: Incident[]) => Promise<number>;
}): JobDefinition {
  return {
    name: 'incidents',
    pipeline: 'incidents',
    intervalSeconds: deps.intervalSeconds,
    async run() {
      const all: Incident[] = [];
      const rejected = new RejectionTally();
      let features = 0;
      // Every IrwinID the answer names, usable or not, and whether the answer was read to its end.
      const named = new Set<string>();
      let unnamed = 0;
      let whole = false;
      // The next page starts after the features received: a service whose maxRecordCount is under PAGE_SIZE answers
      // fewer a page (and says more remain), and pages of PAGE_SIZE would pass over the rest of each.
      let offset = 0;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const query = new URLSearchParams({
          where: '1=1',
          outFields: OUT_FIELDS,
          f: 'geojson',
          outSR: '4326',
          // A stable order for paging by offset (none is promised without one).
          orderByFields: 'OBJECTID',
          resultOffset: String(offset),
          resultRecordCount: String(PAGE_SIZE),
        });
        const response = await fetchText(`${deps.baseUrl.replace(/\/+$/, '')}/query?${query}`, { timeoutMs: 30_000, maxBytes: 50 * 1024 * 1024 });
        if (response.status >= 400) throw new Error(`WFIGS answered HTTP ${response.status}`);
        let body: unknown;
        try {
          body = JSON.parse(response.text);
        } catch {
          throw new Error('WFIGS answered something that is not JSON');
        }
        const parsed = wfigsPage.safeParse(body);
        if (!parsed.success) {
          const arcgisError = (body as { error?: { message?: string } }).error?.message;
          throw new Error(arcgisError ? `WFIGS error: ${arcgisError}` : 'WFIGS answered something that is not a GeoJSON feature collection');
        }
        for (const raw of parsed.data.features) {
          features += 1;
          const irwinId = irwinIdOf(raw);
          if (irwinId) named.add(irwinId);
          else unnamed += 1;
          const feature = wfigsFeature.safeParse(raw);
          if (feature.success) all.push(incidentFromFeature(feature.data));
          else rejected.add(featureProblem(feature.error.issues), featureName(raw, features));
        }
        offset += parsed.data.features.length;
        const more = parsed.data.properties?.exceededTransferLimit ?? parsed.data.exceededTransferLimit ?? false;
        if (!more) {
          whole = true;
          break;
        }
        // More said to remain, and none came: not whole.
        if (parsed.data.features.length === 0) break;
      }
      if (all.length === 0 && rejected.count > 0) {
        throw new UnusableAnswerError(
          `WFIGS answer has ${rejected.count} features and none is usable: ${describeRejected(rejected.toJSON(), 600)}`,
          rejected.toJSON(),
        );
      }
      const counts = await deps.incidents.upsert(all);
      // Only a whole answer, each of whose features names its incident, tells which incidents are missing: one cut short
      // (more pages than MAX_PAGES, a page of none that says more remain) or with a feature naming none would hide
      // incidents the feed still holds, and an empty one (a service's bad moment) every incident.
      const leftFeed = whole && unnamed === 0 && named.size > 0 ? await deps.incidents.markMissing([...named]) : null;
      const alerts = deps.onIncidents ? await deps.onIncidents(all) : 0;
      const distinct = new Set(all.map((incident) => incident.irwinId)).size;
      return { received: all.length, skipped: rejected.count, repeated: all.length - distinct, ...counts, leftFeed, alerts, rejected: rejected.toJSON() };
    },
  };
}

/** What is wrong with a feature, without the values (they go with the examples). */
function featureProblem(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || 'feature'}: ${issue.message}`)
    .join('; ');
}

/** A feature named for the examples: its IrwinID, else its id, else its place in the answer. */
function featureName(raw: unknown, position: number): string {
  const feature = raw as { id?: unknown; properties?: { IrwinID?: unknown } } | null;
  const irwinId = feature?.properties?.IrwinID;
  if (typeof irwinId === 'string' && irwinId.length <= 64) return irwinId;
  if (typeof feature?.id === 'number' || (typeof feature?.id === 'string' && feature.id.length <= 64)) return `feature ${String(feature.id)}`;
  return `feature #${position}`;
}
