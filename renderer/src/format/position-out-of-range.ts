// Two plain numbers typed in search that are no position either way round ("95, 200"): "Nothing found … try “lat,
// lon”" told the analyst to type what they had typed. Pure (`.js` specifiers): unit-tested from Node.

// Two decimal numbers (".5" and "5." too, as search reads them) apart by a comma, a semicolon or spaces, with optional
// degree signs, in brackets or not ("[200, 95]", as search takes them).
const NUMBER = '([+-]?(?:\\d+\\.?\\d*|\\.\\d+))';
const PLAIN_PAIR = new RegExp(`^${NUMBER}\\s*°?\\s*(?:[,;]\\s*|\\s+)${NUMBER}\\s*°?$`);
const BRACKETED = /^\((.*)\)$|^\[(.*)\]$/;

const inRange = (latitude: number, longitude: number) => Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;

/** What is wrong with a typed pair of numbers no reading makes a position of, or null (not such a pair, or a position). */
export function positionOutOfRangeWords(query: string): string | null {
  const trimmed = query.trim();
  const inner = BRACKETED.exec(trimmed);
  const match = PLAIN_PAIR.exec((inner ? (inner[1] ?? inner[2] ?? '') : trimmed).trim());
  if (!match) return null;
  const first = Number(match[1]);
  const second = Number(match[2]);
  // Search reads them latitude first, or longitude first when only that makes sense.
  if (inRange(first, second) || inRange(second, first)) return null;
  return 'No position on Earth: latitude runs from −90 to 90 and longitude from −180 to 180.';
}
