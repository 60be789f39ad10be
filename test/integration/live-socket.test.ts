import { JSONCodec, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_ALERTS_SUBJECT, LIVE_CORRELATIONS_SUBJECT, LIVE_EVENTS_SUBJECT } from '../../server/live/live-subjects.js';
import { EventPublisher } from '../../server/events/event-publisher.js';
import { fireEvents, fireEventUrl } from '../../server/fires/fire-events.js';
import { startWorkers, type Workers } from '../../server/workers.js';
import { fireMessage } from '../support/event-fixtures.js';
import { connectTestBus } from '../support/ingest-helpers.js';
import { LiveClient } from '../support/live-client.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { waitFor } from '../support/process-check.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../support/test-app.js';

const CALIFORNIA: [number, number, number, number] = [-125, 32, -114, 42];
const EUROPE: [number, number, number, number] = [-10, 35, 30, 60];
const PACIFIC: [number, number, number, number] = [170, -30, -170, 10];

describe('GET /api/live — WebSocket with viewport fan-out (real bus, real ingester)', () => {
  let nats: OwnNats;
  let subject: TestApp;
  let workers: Workers;
  let bus: NatsConnection;
  let publisher: EventPublisher;
  let liveUrl: string;
  const clients: LiveClient[] = [];
  let minute = 0;

  /** A fire at a new instant each call, so every event is new. */
  const fireAt = async (longitude: number, latitude: number): Promise<string> => {
    minute += 1;
    const message = fireMessage({ longitude, latitude, acqTime: new Date(Date.parse('2026-11-21T00:00:00Z') + minute * 60_000).toISOString() });
    await publisher.publishOne(fireEvents, message);
    return fireEventUrl(message);
  };
  /** A client that sees the whole world: once it has an event, every client's frame of it has been sent. */
  let world: LiveClient;
  const settled = async (...urls: string[]) => {
    for (const url of urls) await world.waitForEvent(url);
  };
  const open = async (): Promise<LiveClient> => {
    const client = await LiveClient.open(`${liveUrl}?token=${TEST_TOKEN}`);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({
      natsUrl: nats.url,
      natsToken: nats.token,
      port: 0,
      liveHealthIntervalMs: 1_000,
      liveMaxBufferedBytes: 64 * 1024,
    });
    const address = await subject.app.listen({ host: '127.0.0.1', port: 0 });
    liveUrl = `${address.replace('http', 'ws')}/api/live`;
    workers = startWorkers(subject.app);
    bus = await connectTestBus(nats.url, nats.token);
    publisher = new EventPublisher(bus);
    world = await open();
    await world.setViewport([-180, -90, 180, 90]);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await bus?.close();
    await workers?.stop();
    await subject?.close();
    await nats?.stop();
  });

  it('refuses a socket without the token, or with a wrong one', async () => {
    await expect(LiveClient.open(liveUrl)).rejects.toThrow('HTTP 401');
    await expect(LiveClient.open(`${liveUrl}?token=wrong`)).rejects.toThrow('HTTP 401');
  });

  it('sends an event only to the clients whose viewport contains it', async () => {
    const west = await open();
    const europe = await open();
    await west.setViewport(CALIFORNIA);
    await europe.setViewport(EUROPE);
    const inCalifornia = await fireAt(-120.5, 38.2);
    const inFrance = await fireAt(2.35, 48.85);
    await settled(inCalifornia, inFrance);
    // Markers sent after both were fanned out: a socket delivers in order, so what came before them is all.
    const westMarker = await fireAt(-115, 33);
    const europeMarker = await fireAt(20, 55);
    await west.waitForEvent(westMarker);
    await europe.waitForEvent(europeMarker);
    expect(west.eventUrls()).toEqual([inCalifornia, westMarker]);
    expect(europe.eventUrls()).toEqual([inFrance, europeMarker]);
  });

  it('the events of one stored batch reach a client as one message, in their order, those in its viewport only', async () => {
    const client = await open();
    await client.setViewport(CALIFORNIA);
    const batch = [
      { url: 'https://batch.test/1', sourceType: 'fire', bbox: [-120, 37, -120, 37] },
      { url: 'https://batch.test/2', sourceType: 'fire', bbox: [10, 50, 10, 50] },
      { url: 'https://batch.test/3', sourceType: 'fire', bbox: [-119, 36, -119, 36] },
    ];
    // What the ingester announces after storing a batch: one array on the live subject.
    bus.publish(LIVE_EVENTS_SUBJECT, JSONCodec().encode(batch));
    await client.waitForEvent('https://batch.test/3');
    await world.waitForEvent('https://batch.test/3');
    const received = client.messages.filter((message) => message.type === 'events');
    expect(received).toHaveLength(1);
    expect(received[0]!.events!.map((event) => event.url)).toEqual(['https://batch.test/1', 'https://batch.test/3']);
    expect(world.messages.filter((message) => message.type === 'events').at(-1)!.events!.map((event) => event.url)).toEqual(batch.map((event) => event.url));
  });

  it('a viewport across the antimeridian gets events on both sides of it', async () => {
    const pacific = await open();
    await pacific.setViewport(PACIFIC);
    const fiji = await fireAt(178.4, -18.1);
    const samoa = await fireAt(-172.1, -13.8);
    const greenwich = await fireAt(0, 0);
    await settled(fiji, samoa, greenwich);
    const marker = await fireAt(-171, 5);
    await pacific.waitForEvent(marker);
    expect(pacific.eventUrls().sort()).toEqual([fiji, samoa, marker].sort());
    expect(pacific.eventUrls()).not.toContain(greenwich);
  });

  it('follows a viewport change mid-stream', async () => {
    const client = await open();
    await client.setViewport(CALIFORNIA);
    const first = await fireAt(-121, 37);
    await client.waitForEvent(first);
    await client.setViewport(EUROPE);
    const oldPlace = await fireAt(-121, 37.5);
    await settled(oldPlace);
    const newPlace = await fireAt(10, 50);
    await client.waitForEvent(newPlace);
    expect(client.eventUrls()).toEqual([first, newPlace]);
  });

  it('a client without a viewport gets no events; bad messages get an error, not a disconnect', async () => {
    const client = await open();
    client.socket.send('{"type":"viewport","bbox":[0,50,10]}');
    client.socket.send('not json');
    await waitFor(() => client.messages.filter((message) => message.type === 'error').length === 2 || undefined, 5_000, 'errors');
    const url = await fireAt(-119, 36);
    await settled(url);
    client.socket.send('{"type":"ping"}');
    await waitFor(() => client.messages.some((message) => message.type === 'pong') || undefined, 5_000, 'pong');
    expect(client.eventUrls()).toEqual([]);
    expect(client.closeCode).toBeNull();
  });

  it('sends alerts to every client, whatever its viewport', async () => {
    const client = await open();
    await client.setViewport(EUROPE);
    bus.publish(LIVE_ALERTS_SUBJECT, JSONCodec().encode({ id: 'alert-1', geofence: 'Sonoma', title: 'Fire inside geofence' }));
    await waitFor(() => client.messages.find((message) => message.type === 'alert'), 5_000, 'an alert');
    expect(client.messages.find((message) => message.type === 'alert')).toMatchObject({ type: 'alert', alert: { id: 'alert-1' } });
  });

  it('sends new aircraft–fire pairs to every client', async () => {
    const client = await open();
    bus.publish(LIVE_CORRELATIONS_SUBJECT, JSONCodec().encode([{ icao24: 'a00001', targetType: 'fire', targetId: 'N20/x', distanceM: 1200 }]));
    await waitFor(() => client.messages.find((message) => message.type === 'correlation'), 5_000, 'a correlation');
    expect(client.messages.find((message) => message.type === 'correlation')).toMatchObject({ correlation: { icao24: 'a00001', targetType: 'fire' } });
  });

  it('a second API process on the same bus fans out to its own clients what the first one stored', async () => {
    const second = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, port: 0, ingesterEnabled: false });
    try {
      const address = await second.app.listen({ host: '127.0.0.1', port: 0 });
      const remote = await LiveClient.open(`${address.replace('http', 'ws')}/api/live?token=${TEST_TOKEN}`);
      clients.push(remote);
      await remote.setViewport(CALIFORNIA);
      const url = await fireAt(-120, 37);
      await remote.waitForEvent(url);
      expect(remote.eventUrls()).toEqual([url]);
    } finally {
      await second.close();
    }
  });

  it('what this process stored reaches its own clients once: at its announcement, not again when it comes back from the bus', async () => {
    const client = await open();
    await client.setViewport(CALIFORNIA);
    const announced: string[][] = [];
    const heard = bus.subscribe(LIVE_EVENTS_SUBJECT, {
      callback: (_error, message) => announced.push((JSONCodec().decode(message.data) as Array<{ url: string }>).map((event) => event.url)),
    });
    try {
      await bus.flush();
      const url = await fireAt(-118, 34);
      // Announced on the bus for the other API processes, as before.
      await waitFor(() => announced.some((urls) => urls.includes(url)) || undefined, 10_000, 'the announcement on the bus');
      // A batch from elsewhere, published after the app's announcement reached the bus: the app's own subscription
      // hears the two in that order, so once this one is delivered the echo has been heard (and dropped).
      bus.publish(LIVE_EVENTS_SUBJECT, JSONCodec().encode([{ url: 'https://elsewhere.test/1', sourceType: 'fire', bbox: [-119, 35, -119, 35] }]));
      await client.waitForEvent('https://elsewhere.test/1');
      expect(client.eventUrls()).toEqual([url, 'https://elsewhere.test/1']);
    } finally {
      heard.unsubscribe();
    }
  });

  it('sends health messages', async () => {
    const client = await open();
    await waitFor(() => client.messages.find((message) => message.type === 'health'), 5_000, 'a health message');
    const health = client.messages.find((message) => message.type === 'health') as unknown as { health: { status: string; pipelines: object } };
    expect(health.health.status).toBe('ok');
    expect(Object.keys(health.health.pipelines)).toContain('ingester');
  });

  it('drops a client that stops reading once its send buffer passes the cap; the others keep receiving', async () => {
    const slow = await open();
    const healthy = await open();
    await slow.setViewport(CALIFORNIA);
    await healthy.setViewport(CALIFORNIA);
    // The slow client's process stops reading its socket: the server's send buffer fills.
    (slow.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const before = subject.app.live.snapshot().droppedClients;
    const padding = 'x'.repeat(2_000);
    const now = new Date().toISOString();
    for (let i = 0; i < 5_000 && subject.app.live.snapshot().droppedClients === before; i += 1) {
      subject.app.live.publishEvent({
        id: String(i),
        sourceType: 'news',
        url: `bulk:${i}`,
        title: 'bulk',
        summary: padding,
        geometry: { type: 'Point', coordinates: [-120, 38] },
        bbox: [-120, 38, -120, 38],
        occurredAt: now,
        ingestedAt: now,
        payload: {},
      });
      // Yield as a busy server would between bursts, so the healthy client's socket can drain.
      if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(subject.app.live.snapshot().droppedClients).toBe(before + 1);
    const url = await fireAt(-118, 34);
    await healthy.waitForEvent(url);
  });
});
