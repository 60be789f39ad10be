// A listed camera's words (title, city, country) are stored as text, a thousand cameras at a time in one jsonb
// parameter: a NUL or a broken surrogate in one of them made PostgreSQL refuse that whole upsert, and with it the
// crawl of every directory. Such a camera is skipped and counted under its reason, as a line that is no URL is.
import { textProblem } from '../http/safe-text.js';
import type { DirectoryPage, ListedCamera } from './camera-listing.js';

export const UNSTORABLE_TEXT = 'title or place with text that cannot be stored (NUL or broken Unicode)';

function hasStorableText(camera: ListedCamera): boolean {
  return [camera.title, camera.city, camera.country].every((text) => text === null || textProblem(text) === null);
}

/** The page without its cameras whose words cannot be stored, those counted as skipped under their image's address. */
export function withStorableText(page: DirectoryPage): DirectoryPage {
  if (page.cameras.every(hasStorableText)) return page;
  const cameras: ListedCamera[] = [];
  const skips = [...page.skips];
  for (const camera of page.cameras) {
    // The address is an encoded URL: it holds no NUL, and it can be found in the directory.
    if (hasStorableText(camera)) cameras.push(camera);
    else skips.push({ reason: UNSTORABLE_TEXT, where: camera.url });
  }
  const unstorable = page.cameras.length - cameras.length;
  return {
    ...page,
    cameras,
    skipped: page.skipped + unstorable,
    skippedReasons: { ...page.skippedReasons, [UNSTORABLE_TEXT]: (page.skippedReasons[UNSTORABLE_TEXT] ?? 0) + unstorable },
    skips,
  };
}
