// The NATS connection of the API process; JetStream availability is part of health.
import { connect, type NatsConnection } from 'nats';

export interface WarnLogger {
  warn(details: object, message: string): void;
}

export interface BusStatus {
  ok: boolean;
  jetstream: boolean;
}

export interface Bus {
  readonly connection: NatsConnection;
  status(): Promise<BusStatus>;
  close(): Promise<void>;
}

/** NATS_URL: one server, or a comma-separated list of a cluster's servers (`nats://a:4222,nats://b:4222`). */
export function natsServers(url: string): string[] {
  const servers = url.split(',').map((server) => server.trim()).filter(Boolean);
  if (servers.length === 0) throw new Error('NATS_URL names no server');
  return servers;
}

export async function connectBus(options: { url: string; token?: string; name: string; logger: WarnLogger }): Promise<Bus> {
  // With a list, a lost server is replaced by another one of the list (and any the cluster announces).
  const connection = await connect({
    servers: natsServers(options.url),
    ...(options.token ? { token: options.token } : {}),
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    timeout: 10_000,
  });
  void (async () => {
    for await (const event of connection.status()) {
      if (event.type === 'disconnect' || event.type === 'reconnect' || event.type === 'error') {
        options.logger.warn({ bus: event.type }, `bus ${event.type}`);
      }
    }
  })();

  return {
    connection,
    async status(): Promise<BusStatus> {
      if (connection.isClosed()) return { ok: false, jetstream: false };
      try {
        const manager = await connection.jetstreamManager({ timeout: 2_000 });
        await manager.getAccountInfo();
        return { ok: true, jetstream: true };
      } catch {
        return { ok: !connection.isClosed() && !connection.isDraining(), jetstream: false };
      }
    },
    async close(): Promise<void> {
      if (!connection.isClosed()) await connection.drain().catch(() => connection.close());
    },
  };
}
