import { describe, expect, it } from 'vitest';
import type { Incident } from '../../renderer/src/api/api-types.js';
import { correlationFeatures, type CorrelationLine } from '../../renderer/src/map/feature-collections.js';

const plane = { icao24: 'c4a1f3', longitude: -57.1, latitude: -19.0 };
const listed = { aircraftLongitude: plane.longitude, aircraftLatitude: plane.latitude };
const incident = (irwinId: string, longitude: number, latitude: number): Incident => ({
  irwinId,
  kind: 'wildfire',
  name: 'Corumbá',
  sizeAcres: null,
  percentContained: null,
  discoveredAt: null,
  state: null,
  longitude,
  latitude,
});
const endsOf = (lines: CorrelationLine[], incidents: Incident[] = []) =>
  correlationFeatures(lines, [], incidents).features.map((feature) => (feature.geometry.type === 'LineString' ? feature.geometry.coordinates : null));

describe('pairing lines', () => {
  it("run from the aircraft to a fire's place, read from its id", () => {
    expect(endsOf([{ icao24: plane.icao24, targetType: 'fire', targetId: 'N20/2026-11-28T09:49Z/-19,-57', distanceM: 10_600, ...listed }])).toEqual([
      [
        [-57.1, -19.0],
        [-57, -19],
      ],
    ]);
  });

  it("run to an incident where the incidents layer has it, else where the pair was listed with it (a playback minute's lines have no layer)", () => {
    const pair: CorrelationLine = { icao24: plane.icao24, targetType: 'incident', targetId: 'irwin-1', distanceM: 9_000, ...listed, incidentLongitude: -57.2, incidentLatitude: -19.05 };
    expect(endsOf([pair], [incident('irwin-1', -57.25, -19.1)])).toEqual([
      [
        [-57.1, -19.0],
        [-57.25, -19.1],
      ],
    ]);
    expect(endsOf([pair])).toEqual([
      [
        [-57.1, -19.0],
        [-57.2, -19.05],
      ],
    ]);
    // A pair announced live carries no place: without the layer's incident it has no line.
    expect(endsOf([{ icao24: plane.icao24, targetType: 'incident', targetId: 'irwin-1', distanceM: 9_000, ...listed }])).toEqual([]);
  });

  it('are one per aircraft, to its nearest target', () => {
    const far: CorrelationLine = { icao24: plane.icao24, targetType: 'incident', targetId: 'irwin-1', distanceM: 20_000, ...listed, incidentLongitude: -57.3, incidentLatitude: -19.1 };
    const near: CorrelationLine = { icao24: plane.icao24, targetType: 'incident', targetId: 'irwin-2', distanceM: 2_000, ...listed, incidentLongitude: -57.11, incidentLatitude: -19.01 };
    expect(endsOf([far, near])).toEqual([
      [
        [-57.1, -19.0],
        [-57.11, -19.01],
      ],
    ]);
  });
});
