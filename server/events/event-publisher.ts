// Publishes source messages on the event stream, validated by the same schemas the ingester uses.
import { JSONCodec, type NatsConnection } from 'nats';
import { cameraEventUrl, fireEventUrl } from './event-record.js';
import { type CameraEventMessage, cameraEventMessage, type FireEventMessage, fireEventMessage } from './event-messages.js';

const codec = JSONCodec();

export class EventPublisher {
  constructor(private readonly connection: NatsConnection) {}

  async publishFire(message: FireEventMessage): Promise<void> {
    const valid = fireEventMessage.parse(message);
    // The message id lets JetStream drop a re-publish inside its duplicate window.
    await this.connection.jetstream().publish('events.fire', codec.encode(valid), { msgID: fireEventUrl(valid) });
  }

  /** Publishes many, a window of them in flight at a time; resolves once JetStream has them all. */
  async publishFires(messages: readonly FireEventMessage[], window = 1000): Promise<void> {
    const js = this.connection.jetstream();
    for (let start = 0; start < messages.length; start += window) {
      await Promise.all(
        messages.slice(start, start + window).map((message) => {
          const valid = fireEventMessage.parse(message);
          return js.publish('events.fire', codec.encode(valid), { msgID: fireEventUrl(valid) });
        }),
      );
    }
  }

  async publishCamera(message: CameraEventMessage): Promise<void> {
    const valid = cameraEventMessage.parse(message);
    await this.connection.jetstream().publish('events.camera', codec.encode(valid), { msgID: cameraEventUrl(valid) });
  }
}
