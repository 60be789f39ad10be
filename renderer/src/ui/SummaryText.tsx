// A summary's text as written: its "- " lines as a list, one item per line, the other lines as paragraphs. Each
// line sets its own direction (dir="auto"): one right-to-left headline no longer reorders the items around it; its
// story counts are isolated left to right (source-counts.ts).
import { useState } from 'react';
import { sourceCountParts } from '../data/source-counts';
import { firstItems, listItemCount, summaryBlocks } from '../data/summary-blocks';

function Line({ text }: { text: string }) {
  return (
    <>
      {sourceCountParts(text).map((part, index) =>
        part.count ? (
          <bdi key={index} dir="ltr">
            {part.text}
          </bdi>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** `maxItems`: at most so many list items until "Show N more" is pressed (the brief's slots); every item without it. */
export function SummaryText({ text, maxItems }: { text: string; maxItems?: number }) {
  const [expanded, setExpanded] = useState(false);
  const all = summaryBlocks(text);
  const { blocks, hiddenItems } = maxItems === undefined || expanded ? { blocks: all, hiddenItems: 0 } : firstItems(all, maxItems);
  const total = listItemCount(all);
  return (
    <div className="summary-text">
      {blocks.map((block, index) =>
        block.kind === 'list' ? (
          <ul key={index}>
            {block.lines.map((line, item) => (
              <li key={item} dir="auto">
                <Line text={line} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={index} dir="auto">
            <Line text={block.lines.join(' ')} />
          </p>
        ),
      )}
      {(hiddenItems > 0 || (expanded && maxItems !== undefined && total > maxItems)) && (
        <button type="button" className="link-button summary-more" data-testid="summary-more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show fewer' : `Show ${hiddenItems} more`}
        </button>
      )}
    </div>
  );
}
