// Sizes of the built renderer's JavaScript and basemap files, split by what each carries, for `npm run bench`.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleChunk {
  /** app | maplibre | maplibre-worker | map-controller | basemap | other */
  kind: string;
  file: string;
  bytes: number;
  gzipBytes: number;
}

const KINDS: Array<[RegExp, string]> = [
  [/^index-.*\.js$/, 'app'],
  [/^maplibre-gl-worker-.*\.mjs$/, 'maplibre-worker'],
  [/^maplibre-gl-.*\.js$/, 'maplibre'],
  [/^map-controller-.*\.js$/, 'map-controller'],
  // The basemap's GeoJSON files (renderer/basemap-files-plugin.ts), fetched by the map's worker.
  [/^(countries|borders|coasts)-.*\.json$/, 'basemap'],
];

export async function rendererBundleSizes(distDir = path.resolve(import.meta.dirname, '..', '..', 'renderer', 'dist')): Promise<BundleChunk[]> {
  const assets = path.join(distDir, 'assets');
  const files = (await readdir(assets)).filter((file) => /\.(m?js|json)$/.test(file));
  const chunks: BundleChunk[] = [];
  for (const file of files) {
    const body = await readFile(path.join(assets, file));
    const kind = KINDS.find(([pattern]) => pattern.test(file))?.[1] ?? 'other';
    chunks.push({ kind, file, bytes: body.length, gzipBytes: gzipSync(body).length });
  }
  return chunks.sort((a, b) => a.kind.localeCompare(b.kind));
}
