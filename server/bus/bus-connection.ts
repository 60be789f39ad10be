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

export async function connectBus(options: { url: string; token?: string; name: string; logger: WarnLogger }): Promise<Bus> {
  const connection = await connect({
    servers: options.url,
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
