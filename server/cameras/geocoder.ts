// "City, Country" → a position, through a Nominatim-compatible service (GEOCODER_URL): at most one
// request a second, a proper User-Agent, answers cached in the database (found or not).
import { z } from 'zod';
import { fetchText, USER_AGENT } from '../http/bounded-fetch.js';
import { SpacedSlot } from '../http/spaced-slot.js';
import { textProblem } from '../http/safe-text.js';
import type { CachedPlace, GeocodeRepository } from './geocode-repository.js';

export const NOMINATIM_DEFAULT_URL = 'https://nominatim.openstreetmap.org';

const nominatimAnswer = z.array(
  z
    .object({
      lat: z.coerce.number().min(-90).max(90),
      lon: z.coerce.number().min(-180).max(180),
      // Kept with the position in the cache: a name that cannot be stored (NUL, broken Unicode) is left out, the
      // position kept. Refused, it failed every later run at the same camera, which the crawl asks first.
      display_name: z
        .string()
        .optional()
        .transform((name) => (name !== undefined && textProblem(name) === null ? name : undefined)),
    })
    .passthrough(),
);

/** The cache key: case and spacing do not make a different place. */
export function placeQuery(city: string | null, country: string | null): string | null {
  const parts = [city, country].map((part) => part?.trim().replace(/\s+/g, ' ')).filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(', ').toLowerCase() : null;
}

// Nominatim's policy is one request a second at most, as the service sees them arrive: a request starts a second
// after the answer before it (started a second apart, two reached the test's server 947 ms apart on a loaded machine).
const NOMINATIM_SPACING_MS = 1_000;

export class Geocoder {
  private readonly slot: SpacedSlot;
  private readonly inFlight = new Map<string, Promise<CachedPlace>>();

  constructor(
    private readonly cache: GeocodeRepository,
    private readonly baseUrl: string,
    options: { minIntervalMs?: number } = {},
  ) {
    this.slot = new SpacedSlot(options.minIntervalMs ?? NOMINATIM_SPACING_MS);
  }

  /** The cached answer, or one from the service (rate limited); the same query is never asked twice at once. */
  async locate(city: string | null, country: string | null): Promise<CachedPlace | null> {
    const query = placeQuery(city, country);
    if (!query) return null;
    const cached = await this.cache.get(query);
    if (cached) return cached;
    let pending = this.inFlight.get(query);
    if (!pending) {
      pending = this.ask(query).finally(() => this.inFlight.delete(query));
      this.inFlight.set(query, pending);
    }
    return pending;
  }

  private async ask(query: string): Promise<CachedPlace> {
    const again = await this.cache.get(query);
    if (again) return again;
    const url = `${this.baseUrl.replace(/\/+$/, '')}/search?${new URLSearchParams({ q: query, format: 'jsonv2', limit: '1' })}`;
    // Only the request itself is spaced: database work before it would otherwise eat into the second between two requests.
    const response = await this.slot.run(() =>
      fetchText(url, { timeoutMs: 15_000, maxBytes: 1024 * 1024, headers: { 'user-agent': USER_AGENT, accept: 'application/json' } }),
    );
    if (response.status >= 400) throw new Error(`geocoder answered HTTP ${response.status}`);
    const parsed = nominatimAnswer.safeParse(JSON.parse(response.text));
    if (!parsed.success) throw new Error('geocoder answered something that is not a Nominatim result list');
    const first = parsed.data[0];
    const place: CachedPlace = first
      ? { found: true, latitude: first.lat, longitude: first.lon, display: first.display_name ?? null }
      : { found: false, latitude: null, longitude: null, display: null };
    await this.cache.put(query, place);
    return place;
  }
}
