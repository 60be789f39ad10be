// The API process runs the prebuilt bundle only while none of its sources is newer: an edited server/*.ts
// run without the setup step (`npx vitest`) must run through tsx, never stale.
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_BUNDLE, API_BUNDLE_METAFILE, apiBundleIsFresh } from '../../main/stack/api-bundle.js';
import { apiEntry } from '../../main/stack/api-launcher.js';

const SOURCES = ['server/main.ts', 'server/app.ts', 'migrations/migration-runner.ts'];
const BUILT_AT = new Date('2025-06-01T12:00:00Z');

let root: string;

async function writeDated(file: string, text: string, at: Date): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
  await utimes(path.join(root, file), at, at);
}

const secondsFromBuild = (seconds: number) => new Date(BUILT_AT.getTime() + seconds * 1000);

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'vantage-api-bundle-'));
  for (const source of SOURCES) await writeDated(source, '// source\n', secondsFromBuild(-60));
  const inputs = Object.fromEntries(SOURCES.map((source) => [source, { bytes: 10, imports: [] }]));
  await writeDated(API_BUNDLE_METAFILE, JSON.stringify({ inputs, outputs: {} }), BUILT_AT);
  await writeDated(API_BUNDLE, '// bundle\n', BUILT_AT);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('apiBundleIsFresh', () => {
  it('is fresh when every input is as old as the bundle or older', async () => {
    expect(apiBundleIsFresh(root)).toBe(true);
    await utimes(path.join(root, 'server/app.ts'), BUILT_AT, BUILT_AT);
    expect(apiBundleIsFresh(root)).toBe(true);
  });

  it('is stale once one input is newer than the bundle', async () => {
    await writeDated('server/app.ts', '// edited\n', secondsFromBuild(1));
    expect(apiBundleIsFresh(root)).toBe(false);
  });

  it('is stale when an input is gone', async () => {
    await rm(path.join(root, 'migrations/migration-runner.ts'));
    expect(apiBundleIsFresh(root)).toBe(false);
  });

  it('is stale without the bundle, without the metafile, or with a metafile it cannot read', async () => {
    await rm(path.join(root, API_BUNDLE_METAFILE));
    expect(apiBundleIsFresh(root)).toBe(false);
    await writeDated(API_BUNDLE_METAFILE, '{"inputs": {', BUILT_AT);
    expect(apiBundleIsFresh(root)).toBe(false);
    await writeDated(API_BUNDLE_METAFILE, JSON.stringify({ inputs: {} }), BUILT_AT);
    expect(apiBundleIsFresh(root)).toBe(false);
    await rm(path.join(root, API_BUNDLE));
    expect(apiBundleIsFresh(root)).toBe(false);
  });
});

describe("the setup step's bundle (dist/api, built by npm test's pretest)", () => {
  it('carries the npm packages, and stands package-lock.json in for their files among its inputs', async () => {
    const project = path.resolve(import.meta.dirname, '..', '..');
    const inputs = Object.keys((JSON.parse(await readFile(path.join(project, API_BUNDLE_METAFILE), 'utf8')) as { inputs: object }).inputs);
    expect(inputs).toContain('server/main.ts');
    expect(inputs).toContain('package-lock.json');
    expect(inputs.filter((input) => input.startsWith('node_modules/'))).toEqual([]);
    // Bundled, not imported from node_modules at run time: fastify's own code is in the file.
    const bundle = await readFile(path.join(project, API_BUNDLE), 'utf8');
    expect(bundle).toContain('node_modules/fastify/fastify.js');
    expect(bundle).not.toMatch(/^import .* from "fastify";$/m);
  });
});

describe('apiEntry', () => {
  it('runs the bundle while it is fresh, and server/main.ts through tsx once a source is newer', async () => {
    expect(apiEntry(root)).toEqual({ file: path.join(root, API_BUNDLE), execArgv: [] });
    await writeDated('server/main.ts', '// edited\n', secondsFromBuild(1));
    const fallback = apiEntry(root);
    expect(fallback.file).toBe(path.join(root, 'server', 'main.ts'));
    expect(fallback.execArgv).toEqual(['--import', expect.stringMatching(/^file:.*tsx/)]);
  });
});
