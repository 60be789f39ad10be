// A nats-server of the test file's own, for tests whose stream and consumer must not be shared.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NatsService } from '../../main/stack/nats-service.js';
import { createStackLogger } from '../../main/stack/stack-logger.js';

export interface OwnNats {
  url: string;
  token: string;
  /** Stops the server but keeps its store, as a crash would. */
  pause(): Promise<void>;
  /** Starts it again on the same address with the same store. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** `maxFileStoreBytes`: JetStream's disk limit (as on a disk with little room). */
export async function startOwnNats(options: { maxFileStoreBytes?: number } = {}): Promise<OwnNats> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vantage-test-nats-'));
  const nats = new NatsService({ dataDir, logger: createStackLogger({ level: 'warn', quiet: true }), ...options });
  await nats.start();
  return {
    url: nats.url,
    token: nats.token,
    pause: () => nats.stop(),
    resume: () => nats.start(),
    async stop() {
      await nats.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
