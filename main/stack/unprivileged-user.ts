// PostgreSQL refuses to run as root: as root, the stack runs it as the `postgres` system user.
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface UserIds {
  uid: number;
  gid: number;
}

async function idsOf(name: string): Promise<UserIds> {
  const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}

/** The ids of the `postgres` user, created as a system user without a login if it is missing. */
export async function ensurePostgresUser(name = 'postgres'): Promise<UserIds> {
  try {
    return await idsOf(name);
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', name]);
    return idsOf(name);
  }
}

/** Throws a clear error when a folder above `dir` would stop `owner` from reaching it. */
export async function assertReachableBy(dir: string, owner: UserIds): Promise<void> {
  let current = path.resolve(dir);
  const blocked: string[] = [];
  while (true) {
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
    const info = await stat(current);
    const canSearch = info.uid === owner.uid ? info.mode & 0o100 : info.gid === owner.gid ? info.mode & 0o010 : info.mode & 0o001;
    if (!canSearch) blocked.push(current);
  }
  if (blocked.length > 0) {
    throw new Error(
      `PostgreSQL runs as an unprivileged user, who cannot pass through ${blocked.join(', ')}; ` +
        'set VANTAGE_DATA_DIR to a folder outside it (for example /var/lib/vantage)',
    );
  }
}
