import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-stack.ts'],
    pool: 'forks',
    // Two files at a time on CI's two cores (the default leaves one core idle): the suite takes about
    // 4.5 min instead of 7.5. Nothing here asserts a speed; benchmarks live in npm run bench.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
