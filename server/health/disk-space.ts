// The free space on the disk that holds the data folder: PostgreSQL's files, the bus's stream and the logs. A full
// disk stops storing (507 disk_full) and can wedge the bus, so health says it before it comes to that.
import { statfs } from 'node:fs/promises';
import type { HealthReport } from './health-schemas.js';

/** Below this free the disk is called low (a day of a busy fire season stores a few hundred MB). */
export const DEFAULT_DISK_LOW_BYTES = 1024 ** 3;

/** The data folder's disk: free (for this user) and total bytes, and whether it is low; null when it cannot be read. */
export async function diskSpace(dir: string, lowBelowBytes: number = DEFAULT_DISK_LOW_BYTES): Promise<HealthReport['disk']> {
  try {
    const disk = await statfs(dir);
    const freeBytes = disk.bavail * disk.bsize;
    return { freeBytes, totalBytes: disk.blocks * disk.bsize, low: freeBytes < lowBelowBytes, lowBelowBytes };
  } catch {
    return null;
  }
}
