// Files shipped with the app are found from the project root, so they resolve the same from server/*.ts and
// from the API bundle in dist/api (whose import.meta is the bundle's, not the module's).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProjectRoot, PROJECT_ROOT } from '../../server/project-root.js';
import { MIGRATIONS_DIR } from '../../migrations/migration-files.js';
import { FIREFIGHTING_LIST_FILE } from '../../server/aircraft/firefighting-identifier.js';
import { PROMPTS_DIR, SHIPPED_FEEDS_FILE } from '../../server/news/news-settings.js';

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(repositoryRoot, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(repositoryRoot, path.join(entry.parentPath, entry.name)));
}

describe('project root', () => {
  it('is the folder whose package.json is named vantage, from any folder below it', async () => {
    const top = await mkdtemp(path.join(os.tmpdir(), 'vantage-root-'));
    try {
      await writeFile(path.join(top, 'package.json'), JSON.stringify({ name: 'vantage' }));
      const nested = path.join(top, 'dist', 'api');
      await mkdir(path.join(nested, 'node_modules', 'x'), { recursive: true });
      // A package.json of another name on the way up is passed by.
      await writeFile(path.join(nested, 'node_modules', 'x', 'package.json'), JSON.stringify({ name: 'x' }));
      expect(findProjectRoot(path.join(nested, 'node_modules', 'x'))).toBe(top);
      expect(findProjectRoot(nested)).toBe(top);
      await rm(path.join(top, 'package.json'));
      expect(() => findProjectRoot(nested)).toThrow(/no package.json named "vantage"/);
    } finally {
      await rm(top, { recursive: true, force: true });
    }
  });

  it('locates the shipped files', () => {
    expect(PROJECT_ROOT).toBe(repositoryRoot);
    for (const file of [SHIPPED_FEEDS_FILE, PROMPTS_DIR, MIGRATIONS_DIR, path.join(MIGRATIONS_DIR, '001_initial.sql')]) expect(existsSync(file), file).toBe(true);
    expect(existsSync(FIREFIGHTING_LIST_FILE)).toBe(true);
  });

  it('is how server/ and migrations/ find files: no module looks beside itself (the bundle is elsewhere)', async () => {
    const files = [...(await sourceFiles('server')), ...(await sourceFiles('migrations'))];
    const besideItself: string[] = [];
    for (const file of files) {
      if (file === path.join('server', 'project-root.ts')) continue;
      const text = await readFile(path.join(repositoryRoot, file), 'utf8');
      // createRequire(import.meta.url) finds npm packages, which resolve from anywhere inside the project.
      const uses = text.match(/import\.meta\.\w+/g) ?? [];
      const requireOnly = text.match(/createRequire\(import\.meta\.url\)/g) ?? [];
      if (uses.length > requireOnly.length) besideItself.push(file);
    }
    expect(besideItself).toEqual([]);
  });
});
