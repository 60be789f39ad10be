// Times as an analyst reads them: UTC for reports, local for the clock on the wall.
const utcFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
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

export function formatLocal(date: Date): string {
  return localFormat.format(date);
}

export function formatBoth(value: string | number | null | undefined): string {
  const date = toDate(value);
  return date ? `${formatUtc(date)} · ${formatLocal(date)}` : '—';
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

const clockFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** The wall clock's hour and minute, for axis labels. */
export function formatClock(date: Date): string {
  return clockFormat.format(date);
}
