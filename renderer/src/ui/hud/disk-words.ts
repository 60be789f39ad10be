// The data folder's disk in words for the HUD: how much is free, and when it is low, what follows. Pure (`.js`
// specifiers): unit-tested from Node.
import type { HealthReport } from '../../api/api-types.js';

type Disk = NonNullable<HealthReport['disk']>;

/** A size in the fewest words: "812 MB", "1.2 GB", "48 GB". */
export function sizeWords(bytes: number): string {
  const mb = bytes / 1024 ** 2;
  if (mb < 1024) return `${Math.floor(mb)} MB`;
  const gb = mb / 1024;
  return `${gb < 10 ? Math.floor(gb * 10) / 10 : Math.floor(gb)} GB`;
}

/** Free of total, for the feed list. */
export function diskLine(disk: Disk): string {
  return `${sizeWords(disk.freeBytes)} free of ${sizeWords(disk.totalBytes)}`;
}

/** When the disk is low: the bar's few words and why they matter (null otherwise). */
export function lowDiskWarning(disk: Disk | null | undefined): { short: string; long: string } | null {
  if (!disk?.low) return null;
  return {
    short: `Disk nearly full: ${sizeWords(disk.freeBytes)} free`,
    long: `The disk holding Vantage's data has ${diskLine(disk)}. When it is full nothing new is stored: free space on it, or lower RETENTION_DAYS.`,
  };
}
