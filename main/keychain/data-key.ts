// The data key that seals stored API keys: kept in the OS keychain through keytar, or — where no
// keychain answers (a server, CI without a Secret Service) — in <dataDir>/keys/data-key (0600).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const KEYCHAIN_SERVICE = 'Vantage';
export const KEYCHAIN_ACCOUNT = 'data-key';

export interface DataKey {
  /** 32 bytes, base64. */
  key: string;
  storage: { kind: 'keychain' | 'file'; detail: string };
}

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function loadKeytar(): Keytar {
  return createRequire(import.meta.url)('@github/keytar') as Keytar;
}

function newKey(): string {
  return randomBytes(32).toString('base64');
}

async function fromKeychain(timeoutMs: number): Promise<string> {
  // Without a session bus libsecret would try to start one, or wait: say no at once instead.
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) throw new Error('no D-Bus session (DBUS_SESSION_BUS_ADDRESS unset)');
  const keytar = loadKeytar();
  const existing = await withTimeout(keytar.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT), timeoutMs, 'the keychain');
  if (existing && Buffer.from(existing, 'base64').length === 32) return existing;
  const created = newKey();
  await withTimeout(keytar.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, created), timeoutMs, 'the keychain');
  return created;
}

async function fromFile(dataDir: string): Promise<{ key: string; file: string }> {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'data-key');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (Buffer.from(existing, 'base64').length === 32) return { key: existing, file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const created = newKey();
  await writeFile(file, `${created}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return { key: (await readFile(file, 'utf8')).trim(), file };
}

/** The keychain when it answers; otherwise the key file, and the reason, for health to show. */
export async function obtainDataKey(options: { dataDir: string; timeoutMs?: number }): Promise<DataKey> {
  try {
    const key = await fromKeychain(options.timeoutMs ?? 5_000);
    return { key, storage: { kind: 'keychain', detail: `OS keychain (service "${KEYCHAIN_SERVICE}")` } };
  } catch (error) {
    const { key, file } = await fromFile(options.dataDir);
    return { key, storage: { kind: 'file', detail: `no keychain (${(error as Error).message}); data key in ${file} (0600)` } };
  }
}
