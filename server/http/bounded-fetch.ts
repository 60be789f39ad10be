// Outbound HTTP with a timeout and a size cap; secrets in the URL are kept out of error messages.
import { neverReachedHost, requestFailureWords } from './network-failure.js';

export class FetchError extends Error {
  override name = 'FetchError';
  /** The request never reached its host (network-failure.ts). */
  readonly unreachable: boolean;

  constructor(message: string, options: { unreachable?: boolean } = {}) {
    super(message);
    this.unreachable = options.unreachable ?? false;
  }
}

export interface BoundedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** Strings to blank out of any error message (a key in the path, for example). */
  secrets?: string[];
}

export interface FetchedText {
  status: number;
  text: string;
  headers: Headers;
}

export const USER_AGENT = 'Vantage/0.1 (open-source intelligence desktop app)';

function redact(message: string, secrets: readonly string[]): string {
  return secrets.filter(Boolean).reduce((text, secret) => text.split(secret).join('****'), message);
}

export async function fetchText(url: string, options: BoundedFetchOptions): Promise<FetchedText> {
  const secrets = options.secrets ?? [];
  const where = redact(new URL(url).origin + new URL(url).pathname, secrets);
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      ...(options.body === undefined ? {} : { body: options.body }),
      headers: { 'user-agent': USER_AGENT, ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'follow',
    });
  } catch (error) {
    throw new FetchError(`request to ${where} failed: ${redact(requestFailureWords(error, options.timeoutMs), secrets)}`, { unreachable: neverReachedHost(error) });
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > options.maxBytes) {
    await response.body?.cancel();
    throw new FetchError(`response from ${where} is ${declared} bytes; the limit is ${options.maxBytes}`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > options.maxBytes) {
        throw new FetchError(`response from ${where} passed the ${options.maxBytes}-byte limit`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    await response.body?.cancel().catch(() => undefined);
    if (error instanceof FetchError) throw error;
    throw new FetchError(`reading ${where} failed: ${redact(requestFailureWords(error, options.timeoutMs), secrets)}`);
  }
  return { status: response.status, text: Buffer.concat(chunks).toString('utf8'), headers: response.headers };
}
