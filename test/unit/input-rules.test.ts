// The shared building blocks of input validation: clean text, decimal numbers, real calendar instants,
// limits, bbox, bigint ids, and the event/news cursors decoded from client input.
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../server/events/event-query.js';
import { geofenceBody } from '../../server/geofences/geofence-input.js';
import {
  bboxParam,
  bigintIdText,
  cursorParam,
  instantParam,
  isCalendarDate,
  limitParam,
  parseDecimal,
  parseInstant,
  parseIsoInstant,
} from '../../server/http/query-params.js';
import { safeText, textProblem } from '../../server/http/safe-text.js';
import { decodeNewsCursor, encodeNewsCursor } from '../../server/news/news-query.js';

const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('safeText', () => {
  it('refuses NUL and unpaired surrogates, keeps any other text (emoji, CJK, quotes)', () => {
    const schema = safeText().trim().min(1).max(50);
    expect(schema.parse('  Santa Rosa 🔥 火災 "quoted" \'x\'  ')).toBe('Santa Rosa 🔥 火災 "quoted" \'x\'');
    expect(schema.safeParse('fire\u0000').success).toBe(false);
    expect(schema.safeParse('\u0000').success).toBe(false);
    expect(schema.safeParse('half \uD83D pair').success).toBe(false);
    expect(schema.safeParse('low \uDC25 alone').success).toBe(false);
    expect(textProblem('a\u0000b')).toMatch(/NUL/);
    expect(textProblem('\uD83D\uDD25')).toBeNull();
  });
});

describe('parseDecimal', () => {
  it('reads plain decimals and exponents', () => {
    expect(['1', '-12.5', '+0.25', '.5', '5.', '3e2', '1E-3'].map(parseDecimal)).toEqual([1, -12.5, 0.25, 0.5, 5, 300, 0.001]);
  });

  it('refuses what Number() would let through', () => {
    for (const value of ['', ' ', '0x10', '0b1', '0o7', 'Infinity', '-Infinity', 'NaN', '1e400', '1,5', '1_000', '--1', 'e5', '.', '12abc']) {
      expect(parseDecimal(value), JSON.stringify(value)).toBeNull();
    }
  });
});

