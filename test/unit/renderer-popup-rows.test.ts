import { describe, expect, it } from 'vitest';
import { popupRows } from '../../renderer/src/map/popup-rows.js';

const rows = (props: Record<string, unknown>) => Object.fromEntries(popupRows(props).rows.filter(([, value]) => value !== null));

describe('popup rows', () => {
  it('an incident without a size or containment leaves those rows out (MapLibre drops null properties)', () => {
    const incident = rows({ kind: 'incident', name: 'PLEYTO', state: 'US-CA', discoveredAt: '2025-01-11T00:06:00Z' });
    expect(incident).not.toHaveProperty('Size');
    expect(incident).not.toHaveProperty('Contained');
    expect(rows({ kind: 'incident', name: 'Glass', sizeAcres: 11042.5, percentContained: 30 })).toMatchObject({ Size: '11,042.5 acres', Contained: '30 %' });
    expect(rows({ kind: 'incident', name: 'Odd', sizeAcres: 'n/a', percentContained: null })).not.toHaveProperty('Size');
    // WFIGS sizes a prescribed burn at 0.01 acres: not "0 acres". Its kind is said.
    expect(rows({ kind: 'incident', incidentKind: 'prescribed', name: 'CHIMNEY ROCK RANCH RX BURN', sizeAcres: 0.01 })).toMatchObject({ Kind: 'Prescribed burn', Size: '0.01 acres' });
    expect(rows({ kind: 'incident', incidentKind: 'wildfire', name: 'Glass' })).toMatchObject({ Kind: 'Wildfire' });
    expect(rows({ kind: 'incident', incidentKind: 'complex', name: 'August' })).toMatchObject({ Kind: 'Incident complex' });
    expect(rows({ kind: 'incident', name: 'Unknown kind' })).not.toHaveProperty('Kind');
    expect(rows({ kind: 'incident', name: 'Spot', sizeAcres: 0 })).toMatchObject({ Size: '0 acres' });
    expect(rows({ kind: 'incident', name: 'Nearly one', sizeAcres: 0.97 })).toMatchObject({ Size: '1 acre' });
  });

  it('a fire names its satellite as the filters do, with the code the exports carry', () => {
    expect(rows({ kind: 'fire', satellite: 'N', acqTime: 1_764_000_000 })).toMatchObject({ Satellite: 'Suomi NPP (N)' });
    expect(rows({ kind: 'fire', satellite: 'N20', acqTime: 1_764_000_000 })).toMatchObject({ Satellite: 'NOAA-20 (N20)' });
    // A global MODIS file has no instrument column: the satellite says which.
    expect(rows({ kind: 'fire', satellite: 'Terra', acqTime: 1_764_000_000 })).toMatchObject({ Satellite: 'Terra', Instrument: 'MODIS' });
    expect(rows({ kind: 'fire', satellite: 'N', instrument: 'VIIRS', acqTime: 1_764_000_000 })).toMatchObject({ Instrument: 'VIIRS' });
    expect(rows({ kind: 'fire', satellite: 'X9', acqTime: 1_764_000_000 })).toMatchObject({ Satellite: 'X9' });
  });

  it('an aircraft reads rounded, and on the ground without an altitude or a track', () => {
    expect(rows({ kind: 'aircraft', callsign: 'CALFIR2', altitudeFt: 2100, groundSpeedKt: 246.03233, trackDeg: 239.6, onGround: false })).toMatchObject({
      Altitude: '2,100 ft',
      Speed: '246 kt',
      Track: '240°',
    });
    expect(rows({ kind: 'aircraft', callsign: 'NORTH1', trackDeg: 359.6 })).toMatchObject({ Track: '0°' });
    const parked = rows({ kind: 'aircraft', callsign: 'TANKER91', groundSpeedKt: 15.006475, onGround: true });
    expect(parked).toMatchObject({ Altitude: 'on the ground', Speed: '15 kt' });
    expect(parked).not.toHaveProperty('Track');
    expect(Object.values(parked).join(' ')).not.toMatch(/undefined|NaN/);
  });
});
