// The first picture of a camera's MJPEG stream (`multipart/x-mixed-replace`, as Axis, Mobotix and most public network
// cameras serve live video at `/mjpg/video.mjpg`, `/axis-cgi/mjpg/video.cgi`, `/img/video.mjpeg`): what a snapshot of a
// camera listed by its stream shows. Read here rather than with the one npm package for it (mjpeg-consumer, unmaintained),
// which allocates whatever length a part declares: a stream never ends, so its bytes are taken as they arrive (within
// the fetch's size cap), each looked at once, and the stream is closed after the first part.

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
/** A part's headers are a few lines; more than this between the delimiter and the blank line is not a camera's part. */
const MAX_PART_HEADER_BYTES = 8 * 1024;

/**
 * Reads a stream's first part as its bytes arrive (`push`): the part after the first delimiter (the boundary at the
 * start of a line, after its dashes), `Content-Length` bytes long when its headers say so, else up to the next
 * delimiter. Each byte is searched once; the bytes are kept in one buffer that grows by doubling. `push` throws when
 * the part cannot be one (its headers run past 8 KiB).
 */
export class FirstStreamFrame {
  private bytes: Buffer = Buffer.alloc(0);
  private length = 0;
  private readonly boundary: Buffer;
  /** Where the part's headers start (after the delimiter's line), its body starts, and how long it is, once known. */
  private headersAt: number | null = null;
  private bodyAt: number | null = null;
  private contentType: string | null = null;
  private contentLength: number | null = null;
  /** Up to where the bytes were searched for what is looked for now. */
  private searched = 0;
  frame: StreamFrame | null = null;

  constructor(boundary: string) {
    this.boundary = Buffer.from(boundary, 'latin1');
  }

  /** Takes the next bytes; true once the first part is whole (then `frame` holds it). */
  push(chunk: Buffer): boolean {
    if (this.frame) return true;
    this.append(chunk);
    if (this.headersAt === null && !this.findDelimiter()) return false;
    if (this.bodyAt === null && !this.readHeaders()) return false;
    return this.findEnd();
  }

  private append(chunk: Buffer): void {
    if (this.length + chunk.length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.length + chunk.length, this.bytes.length * 2, 64 * 1024));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    chunk.copy(this.bytes, this.length);
    this.length += chunk.length;
  }

  /** The received bytes, without the unused room. */
  private get received(): Buffer {
    return this.bytes.subarray(0, this.length);
  }

  /** The next boundary at a line's start (after its dashes) from `from`, or -1. */
  private delimiterFrom(from: number): number {
    const received = this.received;
    for (let at = received.indexOf(this.boundary, from); at >= 0; at = received.indexOf(this.boundary, at + 1)) {
      let start = at;
      while (start > 0 && received[start - 1] === DASH) start -= 1;
      if (start === 0 || received[start - 1] === LF) return at;
    }
    return -1;
  }

  /** Where the search may start again: a boundary cut by the end of the bytes so far is looked at whole next time. */
  private resumeAt(): number {
    return Math.max(0, this.length - this.boundary.length);
  }

  private findDelimiter(): boolean {
    const at = this.delimiterFrom(this.searched);
    if (at < 0) {
      this.searched = this.resumeAt();
      return false;
    }
    const lineEnd = this.received.indexOf(LF, at);
    if (lineEnd < 0) {
      this.searched = at;
      return false;
    }
    this.headersAt = lineEnd + 1;
    this.searched = this.headersAt;
    return true;
  }

  private readHeaders(): boolean {
    const received = this.received;
    for (;;) {
      const lineEnd = received.indexOf(LF, this.searched);
      if (lineEnd < 0) {
        if (this.length - (this.headersAt as number) > MAX_PART_HEADER_BYTES) throw new Error("the stream's first part has no end to its headers");
        return false;
      }
      const line = received.subarray(this.searched, lineEnd).toString('latin1').replace(/\r$/, '');
      this.searched = lineEnd + 1;
      if (this.searched - (this.headersAt as number) > MAX_PART_HEADER_BYTES) throw new Error("the stream's first part has no end to its headers");
      if (line === '') break;
      const header = /^([^:]+):\s*(.*)$/.exec(line);
      const name = header?.[1]?.trim().toLowerCase();
      const value = (header?.[2] ?? '').trim();
      if (name === 'content-type') this.contentType = value || null;
      if (name === 'content-length' && /^\d{1,9}$/.test(value)) this.contentLength = Number(value);
    }
    this.bodyAt = this.searched;
    return true;
  }

  private findEnd(): boolean {
    const start = this.bodyAt as number;
    if (this.contentLength !== null) {
      if (this.length - start < this.contentLength) return false;
      return this.done(start, start + this.contentLength);
    }
    const next = this.delimiterFrom(Math.max(start, this.searched));
    if (next < 0) {
      this.searched = Math.max(start, this.resumeAt());
      return false;
    }
    // The part ends before the delimiter's dashes and the line break before them.
    let end = next;
    while (end > start && this.bytes[end - 1] === DASH) end -= 1;
    if (end > start && this.bytes[end - 1] === LF) end -= 1;
    if (end > start && this.bytes[end - 1] === CR) end -= 1;
    return this.done(start, end);
  }

  private done(start: number, end: number): boolean {
    this.frame = { contentType: this.contentType, body: Buffer.from(this.bytes.subarray(start, end)) };
    return true;
  }
}

/** JPEG's start-of-image marker: a part that names no type but begins so is a JPEG. */
export function looksLikeJpeg(body: Buffer): boolean {
  return body.length > 2 && body[0] === 0xff && body[1] === 0xd8;
}
