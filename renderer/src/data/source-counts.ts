// A summary line cut around its story counts ("(3 sources)", "(1 source, undated)"), which the offline digest writes
// after each headline: shown isolated left to right, beside a Hebrew or Arabic headline they stay as written (the
// line, read right to left, turned "(1 source, undated)" into "(source, undated 1"). Pure: unit-tested from Node.

export interface LinePart {
  text: string;
  /** A story count, to isolate left to right. */
  count: boolean;
}

const COUNT = /\(\d+ sources?(?:, undated)?\)/g;

export function sourceCountParts(line: string): LinePart[] {
  const parts: LinePart[] = [];
  let at = 0;
  for (const match of line.matchAll(COUNT)) {
    if (match.index > at) parts.push({ text: line.slice(at, match.index), count: false });
    parts.push({ text: match[0], count: true });
    at = match.index + match[0].length;
  }
  if (at < line.length) parts.push({ text: line.slice(at), count: false });
  return parts;
}
