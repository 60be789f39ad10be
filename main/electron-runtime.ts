// Is an Electron runtime present? Electron >= 42 installs without its binary and fails at first use.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export type ElectronRuntime = { present: true; binary: string } | { present: false; reason: string };

export function findElectronRuntime(): ElectronRuntime {
  let binary: unknown;
  try {
    // The electron package's main export is the path of its binary.
    binary = createRequire(import.meta.url)('electron');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return { present: false, reason: 'the electron package is not installed' };
    // Electron >= 42 installs without its binary, which comes from outside the npm registry.
    return { present: false, reason: 'no Electron runtime on this machine (its binary is downloaded from outside the npm registry)' };
  }
  if (typeof binary !== 'string' || !existsSync(binary)) {
    return { present: false, reason: 'the Electron runtime binary is not installed on this machine' };
  }
  return { present: true, binary };
}
