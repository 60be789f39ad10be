// What "Run now" says of a job's answer, in one line a person reads: its idle reason, what it found in words
// ("3 stored, 12 unchanged"), what it did not fetch and why ("4 files not due until 27 Nov 03:08 UTC"), that nothing was
// new, or that a digest was written without its language model. Pure (`.js` specifiers): unit-tested from Node.
import { formatShortUtc } from '../format/time-format.js';

/** What a finished action says: ok or not, in words. */
export interface ActionOutcome {
  ok: boolean;
  message: string;
  /** Nothing went wrong, but nothing was fetched either (every file not due yet): no ✓ of a done refresh. */
  waiting?: boolean;
}

export interface JobAnswer {
  status: 'done' | 'running';
  durationMs?: number;
  result?: Record<string, unknown>;
}

// The jobs' counts in words, and of one where it differs (the rest: camelCase spelled out, "1 track position").
const COUNT_WORDS: Record<string, string | [many: string, one: string]> = {
  notModified: 'unchanged',
  backedOff: 'waiting out a backoff',
  outsideBbox: 'outside the area',
  invalidRows: ['invalid rows', 'invalid row'],
  seenAgain: 'seen again',
  marketMovesLeftOut: ['market moves left out', 'market move left out'],
  // An aircraft feed's entries with no position (or no address): not among those received, which "19 skipped" beside
  // "25 received, 25 stored" did not say.
  skipped: 'more without a position (left out)',
  notVegetationFires: ['hot spots left out (volcanoes, industry, offshore)', 'hot spot left out (a volcano, industry or offshore)'],
};

/** "track positions" of one: "track position"; "stories": "story". */
function singular(phrase: string): string {
  if (/ies$/.test(phrase)) return phrase.replace(/ies$/, 'y');
  return /[^s]s$/.test(phrase) ? phrase.slice(0, -1) : phrase;
}

// The counts that say something new came: all zero (and present), the run found nothing new.
const NEW_COUNTS = new Set(['stored', 'inserted', 'updated', 'published']);

function words(name: string, count: number): string {
  const known = COUNT_WORDS[name];
  if (Array.isArray(known)) return count === 1 ? known[1] : known[0];
  const spelled = known ?? name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  return count === 1 && known === undefined ? singular(spelled) : spelled;
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
  // Durations and ids are no counts ("9 summary id").
  const numbers = Object.entries(result).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && !/(?:Ms|Id)$/.test(entry[0]));
  // The counts that are not zero say what happened; when none stored, inserted or updated anything, nothing new came.
  const counts = numbers.filter(([, value]) => value !== 0).map(([name, value]) => `${value.toLocaleString('en-US')} ${words(name, value)}`);
  const newCounts = numbers.filter(([name]) => NEW_COUNTS.has(name));
  const nothingNew = numbers.length > 0 && (counts.length === 0 || (newCounts.length > 0 && newCounts.every(([, value]) => value === 0)));
  // A digest that said word for word what the last one said was not written again (summary-repository.ts).
  const unchanged = result.unchanged === true ? ['the same digest as the last, kept'] : [];
  const fileParts = filesWords(result.files);
  const parts = [...fileParts, ...counts, ...unchanged, ...(nothingNew ? ['nothing new'] : [])];
  // Every file fetched recently and not updated before a later time: "Run now" fetched nothing, and says when it can
  // (a ✓ "Done" read as a refresh that had happened).
  const files = result.files && typeof result.files === 'object' ? Object.values(result.files as Record<string, unknown>) : [];
  if (files.length > 0 && files.every((outcome) => typeof outcome === 'string' && outcome.startsWith('not due')) && nothingNew) {
    return { ok: true, waiting: true, message: `Nothing fetched: ${fileParts.join(', ')}. Each was fetched recently and is not updated before then; Run now fetches it after.` };
  }
  const took = answer.durationMs === undefined ? '' : answer.durationMs < 100 ? ' in under 0.1 s' : ` in ${(answer.durationMs / 1000).toFixed(1)} s`;
  const done = `Done${took}${parts.length ? `: ${parts.join(', ')}` : ''}`;
  // A digest written without the language model it was to ask (a refused key, a local server that failed): the run
  // succeeded, but not as set up. With none set up, extractive digests are what was asked for: no warning.
  if (typeof result.fallbackReason === 'string' && result.modelSetUp !== false) {
    return { ok: false, message: `${done}, but without the language model: ${result.fallbackReason}. The digest holds the leading sentences of the top stories.` };
  }
  // A run that went on past some failures (5 of 54 feeds, a file of four) is no plain success: not a ✓ beside "5 failed".
  const someFailed = (typeof result.failed === 'number' && result.failed > 0) || files.some((outcome) => typeof outcome === 'string' && outcome.startsWith('failed'));
  return { ok: !someFailed, message: `${done}.` };
}
