// Every IPC handler answers only our window's main frame showing the app's origin or the start-up page.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createIpcGate,
  type IpcAllowedSenders,
  type IpcSenderFacts,
  ipcSenderFacts,
  ipcSenderPage,
  type InvokeEventLike,
} from '../../main/electron/ipc-sender-policy.js';
import { startupPageUrl } from '../../main/electron/startup-page.js';

const APP = 'http://127.0.0.1:41234';
const STARTUP = startupPageUrl({ kind: 'error', message: 'PostgreSQL failed: <port in use>', logPath: '/data/logs/vantage.log' });
const WINDOW = 7;

const showingApp: IpcAllowedSenders = { windowContentsId: WINDOW, appOrigin: APP, startupPageUrl: null };
const showingStartup: IpcAllowedSenders = { windowContentsId: WINDOW, appOrigin: null, startupPageUrl: STARTUP };

function sender(frameUrl: string | null, overrides: Partial<IpcSenderFacts> = {}): IpcSenderFacts {
  return { contentsId: WINDOW, frameUrl, isMainFrame: true, ...overrides };
}

describe('IPC sender decision', () => {
  it("accepts the main frame of our window on the app's origin", () => {
    expect(ipcSenderPage(sender(`${APP}/`), showingApp)).toBe('app');
    expect(ipcSenderPage(sender(`${APP}/#token=abc`), showingApp)).toBe('app');
    expect(ipcSenderPage(sender(`${APP}/index.html?x=1`), showingApp)).toBe('app');
  });

  it('accepts the start-up page main loaded, and only that one', () => {
    expect(ipcSenderPage(sender(STARTUP), showingStartup)).toBe('startup');
    const other = startupPageUrl({ kind: 'progress', steps: ['starting NATS'], firstRun: false });
    expect(ipcSenderPage(sender(other), showingStartup)).toBeNull();
    expect(ipcSenderPage(sender('data:text/html,<button data-action="retry">'), showingStartup)).toBeNull();
    // Once the app is shown, the start-up page is no longer a sender.
    expect(ipcSenderPage(sender(STARTUP), showingApp)).toBeNull();
  });

  it('refuses other origins, file:, about:blank, other schemes and frames that are gone', () => {
    for (const url of [
      'http://127.0.0.1:41235/',
      'https://127.0.0.1:41234/',
      'http://localhost:41234/',
      'http://127.0.0.1:41234.evil.example/',
      'https://www.example.org/',
      'file:///etc/passwd',
      `file://${APP}/`,
      'about:blank',
      'about:srcdoc',
      'javascript:alert(1)',
      'devtools://devtools/bundled/inspector.html',
      'chrome-error://chromewebdata/',
      '',
      'not a url',
    ]) {
      expect(ipcSenderPage(sender(url), showingApp), url).toBeNull();
      expect(ipcSenderPage(sender(url), showingStartup), url).toBeNull();
    }
    expect(ipcSenderPage(sender(null), showingApp)).toBeNull();
  });

  it('refuses a subframe, even on the app origin or the start-up page', () => {
    expect(ipcSenderPage(sender(`${APP}/`, { isMainFrame: false }), showingApp)).toBeNull();
    expect(ipcSenderPage(sender(STARTUP, { isMainFrame: false }), showingStartup)).toBeNull();
  });

  it('refuses a different webContents, and everything before our window exists', () => {
    expect(ipcSenderPage(sender(`${APP}/`, { contentsId: WINDOW + 1 }), showingApp)).toBeNull();
    expect(ipcSenderPage(sender(STARTUP, { contentsId: WINDOW + 1 }), showingStartup)).toBeNull();
    expect(ipcSenderPage(sender(`${APP}/`), { ...showingApp, windowContentsId: null })).toBeNull();
  });

  it('refuses everything while no page of ours is shown', () => {
    const nothing: IpcAllowedSenders = { windowContentsId: WINDOW, appOrigin: null, startupPageUrl: null };
    expect(ipcSenderPage(sender(`${APP}/`), nothing)).toBeNull();
    expect(ipcSenderPage(sender(STARTUP), nothing)).toBeNull();
  });
});

interface FakeFrame {
  url: string;
  processId: number;
  frameToken: string;
  parent: FakeFrame | null;
}

function fakeEvent(options: { contentsId?: number; url: string; subframe?: boolean; replacedDocument?: boolean; gone?: boolean }): InvokeEventLike {
  const main: FakeFrame = { url: options.url, processId: 3, frameToken: 'main-token', parent: null };
  let frame: FakeFrame | null = main;
  if (options.subframe) frame = { url: options.url, processId: 3, frameToken: 'child-token', parent: main };
  if (options.replacedDocument) frame = { url: options.url, processId: 4, frameToken: 'old-token', parent: null };
  if (options.gone) frame = null;
  return { sender: { id: options.contentsId ?? WINDOW, mainFrame: main }, senderFrame: frame };
}

describe('IPC sender facts from an Electron event', () => {
  it('reads the webContents, the frame URL and whether the frame is the current main frame', () => {
    expect(ipcSenderFacts(fakeEvent({ url: `${APP}/` }))).toEqual({ contentsId: WINDOW, frameUrl: `${APP}/`, isMainFrame: true });
    expect(ipcSenderFacts(fakeEvent({ url: `${APP}/`, subframe: true })).isMainFrame).toBe(false);
    expect(ipcSenderFacts(fakeEvent({ url: `${APP}/`, replacedDocument: true })).isMainFrame).toBe(false);
    expect(ipcSenderFacts(fakeEvent({ url: `${APP}/`, gone: true }))).toEqual({ contentsId: WINDOW, frameUrl: null, isMainFrame: false });
  });
});

