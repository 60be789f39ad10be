// The data key that seals stored API keys: kept in the OS keychain through keytar, or — where no
// keychain answers on the first run (a server, CI without a Secret Service) — in
// <dataDir>/keys/data-key (0600). Which of the two a data folder uses is decided once and recorded in
// <dataDir>/keys/store: a keychain that is merely slow or locked later is an error to fix, never a
// reason to switch stores (that would seal new keys with a key the next launch does not have).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
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

type Store = 'keychain' | 'file';

function isKey(value: string): boolean {
  return Buffer.from(value, 'base64').length === 32;
}

async function fromKeychain(timeoutMs: number, mayCreate: boolean): Promise<string> {
  // Without a session bus libsecret would try to start one, or wait: say no at once instead.
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) throw new Error('no D-Bus session (DBUS_SESSION_BUS_ADDRESS unset)');
  const keytar = loadKeytar();
  const existing = await withTimeout(keytar.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT), timeoutMs, 'the keychain');
  if (existing) {
    if (isKey(existing)) return existing;
    throw new DataKeyError(`the keychain entry "${KEYCHAIN_SERVICE}/${KEYCHAIN_ACCOUNT}" is not a 32-byte key; it is left as it is`);
  }
  if (!mayCreate) throw new DataKeyError(`the keychain has no "${KEYCHAIN_SERVICE}/${KEYCHAIN_ACCOUNT}" entry for this data folder`);
  const created = newKey();
  await withTimeout(keytar.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, created), timeoutMs, 'the keychain');
  return created;
}

export class DataKeyError extends Error {
  override name = 'DataKeyError';
}

async function fromFile(dataDir: string, mayCreate: boolean): Promise<{ key: string; file: string }> {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'data-key');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (isKey(existing)) return { key: existing, file };
    throw new DataKeyError(`${file} does not hold a 32-byte key; it is left as it is`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (!mayCreate) throw new DataKeyError(`${file} is missing: the keys stored in this data folder cannot be opened`);
  const created = newKey();
  await writeFile(file, `${created}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return { key: (await readFile(file, 'utf8')).trim(), file };
}

function storeFile(dataDir: string): string {
  return path.join(dataDir, 'keys', 'store');
}

async function recordedStore(dataDir: string): Promise<Store | null> {
  const recorded = await readFile(storeFile(dataDir), 'utf8').then((text) => text.trim(), () => null);
  if (recorded === 'keychain' || recorded === 'file') return recorded;
  // Folders from before the record: a key file means the file store.
  return existsSync(path.join(dataDir, 'keys', 'data-key')) ? 'file' : null;
}

async function recordStore(dataDir: string, store: Store): Promise<void> {
  await mkdir(path.dirname(storeFile(dataDir)), { recursive: true, mode: 0o700 });
  await writeFile(storeFile(dataDir), `${store}\n`, { mode: 0o600 });
}

const KEYCHAIN_DETAIL = `OS keychain (service "${KEYCHAIN_SERVICE}")`;

/**
 * The data folder's key from the store it uses. First run: the keychain when it answers, otherwise
 * the key file (and the reason, for health). Later runs: the same store, or a clear error.
 */
export async function obtainDataKey(options: { dataDir: string; timeoutMs?: number }): Promise<DataKey> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const store = await recordedStore(options.dataDir);
  if (store === 'keychain') {
    try {
      return { key: await fromKeychain(timeoutMs, false), storage: { kind: 'keychain', detail: KEYCHAIN_DETAIL } };
    } catch (error) {
      throw new DataKeyError(
        `this data folder's key is in the OS keychain, which did not give it (${(error as Error).message}); unlock the keychain and start again`,
      );
    }
  }
  if (store === 'file') {
    const { key, file } = await fromFile(options.dataDir, false);
    return { key, storage: { kind: 'file', detail: `data key in ${file} (0600)` } };
  }
  try {
    const key = await fromKeychain(timeoutMs, true);
    await recordStore(options.dataDir, 'keychain');
    return { key, storage: { kind: 'keychain', detail: KEYCHAIN_DETAIL } };
  } catch (error) {
    if (error instanceof DataKeyError) throw error;
    const { key, file } = await fromFile(options.dataDir, true);
    await recordStore(options.dataDir, 'file');
    return { key, storage: { kind: 'file', detail: `no keychain (${(error as Error).message}); data key in ${file} (0600)` } };
  }
}
