// The live socket reconnects with backoff after it drops, and the HUD says so meanwhile.
import { expect, test, type WebSocketRoute } from '@playwright/test';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';

test('a dropped live connection shows reconnecting, then comes back by itself', async ({ page }) => {
  const sockets: WebSocketRoute[] = [];
  // Pass-through to the real server, so the test can cut the connection from the server's side.
  await page.routeWebSocket(/\/api\/live/, (socket) => {
    socket.connectToServer();
    sockets.push(socket);
  });
  const app = new AppPage(page);
  const hud = new HudPage(page);
  await app.openReady();
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'open');
  expect(sockets).toHaveLength(1);

  await sockets[0]!.close({ code: 1012, reason: 'service restart' });
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'reconnecting');
  await expect(hud.liveState()).toContainText('retrying in');
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'open', { timeout: 20_000 });
  expect(sockets).toHaveLength(2);
});
