// Is an Electron runtime present? Electron >= 42 installs without its binary and downloads it at first
// use, from outside the npm registry — so we look for the binary on disk and never `require('electron')`,
// which would start that download.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type ElectronRuntime = { present: true; binary: string } | { present: false; reason: string };

export function findElectronRuntime(): ElectronRuntime {
  let packageDir: string;
  try {
    packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { present: false, reason: 'the electron package is not installed' };
  }
  // path.txt names the binary inside dist/ once it has been downloaded; ELECTRON_OVERRIDE_DIST_PATH
  // points at an Electron unpacked by hand (as electron's own launcher allows).
  const pathFile = path.join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? path.join(override, executable ?? 'electron') : executable ? path.join(packageDir, 'dist', executable) : null;
  if (!binary || !existsSync(binary)) {
    return { present: false, reason: 'no Electron runtime on this machine (its binary is downloaded from outside the npm registry)' };
  }
  return { present: true, binary };
}
