// The log file kept to a size. Two processes append to `vantage.log` (the supervisor and the API): the supervisor
// alone renames it aside once it is full and opens a new one; the API follows (server/logger.ts: it reopens the
// path when the file there is no longer the one it writes to). Lines the API writes in between land at the end of the
// file renamed aside: none is lost. An idle map logged 5–20 MB a day, kept for good.
import { rename, rm, stat } from 'node:fs/promises';

export interface LogRotationLimits {
  /** The size from which the file is renamed aside (checked every minute: it may run over by a minute's lines). */
  maxBytes: number;
  /** How many files renamed aside are kept: `vantage.log.1` (the newest) to `vantage.log.<keep>`. */
  keep: number;
}

export const DEFAULT_LOG_LIMITS: LogRotationLimits = { maxBytes: 10 * 1024 * 1024, keep: 4 };

/** How often the supervisor looks at the file's size. */
export const LOG_CHECK_EVERY_MS = 60_000;

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Renames `file` to `file.1` once it has reached `maxBytes`, the older ones one further on and the oldest past `keep`
 * deleted; answers whether it did (the caller then opens `file` anew).
 */
export async function rotateIfFull(file: string, limits: LogRotationLimits): Promise<boolean> {
  try {
    if ((await stat(file)).size < limits.maxBytes) return false;
  } catch (error) {
    if (missing(error)) return false;
    throw error;
  }
  await rm(`${file}.${limits.keep}`, { force: true });
  for (let index = limits.keep - 1; index >= 1; index -= 1) {
    await rename(`${file}.${index}`, `${file}.${index + 1}`).catch((error: unknown) => {
      if (!missing(error)) throw error;
    });
  }
  await rename(file, `${file}.1`);
  return true;
}
