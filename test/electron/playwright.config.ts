// Playwright's Electron support against the desktop app. Runs where an Electron runtime is installed;
// elsewhere every test is skipped with the reason in its name.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: process.env.VANTAGE_ELECTRON_OUTPUT_DIR ?? '../../node_modules/.cache/vantage-electron-results',
  use: { screenshot: 'only-on-failure', trace: 'off' },
});
