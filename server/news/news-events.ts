// A news story placed on the map as an event: its bus message (the story and the place it is about), its
// canonical URL (from the story's id, so a story is stored once whatever its link) and the stored event.
import { z } from 'zod';
import { messageInstant, messageLatitude, messageLongitude } from '../events/event-messages.js';
import type { EventRecord } from '../events/event-record.js';
import type { EventSource } from '../events/event-source.js';

export const newsEventMessage = z.object({
  newsItemId: z.string().regex(/^\d{1,19}$/),
  title: z.string().min(1).max(500),
  summary: z.string().max(2000).nullable(),
  link: z.url({ protocol: /^https?$/ }).max(2000).nullable(),
  /** The outlet: the name of the feed the story first came from. Absent in messages published before it was sent. */
  feed: z.string().min(1).max(200).optional(),
  /** The place the story is about, as the gazetteer names it ("Reykjavík, Iceland"). */
  place: z.string().min(1).max(300),
  /** The words of the story that named it. */
  mention: z.string().min(1).max(200),
  latitude: messageLatitude,
  longitude: messageLongitude,
  publishedAt: messageInstant,
});
export type NewsEventMessage = z.infer<typeof newsEventMessage>;

export function newsEventUrl(message: Pick<NewsEventMessage, 'newsItemId'>): string {
  return `vantage:news/${message.newsItemId}`;
}

function newsRecord(message: NewsEventMessage): EventRecord {
  return {
    sourceType: 'news',
    url: newsEventUrl(message),
    title: message.title,
    summary: message.summary ? `${message.place}: ${message.summary}` : message.place,
    geometry: { type: 'Point', coordinates: [message.longitude, message.latitude] },
    occurredAt: new Date(message.publishedAt).toISOString(),
    payload: message,
  };
}

export const newsEvents: EventSource<NewsEventMessage> = {
  subject: 'events.news',
  message: newsEventMessage,
  url: newsEventUrl,
  record: newsRecord,
};
