// The live socket reconnects with growing backoff after it drops, says so meanwhile, and catches up on
// what was sent while it was down.
import { type WebSocketRoute } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { fireUrlSuffix, ingestFires } from './support/api-helpers.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { MapPage } from './pages/map-page.js';

test('a dropped live connection shows reconnecting, comes back by itself, and backs off longer each time', async ({ page }) => {
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

  const delays: number[] = [];
  for (let drop = 1; drop <= 2; drop += 1) {
    await sockets.at(-1)!.close({ code: 1012, reason: 'service restart' });
    // The retry count and its delay stay on the badge after the retry ran: nothing transient to catch.
    await expect(hud.liveState()).toHaveAttribute('data-retries', String(drop));
    delays.push(Number(await hud.liveState().getAttribute('data-retry-delay-ms')));
    await expect(hud.liveState()).toHaveAttribute('data-live-state', 'open', { timeout: 20_000 });
    expect(sockets).toHaveLength(drop + 1);
  }
  // Exponential: the second drop came within seconds of the first reconnect, so it waits longer
  // (0.5 s then 1 s, ±25 % jitter: the ranges do not overlap).
  expect(delays[0]).toBeGreaterThan(0);
  expect(delays[1]).toBeGreaterThan(delays[0]!);
});

test('after a reconnect the view catches up on a fire sent while the socket was down', async ({ page }) => {
  // Central Africa: no other test puts fires here.
  const FIRE = { longitude: 24.53, latitude: -12.02 };
  let dropping = false;
  const dropped: string[] = [];
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/live/, (socket) => {
    const server = socket.connectToServer();
    // While `dropping`, the server's frames are lost, as they are when the connection is down.
    server.onMessage((message) => {
      if (dropping) dropped.push(String(message));
      else socket.send(message);
    });
    sockets.push(socket);
  });
  const app = new AppPage(page);
  const hud = new HudPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [24.5, -12, 7] });
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'open');

  dropping = true;
  await ingestFires([{ ...FIRE, confidence: 'h', frp: 60 }]);
  // The server did send it (so a later delivery cannot be what draws it), and it was lost.
  await expect.poll(() => dropped.some((frame) => frame.includes(fireUrlSuffix(FIRE.latitude, FIRE.longitude)))).toBe(true);
  expect(await map.firesNear(FIRE.longitude, FIRE.latitude)).toBe(0);

  dropping = false;
  await sockets[0]!.close({ code: 1012, reason: 'service restart' });
  await expect(hud.liveState()).toHaveAttribute('data-retries', '1');
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'open', { timeout: 20_000 });
  // Nobody moved the map: only the reload after the reconnect can have drawn it.
  await map.expectFireDrawnNear(FIRE.longitude, FIRE.latitude);
});
