import { describe, expect, it } from 'vitest';
import { fireListElements, type FireTextRow } from '../../server/fires/fire-list-json.js';

/** The FireList the elements make, as the list's stream brackets them. */
const fireListJson = (rows: readonly FireTextRow[]) => `[${fireListElements(rows)}]`;

describe('fireListElements writes the elements of a FireList from PostgreSQL text rows', () => {
  it('keeps numbers as PostgreSQL wrote them, escapes text, writes nulls', () => {
    const rows: FireTextRow[] = [
      ['-17.7', '178.9', '2026-11-24T10:00:00.000Z', 'N20', 'h', '1e-05', 'D', 'VI"IRS\\'],
      ['64.8', '-147.7', '2026-11-24T09:00:00.000Z', 'Terra', null, null, null, null],
    ];
    const text = fireListJson(rows);
    expect(JSON.parse(text)).toEqual([
      { latitude: -17.7, longitude: 178.9, acqTime: '2026-11-24T10:00:00.000Z', satellite: 'N20', confidence: 'h', frp: 0.00001, dayNight: 'D', instrument: 'VI"IRS\\' },
      { latitude: 64.8, longitude: -147.7, acqTime: '2026-11-24T09:00:00.000Z', satellite: 'Terra', confidence: null, frp: null, dayNight: null, instrument: null },
    ]);
  });

  it('writes null for a float PostgreSQL spells NaN or Infinity (not JSON numbers)', () => {
    for (const frp of ['NaN', 'Infinity', '-Infinity']) {
      const [fire] = JSON.parse(fireListJson([['1', '2', '2026-11-24T10:00:00.000Z', 'N', null, frp, null, null]])) as Array<{ frp: unknown }>;
      expect(fire?.frp, frp).toBeNull();
    }
  });

  it('writes every text right, however many distinct values pass (the written JSON of few is kept)', () => {
    const rows: FireTextRow[] = Array.from({ length: 700 }, (_, index) => ['1', '2', '2026-11-24T10:00:00.000Z', 'N', String(index % 101), null, index % 2 ? 'D' : 'N', `i"${index}`]);
    const fires = JSON.parse(fireListJson(rows)) as Array<{ confidence: string; dayNight: string; instrument: string }>;
    expect(fires.map((fire) => fire.instrument)).toEqual(rows.map((row) => row[7]));
    expect(fires.map((fire) => fire.confidence)).toEqual(rows.map((row) => row[4]));
    expect(fires.map((fire) => fire.dayNight)).toEqual(rows.map((row) => row[6]));
  });

  it('writes nothing for no rows', () => {
    expect(fireListElements([])).toBe('');
  });
});
