// Lint with zero warnings: `npm run check`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
