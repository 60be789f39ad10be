// A hold-off read on the computer's clock: a provider asked us to wait (a 429's Retry-After, FIRMS's transaction limit)
// or a file is not due again yet, until an instant that health and errors name. Set as now + wait; a clock set back
// after that (NTP correcting a wrong clock, a resume from sleep) would push the instant away by the step, and the source
// stayed silent for hours while health called it fresh. Read at a `now` before it was set, the hold-off is over.

export interface Holdoff {
  /** Epoch ms: no request before it. */
  until: number;
  /** The wait that set it (until − the now it was set at). */
  waitMs: number;
}

/** A hold-off of `waitMs` from `now`. */
export function holdoffFor(now: number, waitMs: number): Holdoff {
  return { until: now + waitMs, waitMs };
}

/** Whether `now` is still within the hold-off: before its end, and not before its start (a clock set back since). */
export function stillHeld(holdoff: Holdoff | null, now: number): holdoff is Holdoff {
  return holdoff !== null && now < holdoff.until && holdoff.until - now <= holdoff.waitMs;
}
