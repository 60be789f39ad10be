// The splash (progress while the stack starts; the first run initialises the database) and the error
// screen (what failed, the log's path, a retry button) as self-contained HTML.
import { STARTUP_PAGE_CSP } from './window-policy.js';

export type StartupView =
  | { kind: 'progress'; steps: readonly string[]; firstRun: boolean }
  | { kind: 'error'; message: string; logPath: string };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);
}

const STYLE = `
  body { margin: 0; height: 100vh; display: grid; place-items: center; background: #0f141a; color: #d8dee6;
         font: 15px/1.5 system-ui, sans-serif; }
  main { width: min(520px, 90vw); }
  h1 { font-size: 20px; font-weight: 600; margin: 0 0 12px; }
  ol { padding-left: 20px; color: #8a96a3; } li:last-child { color: #d8dee6; }
  pre { white-space: pre-wrap; background: #18202a; padding: 10px; border-radius: 6px; }
  .actions { display: flex; gap: 8px; margin-top: 16px; }
  button { font: inherit; padding: 6px 14px; border-radius: 6px; border: 1px solid #3a4654; background: #1d2733; color: inherit; }
`;

/** `data-action` buttons are wired by the preload (retry, open the log folder); the page runs no script. */
export function renderStartupPage(view: StartupView): string {
  const body =
    view.kind === 'progress'
      ? `<main data-state="loading"><h1>Starting Vantage</h1>
  ${view.firstRun ? '<p>First run: setting up the local database. This takes a little longer once.</p>' : ''}
  <ol>${view.steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol></main>`
      : `<main data-state="error"><h1>Vantage could not start</h1>
  <pre>${escapeHtml(view.message)}</pre>
  <p>Log: <code>${escapeHtml(view.logPath)}</code></p>
  <div class="actions"><button data-action="retry">Retry</button><button data-action="open-logs">Open log folder</button></div></main>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${STARTUP_PAGE_CSP}">
<title>Vantage</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function startupPageUrl(view: StartupView): string {
  return `data:text/html;charset=utf-8,${encodeURIComponent(renderStartupPage(view))}`;
}
