// A summary's text as written: its "- " lines as a list, one item per line, the other lines as paragraphs. Each
// line sets its own direction (dir="auto"): one right-to-left headline no longer reorders the items around it.
import { summaryBlocks } from '../data/summary-blocks';

export function SummaryText({ text }: { text: string }) {
  return (
    <div className="summary-text">
      {summaryBlocks(text).map((block, index) =>
        block.kind === 'list' ? (
          <ul key={index}>
            {block.lines.map((line, item) => (
              <li key={item} dir="auto">
                {line}
              </li>
            ))}
          </ul>
        ) : (
          <p key={index} dir="auto">
            {block.lines.join(' ')}
          </p>
        ),
      )}
    </div>
  );
}
