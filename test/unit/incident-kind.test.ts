import { describe, expect, it } from 'vitest';
import { incidentFromFeature, wfigsFeature } from '../../server/incidents/incident-feature.js';

const feature = (category: unknown) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-120.5, 38.5] },
  properties: { IrwinID: '{8B2D6C39-3A0C-4B7E-9C1A-0D9E2F4A1B11}', IncidentName: 'Glass', IncidentTypeCategory: category },
});
const kindOf = (category: unknown) => {
  const parsed = wfigsFeature.safeParse(feature(category));
  return parsed.success ? incidentFromFeature(parsed.data).kind : 'refused';
};

describe("an incident's kind", () => {
  it('reads IRWIN\'s categories: WF a wildfire, RX a prescribed burn, CX a complex', () => {
    expect(kindOf('WF')).toBe('wildfire');
    expect(kindOf('RX')).toBe('prescribed');
    expect(kindOf(' cx ')).toBe('complex');
  });

  it('keeps an incident whose category is missing, unknown or not text, of no known kind', () => {
    expect(kindOf(undefined)).toBeNull();
    expect(kindOf(null)).toBeNull();
    expect(kindOf('FA')).toBeNull();
    expect(kindOf(12345)).toBeNull();
    expect(kindOf('a category longer than sixteen')).toBeNull();
  });
});
