import { describe, expect, it } from 'vitest';
import { FirstStreamFrame, looksLikeJpeg, mixedReplaceBoundary } from '../../server/cameras/mjpeg-first-frame.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x0d, 0x0a, 0x2d, 0x2d, 0x42, 0xff, 0xd9]);

/** The stream's bytes pushed `size` at a time; the frame once one push says it is whole, else null. */
function read(stream: Buffer, boundary: string, size: number): FirstStreamFrame['frame'] {
  const reader = new FirstStreamFrame(boundary);
  for (let at = 0; at < stream.length; at += size) if (reader.push(stream.subarray(at, at + size))) return reader.frame;
  return null;
}

describe("a camera stream's first picture", () => {
  it('reads the boundary as cameras declare it: quoted or not, with the dashes or without', () => {
    expect(mixedReplaceBoundary('multipart/x-mixed-replace; boundary=myboundary')).toBe('myboundary');
    expect(mixedReplaceBoundary('multipart/x-mixed-replace;boundary=--myboundary')).toBe('myboundary');
    expect(mixedReplaceBoundary('Multipart/X-Mixed-Replace; charset=x; boundary="ipcam frame"')).toBe('ipcam frame');
    expect(mixedReplaceBoundary('multipart/x-mixed-replace')).toBeNull();
    expect(mixedReplaceBoundary('multipart/x-mixed-replace; boundary=--')).toBeNull();
    expect(mixedReplaceBoundary('image/jpeg')).toBeNull();
    expect(mixedReplaceBoundary(undefined)).toBeNull();
  });

  it('takes Content-Length bytes when the part says how many (the bytes may hold a line break and dashes), whatever the pieces', () => {
    const head = Buffer.from(`--myboundary\r\nContent-Type: image/jpeg\r\nContent-Length: ${JPEG.length}\r\n\r\n`);
    // Whole only once the picture's last byte has come.
    expect(read(Buffer.concat([head, JPEG.subarray(0, -1)]), 'myboundary', 1_000)).toBeNull();
    for (const size of [1, 3, 7, 1_000]) {
      expect(read(Buffer.concat([head, JPEG, Buffer.from('\r\n--myboundary\r\n')]), 'myboundary', size)).toEqual({ contentType: 'image/jpeg', body: JPEG });
    }
  });

  it('without a length, the part ends at the next delimiter at a line start, its line break and dashes left out', () => {
    // The boundary's text inside the picture, not at a line's start, does not end it; a preamble is passed over.
    const picture = Buffer.concat([Buffer.from([0xff, 0xd8, 1]), Buffer.from('x--frame'), Buffer.from([0xff, 0xd9])]);
    const stream = Buffer.concat([Buffer.from('preamble\r\n--frame\nContent-type:image/jpeg\n\n'), picture]);
    expect(read(stream, 'frame', 1_000)).toBeNull();
    for (const size of [1, 2, 5, 1_000]) {
      expect(read(Buffer.concat([stream, Buffer.from('\r\n--frame\r\n')]), 'frame', size)).toEqual({ contentType: 'image/jpeg', body: picture });
    }
    // No headers at all: the type is left to the caller (a JPEG by its first bytes).
    const bare = read(Buffer.concat([Buffer.from('--frame\r\n\r\n'), picture, Buffer.from('\n--frame')]), 'frame', 4);
    expect(bare).toEqual({ contentType: null, body: picture });
    expect(looksLikeJpeg(bare!.body)).toBe(true);
    expect(looksLikeJpeg(Buffer.from('<html>'))).toBe(false);
  });

  it('gives up on a part whose headers do not end within 8 KiB: one long line, or many short ones', () => {
    const long = Buffer.concat([Buffer.from('--frame\r\nX-Pad: '), Buffer.alloc(9 * 1024, 0x61)]);
    expect(() => read(long, 'frame', 512)).toThrow(/no end to its headers/);
    const many = Buffer.concat([Buffer.from('--frame\r\n'), Buffer.from('X:a\r\n'.repeat(2_000))]);
    expect(() => read(many, 'frame', 5)).toThrow(/no end to its headers/);
    expect(read(Buffer.from('nothing like a delimiter yet'), 'frame', 3)).toBeNull();
  });
});
