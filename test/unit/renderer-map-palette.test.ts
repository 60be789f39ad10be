import { describe, expect, it } from 'vitest';
import { PALETTE } from '../../renderer/src/map/map-palette.js';

/** The hue of a #rrggbb colour, in degrees. */
function hue(color: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const span = max - Math.min(r, g, b);
  if (span === 0) return 0;
  const sixth = max === r ? ((g - b) / span) % 6 : max === g ? (b - r) / span + 2 : (r - g) / span + 4;
  return (sixth * 60 + 360) % 360;
}

const apart = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('the map palette', () => {
  it('draws incidents in a hue well apart from every fire colour (in the fires\' orange, hundreds of them read as detections)', () => {
    for (const fire of [PALETTE.fireHigh, PALETTE.fireNominal, PALETTE.fireLow]) {
      expect(apart(hue(PALETTE.incident), hue(fire)), fire).toBeGreaterThanOrEqual(60);
    }
  });
});
