// Publishes source messages on the event stream, validated by the same schemas the ingester uses.
import { createHash } from 'node:crypto';
import { JSONCodec, type NatsConnection } from 'nats';
import { cameraEventUrl, fireEventUrl } from './event-record.js';
import { type CameraEventMessage, cameraEventMessage, type FireEventMessage, fireEventMessage, MAX_PAYLOADS_PER_MESSAGE } from './event-messages.js';

const codec = JSONCodec();

export class EventPublisher {
  constructor(private readonly connection: NatsConnection) {}

  async publishFire(message: FireEventMessage): Promise<void> {
    const valid = fireEventMessage.parse(message);
    // The message id lets JetStream drop a re-publish inside its duplicate window.
    await this.connection.jetstream().publish('events.fire', codec.encode(valid), { msgID: fireEventUrl(valid) });
  }

  /**
   * Publishes many detections, up to `perMessage` in one bus message (an array), a few messages in
   * flight at a time; resolves once JetStream has stored them all.
   */
  async publishFires(messages: readonly FireEventMessage[], perMessage = 1000): Promise<void> {
    const js = this.connection.jetstream();
    const chunks: FireEventMessage[][] = [];
    for (let start = 0; start < messages.length; start += Math.min(perMessage, MAX_PAYLOADS_PER_MESSAGE)) {
      chunks.push(messages.slice(start, start + Math.min(perMessage, MAX_PAYLOADS_PER_MESSAGE)).map((message) => fireEventMessage.parse(message)));
    }
    for (let start = 0; start < chunks.length; start += 8) {
      await Promise.all(
        chunks.slice(start, start + 8).map((chunk) => {
          // The same batch published twice inside the duplicate window is stored once by JetStream.
          const id = createHash('sha256').update(chunk.map((message) => fireEventUrl(message)).join('\n')).digest('hex');
          return js.publish('events.fire', codec.encode(chunk), { msgID: id });
        }),
      );
    }
  }

  async publishCamera(message: CameraEventMessage): Promise<void> {
    const valid = cameraEventMessage.parse(message);
    await this.connection.jetstream().publish('events.camera', codec.encode(valid), { msgID: cameraEventUrl(valid) });
  }
}
