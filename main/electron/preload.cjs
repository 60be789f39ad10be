// Preload of every window (sandboxed, so CommonJS): a few named functions for the page, nothing
// generic — no ipcRenderer, no invoke by channel name.
const { contextBridge, ipcRenderer } = require('electron');

contextBridge.exposeInMainWorld(
  'vantage',
  Object.freeze({
    /** `{ apiUrl, token }` once the stack is up, for the app's own pages; null otherwise. */
    connection: () => ipcRenderer.invoke('vantage:connection'),
    appVersion: () => ipcRenderer.invoke('vantage:version'),
    openLogFolder: () => ipcRenderer.invoke('vantage:open-log-folder'),
  }),
);

// The splash and error pages run no script of their own: their buttons are wired here.
window.addEventListener('click', (event) => {
  if (location.protocol !== 'data:') return;
  const target = event.target instanceof Element ? event.target.closest('[data-action]') : null;
  const action = target ? target.getAttribute('data-action') : null;
  if (action === 'retry') void ipcRenderer.invoke('vantage:retry');
  if (action === 'open-logs') void ipcRenderer.invoke('vantage:open-log-folder');
});
