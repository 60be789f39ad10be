// Fetches one camera image through the guarded fetcher (address judged at connect time, again on every
// redirect; a timeout and a size cap), accepting only image content types, or a camera's MJPEG stream for its first picture.
import type { CameraAddressPolicy } from './camera-address-policy.js';
import { GuardedFetcher, type RequestScheduler } from './guarded-fetcher.js';
import { FirstStreamFrame, looksLikeJpeg, mixedReplaceBoundary } from './mjpeg-first-frame.js';

export type { RequestScheduler } from './guarded-fetcher.js';

export interface Snapshot {
  contentType: string;
  body: Buffer;
}

export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

export interface SnapshotFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

const DEFAULTS: SnapshotFetchOptions = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 };

/** `image/jpeg; charset=…` → `image/jpeg`, or null when it is not a plain image type. */
export function imageContentType(header: string | undefined): string | null {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  // SVG can carry script; a camera does not send one.
  return /^image\/[a-z0-9.+-]+$/.test(type) && type !== 'image/svg+xml' ? type : null;
}

export class SnapshotFetcher {
  private readonly options: SnapshotFetchOptions;
  private readonly fetcher: GuardedFetcher;

  constructor(policy: CameraAddressPolicy, options: Partial<SnapshotFetchOptions> = {}, scheduler?: RequestScheduler) {
    this.options = { ...DEFAULTS, ...options };
    this.fetcher = new GuardedFetcher(policy, scheduler);
  }

  async fetch(rawUrl: string): Promise<Snapshot> {
    let answer;
    let stream: FirstStreamFrame | null = null;
    try {
      answer = await this.fetcher.get(rawUrl, {
        ...this.options,
        accept: 'image/*, multipart/x-mixed-replace',
        screen: ({ status, headers, where }) => {
          if (status !== 200) return `${where} answered HTTP ${status}`;
          const type = headers['content-type'];
          if (imageContentType(type) || mixedReplaceBoundary(type)) return null;
          return `${where} answered ${type ?? 'no content type'}, not an image`;
        },
        // A stream (MJPEG): read until its first picture. An image: read whole.
        reader: (headers) => {
          const boundary = mixedReplaceBoundary(headers['content-type']);
          stream = boundary === null ? null : new FirstStreamFrame(boundary);
          return stream;
        },
      });
    } catch (error) {
      throw new SnapshotError((error as Error).message, { cause: error });
    }
    if (stream) return streamPicture(stream);
    // The screen above let only image types and streams through.
    const contentType = imageContentType(answer.headers['content-type']);
    if (!contentType) throw new SnapshotError('not an image');
    return { contentType, body: answer.body };
  }
}

/** The first picture of a camera's stream, or why there is none. */
function streamPicture(stream: FirstStreamFrame): Snapshot {
  const frame = stream.frame;
  if (!frame) throw new SnapshotError("the camera's stream ended before its first picture");
  const contentType = imageContentType(frame.contentType ?? undefined) ?? (frame.contentType === null && looksLikeJpeg(frame.body) ? 'image/jpeg' : null);
  if (!contentType) throw new SnapshotError(`the camera's stream sent ${frame.contentType ?? 'a part of no type'}, not an image`);
  return { contentType, body: Buffer.from(frame.body) };
}
