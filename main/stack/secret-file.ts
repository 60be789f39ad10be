// Random secrets kept in files only their owner can read.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('hex');
}

/** Reads the secret in `file`, creating it (mode 0600) on first use. */
export async function readOrCreateSecret(file: string, bytes = 32): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomSecret(bytes);
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw error;
  }
}
