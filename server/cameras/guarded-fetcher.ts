// GET of an address a user supplied (a camera directory page, a camera image). The address check runs
// at connect time against the address actually connected to (no DNS-rebinding window) and again on every
// redirect hop; each hop is scheduled (per-host spacing); each exchange has a deadline and a size cap.
import http from 'node:http';
import https from 'node:https';
import { USER_AGENT } from '../http/bounded-fetch.js';
import { markedUnreachable, neverReachedHost, requestFailureWords } from '../http/network-failure.js';
import type { CameraAddressPolicy } from './camera-address-policy.js';

/** Said after a refused address: what the rule is, so the refusal reads as a rule, not a fault to fix on this computer. */
const PUBLIC_ONLY = '; camera lists and snapshots are read from public internet addresses only';

export class GuardedFetchError extends Error {
  override name = 'GuardedFetchError';
}

export interface GuardedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  accept: string;
  /**
   * Looks at the final answer before its body is read: a message refuses it, and the body is not
   * downloaded. `where` is the scheme, host and port, for messages.
   */
  screen?: (answer: { status: number; headers: http.IncomingHttpHeaders; where: string }) => string | null;
  /**
   * For an answer whose body is read as it arrives (a camera's stream never ends: its first picture is enough): the
   * reader its headers call for, or null to read the body whole. The reader takes each piece of the body (and the
   * answer's `body` is then empty); true ends the exchange there; a throw refuses the answer with its message.
   */
  reader?: (headers: http.IncomingHttpHeaders) => { push(chunk: Buffer): boolean } | null;
}

export interface GuardedAnswer {
  /** The address answered from, after redirects. */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Spaces requests per host (HostRateLimiter); every hop of a redirect chain goes through it. */
export interface RequestScheduler {
  schedule<T>(url: string, task: () => Promise<T>): Promise<T>;
}

const unscheduled: RequestScheduler = { schedule: (_url, task) => task() };

type Hop = { kind: 'answer'; answer: GuardedAnswer } | { kind: 'redirect'; location: string };

export class GuardedFetcher {
  constructor(
    private readonly policy: CameraAddressPolicy,
    private readonly scheduler: RequestScheduler = unscheduled,
  ) {}

  async get(rawUrl: string, options: GuardedFetchOptions): Promise<GuardedAnswer> {
    let url = new URL(rawUrl);
    for (let redirects = 0; redirects <= options.maxRedirects; redirects += 1) {
      const target = url;
      const hop = await this.scheduler.schedule(target.href, () => this.request(target, options));
      if (hop.kind === 'answer') return hop.answer;
      try {
        url = new URL(hop.location, target);
      } catch {
        throw new GuardedFetchError(`${target.origin} redirected to an address that is not a URL`);
      }
    }
    throw new GuardedFetchError(`more than ${options.maxRedirects} redirects`);
  }

  private request(url: URL, options: GuardedFetchOptions): Promise<Hop> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new GuardedFetchError(`scheme ${url.protocol} is not allowed`));
    // http.request calls no lookup for a literal IP, so a literal is judged here.
    const literal = this.policy.literalVerdict(url);
    if (literal && !literal.public) return Promise.reject(new GuardedFetchError(`refused: ${literal.reason}${PUBLIC_ONLY}`));
    const where = `${url.protocol}//${url.host}`;
    return new Promise<Hop>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        {
          method: 'GET',
          headers: { 'user-agent': USER_AGENT, accept: options.accept },
          lookup: this.policy.connectLookup(url),
          timeout: options.timeoutMs,
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
          const refusal = options.screen?.({ status, headers: response.headers, where }) ?? null;
          if (refusal) {
            response.destroy();
            reject(new GuardedFetchError(refusal));
            return;
          }
          const declared = Number(response.headers['content-length'] ?? '0');
          if (declared > options.maxBytes) {
            response.destroy();
            reject(new GuardedFetchError(`${where} sent ${declared} bytes; the limit is ${options.maxBytes}`));
            return;
          }
          const chunks: Buffer[] = [];
          let total = 0;
          const reader = options.reader?.(response.headers) ?? null;
          const answer = () => ({ kind: 'answer' as const, answer: { url: url.href, status, headers: response.headers, body: Buffer.concat(chunks) } });
          response.on('data', (chunk: Buffer) => {
            total += chunk.length;
            if (total > options.maxBytes) {
              response.destroy();
              reject(new GuardedFetchError(`${where} passed the ${options.maxBytes}-byte limit`));
              return;
            }
            if (!reader) {
              chunks.push(chunk);
              return;
            }
            let enough: boolean;
            try {
              enough = reader.push(chunk);
            } catch (error) {
              response.destroy();
              reject(new GuardedFetchError(`${where}: ${(error as Error).message}`));
              return;
            }
            if (enough) {
              resolve(answer());
              response.destroy();
            }
          });
          response.on('end', () => resolve(answer()));
          response.on('error', (error) => reject(new GuardedFetchError(`reading ${where} failed: ${error.message}`)));
        },
      );
      // The whole exchange, not just idle gaps, is bounded: a trickling server is cut off too.
      const deadline = setTimeout(() => request.destroy(new GuardedFetchError(`${where} took longer than ${options.timeoutMs} ms`)), options.timeoutMs);
      request.on('close', () => clearTimeout(deadline));
      request.on('timeout', () => request.destroy(new GuardedFetchError(`${where} timed out after ${options.timeoutMs} ms`)));
      request.on('error', (error: NodeJS.ErrnoException) => {
        // In the words the other sources use ("host name not found (ENOTFOUND)").
        const reason = error.code === 'EADDRNOTPUBLIC' ? `refused: ${error.message}${PUBLIC_ONLY}` : requestFailureWords(error, options.timeoutMs);
        // Marked when the host was never reached (offline, no such host): the crawl tells it from a bad answer.
        reject(error instanceof GuardedFetchError ? error : markedUnreachable(new GuardedFetchError(`${where} unreachable: ${reason}`), neverReachedHost(error)));
      });
      request.end();
    });
  }
}
