// Why a request got no answer at all, in words: fetch (undici) throws "fetch failed" and puts the system error in
// `cause`. The words keep the system code in brackets, which is what later tells a feed that could not reach its host
// (no network, no name lookup, nothing listening) from one whose host answered with something unusable.

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
  message?: string;
  code?: string;
  cause?: CausedError;
}

/** The words for a thrown fetch error: "host name not found (ENOTFOUND)", else its cause's message, else its own. */
export function requestFailureWords(error: unknown): string {
  const thrown = error as CausedError;
  const cause = thrown.cause;
  const code = cause?.code ?? thrown.code;
  if (code) return `${UNREACHABLE_WORDS[code] ?? cause?.message ?? thrown.message ?? 'failed'} (${code})`;
  return cause?.message ?? thrown.message ?? String(error);
}

/** The first "could not reach" code in a stored error text, with its words; null when the host was reached. */
export function unreachableIn(text: string): { code: string; words: string } | null {
  const code = UNREACHABLE_CODE.exec(text)?.[1];
  return code ? { code, words: UNREACHABLE_WORDS[code] as string } : null;
}
