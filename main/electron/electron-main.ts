// The Electron main process: the thin layer that applies the plain modules — single instance, one
// hardened window showing the start-up pages then the renderer, the API in a utilityProcess, the
// keychain here in main (through the supervisor), quit stopping the stack in reverse order.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, screen, session, shell, utilityProcess } from 'electron';
import { readStackSettings } from '../stack/stack-settings.js';
import { type DesktopShell, DesktopStartup } from './desktop-startup.js';
import { downloadPath } from './download-path.js';
import { createIpcGate } from './ipc-sender-policy.js';
import { startupPageUrl } from './startup-page.js';
import { UtilityApiLauncher } from './utility-api-launcher.js';
import { navigationDecision, permissionDecision, secureWebPreferences } from './window-policy.js';
import { MIN_SIZE, placeWindow, readWindowState, windowStateFile, writeWindowState } from './window-state.js';

const PRELOAD = fileURLToPath(new URL('./preload.cjs', import.meta.url));

let window: BrowserWindow | null = null;
let appOrigin: string | null = null;
let startupUrl: string | null = null;

const desktopShell: DesktopShell = {
  showStartup(view) {
    appOrigin = null;
    startupUrl = startupPageUrl(view);
    void window?.loadURL(startupUrl);
  },
  showApp(url) {
    startupUrl = null;
    appOrigin = new URL(url).origin;
    void window?.loadURL(url);
  },
};

const settings = readStackSettings();
const startup = new DesktopStartup({ settings, shell: desktopShell, launcher: new UtilityApiLauncher(utilityProcess) });
const WINDOW_STATE = windowStateFile(settings.dataDir);

async function openOutside(url: string): Promise<void> {
  const answer = await dialog.showMessageBox({
    type: 'question',
    buttons: ['Open in browser', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: 'Open this link in your web browser?',
    detail: url,
  });
  if (answer.response === 0) await shell.openExternal(url);
}

// Every IPC handler goes through the gate: only our window's main frame, showing the app's origin or
// the start-up page main loaded, is answered (test/unit/ipc-sender-policy.test.ts checks no handler skips it).
const ipc = createIpcGate(
  ipcMain,
  () => ({ windowContentsId: window?.webContents.id ?? null, appOrigin, startupPageUrl: startupUrl }),
  (channel, sender) => console.warn(`refused IPC ${channel} from webContents ${sender.contentsId} (${sender.isMainFrame ? 'main frame' : 'not the main frame'})`),
);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      const decision = navigationDecision(url, appOrigin);
      if (decision === 'allow') return;
      event.preventDefault();
      if (decision === 'ask-external') void openOutside(url);
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (navigationDecision(url, appOrigin) !== 'deny') void openOutside(url);
      return { action: 'deny' };
    });
  });

  ipc.handle('vantage:connection', ['app'], () => startup.connection);
  ipc.handle('vantage:version', ['app', 'startup'], () => app.getVersion());
  ipc.handle('vantage:open-log-folder', ['app', 'startup'], async () => {
    await shell.openPath(path.dirname(startup.logPath));
  });
  ipc.handle('vantage:retry', ['startup'], async () => {
    await startup.retry();
  });

  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    void startup.quit().finally(() => {
      stopped = true;
      app.quit();
    });
  });
  app.on('window-all-closed', () => app.quit());

  void app.whenReady().then(async () => {
    session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => callback(permissionDecision(permission)));
    session.defaultSession.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission));
    // An export of the app's page goes straight into the Downloads folder, as the page says it does (Electron asked
    // where each time); a download from any other page is refused. One that does not complete is logged.
    session.defaultSession.on('will-download', (event, item, contents) => {
      if (appOrigin === null || !URL.canParse(contents.getURL()) || new URL(contents.getURL()).origin !== appOrigin) {
        event.preventDefault();
        return;
      }
      item.setSavePath(downloadPath(app.getPath('downloads'), item.getFilename(), existsSync));
      item.once('done', (_done, state) => {
        if (state !== 'completed') console.warn(`download ${item.getFilename()} ${state}`);
      });
    });
    // Where the window was at the last quit, on a display that is still there.
    const workAreas = [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((display) => display.workArea);
    const placement = placeWindow(await readWindowState(WINDOW_STATE), workAreas);
    window = new BrowserWindow({
      ...(placement.x === undefined ? {} : { x: placement.x, y: placement.y }),
      width: placement.width,
      height: placement.height,
      minWidth: MIN_SIZE.width,
      minHeight: MIN_SIZE.height,
      title: 'Vantage',
      backgroundColor: '#0f141a',
      show: false,
      webPreferences: secureWebPreferences(PRELOAD),
    });
    window.once('ready-to-show', () => {
      if (placement.maximized) window?.maximize();
      window?.show();
    });
    window.on('close', () => {
      if (!window) return;
      const bounds = window.getNormalBounds();
      void writeWindowState(WINDOW_STATE, { ...bounds, maximized: window.isMaximized() }).catch((error: Error) => console.warn(`window state not saved: ${error.message}`));
    });
    window.on('closed', () => {
      window = null;
    });
    await startup.start();
  });
}
