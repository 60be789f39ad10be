// Lint with zero warnings: `npm run check`.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

// No import cycles, type-only imports included (`import-x/no-cycle` skips those, and the renderer's
// last cycle was one): a module may not import one from which a chain of relative imports leads back.
// Each file's imports are read with TypeScript's pre-processor and kept until the file changes.
const SOURCE_FILE = /\.(?:ts|tsx|mts|cts)$/;
const importCache = new Map();

function statOf(file) {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}

function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(?:js|jsx|mjs|cjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((file) => SOURCE_FILE.test(file) && statOf(file)?.isFile()) ?? null;
}

function importsOf(file) {
  const stat = statOf(file);
  if (!stat) return [];
  const cached = importCache.get(file);
  if (cached?.mtimeMs === stat.mtimeMs) return cached.imports;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const imports = [...new Set(importedFiles.map((ref) => resolveRelative(file, ref.fileName)).filter(Boolean))];
  importCache.set(file, { mtimeMs: stat.mtimeMs, imports });
  return imports;
}

const noImportCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle: {{route}}' } },
  create(context) {
    const self = path.resolve(context.filename);
    // Modules already searched from this file without finding it: no need to search them again.
    const cleared = new Set();
    const check = (node) => {
      if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
      const first = resolveRelative(self, node.source.value);
      if (!first || first === self || cleared.has(first)) return;
      const from = new Map([[first, null]]);
      const queue = [first];
      while (queue.length > 0) {
        const file = queue.shift();
        for (const next of importsOf(file)) {
          if (next === self) {
            const route = [self];
            for (let step = file; step; step = from.get(step)) route.splice(1, 0, step);
            route.push(self);
            context.report({ node, messageId: 'cycle', data: { route: route.map((f) => path.relative(process.cwd(), f)).join(' → ') } });
            return;
          }
          if (from.has(next) || cleared.has(next)) continue;
          from.set(next, file);
          queue.push(next);
        }
      }
      for (const file of from.keys()) cleared.add(file);
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'bench/', 'resources/bin/', 'renderer/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}', 'server/**/*.ts', 'main/**/*.ts'],
    plugins: { vantage: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'vantage/no-import-cycle': 'error' },
  },
  // One layering, routes → services → repositories (README "How the server is put together"): routes parse
  // and answer through a service, services hold the rules and throw domain errors (server/domain-errors.ts)
  // without knowing HTTP, and only repositories hold SQL and touch pg. Held by test/unit/layering-lint.test.ts.
  {
    // Only repositories (and the pool in server/db/) touch pg or build SQL.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*-repository.ts', 'server/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'pg', message: 'only repositories (and server/db/) touch pg' }],
          patterns: [{ group: ['**/db/bbox-sql.js'], message: 'SQL is built in repositories' }],
        },
      ],
    },
  },
  {
    // Routes reach the data through a service, never a repository or the database, not even for a type.
    files: ['server/**/*-routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/*-repository.js', '**/*-repository'], message: 'routes go through a service (routes → services → repositories)' },
            { group: ['**/db/*'], message: 'routes go through a service; only repositories use the database' },
          ],
        },
      ],
    },
  },
  {
    // Services know nothing of HTTP: they throw domain errors, and may take fastify's logger type, nothing else.
    files: ['server/**/*-service.ts', 'server/**/*-queries.ts', 'server/**/*-admin.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              allowImportNames: ['FastifyBaseLogger'],
              message: 'services know nothing of HTTP (the logger type FastifyBaseLogger is the one exception)',
            },
          ],
          patterns: [
            { group: ['**/http/api-error.js', '**/http/api-error'], message: 'services throw domain errors (server/domain-errors.ts); the error handler maps them to HTTP' },
            { group: ['fastify-*', '@fastify/*'], message: 'services know nothing of HTTP' },
          ],
        },
      ],
    },
  },
  {
    // The sandboxed preload is CommonJS running in the page with Electron's require.
    files: ['main/electron/preload.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', window: 'readonly', location: 'readonly', Element: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['main/**/*.ts'],
    rules: {
      // main/ may use server/ types only, never the renderer.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/renderer/**'], message: 'main/ never imports the renderer' },
            { group: ['**/server/**'], allowTypeImports: true, message: 'main/ may import server/ types only' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/main/**'], allowTypeImports: true, message: 'renderer/ uses shared types only' }] },
      ],
    },
  },
);
