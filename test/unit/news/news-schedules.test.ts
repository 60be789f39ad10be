import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../server/db/database.js';
import { createNews } from '../../../server/news/news-module.js';
import { newsSchedules, nextRunTimes, wallClockDayBefore } from '../../../server/news/news-schedules.js';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString().replace('.000', ''));
const HOUR = 3_600_000;

describe('news schedules, computed from an injected clock', () => {
  const ny = newsSchedules('America/New_York');
  const utc = newsSchedules('UTC');

  it('scrapes at :00 and summarizes at :05 every hour, strictly after the given instant', () => {
    expect(iso(nextRunTimes(utc.news, new Date('2026-11-22T00:00:00Z'), 3))).toEqual(['2026-11-22T01:00:00Z', '2026-11-22T02:00:00Z', '2026-11-22T03:00:00Z']);
    expect(iso(nextRunTimes(utc.summaries, new Date('2026-11-22T00:04:59Z'), 2))).toEqual(['2026-11-22T00:05:00Z', '2026-11-22T01:05:00Z']);
    // "On the wall clock": in a half-hour zone, :05 local is :35 UTC.
    expect(iso(nextRunTimes(newsSchedules('Asia/Kolkata').summaries, new Date('2026-11-22T00:00:00Z'), 2))).toEqual(['2026-11-22T00:35:00Z', '2026-11-22T01:35:00Z']);
  });

  it('runs the analyst pass every 15 minutes on the quarter hour', () => {
    expect(iso(nextRunTimes(utc.analyst, new Date('2026-11-22T10:07:30Z'), 5))).toEqual([
      '2026-11-22T10:15:00Z',
      '2026-11-22T10:30:00Z',
      '2026-11-22T10:45:00Z',
      '2026-11-22T11:00:00Z',
      '2026-11-22T11:15:00Z',
    ]);
  });

  it('writes the daily recap at 23:00 New York time across the March change (EST → EDT)', () => {
    // 2026-03-08 02:00 EST becomes 03:00 EDT: 23:00 is 04:00 UTC before, 03:00 UTC after.
    expect(iso(nextRunTimes(ny.recap, new Date('2026-03-07T05:00:00Z'), 3))).toEqual(['2026-03-08T04:00:00Z', '2026-03-09T03:00:00Z', '2026-03-10T03:00:00Z']);
    expect(ny.recap.timezone).toBe('America/New_York');
    expect(utc.recap.timezone).toBe('America/New_York');
  });

  it('writes the daily recap at 23:00 New York time across the November change (EDT → EST)', () => {
    // 2026-11-01 02:00 EDT becomes 01:00 EST.
    expect(iso(nextRunTimes(ny.recap, new Date('2026-10-31T05:00:00Z'), 3))).toEqual(['2026-11-01T03:00:00Z', '2026-11-02T04:00:00Z', '2026-11-03T04:00:00Z']);
  });

  it('gives each daily recap the day since the last one, 23 or 25 hours across a change: none misses an hour, none repeats one', () => {
    for (const from of ['2026-03-06T05:00:00Z', '2026-10-30T05:00:00Z', '2026-11-20T05:00:00Z']) {
      const runs = nextRunTimes(ny.recap, new Date(from), 4);
      expect(runs.slice(1).map((run) => wallClockDayBefore(run).toISOString())).toEqual(runs.slice(0, -1).map((run) => run.toISOString()));
    }
    // The recap of 1 November (23:00 EST) reaches back to 23:00 EDT the evening before: 25 hours.
    expect(wallClockDayBefore(new Date('2026-11-02T04:00:00Z')).toISOString()).toBe('2026-11-01T03:00:00.000Z');
    // Of 8 March (23:00 EDT), to 23:00 EST: 23 hours.
    expect(wallClockDayBefore(new Date('2026-03-09T03:00:00Z')).toISOString()).toBe('2026-03-08T04:00:00.000Z');
    // A recap asked for at any other time (the first one, written with the first hourly summary) takes the day before it.
    expect(wallClockDayBefore(new Date('2026-11-22T15:37:12Z')).toISOString()).toBe('2026-11-21T15:37:12.000Z');
  });

  it('keeps the hourly and quarter-hour jobs on every real hour through both changes (no hour skipped or doubled)', () => {
    for (const from of ['2026-03-08T05:30:00Z', '2026-11-01T03:30:00Z']) {
      const hourly = nextRunTimes(ny.news, new Date(from), 6);
      expect(hourly.every((date) => date.getUTCMinutes() === 0)).toBe(true);
      expect(hourly.slice(1).map((date, index) => date.getTime() - (hourly[index] as Date).getTime())).toEqual(Array(5).fill(HOUR));
      const summaries = nextRunTimes(ny.summaries, new Date(from), 6);
      expect(summaries.every((date) => date.getUTCMinutes() === 5)).toBe(true);
      expect(summaries.slice(1).map((date, index) => date.getTime() - (summaries[index] as Date).getTime())).toEqual(Array(5).fill(HOUR));
      const quarters = nextRunTimes(ny.analyst, new Date(from), 12);
      expect(quarters.slice(1).map((date, index) => date.getTime() - (quarters[index] as Date).getTime())).toEqual(Array(11).fill(HOUR / 4));
    }
    // Across the November change, New York's 01:00 happens twice; both real hours get a scrape.
    expect(iso(nextRunTimes(ny.news, new Date('2026-11-01T04:30:00Z'), 2))).toEqual(['2026-11-01T05:00:00Z', '2026-11-01T06:00:00Z']);
  });
});

describe('the four news jobs', () => {
  const db = createDatabase({ url: 'postgres://127.0.0.1:9/unused', nullPool: true, logger: { warn: () => undefined } });
  afterAll(() => db.close());

  it('carry these schedules and report to the news and summaries pipelines', () => {
    const news = createNews({ db, keys: { get: async () => null }, settings: {}, timezone: 'Europe/Berlin' });
    expect(news.jobs.map(({ name, schedule, timezone, pipeline }) => ({ name, schedule, timezone, pipeline }))).toEqual([
      { name: 'news', schedule: '0 * * * *', timezone: 'Europe/Berlin', pipeline: 'news' },
      { name: 'summaries', schedule: '5 * * * *', timezone: 'Europe/Berlin', pipeline: 'summaries' },
      { name: 'analyst', schedule: '*/15 * * * *', timezone: 'Europe/Berlin', pipeline: 'summaries' },
      { name: 'recap', schedule: '0 23 * * *', timezone: 'America/New_York', pipeline: 'summaries' },
    ]);
  });
});
