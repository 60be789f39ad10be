// A start that failed on a full disk says which disk and what to do: PostgreSQL's or nats-server's own words
// ("could not write to file …: No space left on device", "ENOSPC") named neither the data folder nor its free space.
import { statfs } from 'node:fs/promises';

/** Under this free a failed start is put down to the disk too, whatever its own words. */
const NEARLY_FULL_BYTES = 100 * 1024 ** 2;

const NO_SPACE = /ENOSPC|No space left on device|disk full|could not extend file/i;

function megabytes(bytes: number): string {
  return `${Math.floor(bytes / 1024 ** 2)} MB`;
}

/**
 * The start's error, said again with the data folder's disk when the disk is full or nearly (the error's words or its
 * free space say so); otherwise the error as it was. The first error stays its cause.
 */
export async function withDiskHint(error: unknown, dataDir: string): Promise<unknown> {
  if (!(error instanceof Error)) return error;
  const said = NO_SPACE.test(error.message) || (error as NodeJS.ErrnoException).code === 'ENOSPC';
  let free: number | null = null;
  try {
    const disk = await statfs(dataDir);
    free = disk.bavail * disk.bsize;
  } catch {
    // The data folder may not exist yet (it could not be made): the error's own words decide.
  }
  if (!said && (free === null || free >= NEARLY_FULL_BYTES)) return error;
  const space = free === null ? 'is full' : `has ${megabytes(free)} free`;
  return new Error(`${error.message.replace(/\.?\s*$/, '')}. The disk holding the data folder (${dataDir}) ${space}: free space on it and start Vantage again.`, {
    cause: error,
  });
}
