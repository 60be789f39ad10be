// What "Run now" says of a job's answer, in one line a person reads: its idle reason, what it found in words
// ("3 stored, 12 unchanged"), what it did not fetch and why ("4 files not due until 27 Nov 03:08 UTC"), or that nothing was
// new. Pure (`.js` specifiers): unit-tested from Node.
import { formatShortUtc } from '../format/time-format.js';

/** What a finished action says: ok or not, in words. */
export interface ActionOutcome {
  ok: boolean;
  message: string;
}

export interface JobAnswer {
  status: 'done' | 'running';
  durationMs?: number;
  result?: Record<string, unknown>;
}

// The jobs' counts in words (the rest: camelCase spelled out).
const COUNT_WORDS: Record<string, string> = {
  notModified: 'unchanged',
  backedOff: 'waiting out a backoff',
  outsideBbox: 'outside the area',
  invalidRows: 'invalid rows',
  seenAgain: 'seen again',
  marketMovesLeftOut: 'market moves left out',
  notVegetationFires: 'volcano, industrial or offshore hot spots left out',
};

// The counts that say something new came: all zero (and present), the run found nothing new.
const NEW_COUNTS = new Set(['stored', 'inserted', 'updated', 'published']);

function words(name: string): string {
  return COUNT_WORDS[name] ?? name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
}

/** "not due until 2026-11-27T03:08:00.000Z" → "not due until 27 Nov 03:08 UTC". */
function outcomeWords(outcome: string): string {
  return outcome.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z/g, (instant) => formatShortUtc(new Date(instant)));
}

/** Files (or feeds) by what happened to them: "4 files not due until 27 Nov 03:08 UTC", "1 file downloaded". */
function filesWords(files: unknown): string[] {
  if (!files || typeof files !== 'object' || Array.isArray(files)) return [];
  const byOutcome = new Map<string, number>();
  for (const outcome of Object.values(files as Record<string, unknown>)) {
    if (typeof outcome !== 'string') continue;
    const said = outcomeWords(outcome.startsWith('failed') ? 'failed' : outcome);
    byOutcome.set(said, (byOutcome.get(said) ?? 0) + 1);
  }
  return [...byOutcome].map(([outcome, count]) => `${count} ${count === 1 ? 'file' : 'files'} ${outcome}`);
}

export function describeJobAnswer(answer: JobAnswer): ActionOutcome {
  if (answer.status === 'running') return { ok: true, message: 'Still running in the background; the state updates when it ends.' };
  const result = answer.result ?? {};
  if (typeof result.idle === 'string') return { ok: true, message: `Nothing to fetch: ${result.idle}` };
  const numbers = Object.entries(result).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && !entry[0].endsWith('Ms'));
  // The counts that are not zero say what happened; when none stored, inserted or updated anything, nothing new came.
  const counts = numbers.filter(([, value]) => value !== 0).map(([name, value]) => `${value.toLocaleString('en-US')} ${words(name)}`);
  const newCounts = numbers.filter(([name]) => NEW_COUNTS.has(name));
  const nothingNew = numbers.length > 0 && (counts.length === 0 || (newCounts.length > 0 && newCounts.every(([, value]) => value === 0)));
  const parts = [...filesWords(result.files), ...counts, ...(nothingNew ? ['nothing new'] : [])];
  const took = answer.durationMs === undefined ? '' : answer.durationMs < 100 ? ' in under 0.1 s' : ` in ${(answer.durationMs / 1000).toFixed(1)} s`;
  return { ok: true, message: `Done${took}${parts.length ? `: ${parts.join(', ')}` : ''}.` };
}
