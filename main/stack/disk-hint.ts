// A start that failed on a full disk says which disk and what to do: PostgreSQL's or nats-server's own words
// ("could not write to file …: No space left on device", "ENOSPC") named neither the data folder nor its free space.
import { statfs } from 'node:fs/promises';

/** Under this free the data folder's disk is called full or nearly. */
export const NEARLY_FULL_BYTES = 100 * 1024 ** 2;

const NO_SPACE = /ENOSPC|No space left on device|disk full|could not extend file/i;

function megabytes(bytes: number): string {
  return `${Math.floor(bytes / 1024 ** 2)} MB`;
}

/**
 * The start's error, said again with the data folder's disk when that disk is full or nearly (its free space says so,
 * or, when it cannot be read, the error's words do); otherwise the error as it was: "No space left on device" also
 * comes of other places (PostgreSQL's shared memory in a small /dev/shm), and sending the user to free a disk with
 * room would hide the cause. The first error stays its cause.
 */
export async function withDiskHint(error: unknown, dataDir: string, nearlyFullBytes: number = NEARLY_FULL_BYTES): Promise<unknown> {
  if (!(error instanceof Error)) return error;
  const said = NO_SPACE.test(error.message) || (error as NodeJS.ErrnoException).code === 'ENOSPC';
  let free: number | null = null;
  try {
    const disk = await statfs(dataDir);
    free = disk.bavail * disk.bsize;
  } catch {
    // The data folder may not exist yet (it could not be made): the error's own words decide.
  }
  if (free === null ? !said : free >= nearlyFullBytes) return error;
  const space = free === null ? 'is full' : `has ${megabytes(free)} free`;
  return new Error(`${error.message.replace(/\.?\s*$/, '')}. The disk holding the data folder (${dataDir}) ${space}: free space on it and start Vantage again.`, {
    cause: error,
  });
}
