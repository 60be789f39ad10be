// What the event store keeps of one event (each source says how its messages become one).

export const EVENT_SOURCE_TYPES = ['fire', 'camera', 'news', 'aircraft', 'incident', 'alert'] as const;
export type EventSourceType = (typeof EVENT_SOURCE_TYPES)[number];

export interface GeoJsonGeometry {
  type: string;
  coordinates: unknown;
}

export interface EventRecord {
  sourceType: EventSourceType;
  url: string;
  title: string;
  summary: string | null;
  geometry: GeoJsonGeometry | null;
  occurredAt: string;
  payload: Record<string, unknown>;
}
