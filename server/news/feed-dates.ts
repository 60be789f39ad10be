// Feed dates: RFC 822/1123 (RSS), ISO 8601 / RFC 3339 (Atom, Dublin Core), and the sloppy variants feeds send.
const MONTHS: Record<string, number> = {
  jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11,
  // Feeds that localise RFC 822 (Portuguese "Seg, 24 Set 2018", Spanish, German): the abbreviations
  // that cannot be read as another month.
  fev: 1, abr: 3, mai: 4, ago: 7, set: 8, out: 9, dez: 11, ene: 0, dic: 11, mrz: 2, okt: 9,
};

// Minutes east of UTC for the zone names RFC 822 allows and the common ones feeds use anyway.
const ZONES: Record<string, number> = {
  UT: 0, UTC: 0, GMT: 0, Z: 0,
  EST: -300, EDT: -240, CST: -360, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420,
  BST: 60, CET: 60, CEST: 120, EET: 120, EEST: 180, MSK: 180, IST: 330, JST: 540, KST: 540, HKT: 480,
  AEST: 600, AEDT: 660, ACST: 570, AWST: 480, NZST: 720, NZDT: 780,
};

const RFC822 =
  /^(?:[A-Za-z]{2,9},?\s+)?(\d{1,2})[\s-]+([A-Za-z]{3})[A-Za-z]*\.?[\s-]+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([+-]\d{2}:?\d{2}|[A-Za-z]{1,5})?$/;
const ISO8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function offsetMinutes(zone: string | undefined): number | null {
  if (!zone) return 0;
  const numeric = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (numeric) return (numeric[1] === '-' ? -1 : 1) * (Number(numeric[2]) * 60 + Number(numeric[3] ?? 0));
  const upper = zone.toUpperCase();
  if (upper in ZONES) return ZONES[upper] as number;
  // RFC 822 military zones are unreliable in practice; RFC 2822 says to read them as UTC.
  return upper.length === 1 ? 0 : null;
}

/** The instant of wall-clock fields at an offset, or null when a field is out of range (Date.UTC would roll it over). */
function instant(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number, offset: number): Date | null {
  const local = new Date(Date.UTC(year, month, day, hour, minute, Math.min(second, 59), ms));
  if (local.getUTCMonth() !== month || local.getUTCDate() !== day || hour > 23 || minute > 59 || second > 60) return null;
  return new Date(local.getTime() - offset * 60_000);
}

/** The instant a feed date names, or null when it names none. A date without a zone is read as UTC. */
export function parseFeedDate(raw: string | null | undefined): Date | null {
  const value = raw?.trim();
  if (!value) return null;
  const iso = ISO8601.exec(value);
  if (iso) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '0', zone] = iso;
    const offset = offsetMinutes(zone);
    if (offset === null) return null;
    const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
    return instant(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms, offset);
  }
  const rfc = RFC822.exec(value);
  if (rfc) {
    const [, d, monthName, yearText, h, mi, s = '0', zone] = rfc;
    const month = MONTHS[(monthName as string).toLowerCase()];
    const offset = offsetMinutes(zone);
    if (month === undefined || offset === null) return null;
    let year = Number(yearText);
    if ((yearText as string).length === 2) year += year < 50 ? 2000 : 1900;
    return instant(year, month, Number(d), Number(h), Number(mi), Number(s), 0, offset);
  }
  return null;
}