describe('IPC gate', () => {
  function gateWith(allowed: IpcAllowedSenders) {
    const listeners = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
    const refused: string[] = [];
    const gate = createIpcGate<InvokeEventLike>(
      { handle: (channel, listener) => listeners.set(channel, listener) },
      () => allowed,
      (channel) => refused.push(channel),
    );
    return { gate, listeners, refused };
  }

  it('runs the handler for an allowed page, with the page and the arguments', async () => {
    const { gate, listeners } = gateWith(showingApp);
    const calls: unknown[] = [];
    gate.handle('vantage:echo', ['app'], (page, _event, ...args) => {
      calls.push(page, ...args);
      return 'ok';
    });
    await expect(listeners.get('vantage:echo')?.(fakeEvent({ url: `${APP}/` }), 1, 'two')).resolves.toBe('ok');
    expect(calls).toEqual(['app', 1, 'two']);
  });

  it('answers null without running the handler for a refused sender or a page not allowed on that channel', async () => {
    const { gate, listeners, refused } = gateWith(showingApp);
    let ran = 0;
    gate.handle('vantage:retry', ['startup'], () => ++ran);
    gate.handle('vantage:connection', ['app'], () => ++ran);
    const retry = listeners.get('vantage:retry');
    const connection = listeners.get('vantage:connection');
    await expect(retry?.(fakeEvent({ url: `${APP}/` }))).resolves.toBeNull();
    await expect(connection?.(fakeEvent({ url: 'https://www.example.org/' }))).resolves.toBeNull();
    await expect(connection?.(fakeEvent({ url: `${APP}/`, subframe: true }))).resolves.toBeNull();
    await expect(connection?.(fakeEvent({ url: `${APP}/`, contentsId: WINDOW + 1 }))).resolves.toBeNull();
    await expect(connection?.(fakeEvent({ url: 'about:blank' }))).resolves.toBeNull();
    expect(ran).toBe(0);
    expect(refused).toEqual(['vantage:retry', 'vantage:connection', 'vantage:connection', 'vantage:connection', 'vantage:connection']);
  });
});

// --- No handler can skip the gate: the main process's source registers IPC only through it. ---

const MAIN_DIR = fileURLToPath(new URL('../../main/', import.meta.url));

function sources(dir: string): { file: string; code: string }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|js|cjs|mjs)$/.test(entry.name))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      // Comments may name the API; only code counts.
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
      return { file: path.relative(MAIN_DIR, file), code };
    });
}

describe('IPC registration in main/', () => {
  const files = sources(MAIN_DIR);

  it('finds the main process sources', () => {
    expect(files.map((f) => f.file)).toEqual(expect.arrayContaining([path.join('electron', 'electron-main.ts'), path.join('electron', 'ipc-sender-policy.ts')]));
  });

  it('has no raw ipcMain / webContents.ipc / frame.ipc listener, and no ipc-message listener', () => {
    for (const { file, code } of files) {
      expect(code, file).not.toMatch(/\bipcMain\s*\??\.\s*(handle|handleOnce|on|once|addListener|prependListener|prependOnceListener)\b/);
      expect(code, file).not.toMatch(/\.ipc\s*\??\.\s*(handle|handleOnce|on|once|addListener|prependListener|prependOnceListener)\b/);
      expect(code, file).not.toMatch(/['"`]ipc-message(-sync)?['"`]/);
    }
  });

  it('uses ipcMain only to build the gate', () => {
    for (const { file, code } of files) {
      const withoutImports = code.replace(/^import\s[^;]*from\s+['"]electron['"];?$/gm, '');
      const uses = withoutImports.match(/\bipcMain\b/g)?.length ?? 0;
      const gates = withoutImports.match(/\bcreateIpcGate\s*(<[^>]*>)?\s*\(\s*ipcMain\b/g)?.length ?? 0;
      expect(uses, file).toBe(gates);
    }
  });

  it('registers handlers only in the gate itself, which checks the sender before the handler', () => {
    const policy = files.find((f) => f.file === path.join('electron', 'ipc-sender-policy.ts'))?.code ?? '';
    expect(policy.match(/\.handle\s*\(/g)).toHaveLength(1);
    expect(policy).toMatch(/\bipc\.handle\(\s*channel,[\s\S]*?ipcSenderFacts\(event\)[\s\S]*?ipcSenderPage\([\s\S]*?return handler\(/);
  });

  it('answers exactly the channels the preload invokes, each through the gate', () => {
    const main = files.find((f) => f.file === path.join('electron', 'electron-main.ts'))?.code ?? '';
    const preload = files.find((f) => f.file === path.join('electron', 'preload.cjs'))?.code ?? '';
    const handled = [...main.matchAll(/\bipc\.handle\(\s*'([^']+)'/g)].map((m) => m[1]).sort();
    const invoked = [...new Set([...preload.matchAll(/\.invoke\(\s*'([^']+)'/g)].map((m) => m[1]))].sort();
    expect(handled).toEqual(['vantage:connection', 'vantage:open-log-folder', 'vantage:retry', 'vantage:version']);
    expect(invoked).toEqual(handled);
  });
});
