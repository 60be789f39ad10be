// What a source run skipped and why: counted by reason, with a few examples of each, for the job's answer and health.
// Reasons and examples quote what a source sent: stored and shown, so printable (no control characters or broken Unicode).
import { printableText } from '../http/safe-text.js';

export interface RejectedReason {
  reason: string;
  count: number;
  /** Where the first few were (row numbers, aircraft addresses, feature ids). */
  examples: string[];
}

export interface RejectedRecords {
  count: number;
  /** Most frequent first. */
  reasons: RejectedReason[];
}

const EXAMPLES_PER_REASON = 3;
const MAX_EXAMPLE_CHARS = 80;
const MAX_REASONS = 20;
const MAX_REASON_CHARS = 300;

export class RejectionTally {
  private readonly byReason = new Map<string, RejectedReason>();
  private total = 0;
  private otherReasons = 0;

  get count(): number {
    return this.total;
  }

  add(reason: string, where?: string): void {
    this.total += 1;
    const key = printableText(reason, MAX_REASON_CHARS);
    let entry = this.byReason.get(key);
    if (!entry) {
      // A source that fails every record differently must not grow this without bound.
      if (this.byReason.size >= MAX_REASONS) {
        this.otherReasons += 1;
        return;
      }
      entry = { reason: key, count: 0, examples: [] };
      this.byReason.set(key, entry);
    }
    entry.count += 1;
    if (where !== undefined && entry.examples.length < EXAMPLES_PER_REASON) entry.examples.push(printableText(where, MAX_EXAMPLE_CHARS));
  }

  toJSON(): RejectedRecords {
    const reasons = [...this.byReason.values()].sort((a, b) => b.count - a.count);
    if (this.otherReasons > 0) reasons.push({ reason: 'other reasons', count: this.otherReasons, examples: [] });
    return { count: this.total, reasons };
  }
}

/** One line for health: `200 skipped: acq_date "6/3/2022" is not … (200, e.g. row 1, row 2, row 3)`. */
export function describeRejected(rejected: RejectedRecords, maxChars = 1_000): string {
  const parts = rejected.reasons.map(
    (entry) => `${entry.reason} (${entry.count}${entry.examples.length > 0 ? `, e.g. ${entry.examples.join(', ')}` : ''})`,
  );
  const text = `${rejected.count} skipped: ${parts.join('; ')}`;
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}
