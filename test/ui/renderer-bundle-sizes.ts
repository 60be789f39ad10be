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
];

export async function rendererBundleSizes(distDir = path.resolve(import.meta.dirname, '..', '..', 'renderer', 'dist')): Promise<BundleChunk[]> {
  const assets = path.join(distDir, 'assets');
  const entries = await readdir(assets, { withFileTypes: true });
  const chunks: BundleChunk[] = [];
  for (const entry of entries) {
    const file = entry.name;
    if (entry.isDirectory() && file.startsWith('basemap-')) {
      chunks.push(await basemapTilesSize(path.join(assets, file)));
      continue;
    }
    if (!/\.m?js$/.test(file)) continue;
    const body = await readFile(path.join(assets, file));
    const kind = KINDS.find(([pattern]) => pattern.test(file))?.[1] ?? 'other';
    chunks.push({ kind, file, bytes: body.length, gzipBytes: gzipSync(body).length });
  }
  return chunks.sort((a, b) => a.kind.localeCompare(b.kind));
}

/** The basemap's vector tiles (renderer/basemap-tiles-plugin.ts), all together: the map fetches the few of its view. */
async function basemapTilesSize(folder: string): Promise<BundleChunk> {
  const tiles = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  let bytes = 0;
  let gzipBytes = 0;
  for (const tile of tiles) {
    const body = await readFile(path.join(tile.parentPath, tile.name));
    bytes += body.length;
    gzipBytes += gzipSync(body).length;
  }
  return { kind: 'basemap', file: `${path.basename(folder)}/ (${tiles.length} tiles)`, bytes, gzipBytes };
}