describe('ISO instants', () => {
  it('checks every field against the calendar and the clock', () => {
    expect(parseIsoInstant('2026-11-20')?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(parseIsoInstant('2026-11-20T07:48Z')?.toISOString()).toBe('2026-11-20T07:48:00.000Z');
    expect(parseIsoInstant('2026-11-20T07:48:09.123456789+02:00')?.toISOString()).toBe('2026-11-20T05:48:09.123Z');
    expect(parseIsoInstant('2026-11-20T07:48:09-0330')?.toISOString()).toBe('2026-11-20T11:18:09.000Z');
    expect(parseIsoInstant('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    for (const value of [
      '2026-02-30',
      '2025-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-11-00',
      '0000-01-01',
      '2026-11-20T24:00Z',
      '2026-11-20T23:60Z',
      '2026-11-20T23:59:60Z',
      '2026-11-20T10:00+24:00',
      '2026-11-20T10:00+01:60',
      '2026-11-20T10:00',
      '2026-11-20 10:00Z',
      '2026-11-20T10:00Z\u0000',
    ]) {
      expect(parseIsoInstant(value), value).toBeNull();
    }
    expect(isCalendarDate(2000, 2, 29)).toBe(true);
    expect(isCalendarDate(1900, 2, 29)).toBe(false);
  });

  it('instantParam (since/until/from/to) refuses rolled-over dates, keeps spans and the 1970..now+1d window', () => {
    expect(instantParam.safeParse('2026-02-30').success).toBe(false);
    expect(instantParam.safeParse('2026-11-20T25:00:00Z').success).toBe(false);
    expect(instantParam.safeParse('2026-11-20T00:00:00Z').success).toBe(true);
    expect(instantParam.safeParse('24h').success).toBe(true);
    expect(instantParam.safeParse('1969-12-31T23:59:59Z').success).toBe(false);
    expect(instantParam.safeParse('9999-01-01').success).toBe(false);
    const now = new Date('2026-11-20T12:00:00Z');
    expect(parseInstant('90m', now)?.toISOString()).toBe('2026-11-20T10:30:00.000Z');
  });
});

describe('limit, bbox and id parameters', () => {
  it('limit is decimal digits only, within 1..max', () => {
    const limit = limitParam(50, 500);
    expect(limit.parse(undefined)).toBe(50);
    expect(limit.parse('500')).toBe(500);
    for (const value of ['0x10', '1e2', '1.5', '', ' 5', '-1', '501', '0', 'Infinity']) expect(limit.safeParse(value).success, value).toBe(false);
  });

  it('bbox is four decimal numbers in range', () => {
    expect(bboxParam.parse('-130,20,-60,55')).toEqual([-130, 20, -60, 55]);
    for (const value of ['0x10,0,20,10', ',0,10,10', 'Infinity,0,10,10', '1e39,0,10,10', '0,0,10,10\u0000', '0,-91,10,10']) {
      expect(bboxParam.safeParse(value).success, value).toBe(false);
    }
  });

  it('ids are positive and within bigint', () => {
    expect(bigintIdText.safeParse('9223372036854775807').success).toBe(true);
    for (const value of ['9223372036854775808', '9999999999999999999', '0', '-1', '01', '1e3']) expect(bigintIdText.safeParse(value).success, value).toBe(false);
  });
});

describe('event and news cursors', () => {
  it('round-trip what the server writes', () => {
    const event = { rank: 0.0607927, occurredAt: '2026-11-20T07:48:00.000Z', id: '9223372036854775807' };
    expect(decodeCursor(encodeCursor(event))).toEqual(event);
    const news = { rank: null, publishedAt: '2026-11-20T07:48:00.000Z', id: '42' };
    expect(decodeNewsCursor(encodeNewsCursor(news))).toEqual(news);
  });

  it('refuse forged values that PostgreSQL casts would choke on', () => {
    const good = { rank: 0.5, occurredAt: '2026-11-20T07:48:00.000Z', id: '1' };
    for (const bad of [
      { ...good, id: '9999999999999999999' },
      { ...good, id: '0' },
      { ...good, rank: 1e308 },
      { ...good, rank: -1 },
      { ...good, occurredAt: '2026-02-30T00:00:00Z' },
      { ...good, occurredAt: '0000-01-01T00:00:00Z' },
      { ...good, extra: 1 },
    ]) {
      expect(decodeCursor(forge(bad)), JSON.stringify(bad)).toBeNull();
      const { occurredAt, ...rest } = bad;
      expect(decodeNewsCursor(forge({ ...rest, publishedAt: occurredAt })), JSON.stringify(bad)).toBeNull();
    }
    expect(cursorParam.safeParse('abc\u0000').success).toBe(false);
    expect(cursorParam.safeParse("' OR 1=1 --").success).toBe(false);
  });
});

describe('geofence body', () => {
  const square = (extra: number[] = []) => [[[0, 0, ...extra], [1, 0, ...extra], [1, 1, ...extra], [0, 0, ...extra]]];
  it('keeps ±540 longitudes, drops a plausible altitude; refuses NUL names and absurd extra coordinates', () => {
    expect(geofenceBody.safeParse({ name: 'Across', geometry: { type: 'Polygon', coordinates: [[[170, 0], [190, 0], [190, 5], [170, 0]]] } }).success).toBe(true);
    // A plausible altitude is accepted and dropped: fences are 2-D.
    expect(geofenceBody.parse({ name: 'With altitude', geometry: { type: 'Polygon', coordinates: square([120, 7]) } }).geometry.coordinates).toEqual(square());
    expect(geofenceBody.safeParse({ name: 'x\u0000', geometry: { type: 'Polygon', coordinates: square() } }).success).toBe(false);
    expect(geofenceBody.safeParse({ name: 'High', geometry: { type: 'Polygon', coordinates: square([1e308]) } }).success).toBe(false);
    expect(geofenceBody.safeParse({ name: 'Many', geometry: { type: 'Polygon', coordinates: square([1, 2, 3]) } }).success).toBe(false);
  });
});
