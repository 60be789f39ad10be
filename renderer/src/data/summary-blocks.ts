// A summary's text in blocks: runs of list lines ("- ", "• ", "* ") and runs of other lines (paragraphs, a blank
// line between them). The models and the offline digest write items one per line. Pure: unit-tested from Node.

export interface SummaryBlock {
  kind: 'list' | 'paragraph';
  lines: string[];
}

const ITEM = /^\s*(?:[-•*]|\d+[.)])\s+/;

export function summaryBlocks(text: string): SummaryBlock[] {
  const blocks: SummaryBlock[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      blocks.push({ kind: 'paragraph', lines: [] });
      continue;
    }
    const kind = ITEM.test(line) ? 'list' : 'paragraph';
    const last = blocks.at(-1);
    const content = kind === 'list' ? line.replace(ITEM, '') : line;
    if (last && last.kind === kind && (kind === 'list' || last.lines.length > 0)) last.lines.push(content);
    else blocks.push({ kind, lines: [content] });
  }
  return blocks.filter((block) => block.lines.length > 0);
}

/** How many list items the blocks hold. */
export function listItemCount(blocks: readonly SummaryBlock[]): number {
  return blocks.reduce((count, block) => count + (block.kind === 'list' ? block.lines.length : 0), 0);
}

/**
 * The blocks up to `maxItems` list items (paragraphs before the cut kept whole), and how many items were left out.
 * The brief shows a day's recap so: fifteen stories made its slot screens tall, its date at the foot and the news
 * slot below the fold.
 */
export function firstItems(blocks: readonly SummaryBlock[], maxItems: number): { blocks: SummaryBlock[]; hiddenItems: number } {
  // Within the cap, all of it: a closing line after the last item too.
  if (listItemCount(blocks) <= maxItems) return { blocks: [...blocks], hiddenItems: 0 };
  const shown: SummaryBlock[] = [];
  let room = maxItems;
  let hiddenItems = 0;
  for (const block of blocks) {
    if (block.kind === 'paragraph') {
      if (room > 0) shown.push(block);
      continue;
    }
    const kept = block.lines.slice(0, Math.max(room, 0));
    hiddenItems += block.lines.length - kept.length;
    room -= kept.length;
    if (kept.length > 0) shown.push({ kind: 'list', lines: kept });
  }
  return { blocks: shown, hiddenItems };
}
