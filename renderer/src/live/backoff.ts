// Exponential backoff with jitter for reconnecting: 0.5 s, 1 s, 2 s … up to 15 s.
export function backoffDelayMs(attempt: number, initialMs = 500, maxMs = 15_000): number {
  const base = Math.min(maxMs, initialMs * 2 ** attempt);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}
