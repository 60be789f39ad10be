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

export function formatLocal(date: Date): string {
  return localFormat.format(date);
}

// Zones that are UTC under another name: a computer set to one of them reads local time as UTC.
const UTC_ZONES = new Set(['UTC', 'UCT', 'Universal', 'Zulu', 'GMT', 'GMT0', 'GMT+0', 'GMT-0', 'Greenwich']);

/** Whether a time zone (an IANA name) is UTC itself, under whatever alias: not one that is at UTC part of the year. */
export function isUtcZone(timeZone: string): boolean {
  return UTC_ZONES.has(timeZone.replace(/^Etc\//, ''));
}

const localIsUtc = isUtcZone(localFormat.resolvedOptions().timeZone);

/** UTC and the wall clock's time ("26 Nov 2026 21:04 UTC · Nov 26, 01:04 PM PST"); on a computer set to UTC, once. */
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

/** A minute in UTC and on the wall clock ("15:38 UTC · Nov 26, 07:38 AM PST"); on a computer set to UTC, with its day. */
export function formatMinuteBoth(date: Date): string {
  return localIsUtc ? formatShortUtc(date) : `${formatMinuteUtc(date)} · ${formatLocal(date)}`;
}

const clockFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** The wall clock's hour and minute, for axis labels. */
export function formatClock(date: Date): string {
  return clockFormat.format(date);
}
