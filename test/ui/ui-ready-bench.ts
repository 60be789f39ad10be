// Time from navigation to `data-state="ready"` in headless Chromium, for `npm run bench`.
// The caller brings a running stack with its fires already ingested (50,000 for the figure)
// and stored as events: wait until the ingester has drained, or the first runs measure its work too.
import { chromium } from '@playwright/test';

export interface UiReadyBenchOptions {
  apiUrl: string;
  token: string;
  runs?: number;
  /** Unmeasured navigations first (Chromium's first launch and the server's cold caches); default 1. */
  warmupRuns?: number;
  /** `[lon, lat, zoom]`; default: the app's world view. Put the ingested fires inside it. */
  view?: [number, number, number];
  executablePath?: string;
  viewport?: { width: number; height: number };
}

export interface UiReadyBenchResult {
  /** The unmeasured warm-up navigations, reported so a cold start is not hidden. */
  warmupMs: number[];
  /** Navigation start → ready, on the page's own clock (the `vantage:ready` mark set with data-state). */
  samplesMs: number[];
  medianMs: number;
  p95Ms: number;
  /** Fires drawn at ready in the last run (distinct points), to show the fires were in view. */
  renderedFires: number;
  /** Median time of each of the app's `vantage:*` performance marks (access-checked, map-loaded, …). */
  marksMs: Record<string, number>;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

interface PageGlobals {
  document: { documentElement: { dataset: { state?: string } } };
  performance: { now(): number; getEntriesByType(type: 'mark'): Array<{ name: string; startTime: number }> };
  __vantage?: { renderedFireCount(): number };
}

// Runs in the page (a function, not a string: the CSP forbids eval): the navigation-relative time of
// the first frame at which the state is ready.
function readyTime(): number | false {
  const page = globalThis as unknown as PageGlobals;
  const state = page.document.documentElement.dataset.state;
  if (state === 'error') throw new Error('the UI reached data-state=error');
  return state === 'ready' ? page.performance.now() : false;
}

export async function benchUiReady(options: UiReadyBenchOptions): Promise<UiReadyBenchResult> {
  const runs = options.runs ?? 5;
  const warmupRuns = options.warmupRuns ?? 1;
  const fragment = new URLSearchParams({ token: options.token });
  if (options.view) fragment.set('view', options.view.join(','));
  const url = `${options.apiUrl}/#${fragment.toString()}`;
  const browser = await chromium.launch({
    headless: true,
    executablePath: options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--enable-unsafe-swiftshader'],
  });
  const samplesMs: number[] = [];
  const warmupMs: number[] = [];
  let renderedFires = 0;
  const marks = new Map<string, number[]>();
  try {
    for (let run = 0; run < warmupRuns + runs; run += 1) {
      const measured = run >= warmupRuns;
      // A fresh context each run: empty HTTP cache, nothing carried over.
      const context = await browser.newContext({ viewport: options.viewport ?? { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'commit' });
      const observed = Number(await (await page.waitForFunction(readyTime, undefined, { polling: 'raf', timeout: 60_000 })).jsonValue());
      const entries = await page.evaluate(() =>
        (globalThis as unknown as PageGlobals).performance.getEntriesByType('mark').map((mark) => ({ name: mark.name, startTime: mark.startTime })),
      );
      // The app marks `vantage:ready` in the same step that sets data-state; the poll above may see it a
      // frame or a busy main-thread task later.
      const readyMark = entries.find((entry) => entry.name === 'vantage:ready')?.startTime;
      (measured ? samplesMs : warmupMs).push(readyMark ?? observed);
      renderedFires = await page.evaluate(() => (globalThis as unknown as PageGlobals).__vantage?.renderedFireCount() ?? 0);
      for (const entry of entries) {
        if (!measured || !entry.name.startsWith('vantage:')) continue;
        marks.set(entry.name.slice(8), [...(marks.get(entry.name.slice(8)) ?? []), entry.startTime]);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const marksMs = Object.fromEntries([...marks].map(([name, times]) => [name, Math.round(percentile(times, 0.5))]));
  return { warmupMs, samplesMs, medianMs: percentile(samplesMs, 0.5), p95Ms: percentile(samplesMs, 0.95), renderedFires, marksMs };
}
