// A camera URL as it is stored: credentials stripped, normalised, and hashed (url_hash, the dedup key).
import { createHash } from 'node:crypto';

// Camera firmwares' spellings: generic, Foscam (`loginuse`/`loginpas`), Axis/Hikvision/Dahua, tokens.
const CREDENTIAL_PARAMS = new Set([
  'user', 'username', 'usr', 'login', 'loginuse', 'loginpas', 'pwd', 'pw', 'pass', 'passwd', 'password', 'u', 'p',
  'auth', 'authorization', 'token', 'access_token', 'apikey', 'api_key', 'key', 'secret', 'sid', 'session', 'sessionid',
]);

/** Removes userinfo and credential query parameters (`user=`, `pwd=`, `u=`, `p=`, `loginpas=`, `token=`, …). */
export function stripCredentials(rawUrl: string): string {
  const url = new URL(rawUrl);
  url.username = '';
  url.password = '';
  for (const name of [...url.searchParams.keys()]) if (CREDENTIAL_PARAMS.has(name.toLowerCase())) url.searchParams.delete(name);
  return url.toString();
}

/** Does the URL carry credentials (userinfo or a credential query parameter)? */
export function hasCredentials(rawUrl: string): boolean {
  const url = new URL(rawUrl);
  return Boolean(url.username || url.password) || [...url.searchParams.keys()].some((name) => CREDENTIAL_PARAMS.has(name.toLowerCase()));
}

/** Lower-case scheme and host (the URL parser does), default port dropped, query sorted, no fragment. */
export function normaliseCameraUrl(rawUrl: string): string {
  const url = new URL(stripCredentials(rawUrl));
  url.hash = '';
  url.searchParams.sort();
  return url.toString();
}

export function cameraUrlHash(rawUrl: string): string {
  return createHash('sha256').update(normaliseCameraUrl(rawUrl)).digest('hex');
}
