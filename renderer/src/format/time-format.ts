// Times as an analyst reads them: UTC for reports, local for the clock on the wall.
// The month by name: "11/01/2025" beside a US wall-clock date reads as November to half the readers and January to
// the other half.
const utcFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const localFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });

export function toDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // Vector tiles carry epoch seconds.
  const date = typeof value === 'number' ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatUtc(date: Date): string {
  return `${utcFormat.format(date).replace(',', '')} UTC`;
}

const shortUtcFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** Day, month and minute in UTC, without the year ("26 Nov 01:05 UTC"): the ends of a window of the last weeks. */
export function formatShortUtc(date: Date): string {
  return `${shortUtcFormat.format(date).replace(',', '')} UTC`;
}

const zoneNameFormat = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' });

/** This computer's time zone as the wall clock names it on that day ("PST", "GMT+2"); "UTC" on a computer set to UTC. */
export function localZoneName(date: Date): string {
  if (localIsUtc) return 'UTC';
  return zoneNameFormat.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? 'local time';
}

/**
 * Day, month and minute from a formatter's parts, in one order whatever its locale ("26 Nov 04:17 PM PST"): beside the
 * UTC time ("27 Nov 00:17 UTC") it reads the same way, where "Nov 26, 04:17 PM" put the month first in one string.
 * The locale keeps its own month names and clock (12 or 24 hours).
 */
export function dayMonthMinute(format: Intl.DateTimeFormat, date: Date): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(date)) parts[part.type] ??= part.value;
  // A locale whose short month is a number ("11月27日", "27.11.") says which is the month in its own words and
  // order, which taking the parts apart would lose ("27 11"): its own format is kept.
  if (!parts.month || /^\d+$/.test(parts.month)) return format.format(date);
  // A format of the day alone ("27 Nov") has no clock.
  const clock = parts.hour ? `${parts.hour}:${parts.minute}${parts.dayPeriod ? ` ${parts.dayPeriod}` : ''}` : null;
  return [`${parts.day} ${parts.month}`, clock, parts.timeZoneName].filter(Boolean).join(' ');
}

export function formatLocal(date: Date): string {
  // On a computer set to UTC the wall clock is UTC, written as UTC is everywhere here: "30 Nov 04:00 UTC", not
  // "30 Nov 04:00 AM UTC" beside it.
  return localIsUtc ? formatShortUtc(date) : dayMonthMinute(localFormat, date);
}

// Zones that are UTC under another name: a computer set to one of them reads local time as UTC.
const UTC_ZONES = new Set(['UTC', 'UCT', 'Universal', 'Zulu', 'GMT', 'GMT0', 'GMT+0', 'GMT-0', 'Greenwich']);

/** Whether a time zone (an IANA name) is UTC itself, under whatever alias: not one that is at UTC part of the year. */
export function isUtcZone(timeZone: string): boolean {
  return UTC_ZONES.has(timeZone.replace(/^Etc\//, ''));
}

const localIsUtc = isUtcZone(localFormat.resolvedOptions().timeZone);

/** UTC and the wall clock's time ("26 Nov 2026 21:04 UTC · 26 Nov 01:04 PM PST"); on a computer set to UTC, once. */
export function formatBoth(value: string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return '—';
  return localIsUtc ? formatUtc(date) : `${formatUtc(date)} · ${formatLocal(date)}`;
}

export function formatAge(seconds: number | null): string {
  if (seconds === null) return 'never';
  if (seconds < 90) return `${seconds} s ago`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} d ago`;
}

export function formatMinuteUtc(date: Date): string {
  return `${date.toISOString().slice(11, 16)} UTC`;
}

/** A minute in UTC and on the wall clock, each with its day ("27 Nov 00:17 UTC · 26 Nov 04:17 PM PST"); on a computer set to UTC, once. */
export function formatMinuteBoth(date: Date): string {
  return localIsUtc ? formatShortUtc(date) : `${formatShortUtc(date)} · ${formatLocal(date)}`;
}

// A UTC wall clock reads 24 hours, as UTC does in every other time here ("20:00 UTC", not "08:00 PM UTC").
const clockFormat = localIsUtc
  ? new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  : new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** The wall clock's hour and minute, for axis labels. */
export function formatClock(date: Date): string {
  return clockFormat.format(date);
}

/** The wall clock's hour and minute with its zone ("09:00 PM PST", "21:00 UTC"): the first label of an axis. */
export function formatClockWithZone(date: Date): string {
  return `${clockFormat.format(date)} ${localZoneName(date)}`;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

/** The wall clock's day, day first as the other times here ("27 Nov"): an axis label at midnight. */
export function formatLocalDay(date: Date): string {
  return dayMonthMinute(dayFormat, date);
}
