import { describe, expect, it } from 'vitest';
import { summaryBlocks } from '../../renderer/src/data/summary-blocks.js';

describe("a summary's text in blocks", () => {
  it('makes a list of its item lines, one item per line, and paragraphs of the rest', () => {
    const text = 'Top stories of the last hour:\n- Flood warnings extended (4 sources)\n- Grid restored (2 sources)\n\nWatch: the Danube crest.\nIt peaks tonight.';
    expect(summaryBlocks(text)).toEqual([
      { kind: 'paragraph', lines: ['Top stories of the last hour:'] },
      { kind: 'list', lines: ['Flood warnings extended (4 sources)', 'Grid restored (2 sources)'] },
      { kind: 'paragraph', lines: ['Watch: the Danube crest.', 'It peaks tonight.'] },
    ]);
  });

  it('reads bullets and numbered items alike, and keeps a line with a dash inside as text', () => {
    expect(summaryBlocks('• one\n* two\n1. three\n2) four')).toEqual([{ kind: 'list', lines: ['one', 'two', 'three', 'four'] }]);
    expect(summaryBlocks('Prices - steady')).toEqual([{ kind: 'paragraph', lines: ['Prices - steady'] }]);
    expect(summaryBlocks('\n\n')).toEqual([]);
  });
});
