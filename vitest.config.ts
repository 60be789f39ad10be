import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-stack.ts'],
    pool: 'forks',
    // Two files at a time on CI's two cores (the default leaves one core idle): the suite takes about
    // 4.5 min instead of 7.5. Nothing here asserts a speed; benchmarks live in npm run bench.
    maxWorkers: 2,
    // Each worker keeps the modules it has loaded from one file to the next: every file makes its own database, app
    // and servers, and restores what it fakes, so nothing else carries over. Loading them again for each of ~170 files
    // cost about 45 s of CPU (the suite: 210 s isolated, 152 s not, on two cores).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
