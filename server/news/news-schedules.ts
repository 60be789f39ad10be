// When the news jobs run, on the wall clock: scrape at :00, hourly summary at :05, analyst every 15 minutes,
// daily recap at 23:00 in New York (daylight saving both ways, by croner's time-zone arithmetic).
import { Cron } from 'croner';

export interface NewsSchedule {
  /** croner pattern (minute hour day month weekday). */
  pattern: string;
  /** IANA zone the pattern is read in. */
  timezone: string;
}

export const RECAP_TIMEZONE = 'America/New_York';

/** The machine's own zone: "hourly at :05" means :05 on the user's clock (a half-hour zone included). */
export function localTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function newsSchedules(timezone: string = localTimezone()) {
  return {
    news: { pattern: '0 * * * *', timezone },
    summaries: { pattern: '5 * * * *', timezone },
    analyst: { pattern: '*/15 * * * *', timezone },
    recap: { pattern: '0 23 * * *', timezone: RECAP_TIMEZONE },
  } as const satisfies Record<string, NewsSchedule>;
}

/** The next `count` run instants strictly after `after` — a pure function of the clock it is given. */
export function nextRunTimes(schedule: NewsSchedule, after: Date, count = 1): Date[] {
  const cron = new Cron(schedule.pattern, { timezone: schedule.timezone, paused: true });
  try {
    return cron.nextRuns(count, after);
  } finally {
    cron.stop();
  }
}

/** Milliseconds east of UTC that a zone's wall clock shows at an instant (from the time-zone database, by Intl). */
function zoneOffsetMs(timezone: string, instant: number): number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const part = Object.fromEntries(format.formatToParts(new Date(instant)).map(({ type, value }) => [type, Number(value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The same time on the zone's wall clock a day before `end`: the daily recap's window, so that recaps at 23:00 New
 * York time meet end to end. Across a daylight-saving change the day is 23 or 25 hours long; a fixed 24 h left an hour
 * in no recap in November and in two in March.
 */
export function wallClockDayBefore(end: Date, timezone: string = RECAP_TIMEZONE): Date {
  const wallStart = end.getTime() + zoneOffsetMs(timezone, end.getTime()) - 24 * 3_600_000;
  // The instant whose wall clock reads wallStart: its offset is the one in force then, which may differ from end's.
  let start = wallStart - zoneOffsetMs(timezone, end.getTime() - 24 * 3_600_000);
  start = wallStart - zoneOffsetMs(timezone, start);
  return new Date(start);
}
