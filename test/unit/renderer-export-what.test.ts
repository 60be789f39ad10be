import { describe, expect, it } from 'vitest';
import { exportWhat } from '../../renderer/src/data/export-what.js';

describe('what the export holds, in a line', () => {
  it('puts the window on the fires only: aircraft are now, incidents as they stand', () => {
    expect(exportWhat(['fires', 'aircraft', 'incidents'], ['Last hour'])).toBe('In view: fires of the last hour; aircraft now; incidents as they stand.');
    expect(exportWhat(['fires'], ['25 Nov 14:29 UTC – 26 Nov 20:29 UTC', 'high confidence', 'FRP ≥ 50 MW'])).toBe(
      'In view: fires of 25 Nov 14:29 UTC – 26 Nov 20:29 UTC (high confidence, FRP ≥ 50 MW).',
    );
    expect(exportWhat(['aircraft', 'incidents'], ['Last 24 h', 'firefighting aircraft only'])).toBe('In view: firefighting aircraft now; incidents as they stand.');
    expect(exportWhat([], ['Last 24 h'])).toBe('Show fires, aircraft, incidents or news and events to export them.');
    // Events are of the fires' window, without the fires' own conditions.
    expect(exportWhat(['fires', 'aircraft', 'incidents', 'events'], ['Last hour', 'high confidence'])).toBe(
      'In view: fires of the last hour (high confidence); aircraft now; incidents as they stand; news and events of the same window.',
    );
    expect(exportWhat(['events'], ['Last 24 h', 'high confidence'])).toBe('In view: news and events of the last 24 h.');
    // A geofence narrows every layer: said once.
    expect(exportWhat(['fires', 'aircraft', 'incidents'], ['Last 24 h', 'high confidence', 'inside “Ridge fence”'])).toBe(
      'In view and inside “Ridge fence”: fires of the last 24 h (high confidence); aircraft now; incidents as they stand.',
    );
  });

  it('in playback names the window before the minute, the aircraft then and the incidents discovered by then', () => {
    expect(exportWhat(['fires', 'aircraft', 'incidents'], ['24 h to 10:36 UTC', 'FRP ≥ 50 MW'], '10:36 UTC')).toBe(
      'In view: fires of the 24 h to 10:36 UTC (FRP ≥ 50 MW); aircraft at 10:36 UTC; incidents discovered by then.',
    );
    expect(exportWhat(['aircraft'], ['6 h to 10:36 UTC', 'firefighting aircraft only'], '10:36 UTC')).toBe('In view: firefighting aircraft at 10:36 UTC.');
    expect(exportWhat(['incidents', 'events'], ['6 h to 10:36 UTC'], '10:36 UTC')).toBe('In view: incidents discovered by then; news and events of the 6 h to 10:36 UTC.');
  });
});
