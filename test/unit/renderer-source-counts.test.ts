import { describe, expect, it } from 'vitest';
import { sourceCountParts } from '../../renderer/src/data/source-counts.js';

describe('sourceCountParts', () => {
  it('cuts a digest line around its story count, which is shown isolated left to right', () => {
    expect(sourceCountParts('האם תדפיס נייר (1 source, undated) — בתי המשפט')).toEqual([
      { text: 'האם תדפיס נייר ', count: false },
      { text: '(1 source, undated)', count: true },
      { text: ' — בתי המשפט', count: false },
    ]);
    expect(sourceCountParts('Quake (3 sources)')).toEqual([
      { text: 'Quake ', count: false },
      { text: '(3 sources)', count: true },
    ]);
  });

  it('leaves a line without a count whole', () => {
    expect(sourceCountParts('Flood waters recede (slowly)')).toEqual([{ text: 'Flood waters recede (slowly)', count: false }]);
  });
});
