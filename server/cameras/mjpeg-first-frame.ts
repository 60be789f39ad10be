// The first picture of a camera's MJPEG stream (`multipart/x-mixed-replace`, as Axis, Mobotix and most public network
// cameras serve live video at `/mjpg/video.mjpg`, `/axis-cgi/mjpg/video.cgi`, `/img/video.mjpeg`): what a snapshot of a
// camera listed by its stream shows. Read here rather than with the one npm package for it (mjpeg-consumer, unmaintained),
// which allocates whatever length a part declares: a stream never ends, so its parts are read as they arrive (within the
// fetch's size cap) and the stream is closed after the first.

/** The boundary of a `multipart/x-mixed-replace` answer, or null for any other type (or one without a boundary). */
export function mixedReplaceBoundary(contentType: string | undefined): string | null {
  const match = /^\s*multipart\/x-mixed-replace\s*;(.*)$/i.exec(contentType ?? '');
  if (!match) return null;
  const boundary = /(?:^|;)\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(match[1] as string);
  const value = boundary?.[1] ?? boundary?.[2] ?? '';
  // Cameras disagree on the dashes: some declare `--myboundary` and write it as is, others declare `myboundary` and
  // write `--myboundary` as RFC 2046 says. The token without its leading dashes is found in both.
  const token = value.replace(/^-+/, '');
  return token === '' ? null : token;
}

/** The first part of a stream: its own content type (null when it names none) and its bytes. */
export interface StreamFrame {
  contentType: string | null;
  body: Buffer;
}

const LF = 0x0a;
const CR = 0x0d;
const DASH = 0x2d;
/** A part's headers are a few lines; more than this before the blank line is not a camera's part. */
const MAX_PART_HEADER_BYTES = 8 * 1024;

/** The bytes before `end` without the line break and dashes of the delimiter that follows them. */
function beforeDelimiter(received: Buffer, start: number, end: number): Buffer {
  let last = end;
  while (last > start && received[last - 1] === DASH) last -= 1;
  if (last > start && received[last - 1] === LF) last -= 1;
  if (last > start && received[last - 1] === CR) last -= 1;
  return received.subarray(start, last);
}

/**
 * The first whole part of what a stream has sent so far, or null while it is incomplete: the part after the first
 * delimiter, `Content-Length` bytes long when its headers say so, else up to the next delimiter. Throws when the part
 * cannot be one (its headers run past 8 KiB).
 */
export function firstStreamFrame(received: Buffer, boundary: string): StreamFrame | null {
  const delimiter = received.indexOf(boundary, 0, 'latin1');
  if (delimiter < 0) return null;
  let position = received.indexOf(LF, delimiter);
  if (position < 0) return null;
  position += 1;
  let contentType: string | null = null;
  let contentLength: number | null = null;
  for (;;) {
    const lineEnd = received.indexOf(LF, position);
    if (lineEnd < 0) {
      if (received.length - position > MAX_PART_HEADER_BYTES) throw new Error('the stream\'s first part has no end to its headers');
      return null;
    }
    const line = received.subarray(position, lineEnd).toString('latin1').replace(/\r$/, '');
    position = lineEnd + 1;
    if (line === '') break;
    const header = /^([^:]+):\s*(.*)$/.exec(line);
    const name = header?.[1]?.trim().toLowerCase();
    if (name === 'content-type') contentType = (header?.[2] ?? '').trim() || null;
    if (name === 'content-length' && /^\d+$/.test((header?.[2] ?? '').trim())) contentLength = Number(header?.[2]);
  }
  if (contentLength !== null) {
    return received.length - position >= contentLength ? { contentType, body: received.subarray(position, position + contentLength) } : null;
  }
  const next = received.indexOf(boundary, position, 'latin1');
  return next < 0 ? null : { contentType, body: beforeDelimiter(received, position, next) };
}

/** JPEG's start-of-image marker: a part that names no type but begins so is a JPEG. */
export function looksLikeJpeg(body: Buffer): boolean {
  return body.length > 2 && body[0] === 0xff && body[1] === 0xd8;
}
