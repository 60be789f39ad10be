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
