// What the format writers take: each asked-for layer as rows of a point and named values, the columns in order.
import type { ExportLayerName } from './export-schemas.js';

export type ExportValue = string | number | boolean | null;

export interface ExportRow {
  longitude: number;
  latitude: number;
  /** The row's values by column name; an instant is ISO 8601 in UTC. */
  values: Record<string, ExportValue>;
  /** What a placemark is called (KML). */
  title: string;
  /** The instant the row describes (KML TimeStamp), if any. */
  when: string | null;
}

export interface ExportLayer {
  name: ExportLayerName;
  /** The value columns in order (latitude and longitude come first in every format). */
  columns: readonly string[];
  rows: ExportRow[];
  /** The layer's row cap cut it. */
  truncated: boolean;
}
