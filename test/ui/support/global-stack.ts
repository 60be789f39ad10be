// Builds the renderer, then starts the real stack headless on a temporary data dir; the returned
// function stops it and removes the folder. Nothing is pointed at the internet: no provider URLs or
// keys, schedules off, alert delivery off.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createStackLogger } from '../../../main/stack/stack-logger.js';
import { readStackSettings } from '../../../main/stack/stack-settings.js';
import { StackSupervisor } from '../../../main/stack/stack-supervisor.js';
import { STACK_ENV } from './stack-file.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

function buildRenderer(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!process.env.VANTAGE_UI_SKIP_BUILD) await buildRenderer();
  // Mode 0711: the unprivileged PostgreSQL user passes through to its own folder when we run as root.
  const parent = await mkdtemp(path.join(os.tmpdir(), 'vantage-ui-'));
  await chmod(parent, 0o711);
  const dataDir = path.join(parent, 'data');
  // An empty feed list the news tests can write a loopback feed into (read at each run; schedules are off).
  const feedsFile = path.join(parent, 'feeds.json');
  await writeFile(feedsFile, '[]');
  const supervisor = new StackSupervisor({
    settings: readStackSettings({
      VANTAGE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Belt and braces beside the schedules being off: outside services with a default address
      // point at an empty list or a closed loopback port.
      NEWS_FEEDS_FILE: feedsFile,
      GEOCODER_URL: 'http://127.0.0.1:9',
      WILDFIRE_INCIDENTS_URL: 'http://127.0.0.1:9',
      FIRE_API_URL: 'http://127.0.0.1:9',
      ADSB_AGGREGATOR_URL: 'http://127.0.0.1:9',
      CALTRANS_CCTV_URL: 'http://127.0.0.1:9',
      TELEGRAM_API_URL: 'http://127.0.0.1:9',
    }),
    logger: createStackLogger({ dataDir, level: 'warn', quiet: true }),
    echoApiOutput: false,
    serverOverrides: { schedulesEnabled: false, notificationsEnabled: false, liveHealthIntervalMs: 5_000 },
  });
  const stop = async () => {
    await supervisor.stop();
    await rm(parent, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => void stop().finally(() => process.kill(process.pid, signal));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const runtime = await supervisor.start();
    process.env[STACK_ENV.apiUrl] = runtime.apiUrl;
    process.env[STACK_ENV.token] = runtime.token;
    if (supervisor.postgres) process.env[STACK_ENV.databaseUrl] = supervisor.postgres.url;
    process.env[STACK_ENV.feedsFile] = feedsFile;
  } catch (error) {
    await stop();
    throw error;
  }
  return async () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stop();
  };
}
