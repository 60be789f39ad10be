// `npm start`: the desktop app where an Electron runtime and the desktop shell are present, else headless.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findElectronRuntime } from './electron-runtime.js';
import { runHeadless } from './headless.js';

const DESKTOP_ENTRY = fileURLToPath(new URL('./electron/entry.js', import.meta.url));

const runtime = findElectronRuntime();
if (runtime.present && existsSync(DESKTOP_ENTRY)) {
  const args = [DESKTOP_ENTRY];
  if (process.getuid?.() === 0) {
    // Chromium will not start its sandbox as root; a root session already holds the whole machine.
    process.stdout.write('Running as root: the desktop window starts without the Chromium sandbox.\n');
    args.unshift('--no-sandbox');
  }
  const child = spawn(runtime.binary, args, { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const why = runtime.present ? 'the desktop shell is not built yet (main/electron/entry.js missing)' : runtime.reason;
  await runHeadless(`Starting headless: ${why}.`);
}
