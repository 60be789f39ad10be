// Search's words for two numbers that are no position either way round.
import { describe, expect, it } from 'vitest';
import { positionOutOfRangeWords } from '../../renderer/src/format/position-out-of-range.js';

describe('positionOutOfRangeWords', () => {
  const words = 'No position on Earth: latitude runs from −90 to 90 and longitude from −180 to 180.';

  it('says what is wrong with two numbers no reading makes a position of', () => {
    expect(positionOutOfRangeWords('95, 200')).toBe(words);
    expect(positionOutOfRangeWords(' 91.5 ; -181 ')).toBe(words);
    expect(positionOutOfRangeWords('200 200')).toBe(words);
    expect(positionOutOfRangeWords('95°, 100°')).toBe(words);
    // In brackets, and numbers as search reads them.
    expect(positionOutOfRangeWords('(95, 200)')).toBe(words);
    expect(positionOutOfRangeWords('[ 200, 95 ]')).toBe(words);
    expect(positionOutOfRangeWords('95., 200.5')).toBe(words);
  });

  it('says nothing of a position, read either way round, or of anything else', () => {
    expect(positionOutOfRangeWords('38.58, -121.49')).toBeNull();
    // Longitude first, as GeoJSON writes it: search reads it so.
    expect(positionOutOfRangeWords('-121.49, 38.58')).toBeNull();
    expect(positionOutOfRangeWords('34,05 -118,25')).toBeNull();
    expect(positionOutOfRangeWords('[-121.49, 38.58]')).toBeNull();
    expect(positionOutOfRangeWords('.5, 100')).toBeNull();
    expect(positionOutOfRangeWords('Sacramento')).toBeNull();
    expect(positionOutOfRangeWords('95')).toBeNull();
    expect(positionOutOfRangeWords('38°34′48″N 121°29′24″W')).toBeNull();
  });
});
