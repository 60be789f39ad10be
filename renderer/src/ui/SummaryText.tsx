// A summary's text as written: its "- " lines as a list, one item per line, the other lines as paragraphs. Each
// line sets its own direction (dir="auto"): one right-to-left headline no longer reorders the items around it; its
// story counts are isolated left to right (source-counts.ts).
import { sourceCountParts } from '../data/source-counts';
import { summaryBlocks } from '../data/summary-blocks';

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

export function SummaryText({ text }: { text: string }) {
  return (
    <div className="summary-text">
      {summaryBlocks(text).map((block, index) =>
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
    </div>
  );
}
