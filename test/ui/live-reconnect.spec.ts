// The live socket reconnects with growing backoff after it drops, says so meanwhile, and catches up on
// what was sent while it was down.
import { type WebSocketRoute } from '@playwright/test';
import { expect, test } from './support/ui-test.js';
import { fireUrlSuffix, ingestFires } from './support/api-helpers.js';
import { AppPage } from './pages/app-page.js';
import { HudPage } from './pages/hud-page.js';
import { MapPage } from './pages/map-page.js';
import { holdNextRead } from './support/held-read.js';

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

test('a first live connection that opens only after the view was read catches up on a fire sent before it opened', async ({ page }) => {
  // Zambia's north-west: no other test puts fires here.
  const FIRE = { longitude: 25.41, latitude: -13.13 };
  let admit = false;
  // The server turns the first attempts away (as a busy API would at start); the page keeps trying.
  await page.routeWebSocket(/\/api\/live/, (socket) => {
    if (admit) socket.connectToServer();
    else void socket.close({ code: 1013, reason: 'try again later' });
  });
  const app = new AppPage(page);
  const hud = new HudPage(page);
  const map = new MapPage(page);
  await app.openReady({ view: [25.4, -13.1, 7] });
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'reconnecting');

  await ingestFires([{ ...FIRE, confidence: 'h', frp: 60 }]);
  admit = true;
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'open', { timeout: 30_000 });
  // Nobody moved the map and the fire was stored before any socket opened: only a read after the open can draw it.
  await map.expectFireDrawnNear(FIRE.longitude, FIRE.latitude);
});

test('after a move the live socket is told the new view before the view is read, so nothing stored between is missed', async ({ page }) => {
  // In the page's own order: each viewport message the socket sends, and each read of the view's events.
  await page.addInitScript(() => {
    const order: string[] = [];
    const scope = globalThis as unknown as {
      __order: string[];
      WebSocket: { prototype: { send(data: unknown): void } };
      fetch: (input: unknown, init?: unknown) => Promise<unknown>;
    };
    scope.__order = order;
    const send = scope.WebSocket.prototype.send;
    scope.WebSocket.prototype.send = function (this: unknown, data: unknown) {
      if (typeof data === 'string' && data.includes('"viewport"')) order.push('viewport');
      return send.call(this, data);
    };
    const fetch = scope.fetch;
    scope.fetch = function (this: unknown, input: unknown, init?: unknown) {
      if (String((input as { url?: string }).url ?? input).includes('/api/events?')) order.push('read');
      return fetch.call(this, input, init);
    };
  });
  const app = new AppPage(page);
  const hud = new HudPage(page);
  await app.openReady({ view: [10, 50, 5] });
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'open');
  await page.evaluate(() => (globalThis as unknown as { __order: string[] }).__order.splice(0));

  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { __order: string[] }).__order.includes('read'))).toBe(true);
  const order = await page.evaluate(() => (globalThis as unknown as { __order: string[] }).__order);
  expect(order.slice(0, order.indexOf('read')), `the page's order: ${order.join(', ')}`).toContain('viewport');
});

test('a first live connection that opens while the first view is still being drawn catches up once it is drawn', async ({ page }) => {
  // Zambia's east: no other test puts fires here.
  const FIRE = { longitude: 31.22, latitude: -12.61 };
  let admit = false;
  await page.routeWebSocket(/\/api\/live/, (socket) => {
    if (admit) socket.connectToServer();
    else void socket.close({ code: 1013, reason: 'try again later' });
  });
  // The first view's read of the cameras is answered as it was when asked, and only once let go: till then the view is
  // not in, and the page not ready.
  const camerasRead = await holdNextRead(page, (url) => url.pathname === '/api/cameras');
  const app = new AppPage(page);
  const hud = new HudPage(page);
  const map = new MapPage(page);
  const firstRead = page.waitForResponse((response) => response.url().includes('/api/fires?'));
  await app.open({ view: [31.2, -12.6, 7] });
  await firstRead;

  // Stored after the first view was read, before any socket opened; the socket opens while the map is still drawing.
  await ingestFires([{ ...FIRE, confidence: 'h', frp: 60 }]);
  admit = true;
  await expect(hud.liveState()).toHaveAttribute('data-live-state', 'open', { timeout: 30_000 });
  await expect(page.locator('html')).not.toHaveAttribute('data-state', 'ready');
  camerasRead.release();
  await app.waitForState('ready');
  // Nobody moved the map: only a read after the open can draw it.
  await map.expectFireDrawnNear(FIRE.longitude, FIRE.latitude);
});
