// The keyless global-file reader on its own: a loopback FIRMS host serving real FIRMS CSVs, a sink that records what
// would be stored. Batching of a large file, the size cap, refused rows, a file that is all refusals, the box, the pace.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FireDetection } from '../../server/fires/fire-detection.js';
import { FirmsGlobalFiles, insideBbox, type FireSink } from '../../server/fires/firms-global-files.js';
import { UnusableAnswerError } from '../../server/jobs/job-runner.js';
import { startFakeFirms, type FakeFirms } from '../support/fake-firms.js';
import { readRealData, realDataPath } from '../support/real-data-path.js';

const SNPP = '/data/active_fire/suomi-npp-viirs-c2/csv/SUOMI_VIIRS_C2_Global_24h.csv';
const MODIS = '/data/active_fire/modis-c6.1/csv/MODIS_C6_1_Global_24h.csv';

class RecordingSink implements FireSink {
  batches: { size: number; dataset: string }[] = [];
  detections: FireDetection[] = [];
  async ingest(detections: readonly FireDetection[], dataset: string) {
    this.batches.push({ size: detections.length, dataset });
    this.detections.push(...detections);
    return { received: detections.length, stored: detections.length, duplicate: 0 };
  }
}

describe('FirmsGlobalFiles', () => {
  let firms: FakeFirms;
  let dir: string;
  let sink: RecordingSink;
  const reader = (options: Partial<ConstructorParameters<typeof FirmsGlobalFiles>[0]> = {}) =>
    new FirmsGlobalFiles({ apiUrl: firms.url, files: ['snpp'], bbox: 'world', minDownloadIntervalMs: 0, sink, ...options });

  beforeAll(async () => {
    firms = await startFakeFirms();
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-global-files-'));
  });
  afterAll(async () => {
    await firms?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    sink = new RecordingSink();
    firms.globalFiles = {};
  });

  it('reads a file larger than one batch as a stream and stores it in batches of 5,000', async () => {
    // 12,000 rows: the real SNPP rows (40), each repeated 300 times a hundredth of a degree further north.
    const [header, ...rows] = readRealData('fires', 'area_VIIRS_SNPP_NRT_2026-10-01_thermwatch_head40.csv').trim().split('\n');
    const lines = [header];
    for (let step = 0; step < 300; step += 1) {
      for (const row of rows) {
        const [latitude, ...rest] = (row as string).split(',');
        lines.push([(Number(latitude) + step / 100).toFixed(5), ...rest].join(','));
      }
    }
    const big = path.join(dir, 'big.csv');
    await writeFile(big, `${lines.join('\n')}\n`);
    firms.globalFiles[SNPP] = big;
    const result = await reader().poll();
    expect(result).toMatchObject({ received: 12_000, stored: 12_000, invalidRows: 0, files: { 'SUOMI_VIIRS_C2_Global_24h.csv': 'downloaded' } });
    expect(sink.batches).toEqual([
      { size: 5_000, dataset: 'VIIRS_SNPP_NRT' },
      { size: 5_000, dataset: 'VIIRS_SNPP_NRT' },
      { size: 2_000, dataset: 'VIIRS_SNPP_NRT' },
    ]);
  });

  it('cuts off a file past the size cap and fails the run; nothing is remembered, so it is asked for in full again', async () => {
    firms.globalFiles[MODIS] = realDataPath('fires', 'global24h_MODIS_C6_1_2023-08-01_asafo17.csv');
    const files = reader({ files: ['modis'], maxBytes: 10_000 });
    await expect(files.poll()).rejects.toThrow(/MODIS_C6_1_Global_24h\.csv: the file is \d+ bytes; the limit is 10000/);
    expect(files.status()[0]).toMatchObject({ lastResult: 'failed', etag: null, lastModified: null });
  });

  it('a run whose files all failed alike says so in one line, naming the first; files that failed differently are each named', async () => {
    // Neither file is served: two 404s, which differ only in their file's name and address.
    const alike = reader({ files: ['snpp', 'modis'] }).poll();
    await expect(alike).rejects.toThrow(/^all 2 files failed alike; the first: SUOMI_VIIRS_C2_Global_24h\.csv: [^;]*404[^;]*$/);
    // One 404, one past the size cap.
    firms.globalFiles[MODIS] = realDataPath('fires', 'global24h_MODIS_C6_1_2023-08-01_asafo17.csv');
    const differently = reader({ files: ['snpp', 'modis'], maxBytes: 10_000 }).poll();
    await expect(differently).rejects.toThrow(/^SUOMI_VIIRS_C2_Global_24h\.csv: [^;]*404[^;]*; MODIS_C6_1_Global_24h\.csv: the file is \d+ bytes; the limit is 10000$/);
  });

  it('counts refused rows with the file and row named, and stores the others', async () => {
    const [header, ...rows] = readRealData('fires', 'global24h_MODIS_C6_1_2023-08-01_asafo17.csv').trim().split('\n');
    const broken = path.join(dir, 'broken.csv');
    await writeFile(broken, [header, rows[0], 'not,enough,cells', (rows[1] as string).replace(',T,', ',X,'), rows[2]].join('\n'));
    firms.globalFiles[MODIS] = broken;
    const result = await reader({ files: ['modis'] }).poll();
    expect(result).toMatchObject({ received: 2, invalidRows: 2 });
    expect(result.rejected.count).toBe(2);
    const examples = result.rejected.reasons.flatMap((reason) => reason.examples);
    expect(examples).toEqual(expect.arrayContaining(['MODIS_C6_1_Global_24h.csv row 2', 'MODIS_C6_1_Global_24h.csv row 3 "X"']));
    expect(sink.detections.map((detection) => detection.satellite)).toEqual(['Terra', 'Terra']);
  });

  it("counts rows of FIRMS's hot spot type 1–3 apart and stores only the others (a real MODIS_SP file, served as the MODIS file)", async () => {
    const real = readRealData('fires', 'archive_MODIS_SP_2026-04-04_thermwatch_head40.csv').trim().split('\n');
    const typeAt = (real[0] as string).split(',').indexOf('type');
    expect(typeAt).toBeGreaterThan(0);
    const types = real.slice(1).map((line) => line.split(',')[typeAt]);
    const notFires = types.filter((type) => type !== '0').length;
    expect(notFires).toBe(10);
    firms.globalFiles[MODIS] = realDataPath('fires', 'archive_MODIS_SP_2026-04-04_thermwatch_head40.csv');
    const result = await reader({ files: ['modis'] }).poll();
    expect(result).toMatchObject({ received: types.length - notFires, notVegetationFires: notFires, invalidRows: 0 });
    expect(sink.detections).toHaveLength(types.length - notFires);
    // Outside the area, such a row is counted there, as a fire would be: the type-2 rows lie in Jharkhand (84–88° E).
    sink = new RecordingSink();
    const west = await reader({ files: ['modis'], bbox: '-180,-90,80,90', minDownloadIntervalMs: 0 }).poll();
    expect(west.notVegetationFires).toBe(0);
    expect(west.outsideBbox + west.received).toBe(types.length);
  });

  it('a file whose every row is refused (a spreadsheet re-save, not FIRMS output) is an unusable answer', async () => {
    firms.globalFiles[MODIS] = realDataPath('fires', 'excel_resaved_MODIS_C6_1_Global_24h_zixunn.csv');
    const failure = await reader({ files: ['modis'] })
      .poll()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnusableAnswerError);
    expect((failure as UnusableAnswerError).rejected.count).toBe(200);
    expect(sink.batches).toEqual([]);
  });

  it('after a download, a file is not asked for again before FIRE_GLOBAL_INTERVAL has passed', async () => {
    firms.globalFiles[SNPP] = realDataPath('fires', 'area_VIIRS_SNPP_NRT_2026-10-01_thermwatch_head40.csv');
    let now = Date.parse('2026-11-23T12:00:00Z');
    const files = reader({ minDownloadIntervalMs: 3_600_000, now: () => now });
    firms.globalRequests = [];
    expect((await files.poll()).files).toEqual({ 'SUOMI_VIIRS_C2_Global_24h.csv': 'downloaded' });
    now += 3_599_000;
    expect((await files.poll()).files).toEqual({ 'SUOMI_VIIRS_C2_Global_24h.csv': 'not due until 2026-11-23T13:00:00.000Z' });
    now += 1_000;
    expect((await files.poll()).files).toEqual({ 'SUOMI_VIIRS_C2_Global_24h.csv': 'not modified' });
    // Unchanged: asked again at the next run, not an hour later.
    now += 1_000;
    expect((await files.poll()).files).toEqual({ 'SUOMI_VIIRS_C2_Global_24h.csv': 'not modified' });
    expect(firms.globalRequests.map((request) => request.status)).toEqual([200, 304, 304]);
  });

  it("a file is asked for again at once when the computer's clock was set back after its download", async () => {
    firms.globalFiles[SNPP] = realDataPath('fires', 'area_VIIRS_SNPP_NRT_2026-10-01_thermwatch_head40.csv');
    let now = Date.parse('2026-11-23T12:00:00Z');
    const files = reader({ minDownloadIntervalMs: 3_600_000, now: () => now });
    firms.globalRequests = [];
    expect((await files.poll()).files).toEqual({ 'SUOMI_VIIRS_C2_Global_24h.csv': 'downloaded' });
    // A clock five hours fast, corrected: the next check was due at 13:00 of the wrong clock, 08:00 of the right one.
    now -= 5 * 3_600_000 - 60_000;
    expect((await files.poll()).files).toEqual({ 'SUOMI_VIIRS_C2_Global_24h.csv': 'not modified' });
    expect(firms.globalRequests.map((request) => request.status)).toEqual([200, 304]);
  });

  it('a box across the antimeridian keeps both sides', () => {
    const pacific: [number, number, number, number] = [170, -50, -170, 0];
    expect(insideBbox(pacific, 175, -10)).toBe(true);
    expect(insideBbox(pacific, -175, -10)).toBe(true);
    expect(insideBbox(pacific, 0, -10)).toBe(false);
    expect(insideBbox(pacific, 175, 10)).toBe(false);
    expect(insideBbox([-82, -56, -34, 13], -82, 13)).toBe(true);
  });
});
