// A hold-off on the computer's clock ends at its instant, and at once when the clock is set back past its start.
import { describe, expect, it } from 'vitest';
import { holdoffFor, stillHeld } from '../../server/clock-holdoff.js';

describe('stillHeld', () => {
  const setAt = Date.parse('2026-11-29T12:00:00Z');
  const holdoff = holdoffFor(setAt, 60_000);

  it('holds from its start until its end', () => {
    expect(holdoff.until).toBe(setAt + 60_000);
    expect(stillHeld(holdoff, setAt)).toBe(true);
    expect(stillHeld(holdoff, setAt + 59_999)).toBe(true);
    expect(stillHeld(holdoff, setAt + 60_000)).toBe(false);
    expect(stillHeld(null, setAt)).toBe(false);
  });

  it('is over when the clock reads before the moment it was set (set back since)', () => {
    expect(stillHeld(holdoff, setAt - 1)).toBe(false);
    expect(stillHeld(holdoff, setAt - 5 * 3_600_000)).toBe(false);
  });
});
