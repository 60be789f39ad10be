// Playwright against the real headless stack (embedded PostgreSQL, bundled NATS, API process) in Debian's Chromium.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  globalSetup: './support/global-stack.ts',
  // One shared stack, two browsers: spec files run two at a time, the tests of a file one after another. Most of the
  // CPU is Chromium drawing the map in software, and one browser leaves a core idle while it waits on the stack
  // (the suite took 8.0 min with one worker, 6.3 min with two). A spec that shares the stack puts its objects at places
  // of its own, so another spec running beside it neither sees nor counts them.
  workers: 2,
  fullyParallel: false,
  timeout: 45_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: process.env.VANTAGE_UI_OUTPUT_DIR ?? '../../node_modules/.cache/vantage-ui-results',
  use: {
    headless: true,
    // The system's setting to reduce motion, which the app honours (renderer/src/map/label-fade.ts): the map jumps
    // instead of easing and places its labels without a fade, so it draws fewer frames in software. app-shell, layers
    // and playback in turns, two runs each: 259 and 214 s of CPU against 281 and 225 s. reduced-motion.spec.ts
    // checks both settings.
    reducedMotion: 'reduce',
    // The smaller of the two screens the app is laid out for (layout.spec.ts and keys.spec.ts check both sizes
    // themselves): SwiftShader draws every frame in software, and 1280×720 has 29 % fewer pixels than 1440×900
    // (the suite's tests took 295 s instead of 338 s).
    viewport: { width: 1280, height: 720 },
    screenshot: 'only-on-failure',
    trace: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // WebGL through SwiftShader, headless; newer Chromium only falls back to it when asked. One renderer process for
      // the tabs of a site: each test's tab joins the worker's idle tab's process (support/ui-test.ts).
      // V8's optimizing compilers off: a test's page lives seconds, and each new page compiled the app's hot code again
      // (Maglev 1.3 s and TurboFan 0.7 s of a page load's 7.7 s of Chromium CPU, a trace of one load on 2026-11-29)
      // for runs too short to pay it back. app-shell + layers, in turns: 66–75 s against 78–89 s (4 runs each).
      // The bench's page loads (ui-ready-bench.ts) keep them, as the app does.
      args: ['--enable-unsafe-swiftshader', '--process-per-site', '--js-flags=--no-maglev --no-turbofan'],
    },
  },
});
