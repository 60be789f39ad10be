// Fetches one camera image. The address check runs at connect time against the address actually
// connected to (no DNS-rebinding window), again on every redirect; a timeout, a size cap, and only
// image content types.
import http from 'node:http';
import https from 'node:https';
import { USER_AGENT } from '../http/bounded-fetch.js';
import type { CameraAddressPolicy } from './camera-address-policy.js';

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

type Step = { kind: 'image'; snapshot: Snapshot } | { kind: 'redirect'; location: string };

/** Spaces requests per host (HostRateLimiter); every hop of a redirect chain goes through it. */
export interface RequestScheduler {
  schedule<T>(url: string, task: () => Promise<T>): Promise<T>;
}

const unscheduled: RequestScheduler = { schedule: (_url, task) => task() };

export class SnapshotFetcher {
  private readonly options: SnapshotFetchOptions;

  constructor(
    private readonly policy: CameraAddressPolicy,
    options: Partial<SnapshotFetchOptions> = {},
    private readonly scheduler: RequestScheduler = unscheduled,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  async fetch(rawUrl: string): Promise<Snapshot> {
    let url = new URL(rawUrl);
    for (let hop = 0; hop <= this.options.maxRedirects; hop += 1) {
      const hop = url;
      const step = await this.scheduler.schedule(hop.href, () => this.request(hop));
      if (step.kind === 'image') return step.snapshot;
      url = new URL(step.location, url);
    }
    throw new SnapshotError(`more than ${this.options.maxRedirects} redirects`);
  }

  private request(url: URL): Promise<Step> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new SnapshotError(`scheme ${url.protocol} is not allowed`));
    const literal = this.policy.literalVerdict(url);
    if (literal && !literal.public) return Promise.reject(new SnapshotError(`refused: ${literal.reason}`));
    const where = `${url.protocol}//${url.host}`;
    return new Promise<Step>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: 'GET',
          headers: { 'user-agent': USER_AGENT, accept: 'image/*' },
          lookup: this.policy.connectLookup(url),
          timeout: this.options.timeoutMs,
          // No pooled sockets: each request is judged at its own connect.
          agent: false,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400 && response.headers.location) {
            response.resume();
            resolve({ kind: 'redirect', location: response.headers.location });
            return;
          }
          if (status !== 200) {
            response.resume();
            reject(new SnapshotError(`${where} answered HTTP ${status}`));
            return;
          }
          const contentType = imageContentType(response.headers['content-type']);
          if (!contentType) {
            response.destroy();
            reject(new SnapshotError(`${where} answered ${response.headers['content-type'] ?? 'no content type'}, not an image`));
            return;
          }
          const declared = Number(response.headers['content-length'] ?? '0');
          if (declared > this.options.maxBytes) {
            response.destroy();
            reject(new SnapshotError(`${where} sent ${declared} bytes; the limit is ${this.options.maxBytes}`));
            return;
          }
          const chunks: Buffer[] = [];
          let total = 0;
          response.on('data', (chunk: Buffer) => {
            total += chunk.length;
            if (total > this.options.maxBytes) {
              response.destroy();
              reject(new SnapshotError(`${where} passed the ${this.options.maxBytes}-byte limit`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => resolve({ kind: 'image', snapshot: { contentType, body: Buffer.concat(chunks) } }));
          response.on('error', (error) => reject(new SnapshotError(`reading ${where} failed: ${error.message}`)));
        },
      );
      // The whole exchange, not just idle gaps, is bounded: a trickling camera is cut off too.
      const deadline = setTimeout(() => request.destroy(new SnapshotError(`${where} took longer than ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
      request.on('close', () => clearTimeout(deadline));
      request.on('timeout', () => request.destroy(new SnapshotError(`${where} timed out after ${this.options.timeoutMs} ms`)));
      request.on('error', (error: NodeJS.ErrnoException) => {
        const reason = error.code === 'EADDRNOTPUBLIC' ? `refused: ${error.message}` : error.message;
        reject(error instanceof SnapshotError ? error : new SnapshotError(`${where} unreachable: ${reason}`));
      });
      request.end();
    });
  }
}
