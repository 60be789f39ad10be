// WFIGS current incident locations, as the ArcGIS feature service answers them in GeoJSON.
import { z } from 'zod';
import { parseIsoInstant } from '../http/query-params.js';
import { safeText, textProblem } from '../http/safe-text.js';

const nullableNumber = z.number().finite().nullable().optional();

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** RFC 9110 IMF-fixdate, as the ArcGIS Hub GeoJSON export writes dates: `Wed, 01 Jan 2025 07:00:00 GMT`. */
const HTTP_DATE = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/** An HTTP date that names a real instant (day of month, time and weekday all agreeing), or null. */
export function parseHttpDate(text: string): Date | null {
  const match = HTTP_DATE.exec(text);
  if (!match) return null;
  const [, weekday, day, month, year, hours, minutes, seconds] = match as unknown as [string, string, string, string, string, string, string, string];
  const monthIndex = MONTHS.indexOf(month);
  const date = new Date(Date.UTC(Number(year), monthIndex, Number(day), Number(hours), Number(minutes), Number(seconds)));
  const real =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === monthIndex &&
    date.getUTCDate() === Number(day) &&
    date.getUTCHours() === Number(hours) &&
    date.getUTCMinutes() === Number(minutes) &&
    date.getUTCSeconds() === Number(seconds) &&
    WEEKDAYS[date.getUTCDay()] === weekday;
  return real ? date : null;
}

/** Years an incident's dates may fall in: anything else is not a date of a current incident. */
const EARLIEST_MS = Date.UTC(1900, 0, 1);
const LATEST_MS = Date.UTC(2200, 0, 1);

/** An ISO 8601 date-time with its zone (ArcGIS timestamp-offset fields), or null; a bare date has no instant. */
function isoDateTime(text: string): Date | null {
  return text.includes('T') ? parseIsoInstant(text) : null;
}

/**
 * An ArcGIS date field: epoch milliseconds (the feature service's esriFieldTypeDate in JSON and GeoJSON), an
 * HTTP date string (the Hub's GeoJSON export), or an ISO 8601 date-time with its zone. Null stays null; anything
 * else (a local date without a zone, text) is refused with the reason.
 */
const arcgisDate = z
  .union([z.number(), z.string().max(64)])
  .nullable()
  .optional()
  .transform((value, context): string | null => {
    if (value === null || value === undefined) return null;
    const date = typeof value === 'number' ? (Number.isInteger(value) ? new Date(value) : null) : (parseHttpDate(value) ?? isoDateTime(value));
    if (!date || Number.isNaN(date.getTime()) || date.getTime() < EARLIEST_MS || date.getTime() >= LATEST_MS) {
      context.addIssue({ code: 'custom', message: 'is not epoch milliseconds, an HTTP date (Wed, 01 Jan 2025 07:00:00 GMT) or an ISO 8601 date-time with a zone' });
      return z.NEVER;
    }
    return date.toISOString();
  });

export const wfigsFeature = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number()) }),
  properties: z
    .object({
      IrwinID: safeText().min(1).max(64),
      IncidentName: safeText().max(300).nullable().optional(),
      IncidentSize: nullableNumber,
      PercentContained: nullableNumber,
      FireDiscoveryDateTime: arcgisDate,
      POOState: safeText().max(16).nullable().optional(),
      // WF, RX or CX in the current layer; any other text (a category added later) is an incident of no known kind.
      IncidentTypeCategory: z.string().max(16).nullable().optional().catch(null),
    })
    .passthrough(),
});

export const wfigsPage = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.unknown()),
  properties: z.object({ exceededTransferLimit: z.boolean().optional() }).passthrough().optional(),
  exceededTransferLimit: z.boolean().optional(),
});

/** IRWIN's IncidentTypeCategory in words: the current layer holds wildfires, prescribed burns and incident complexes. */
export const INCIDENT_KINDS = { WF: 'wildfire', RX: 'prescribed', CX: 'complex' } as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[keyof typeof INCIDENT_KINDS];

function kindOf(category: string | null | undefined): IncidentKind | null {
  const code = category?.trim().toUpperCase();
  return code && Object.hasOwn(INCIDENT_KINDS, code) ? INCIDENT_KINDS[code as keyof typeof INCIDENT_KINDS] : null;
}

export interface Incident {
  irwinId: string;
  /** Null when the feed does not say (or says something this build does not know). */
  kind: IncidentKind | null;
  name: string;
  sizeAcres: number | null;
  percentContained: number | null;
  discoveredAt: string | null;
  state: string | null;
  longitude: number;
  latitude: number;
}

/** IrwinIDs come braced and in either case: `{ABC-…}` → `abc-…`. */
function irwinIdKey(text: string): string {
  return text.replace(/[{}]/g, '').toLowerCase();
}

/**
 * The IrwinID of a feature as stored, whether or not the rest of it can be read (a feature without a position still
 * names an incident the feed holds); null when it names none that could be stored (a NUL in it, say).
 */
export function irwinIdOf(raw: unknown): string | null {
  const id = (raw as { properties?: { IrwinID?: unknown } | null } | null)?.properties?.IrwinID;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 && textProblem(id) === null ? irwinIdKey(id) : null;
}

/** The incident a feature describes. */
export function incidentFromFeature(feature: z.infer<typeof wfigsFeature>): Incident {
  const { properties, geometry } = feature;
  return {
    irwinId: irwinIdKey(properties.IrwinID),
    kind: kindOf(properties.IncidentTypeCategory),
    name: properties.IncidentName?.trim() || 'Unnamed incident',
    sizeAcres: properties.IncidentSize ?? null,
    percentContained: properties.PercentContained ?? null,
    discoveredAt: properties.FireDiscoveryDateTime,
    state: properties.POOState?.replace(/^US-/, '') ?? null,
    longitude: geometry.coordinates[0],
    latitude: geometry.coordinates[1],
  };
}
