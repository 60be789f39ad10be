// `npm run bench`: runs every bench case, prints a table, writes bench/results.json.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchAircraftFirehose } from './aircraft-firehose-bench.js';
import { type BenchFigure, formatTable } from './bench-figures.js';
import { benchFires } from './fires-bench.js';
import { benchIngest } from './ingest-bench.js';
import { benchLiveLatency, benchLiveLatencyMedianRun } from './live-latency-bench.js';
import { describeProbe, probeMachine } from './machine-probe.js';
import { benchPlaces } from './places-bench.js';
import { benchStackStart } from './stack-start-bench.js';
import { benchUiReadyCase, formatBundle } from './ui-ready-bench-case.js';

const small = process.argv.includes('--small');
const figures: BenchFigure[] = [];
// The machine's state before the cases and after them: a run on a machine that was slow to give memory is told apart.
const probedBefore = await probeMachine();
figures.push(...(await benchStackStart(small ? 1 : 3)));
figures.push(...(await benchIngest(small ? 2_000 : 100_000)));
// The fire reads: 300 calls each, so a p95 is not the fifth-slowest of 100 (the list's moved 1.03× → 1.61× between runs).
figures.push(...(await benchFires(small ? { ingestRows: 2_000, ingestRuns: 1, storedRows: 5_000, queries: 5 } : { ingestRows: 100_000, ingestRuns: 3, storedRows: 5_000_000, queries: 300 })));
figures.push(...(await benchPlaces({ queries: small ? 10 : 200 })));
figures.push(...(await benchAircraftFirehose(small ? { aircraft: 1_000, firefighting: 30 } : { aircraft: 10_000, firefighting: 300 })));
// The full rate three times (its p99 moves between runs more than the changes it judges), the median run reported.
figures.push(...(await benchLiveLatencyMedianRun(small ? { clients: 10, rate: 200, seconds: 1 } : { clients: 1_000, rate: 5_000, seconds: 10 }, small ? 1 : 3)));
// The same clients at a fifth of the rate: where on this machine delivery is within its target.
if (!small) figures.push(...(await benchLiveLatency({ clients: 1_000, rate: 1_000, seconds: 10 })));
// The full rate with five geofences: each stored batch is checked against them, as an analyst's fences make it.
if (!small) figures.push(...(await benchLiveLatencyMedianRun({ clients: 1_000, rate: 5_000, seconds: 10, geofences: 5 }, 3)));
const ui = await benchUiReadyCase(small ? { fires: 500, runs: 1 } : { fires: 50_000, runs: 5 });
figures.push(...ui.figures);

const probedAfter = await probeMachine();
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.versions.node}`;
const probe = `before the cases: ${describeProbe(probedBefore)}\nafter them: ${describeProbe(probedAfter)}`;
const table = formatTable(figures);
const bundle = formatBundle(ui.bundle);
process.stdout.write(`\n${table}\n\nFires drawn at ready: ${ui.renderedFires}\n\nRenderer bundle:\n\n${bundle}\n\nmachine: ${machine}\n${probe}\n`);
if (!small) {
  const out = path.resolve(import.meta.dirname, '..', '..', 'bench', 'results.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ at: new Date().toISOString(), machine, probe: { before: probedBefore, after: probedAfter }, figures, bundle: ui.bundle, renderedFires: ui.renderedFires }, null, 2)}\n`);
}
