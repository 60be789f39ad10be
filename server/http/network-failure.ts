// Why a request got no answer at all, in words: fetch (undici) throws "fetch failed" and puts the system error in
// `cause`. The words keep the system code in brackets. A source whose every request failed so (no network, no name
// lookup, nothing listening) throws an error marked unreachable; the job runner records it as such, and health says
// the source could not be reached rather than that it answered badly.

/** System error codes of a request that never reached its host, and their words. */
const UNREACHABLE_WORDS: Record<string, string> = {
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  ENETUNREACH: 'network unreachable',
  EHOSTUNREACH: 'host unreachable',
  ENETDOWN: 'network down',
  ECONNREFUSED: 'connection refused',
  UND_ERR_CONNECT_TIMEOUT: 'connecting timed out',
};

const UNREACHABLE_CODE = new RegExp(`\\b(${Object.keys(UNREACHABLE_WORDS).join('|')})\\b`);

interface CausedError {
  message?: unknown;
  code?: unknown;
  cause?: CausedError;
}

/** A system error's code: a string (a DOMException's `code` is a legacy number, not one). */
function codeOf(error: CausedError | undefined): string | null {
  return typeof error?.code === 'string' && error.code ? error.code : null;
}

function messageOf(error: CausedError | undefined): string | null {
  return typeof error?.message === 'string' && error.message ? error.message : null;
}

/** Whether a fetch was stopped by its timeout signal (AbortSignal.timeout). */
export function timedOut(error: unknown): boolean {
  const name = (error as Error | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** The system error code of a thrown fetch error: its cause's (undici), else its own. */
function systemCode(error: unknown): string | null {
  const thrown = (error ?? {}) as CausedError;
  return codeOf(thrown.cause) ?? codeOf(thrown);
}

/**
 * The words for a thrown fetch error: "timed out after N ms" when its timeout signal fired, "host name not found
 * (ENOTFOUND)", else its cause's message, else its own.
 */
export function requestFailureWords(error: unknown, timeoutMs: number): string {
  if (timedOut(error)) return `timed out after ${timeoutMs} ms`;
  const thrown = (error ?? {}) as CausedError;
  const code = systemCode(error);
  const words = messageOf(thrown.cause) ?? messageOf(thrown) ?? String(error);
  // fetch refuses some ports outright (SMTP's, X11's, …: the Fetch standard's list of bad ports), with only "bad port".
  if (!code && words === 'bad port') return 'bad port: fetch refuses to connect to this port (on the Fetch standard\'s list of blocked ports); use another';
  if (!code) return words;
  return `${UNREACHABLE_WORDS[code] ?? words} (${code})`;
}

/** Whether a thrown fetch error never reached its host. */
export function neverReachedHost(error: unknown): boolean {
  const code = systemCode(error);
  return code !== null && code in UNREACHABLE_WORDS;
}

/** The first "could not reach" code in an error text, with its words; null when there is none. */
export function unreachableIn(text: string): { code: string; words: string } | null {
  const code = UNREACHABLE_CODE.exec(text)?.[1];
  return code ? { code, words: UNREACHABLE_WORDS[code] as string } : null;
}

/** The error, marked as one whose every request failed without reaching its host (when `unreachable`). */
export function markedUnreachable<T extends Error>(error: T, unreachable: boolean): T {
  if (unreachable) Object.defineProperty(error, 'unreachable', { value: true, enumerable: false });
  return error;
}

/** Whether an error was marked unreachable (markedUnreachable, or a FetchError that never reached its host). */
export function isUnreachable(error: unknown): boolean {
  return (error as { unreachable?: unknown } | null)?.unreachable === true;
}
