// The renderer's settings: offline basemap by default; MAP_STYLE_URL names an online style, handed to
// the renderer behind the token and let through the page's Content-Security-Policy.
import { describe, expect, it } from 'vitest';
import { authorized, createTestApp, TEST_HOST } from '../support/test-app.js';

describe('GET /api/ui-settings and the page CSP', () => {
  it('is offline by default: no style URL, and the page may connect to its own origin only', async () => {
    const subject = await createTestApp({ ingesterEnabled: false });
    try {
      const settings = await subject.app.inject({ method: 'GET', url: '/api/ui-settings', headers: authorized });
      expect(settings.json()).toEqual({ mapStyleUrl: null });
      const page = await subject.app.inject({ method: 'GET', url: '/', headers: { host: TEST_HOST } });
      expect(page.headers['content-security-policy']).toContain("connect-src 'self';");
      expect(page.headers['content-security-policy']).not.toContain('https:');
      expect((await subject.app.inject({ method: 'GET', url: '/api/ui-settings', headers: { host: TEST_HOST } })).statusCode).toBe(401);
    } finally {
      await subject.close();
    }
  });

  it('hands an online style to the renderer and lets its https hosts through the CSP', async () => {
    const styleUrl = 'https://tiles.example.org/styles/streets/style.json?key=abc';
    const subject = await createTestApp({ ingesterEnabled: false, settings: { MAP_STYLE_URL: styleUrl } });
    try {
      expect((await subject.app.inject({ method: 'GET', url: '/api/ui-settings', headers: authorized })).json()).toEqual({ mapStyleUrl: styleUrl });
      const page = await subject.app.inject({ method: 'GET', url: '/', headers: { host: TEST_HOST } });
      expect(page.headers['content-security-policy']).toContain("connect-src 'self' https:;");
      expect(page.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:;");
      // The key in the style URL is not for anyone without the token.
      expect((await subject.app.inject({ method: 'GET', url: '/api/health', headers: authorized })).body).not.toContain('key=abc');
    } finally {
      await subject.close();
    }
  });

  it('refuses a style URL that is not https', async () => {
    await expect(createTestApp({ ingesterEnabled: false, settings: { MAP_STYLE_URL: 'http://tiles.example.org/style.json' } })).rejects.toThrow(
      /MAP_STYLE_URL must be an https URL/,
    );
  });
});
