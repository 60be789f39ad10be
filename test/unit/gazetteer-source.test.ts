import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GazetteerSource, type PlaceRecord } from '../../server/places/gazetteer-source.js';

/** One GeoNames record (19 tab-separated fields) with what the gazetteer reads of it. */
function geonamesLine(
  id: number,
  name: string,
  population: number,
  options: { alternates?: string; featureCode?: string; elevation?: string; country?: string; admin1?: string } = {},
): string {
  const fields = [String(id), name, name.normalize('NFD').replace(/\p{M}/gu, ''), options.alternates ?? '', '50.45', '30.52', 'P', options.featureCode ?? 'PPL', options.country ?? 'UA', '', options.admin1 ?? '12', '', '', '', String(population), options.elevation ?? '', '179', 'Europe/Kyiv', '2024-01-01'];
  return fields.join('\t');
}

async function readAll(source: GazetteerSource, batchSize: number): Promise<{ batches: PlaceRecord[][]; reads: number[] }> {
  const batches: PlaceRecord[][] = [];
  const reads: number[] = [];
  for await (const batch of source.places(batchSize, (read) => reads.push(read))) batches.push(batch);
  return { batches, reads };
}

// The GeoNames dump is read as plain TSV a read (64 KB) at a time: records and names must come out whole wherever
// a read ends (within a line, within a character of several bytes), and a last line without \n counts.
describe('the gazetteer source reading a GeoNames file', () => {
  let dir: string;
  let file: string;
  const filler = 3_000;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-geonames-'));
    file = path.join(dir, 'cities.txt');
    const contents = (padding: number) => {
      const lines: string[] = [];
      // Enough Cyrillic records (two bytes a letter) for several reads of the file.
      for (let i = 0; i < filler; i += 1) lines.push(geonamesLine(1_000 + i, `Місто ${i} Київської області`, 2_000 + i, { elevation: i === 0 ? '1'.repeat(padding) : '' }));
      lines.push(geonamesLine(9_001, 'Village', 400));
      lines.push('');
      lines.push(geonamesLine(9_002, 'Seat', 400, { featureCode: 'PPLA3' }));
      lines.push(geonamesLine(9_004, 'Los Angeles', 3_898_747, { alternates: 'L.A.,LA,LAX,Los Ángeles', country: 'US', admin1: 'CA' }));
      lines.push(geonamesLine(9_005, 'Anchorage', 291_247, { alternates: 'ANC,Ankoridzh', country: 'US', admin1: 'AK' }));
      lines.push(geonamesLine(9_006, 'Town', 2_000, { alternates: 'TWN,Townsville' }));
      lines.push(geonamesLine(9_003, 'Kyiv', 2_900_000, { alternates: 'Kiev,KBP,Київ,Kyiv,K1ev,kyyf,ki fu,Kiew,KBP' }));
      return Buffer.from(lines.join('\n'));
    };
    // Padded (in a field the gazetteer does not read) so that the first 64 KB read ends inside a letter.
    let padding = 0;
    while ((contents(padding)[64 * 1024]! & 0xc0) !== 0x80) padding += 1;
    await writeFile(file, contents(padding));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads every record whole, in batches, counting the records read (kept or not, empty lines not)', async () => {
    const source = new GazetteerSource({ placesFile: file });
    expect(await source.recordCount()).toBe(filler + 6);
    const { batches, reads } = await readAll(source, 1_000);
    const places = batches.flat();
    expect(batches.map((batch) => batch.length)).toEqual([1_000, 1_000, 1_000, 5]);
    expect(reads.at(-1)).toBe(filler + 6);
    const towns = places.filter((place) => place.name.startsWith('Місто '));
    expect(towns.map((place) => place.name)).toEqual(Array.from({ length: filler }, (_, i) => `Місто ${i} Київської області`));
    expect(towns.map((place) => place.asciiName)).toEqual(Array.from({ length: filler }, (_, i) => `Місто ${i} Киівськоі області`));
    expect(places.map((place) => place.geonameId)).not.toContain(9_001);
    expect(places.find((place) => place.geonameId === 9_002)).toMatchObject({ name: 'Seat', population: 400, featureCode: 'PPLA3' });
  });

  it('keeps the last record without a line end, its other names without codes, digits, machine romanisations or repeats, and its codes apart', async () => {
    const { batches } = await readAll(new GazetteerSource({ placesFile: file }), 5_000);
    const kyiv = batches.flat().find((place) => place.geonameId === 9_003);
    expect(kyiv).toMatchObject({ name: 'Kyiv', countryCode: 'UA', countryName: 'Ukraine', latitude: 50.45, longitude: 30.52, population: 2_900_000 });
    expect(kyiv?.alternateNames).toEqual(['Kiev', 'Київ', 'Kiew']);
    expect(kyiv?.codes).toEqual(['KBP']);
  });

  it("adds the ICAO form of a code in the contiguous United States only, and keeps no codes for a small town's", async () => {
    const places = (await readAll(new GazetteerSource({ placesFile: file }), 5_000)).batches.flat();
    const byId = (id: number) => places.find((place) => place.geonameId === id);
    expect(byId(9_004)).toMatchObject({ alternateNames: ['L.A.', 'LA', 'Los Ángeles'], codes: ['LAX', 'KLAX'] });
    // Alaska's airports are "PANC", not "KANC".
    expect(byId(9_005)?.codes).toEqual(['ANC']);
    expect(byId(9_006)).toMatchObject({ alternateNames: [], codes: [] });
  });
});
