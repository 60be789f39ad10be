// Where this computer is, as far as its time zone tells (no network, no permission asked): an IANA zone is named
// after a place in it ("America/Los_Angeles", "Asia/Calcutta"), and the zone's countries (countries-and-timezones)
// keep a name from landing abroad. The map opens there. A zone named after no place in the gazetteer (Pacific/Efate,
// an island) gives its country's capital when the country has that one zone; UTC and its like give nothing.
import { getCountry, getTimezone } from 'countries-and-timezones';
import type { TimeZonePlace, TimeZonePlaceRepository } from './time-zone-place-repository.js';

/** The place names a zone goes by: its own last part and, for an old alias, its current zone's ("Kiev" → "Kyiv"). */
export function timeZoneCityNames(timeZone: string, currentName: string | null): string[] {
  const city = (zone: string) => zone.split('/').at(-1)!.replace(/_/g, ' ');
  const names = [city(timeZone)];
  if (currentName && city(currentName) !== names[0]) names.push(city(currentName));
  return names;
}

/**
 * The zone's current IANA name: Chromium reports India's zone by its old one, "Asia/Calcutta", where the computer's
 * own setting says "Asia/Kolkata"; any case and a link read as the zone database spells them ("us/pacific" →
 * "America/Los_Angeles"). The name itself when none other is known.
 */
export function currentZoneName(timeZone: string): string {
  const zone = getTimezone(new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone);
  return zone?.aliasOf ?? zone?.name ?? timeZone;
}

export class TimeZonePlaces {
  constructor(private readonly repository: TimeZonePlaceRepository) {}

  /** `timeZone`: a name the platform's zone database knows (the route checks it), in any case, a link or not. */
  async placeOf(timeZone: string): Promise<TimeZonePlace | null> {
    // ICU's own spelling of it: "europe/paris" → "Europe/Paris", a link such as "US/Pacific" → "America/Los_Angeles".
    const zone = getTimezone(new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone);
    if (!zone || zone.countries.length === 0) return null;
    for (const name of timeZoneCityNames(zone.name, zone.aliasOf ?? null)) {
      const place = await this.repository.named(name, zone.countries);
      if (place) return place;
    }
    const [country] = zone.countries;
    return country && zone.countries.length === 1 && getCountry(country)?.timezones.length === 1 ? this.repository.capital(country) : null;
  }
}
