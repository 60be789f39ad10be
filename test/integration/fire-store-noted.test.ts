// A store this process makes is noted on its change feed at its commit, before its answer goes out, without waiting
// to hear the commit's notification: a tile asked for right after an ingest is never answered from memory. The feed
// here listens to another database, so it is live but never hears these commits: only the noting can mark the hour.
import type { NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventPublisher } from '../../server/events/event-publisher.js';
import { FireChangeFeed } from '../../server/fires/fire-change-feed.js';
import type { FireDetection } from '../../server/fires/fire-detection.js';
import { FireQueries, TILE_CACHE_BYTES } from '../../server/fires/fire-queries.js';
import { FireRepository } from '../../server/fires/fire-repository.js';
import { FireService } from '../../server/fires/fire-service.js';
import { connectTestBus } from '../support/ingest-helpers.js';
import { startOwnNats, type OwnNats } from '../support/own-nats.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.js';

const HOUR_MS = 3_600_000;
const quiet = { warn: () => undefined };

describe('a store of this process on its change feed', () => {
  let nats: OwnNats;
  let subject: TestApp;
  let bus: NatsConnection;
  let elsewhere: TestDatabase;
  let deaf: FireChangeFeed;

  beforeAll(async () => {
    nats = await startOwnNats();
    subject = await createTestApp({ natsUrl: nats.url, natsToken: nats.token, ingesterEnabled: false });
    bus = await connectTestBus(nats.url, nats.token);
    elsewhere = await createMigratedTestDatabase();
    deaf = new FireChangeFeed({ databaseUrl: elsewhere.url, log: quiet });
    await deaf.start();
  });
  afterAll(async () => {
    await deaf?.stop();
    await bus?.close();
    await subject?.close();
    await nats?.stop();
    await elsewhere?.drop();
  });

  it('marks the hours it stored in as soon as the store returns; the other hours stay unchanged', async () => {
    expect(deaf.live).toBe(true);
    const fires = new FireRepository(subject.app.db);
    const service = new FireService(subject.app.db, fires, new EventPublisher(bus), 'VIIRS_NOAA20_NRT', new FireQueries(fires, 50_000, TILE_CACHE_BYTES, deaf));
    const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS;
    const detection: FireDetection = {
      latitude: 45.5,
      longitude: 10.5,
      acqTime: new Date(hour + 600_000).toISOString().replace('.000Z', 'Z'),
      satellite: 'N20',
      instrument: 'VIIRS',
      confidence: 'n',
      frp: 4.2,
      brightness: null,
      brightnessT31: null,
      scan: null,
      track: null,
      version: null,
      daynight: 'N',
    };
    const checked = deaf.now;
    expect(await service.ingest([detection])).toMatchObject({ stored: 1 });
    expect(deaf.unchangedSince(checked, new Date(hour), new Date(hour + HOUR_MS))).toBe(false);
    expect(deaf.unchangedSince(checked, new Date(hour + HOUR_MS), new Date(hour + 2 * HOUR_MS))).toBe(true);
    // Stored again: nothing new, no hour bumped, nothing noted.
    const again = deaf.now;
    expect(await service.ingest([detection])).toMatchObject({ stored: 0 });
    expect(deaf.unchangedSince(again, new Date(hour))).toBe(true);
  });
});
