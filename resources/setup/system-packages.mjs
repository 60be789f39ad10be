// The Debian packages the stack needs, and which of them this machine lacks.
import { spawnSync } from 'node:child_process';

// PostGIS for the embedded PostgreSQL, the bundled NATS, and the Secret Service keychain (keytar) with D-Bus.
export const SYSTEM_PACKAGES = ['postgresql-15-postgis-3', 'nats-server', 'libsecret-1-0', 'gnome-keyring', 'dbus'];
// The browser the UI tests drive (Playwright with Debian's Chromium; no browser download).
export const TEST_PACKAGES = ['chromium'];

function isInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

/** Missing package names, or null where dpkg is not there to ask. */
export function systemPackagesNeeded(packages = SYSTEM_PACKAGES) {
  if (spawnSync('dpkg-query', ['--version'], { stdio: 'ignore' }).status !== 0) return null;
  return packages.filter((name) => !isInstalled(name));
}
