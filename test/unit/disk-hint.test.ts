import os from 'node:os';
import { statfs } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { withDiskHint } from '../../main/stack/disk-hint.js';

describe('a start that failed on a full disk', () => {
  const dir = os.tmpdir();

  it('names the data folder, its free space and what to do, keeping the first error as its cause', async () => {
    const first = Object.assign(new Error('PostgreSQL could not start: could not write to file "pg_wal/xlogtemp.77": No space left on device'), { code: 'ENOSPC' });
    // The disk is called nearly full below more than it holds: this machine's is.
    const said = (await withDiskHint(first, dir, Number.MAX_SAFE_INTEGER)) as Error;
    const disk = await statfs(dir);
    expect(said.message).toBe(
      `PostgreSQL could not start: could not write to file "pg_wal/xlogtemp.77": No space left on device. The disk holding the data folder (${dir}) has ${Math.floor((disk.bavail * disk.bsize) / 1024 ** 2)} MB free: free space on it and start Vantage again.`,
    );
    expect(said.cause).toBe(first);
  });

  it('says the disk is full when the data folder cannot be read', async () => {
    const said = (await withDiskHint(new Error('mkdir failed: ENOSPC'), '/nonexistent/vantage-data')) as Error;
    expect(said.message).toBe('mkdir failed: ENOSPC. The disk holding the data folder (/nonexistent/vantage-data) is full: free space on it and start Vantage again.');
  });

  it('leaves any other failure as it was on a disk with room, "no space" of another place too (shared memory)', async () => {
    const other = new Error('NATS did not become ready within 10 s');
    expect(await withDiskHint(other, dir)).toBe(other);
    expect(await withDiskHint('a string', dir)).toBe('a string');
    const sharedMemory = new Error('could not resize shared memory segment "/PostgreSQL.1" to 1048576 bytes: No space left on device');
    expect(await withDiskHint(sharedMemory, dir)).toBe(sharedMemory);
  });
});
