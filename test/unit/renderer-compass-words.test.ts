import { describe, expect, it } from 'vitest';
import { compassPoint, distanceWords } from '../../renderer/src/format/compass-words.js';

describe('bearing and distance in words', () => {
  it('names the nearest of eight compass points', () => {
    expect([0, 22, 23, 90, 157, 180, 225, 247, 292, 337.6, 359, 360, -45].map(compassPoint)).toEqual([
      'north', 'north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'south-west', 'west', 'north', 'north', 'north', 'north-west',
    ]);
  });

  it('gives kilometres and miles, whole from 10 on', () => {
    expect(distanceWords(1617.7)).toBe('1,618 km (1,005 mi)');
    expect(distanceWords(12.26)).toBe('12 km (7.6 mi)');
    expect(distanceWords(0.44)).toBe('0.4 km (0.3 mi)');
  });
});
