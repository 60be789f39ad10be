import { describe, expect, it } from 'vitest';
import { firstStreamFrame, looksLikeJpeg, mixedReplaceBoundary } from '../../server/cameras/mjpeg-first-frame.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x0d, 0x0a, 0x2d, 0x2d, 0x42, 0xff, 0xd9]);

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

  it('takes Content-Length bytes when the part says how many (the bytes may hold a line break and dashes)', () => {
    const head = Buffer.from(`--myboundary\r\nContent-Type: image/jpeg\r\nContent-Length: ${JPEG.length}\r\n\r\n`);
    const whole = Buffer.concat([head, JPEG, Buffer.from('\r\n--myboundary\r\n')]);
    // Incomplete until the last byte of the picture has arrived.
    expect(firstStreamFrame(whole.subarray(0, head.length + JPEG.length - 1), 'myboundary')).toBeNull();
    expect(firstStreamFrame(whole.subarray(0, head.length + JPEG.length), 'myboundary')).toEqual({ contentType: 'image/jpeg', body: JPEG });
  });

  it('without a length, the part ends at the next delimiter, its line break and dashes left out; a preamble is passed over', () => {
    const picture = Buffer.from([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
    const first = Buffer.concat([Buffer.from('preamble\r\n--frame\nContent-type:image/jpeg\n\n'), picture]);
    expect(firstStreamFrame(first, 'frame')).toBeNull();
    expect(firstStreamFrame(Buffer.concat([first, Buffer.from('\r\n--frame\r\n')]), 'frame')).toEqual({ contentType: 'image/jpeg', body: picture });
    // No headers at all: the type is left to the caller (a JPEG by its first bytes).
    const bare = firstStreamFrame(Buffer.concat([Buffer.from('--frame\r\n\r\n'), picture, Buffer.from('\n--frame')]), 'frame');
    expect(bare).toEqual({ contentType: null, body: picture });
    expect(looksLikeJpeg(bare!.body)).toBe(true);
    expect(looksLikeJpeg(Buffer.from('<html>'))).toBe(false);
  });

  it('gives up on a part whose headers do not end within 8 KiB', () => {
    const endless = Buffer.concat([Buffer.from('--frame\r\nX-Pad: '), Buffer.alloc(9 * 1024, 0x61)]);
    expect(() => firstStreamFrame(endless, 'frame')).toThrow(/no end to its headers/);
    expect(firstStreamFrame(Buffer.from('nothing like a delimiter yet'), 'frame')).toBeNull();
  });
});
