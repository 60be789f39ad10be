// The prebuilt API bundle (dist/api, made by resources/setup/api-build.mjs) is run only while it is as new as
// every source it was built from, so an edited server/*.ts is never run stale (e.g. `npx vitest` without setup).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const API_BUNDLE = path.join('dist', 'api', 'main.mjs');
/** esbuild's metafile for the bundle: its `inputs` are the sources, relative to the project root. */
export const API_BUNDLE_METAFILE = path.join('dist', 'api', 'meta.json');

function mtimeMs(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** True when root's bundle exists and none of its inputs is newer or gone (a few hundred stat calls). */
export function apiBundleIsFresh(root: string): boolean {
  const builtAt = mtimeMs(path.join(root, API_BUNDLE));
  if (builtAt === null) return false;
  let inputs: string[];
  try {
    inputs = Object.keys((JSON.parse(readFileSync(path.join(root, API_BUNDLE_METAFILE), 'utf8')) as { inputs: object }).inputs);
  } catch {
    return false;
  }
  return inputs.length > 0 && inputs.every((input) => {
    const changedAt = mtimeMs(path.join(root, input));
    return changedAt !== null && changedAt <= builtAt;
  });
}
