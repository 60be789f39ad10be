import { describe, expect, it } from 'vitest';
import { firstItems, summaryBlocks } from '../../renderer/src/data/summary-blocks.js';

describe('firstItems: a digest cut to its first stories', () => {
  const recap = ['Top stories of the day:', ...Array.from({ length: 12 }, (_, index) => `- Story ${index + 1} (2 sources)`), '', 'Written offline.'].join('\n');

  it('keeps the list items up to the cap and the paragraphs before the cut, and counts what it left out', () => {
    const { blocks, hiddenItems } = firstItems(summaryBlocks(recap), 5);
    expect(blocks).toEqual([
      { kind: 'paragraph', lines: ['Top stories of the day:'] },
      { kind: 'list', lines: ['Story 1 (2 sources)', 'Story 2 (2 sources)', 'Story 3 (2 sources)', 'Story 4 (2 sources)', 'Story 5 (2 sources)'] },
    ]);
    expect(hiddenItems).toBe(7);
  });

  it('leaves a digest within the cap whole, its closing line after exactly the cap of items too', () => {
    const short = summaryBlocks('- One\n- Two\n\nA closing line.');
    expect(firstItems(short, 5)).toEqual({ blocks: short, hiddenItems: 0 });
    const five = summaryBlocks('- One\n- Two\n- Three\n- Four\n- Five\n\nA closing line.');
    expect(firstItems(five, 5)).toEqual({ blocks: five, hiddenItems: 0 });
  });

  it('counts the items of every list past the cap', () => {
    const two = summaryBlocks('- A\n- B\n- C\n\nThen:\n\n- D\n- E');
    expect(firstItems(two, 2)).toEqual({ blocks: [{ kind: 'list', lines: ['A', 'B'] }], hiddenItems: 3 });
  });
});
