import { describe, expect, it } from 'vitest';
import { addressToOpen, readAddress, readMinute, writeAddress, writeMinute } from '../../renderer/src/boot/view-address.js';
import { DEFAULT_FILTER } from '../../renderer/src/data/view-filter.js';
import { initialVisibility } from '../../renderer/src/map/layer-catalog.js';

describe('the view in the address', () => {
  it('round-trips centre, zoom and the layers shown', () => {
    const layers = { ...initialVisibility(), aircraft: false, cameras: false };
    const fragment = writeAddress({ view: { center: [-121.49123456, 38.58123456], zoom: 8.256 }, layers });
    expect(fragment).toBe('#view=-121.49123,38.58123,8.26&layers=fires,incidents,events,geofences,alerts');
    expect(readAddress(fragment)).toEqual({ view: { center: [-121.49123, 38.58123], zoom: 8.26 }, layers, filter: DEFAULT_FILTER, at: null });
  });

  it('leaves the layers out while every layer is shown, and reads that as "all"', () => {
    const fragment = writeAddress({ view: { center: [10, 25], zoom: 1.6 }, layers: initialVisibility() });
    expect(fragment).toBe('#view=10.00000,25.00000,1.60');
    expect(readAddress(fragment).layers).toBeNull();
  });

  it('an empty layers list hides every layer; unknown names are ignored', () => {
    expect(Object.values(readAddress('#layers=').layers ?? {})).toEqual(Array(7).fill(false));
    expect(readAddress('#layers=fires,<script>,aircraft').layers).toMatchObject({ fires: true, aircraft: true, incidents: false });
  });

  it('an unreadable view is left at the default, a longitude past the antimeridian is wrapped', () => {
    for (const bad of ['#view=1,2', '#view=a,b,c', '#view=0,91,3', '#view=0,0,25', '#view=1,2,3,4', '#view=Infinity,0,1']) expect(readAddress(bad).view).toBeNull();
    expect(readAddress('#view=190,10,3').view).toEqual({ center: [-170, 10], zoom: 3 });
  });

  it('carries the filters, readable in the address bar', () => {
    const layers = initialVisibility();
    const filter = { ...DEFAULT_FILTER, window: '72h' as const, confidence: ['high' as const], minFrp: 5 };
    const fragment = writeAddress({ view: { center: [10, 20], zoom: 3 }, layers, filter });
    expect(fragment).toBe('#view=10.00000,20.00000,3.00&filter=w:72h;c:high;frp:5');
    expect(readAddress(fragment).filter).toEqual(filter);
  });

  it('carries the playback minute as a UTC minute; live has none', () => {
    const view = { center: [10, 20] as [number, number], zoom: 3 };
    const layers = initialVisibility();
    const at = Date.parse('2026-11-24T03:12:00Z');
    // Any instant in the minute writes the minute.
    const fragment = writeAddress({ view, layers, filter: { ...DEFAULT_FILTER, window: '6h' }, at: at + 41_500 });
    expect(fragment).toBe('#view=10.00000,20.00000,3.00&filter=w:6h&at=2026-11-24T03:12Z');
    expect(readAddress(fragment).at).toBe(at);
    expect(writeAddress({ view, layers, at: null })).toBe('#view=10.00000,20.00000,3.00');
    expect(readAddress('#view=10,20,3').at).toBeNull();
  });

  it('reads only a real UTC minute: no seconds, offsets, epoch numbers or impossible dates', () => {
    expect(writeMinute(Date.parse('1999-12-31T23:59:59.999Z'))).toBe('1999-12-31T23:59Z');
    expect(readMinute('1999-12-31T23:59Z')).toBe(Date.parse('1999-12-31T23:59:00Z'));
    for (const bad of [null, '', '2026-11-24T03:12:30Z', '2026-11-24T03:12', '2026-11-24T03:12+01:00', '2026-11-24 03:12Z', '1764000000000', '2026-02-30T10:00Z', '2026-11-24T24:00Z', '2026-11-24T03:60Z', '0050-01-01T00:00Z', '<script>']) {
      expect(readMinute(bad), String(bad)).toBeNull();
    }
    // A mistyped minute leaves the rest of the address as it was.
    expect(readAddress('#view=10,20,3&at=yesterday')).toMatchObject({ view: { center: [10, 20], zoom: 3 }, at: null });
  });

  it('opens the address named, else the one the last session was left at: the desktop app opens "#token=…" alone', () => {
    const remembered = '#view=-121.49000,38.58000,9.00&layers=fires,aircraft';
    expect(addressToOpen('#token=abc', remembered)).toBe(remembered);
    expect(addressToOpen('', remembered)).toBe(remembered);
    expect(addressToOpen('#token=abc', null)).toBe('');
    // A link or a reload names a view, a layer or a filter: that one.
    expect(addressToOpen('#token=abc&view=10,45,3', remembered)).toBe('#token=abc&view=10,45,3');
    expect(addressToOpen('#filter=w:72h', remembered)).toBe('#filter=w:72h');
    expect(readAddress(addressToOpen('#token=abc', remembered)).view).toEqual({ center: [-121.49, 38.58], zoom: 9 });
  });
});
