// Counts of a layer read to its limit say "at least".
import { describe, expect, it } from 'vitest';
import { countText, cutNote, isListedLayer, LIST_LIMITS, listCut } from '../../renderer/src/data/list-limits.js';

describe('list limits', () => {
  it('a list read to its limit is cut: its count reads "+"', () => {
    expect(listCut('incidents', 999)).toBe(false);
    expect(listCut('incidents', LIST_LIMITS.incidents.atMost)).toBe(true);
    expect(listCut('aircraft', 2_000)).toBe(true);
    expect(countText(2_000, true)).toBe('2,000+');
    expect(countText(1_999, false)).toBe('1,999');
  });

  it('says which part of a cut layer is drawn', () => {
    expect(cutNote('incidents')).toBe('More than the map draws at once: the 1,000 largest are shown. Zoom in to see them all.');
    expect(cutNote('aircraft')).toContain('the 2,000 seen last are shown');
    expect(isListedLayer('aircraft')).toBe(true);
    expect(cutNote('cameras')).toContain('the 1,000 listed last are shown');
    expect(isListedLayer('fires')).toBe(false);
  });
});
