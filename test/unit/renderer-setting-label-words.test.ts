import { describe, expect, it } from 'vitest';
import { settingLabelWords } from '../../renderer/src/data/setting-label-words.js';

const FIRES = [
  { name: 'FIRE_DATASET', label: 'FIRMS dataset' },
  { name: 'FIRE_BBOX', label: 'Fire area' },
];

describe("a refused setting's message under the Sources tab", () => {
  it('names the fields by their labels, not their environment names', () => {
    expect(settingLabelWords('FIRE_BBOX must be west,south,east,north in degrees, or world; FIRE_BBOX: south must be below north', FIRES)).toBe(
      'Fire area must be west,south,east,north in degrees, or world; Fire area: south must be below north',
    );
    expect(settingLabelWords('FIRE_DATASET must be a FIRMS source name such as VIIRS_SNPP_NRT', FIRES)).toBe('FIRMS dataset must be a FIRMS source name such as VIIRS_SNPP_NRT');
    // A name only part of a longer word is left alone; a message in lower case starts with a capital.
    expect(settingLabelWords('MAP_STYLE_URL must be an https URL', [{ name: 'MAP_STYLE', label: 'Style' }])).toBe('MAP_STYLE_URL must be an https URL');
    expect(settingLabelWords('geometry is not valid: self-intersection', [])).toBe('Geometry is not valid: self-intersection');
  });
});
