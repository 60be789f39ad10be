// Reads a Caltrans CWWP2 CCTV status file (`cctvStatusD{NN}.json`): `{ data: [{ cctv: { index, location:
// { latitude, longitude, locationName, nearbyPlace, county, route, district }, inService, imageData:
// { streamingVideoURL, static: { currentImageURL } } } }] }`, every value a string. Each camera keeps its own
// coordinates (no geocoding); records out of service, without a usable position or without a still image are
// skipped and counted with their reason.
import { z } from 'zod';
import type { DirectoryPage, ListedCamera } from './camera-listing.js';

/** Why a record of a Caltrans file was not taken as a camera. */
export const CALTRANS_SKIP = {
  shape: 'Caltrans record without a cctv object of the documented shape',
  outOfService: 'camera out of service (inService false)',
  position: 'no usable position (latitude/longitude missing, 0 or out of range)',
  image: 'no still image URL (imageData.static.currentImageURL)',
} as const;

// CWWP2 writes numbers and booleans as strings ("38.5", "true", "Not Reported"); a few mirrors write them bare.
const text = z.union([z.string(), z.number(), z.boolean()]).transform(String);

const caltransRecord = z.object({
  cctv: z.object({
    index: text.optional(),
    location: z.object({
      district: text.optional(),
      locationName: z.string().optional(),
      nearbyPlace: z.string().optional(),
      county: z.string().optional(),
      route: z.string().optional(),
      latitude: text.optional(),
      longitude: text.optional(),
    }),
    inService: text.optional(),
    imageData: z
      .object({
        streamingVideoURL: z.string().optional(),
        static: z.object({ currentImageURL: z.string().optional() }).optional(),
      })
      .optional(),
  }),
});
type CaltransRecord = z.infer<typeof caltransRecord>;

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** A coordinate as written ("38.481128"), or null when blank, not a decimal, zero or out of range. */
function coordinate(value: string | undefined, limit: number): number | null {
  const trimmed = value?.trim() ?? '';
  if (!DECIMAL.test(trimmed)) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) && number !== 0 && Math.abs(number) <= limit ? number : null;
}

function imageUrl(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    return new URL(trimmed).toString();
  } catch {
    return null;
  }
}

function present(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed && trimmed.toLowerCase() !== 'not reported' ? trimmed : null;
}

/** Does this parsed JSON look like a CWWP2 CCTV file (a `data` list of `{ cctv }` records)? */
export function isCaltransCctv(data: unknown): data is { data: unknown[] } {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false;
  const list = (data as { data?: unknown }).data;
  return Array.isArray(list) && list.some((item) => Boolean(item) && typeof item === 'object' && 'cctv' in (item as object));
}

/** The camera a record describes, or the reason it is skipped. */
function cameraOf(record: CaltransRecord): ListedCamera | string {
  const { location, inService, imageData } = record.cctv;
  if (inService?.trim().toLowerCase() === 'false') return CALTRANS_SKIP.outOfService;
  const latitude = coordinate(location.latitude, 90);
  const longitude = coordinate(location.longitude, 180);
  if (latitude === null || longitude === null) return CALTRANS_SKIP.position;
  const url = imageUrl(imageData?.static?.currentImageURL);
  if (!url) return CALTRANS_SKIP.image;
  const route = present(location.route);
  const title = present(location.locationName) ?? (route ? `${route} camera` : 'Caltrans camera');
  return {
    url,
    title: route && !title.includes(route) ? `${route}: ${title}` : title,
    city: present(location.nearbyPlace) ?? (present(location.county) ? `${present(location.county)} County` : null),
    country: 'United States',
    latitude,
    longitude,
  };
}

export function parseCaltransCctv(data: { data: unknown[] }): DirectoryPage {
  const cameras: ListedCamera[] = [];
  const skippedReasons: Record<string, number> = {};
  const skips: DirectoryPage['skips'] = [];
  data.data.forEach((item, position) => {
    const parsed = caltransRecord.safeParse(item);
    const entry = parsed.success ? cameraOf(parsed.data) : CALTRANS_SKIP.shape;
    if (typeof entry !== 'string') {
      cameras.push(entry);
      return;
    }
    skippedReasons[entry] = (skippedReasons[entry] ?? 0) + 1;
    const index = parsed.success ? parsed.data.cctv.index?.trim() : undefined;
    skips.push({ reason: entry, where: index ? `cctv ${index}` : `record ${position + 1}` });
  });
  return { format: 'caltrans', cameras, skipped: skips.length, skippedReasons, skips, nextPage: null };
}
