import { describe, expect, it } from 'vitest';
import { allAtOnePlace, fireListSummary, MANY_FIRES } from '../../renderer/src/map/pick-list-summary.js';

const fire = (acqTime: string, frp: number, satellite: string, kind = 'fire') => ({ kind, acqTime, frp, satellite });

describe('fireListSummary: what a long list of fire detections holds', () => {
  it('says when they were detected, the strongest, and by which satellites, most first', () => {
    const fires = [
      ...Array.from({ length: 7 }, (_, index) => fire(`2026-11-30T1${index}:00:00Z`, 10 + index, 'Terra')),
      fire('2026-11-29T23:40:00Z', 120.46, 'N20'),
      fire('2026-11-30T22:12:00Z', 3, 'N20', 'fire-live'),
      fire('2026-11-30T05:00:00Z', 4, 'N'),
    ];
    expect(fireListSummary([...fires, { kind: 'aircraft', callsign: 'X' }])).toEqual([
      'Detected 29 Nov 23:40 UTC – 30 Nov 22:12 UTC',
      'Strongest 120.5 MW',
      '7 by Terra, 2 by NOAA-20 (N20), 1 by Suomi NPP (N)',
    ]);
  });

  it(`says nothing for fewer than ${MANY_FIRES} fire detections (other objects do not count)`, () => {
    const fires = Array.from({ length: MANY_FIRES - 1 }, () => fire('2026-11-30T10:00:00Z', 5, 'N'));
    expect(fireListSummary([...fires, { kind: 'incident', name: 'Glass' }, { kind: 'event', title: 'x' }])).toBeNull();
    expect(fireListSummary([...fires, fire('2026-11-30T10:00:00Z', 5, 'N')])).toEqual(['Detected 30 Nov 10:00 UTC', 'Strongest 5.0 MW', 'All by Suomi NPP (N)']);
    // One satellite named on some of them only: counted, not "all".
    expect(fireListSummary([...fires, { kind: 'fire' }])?.at(-1)).toBe('9 by Suomi NPP (N)');
  });

  it('leaves out what the detections do not carry', () => {
    const bare = Array.from({ length: MANY_FIRES }, () => ({ kind: 'fire' }));
    expect(fireListSummary(bare)).toEqual([]);
  });
});

describe('allAtOnePlace: whether zooming in would part a list', () => {
  it('is true only when every object has the same position', () => {
    const at = (lon: number, lat: number) => ({ kind: 'fire', position: [lon, lat] });
    expect(allAtOnePlace([at(-115.4, 32.55), at(-115.4, 32.55), at(-115.4, 32.55)])).toBe(true);
    expect(allAtOnePlace([at(-115.4, 32.55), at(-115.4, 32.5501)])).toBe(false);
    expect(allAtOnePlace([at(-115.4, 32.55), { kind: 'incident' }])).toBe(false);
    expect(allAtOnePlace([{ kind: 'fire' }, { kind: 'fire' }])).toBe(false);
  });
});
