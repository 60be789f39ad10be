// <dataDir>/runtime.json: how tools and tests find the running API.
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface RuntimeInfo {
  apiUrl: string;
  token: string;
  pid: number;
  startedAt: string;
}

export function runtimeFilePath(dataDir: string): string {
  return path.join(dataDir, 'runtime.json');
}

export async function writeRuntimeFile(dataDir: string, info: RuntimeInfo): Promise<void> {
  const file = runtimeFilePath(dataDir);
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

export async function readRuntimeFile(dataDir: string): Promise<RuntimeInfo | null> {
  try {
    return JSON.parse(await readFile(runtimeFilePath(dataDir), 'utf8')) as RuntimeInfo;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function removeRuntimeFile(dataDir: string): Promise<void> {
  await rm(runtimeFilePath(dataDir), { force: true });
}
