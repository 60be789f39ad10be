// WFIGS current incident locations, as the ArcGIS feature service answers them in GeoJSON.
import { z } from 'zod';

const nullableNumber = z.number().finite().nullable().optional();

export const wfigsFeature = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number()) }),
  properties: z
    .object({
      IrwinID: z.string().min(1).max(64),
      IncidentName: z.string().max(300).nullable().optional(),
      IncidentSize: nullableNumber,
      PercentContained: nullableNumber,
      FireDiscoveryDateTime: nullableNumber,
      POOState: z.string().max(16).nullable().optional(),
    })
    .passthrough(),
});

export const wfigsPage = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.unknown()),
  properties: z.object({ exceededTransferLimit: z.boolean().optional() }).passthrough().optional(),
  exceededTransferLimit: z.boolean().optional(),
});

export interface Incident {
  irwinId: string;
  name: string;
  sizeAcres: number | null;
  percentContained: number | null;
  discoveredAt: string | null;
  state: string | null;
  longitude: number;
  latitude: number;
}

/** The incident a feature describes; IrwinIDs come braced and in either case: `{ABC-…}` → `abc-…`. */
export function incidentFromFeature(feature: z.infer<typeof wfigsFeature>): Incident {
  const { properties, geometry } = feature;
  const discovered = properties.FireDiscoveryDateTime;
  return {
    irwinId: properties.IrwinID.replace(/[{}]/g, '').toLowerCase(),
    name: properties.IncidentName?.trim() || 'Unnamed incident',
    sizeAcres: properties.IncidentSize ?? null,
    percentContained: properties.PercentContained ?? null,
    discoveredAt: typeof discovered === 'number' ? new Date(discovered).toISOString() : null,
    state: properties.POOState?.replace(/^US-/, '') ?? null,
    longitude: geometry.coordinates[0],
    latitude: geometry.coordinates[1],
  };
}
