// Shapes that answers of several domains share; each domain's own answers live beside its routes.
import { z } from 'zod';

/** `{ error: { code, message, details? } }`: every 4xx and 5xx answer. */
export const errorResponse = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  })
  .meta({ id: 'Error' });

/** An instant as ISO 8601 in UTC, as the API writes it. */
export const instant = z.string().meta({ description: 'ISO 8601 instant (UTC)' });

/** `[west, south, east, north]` in decimal degrees. */
export const bboxTuple = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** A GeoJSON geometry as PostGIS writes it. */
export const geoJsonGeometry = z.object({ type: z.string(), coordinates: z.unknown() }).meta({ id: 'GeoJsonGeometry' });
export type GeoJsonGeometry = z.infer<typeof geoJsonGeometry>;

/** An answer with no body (204). */
export const noContent = z.null().meta({ description: 'no content' });

/** A binary answer (a tile, an image) of the given content types, for the OpenAPI document. */
export function binaryResponse(description: string, contentTypes: readonly string[]) {
  const schema = z.custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array).meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])) };
}
