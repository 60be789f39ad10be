// The desktop shell's plain decisions: secure web preferences, navigation, permissions, startup pages.
import { describe, expect, it } from 'vitest';
import { renderStartupPage, startupPageUrl } from '../../main/electron/startup-page.js';
import { navigationDecision, permissionDecision, secureWebPreferences, STARTUP_PAGE_CSP } from '../../main/electron/window-policy.js';

describe('desktop window policy', () => {
  it('isolates and sandboxes every window, with no Node in the page', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: '/app/preload.cjs',
    });
  });

  it('keeps navigation on the app origin, asks before opening web links outside, refuses other schemes', () => {
    const app = 'http://127.0.0.1:41234';
    expect(navigationDecision('http://127.0.0.1:41234/#token=x', app)).toBe('allow');
    expect(navigationDecision('http://127.0.0.1:41235/', app)).toBe('ask-external');
    expect(navigationDecision('https://www.example.org/story', app)).toBe('ask-external');
    expect(navigationDecision('https://user:pw@www.example.org/', app)).toBe('deny');
    for (const target of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<script>1</script>', 'vantage://x', 'not a url']) {
      expect(navigationDecision(target, app), target).toBe('deny');
    }
    // Before the stack is up there is no app origin: nothing navigates in the window.
    expect(navigationDecision('http://127.0.0.1:41234/', null)).toBe('ask-external');
  });

  it('grants no permission', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) expect(permissionDecision(permission)).toBe(false);
  });

  it('renders startup pages with a strict CSP, no script, and the error escaped', () => {
    const page = renderStartupPage({ kind: 'error', message: '<img src=x onerror=alert(1)> failed', logPath: '/data/logs/vantage.log' });
    expect(page).toContain(`content="${STARTUP_PAGE_CSP}"`);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; failed');
    expect(page).not.toMatch(/<script|<img/);
    expect(page).toContain('/data/logs/vantage.log');
    expect(page).toContain('data-action="retry"');
    const splash = renderStartupPage({ kind: 'progress', steps: ['starting PostgreSQL', 'starting NATS'], firstRun: true });
    expect(splash).toContain('First run');
    expect(splash).toContain('<li>starting NATS</li>');
    expect(decodeURIComponent(startupPageUrl({ kind: 'progress', steps: [], firstRun: false }).slice('data:text/html;charset=utf-8,'.length))).not.toContain(
      'First run',
    );
  });
});
