import { newsSchedules, nextRunTimes } from '../../server/news/news-schedules.js';

/**
 * Waits, when the news jobs' next wall-clock tick (scrape at :00, summary at :05, analyst every 15 minutes) falls
 * within `spanMs` from now, until it has passed. A test of what runs at start that straddles a tick sees the tick's
 * run too: the analyst's at 14:15:00 wrote the summaries' attempt before the scrape at start had ended.
 */
export async function clearOfNewsTicks(spanMs: number): Promise<void> {
  const now = new Date();
  const ticks = Object.values(newsSchedules()).flatMap((schedule) => nextRunTimes(schedule, now));
  const next = Math.min(...ticks.map((tick) => tick.getTime()));
  if (next - now.getTime() <= spanMs) await new Promise((resolve) => setTimeout(resolve, next - now.getTime() + 1_000));
}
