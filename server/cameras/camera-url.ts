// A camera URL as it is stored: credentials stripped, normalised, and hashed (url_hash, the dedup key).
import { createHash } from 'node:crypto';

const CREDENTIAL_PARAMS = new Set(['user', 'username', 'usr', 'pwd', 'pass', 'passwd', 'password', 'u', 'p']);

/** Removes userinfo and credential query parameters (`user=`, `pwd=`, `u=`, `p=`, …). */
export function stripCredentials(rawUrl: string): string {
  const url = new URL(rawUrl);
  url.username = '';
  url.password = '';
  for (const name of [...url.searchParams.keys()]) if (CREDENTIAL_PARAMS.has(name.toLowerCase())) url.searchParams.delete(name);
  return url.toString();
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
