// A third-party style's attribution HTML becomes plain text before it reaches the page.
import { describe, expect, it } from 'vitest';
import { plainAttributions, plainAttributionText } from '../../renderer/src/map/style-attribution.js';

describe('plainAttributionText', () => {
  it('drops tags and decodes entities', () => {
    expect(plainAttributionText('<a href="https://www.openstreetmap.org/copyright" target="_blank">&copy; OpenStreetMap contributors</a>')).toBe(
      '© OpenStreetMap contributors',
    );
  });

  it('leaves nothing of a script or an event handler but text', () => {
    const text = plainAttributionText('<img src=x onerror="alert(1)"><script>steal()</script>Tiles &#169; Example');
    expect(text).not.toContain('<');
    expect(text).toBe('steal() Tiles © Example');
  });
});

describe('plainAttributions', () => {
  it('skips empty ones and repeats', () => {
    expect(plainAttributions(['<b>A</b>', undefined, 'A', '', 'B'])).toEqual(['A', 'B']);
  });
});
