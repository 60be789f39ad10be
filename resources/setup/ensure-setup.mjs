#!/usr/bin/env node
// First step of `npm start`, `npm run serve` and `npm test`: installs what is missing, idempotently.
// Plain Node with no dependencies, because it runs before `npm install` has.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApiIfStale } from './api-build.mjs';
import { vendorStackBinaries } from './vendor-stack-binaries.mjs';
import { buildRendererIfStale } from './renderer-build.mjs';
import { SYSTEM_PACKAGES, systemPackagesNeeded, TEST_PACKAGES } from './system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// `--tests` (npm test): also what the tests need beyond the app.
const forTests = process.argv.includes('--tests');

function say(line) {
  process.stderr.write(`[setup] ${line}\n`);
}

function fail(line) {
  say(line);
  process.exit(1);
}

function checkNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) fail(`Node.js >= 20 is required (this is ${process.versions.node}).`);
}

function npmDependenciesStale() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  const lock = path.join(root, 'package-lock.json');
  const manifest = path.join(root, 'package.json');
  const installedAt = statSync(marker).mtimeMs;
  return [lock, manifest].some((file) => existsSync(file) && statSync(file).mtimeMs > installedAt);
}

function ensureNpmDependencies() {
  if (!npmDependenciesStale()) return;
  const useCi = existsSync(path.join(root, 'package-lock.json'));
  say(`installing npm dependencies (npm ${useCi ? 'ci' : 'install'})`);
  const result = spawnSync('npm', [useCi ? 'ci' : 'install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  });
  if (result.status !== 0) fail('npm could not install the dependencies (see above).');
}

function canSudoWithoutPassword() {
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
}

function ensureSystemPackages() {
  const missing = systemPackagesNeeded(forTests ? [...SYSTEM_PACKAGES, ...TEST_PACKAGES] : SYSTEM_PACKAGES);
  if (missing === null) {
    say(`not a Debian/Ubuntu system: make sure PostGIS for PostgreSQL 15 and nats-server${forTests ? ' and Chromium' : ''} are installed.`);
    return;
  }
  if (missing.length === 0) return;
  const install = ['apt-get', 'install', '-y', '--no-install-recommends', ...missing];
  const isRoot = process.getuid?.() === 0;
  const prefix = isRoot ? [] : canSudoWithoutPassword() ? ['sudo', '-n'] : null;
  if (prefix === null) {
    fail(`missing system packages. Run this once, then try again:\n\n  sudo apt-get update && sudo ${install.join(' ')}\n`);
  }
  say(`installing system packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const command of [['apt-get', 'update', '-qq'], install]) {
    const argv = [...prefix, ...command];
    const result = spawnSync(argv[0], argv.slice(1), { stdio: 'inherit', env });
    if (result.status !== 0) fail(`\`${argv.join(' ')}\` failed (see above).`);
  }
}

checkNode();
ensureNpmDependencies();
ensureSystemPackages();
try {
  for (const line of vendorStackBinaries(root)) say(line);
} catch (error) {
  fail(`could not vendor the stack binaries: ${error.message}`);
}
// Make sure the freshly vendored tree is readable by the unprivileged PostgreSQL user.
if (process.getuid?.() === 0) execFileSync('chmod', ['-R', 'a+rX', path.join(root, 'resources', 'bin')]);
try {
  for (const line of buildRendererIfStale(root)) say(line);
} catch (error) {
  fail(`could not build the user interface: ${error.message}`);
}
try {
  for (const line of buildApiIfStale(root)) say(line);
} catch (error) {
  // Not fatal: without a fresh bundle the API process runs server/main.ts through tsx.
  say(`could not build the API process, it will run from its sources: ${error.message}`);
}
