import { describe, expect, it } from 'vitest';
import { OFFLINE_DETAIL_ENDS_ZOOM, searchZoom } from '../../renderer/src/map/offline-detail.js';

describe('searchZoom', () => {
  it('on the offline basemap goes no closer than it draws; with an online style, as close as the result asks', () => {
    expect(searchZoom(13, true)).toBe(OFFLINE_DETAIL_ENDS_ZOOM - 1);
    expect(searchZoom(11, true)).toBe(10);
    expect(searchZoom(5, true)).toBe(5);
    expect(searchZoom(13, false)).toBe(13);
  });
});
