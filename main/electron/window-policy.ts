// What the desktop windows may do, as plain decisions the Electron layer applies: web preferences,
// where navigation may go, which permissions are granted (none), and the startup pages' CSP.

export interface SecureWebPreferences {
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  webviewTag: false;
  navigateOnDragDrop: false;
  spellcheck: false;
  preload: string;
}

export function secureWebPreferences(preload: string): SecureWebPreferences {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    preload,
  };
}

export type NavigationDecision = 'allow' | 'ask-external' | 'deny';

/**
 * In-app navigation stays on the app's own origin. A web link elsewhere may open in the system browser
 * once the user confirms; every other scheme (file:, javascript:, data:, custom handlers) is refused.
 */
export function navigationDecision(target: string, appOrigin: string | null): NavigationDecision {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'deny';
  }
  if (appOrigin && url.origin === appOrigin) return 'allow';
  if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password) return 'ask-external';
  return 'deny';
}

/** Camera, microphone, geolocation, notifications, clipboard, …: the app asks for none of them. */
export function permissionDecision(_permission: string): false {
  return false;
}

/** The splash and error pages are generated HTML with no script and no remote content. */
export const STARTUP_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";
