// POST /api/ingest/fires, GET /api/fires, GET /api/fires/count, GET /api/fires/timeline and the fire tile answers.
import { z } from 'zod';
import { bboxTuple, binaryResponse, instant } from '../http/response-schemas.js';

export const fireIngestCounts = z
  .object({
    /** Detections received (valid rows, those left out below not among them). */
    received: z.number(),
    stored: z.number(),
    duplicate: z.number(),
    /** Valid rows of FIRMS `type` 1–3 (a volcano, another static land source such as industry, offshore): not stored. */
    notVegetationFires: z.number(),
  })
  .meta({ id: 'FireIngestCounts' });

export const fire = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    acqTime: instant,
    /** FIRMS satellite code as stored: N (Suomi NPP), N20, N21, Terra, Aqua. */
    satellite: z.string(),
    confidence: z.string().nullable(),
    /** Fire radiative power, MW. */
    frp: z.number().nullable(),
    /** D (day) or N (night). */
    dayNight: z.string().nullable(),
    instrument: z.string().nullable(),
  })
  .meta({ id: 'Fire' });
export type Fire = z.infer<typeof fire>;

export const fireList = z.array(fire).meta({ id: 'FireList' });

/** GET /api/fires/count: how many detections the view, window and filter hold (no limit). */
export const fireCount = z.object({ count: z.number().int() }).meta({ id: 'FireCount' });

/** The detection under the filter nearest a point (the map's centre when its view holds none): where, when, how far. */
export const nearestFire = z
  .object({
    nearest: z
      .object({
        latitude: z.number(),
        longitude: z.number(),
        acqTime: instant,
        /** Along the earth's surface, from the point asked about. */
        distanceKm: z.number(),
        /** Clockwise from north, as seen from the point asked about: 0–360. */
        bearingDeg: z.number(),
      })
      .nullable(),
  })
  .meta({ id: 'NearestFire' });
export type NearestFire = z.infer<typeof nearestFire>;
export type FireCount = z.infer<typeof fireCount>;

/**
 * GET /api/fires/timeline: the detections of a range under the filter per minute of acquisition, and per 1° map cell
 * (cell = (floor(latitude) + 90) × 360 + floor(longitude) + 180, as the playback rollup numbers them), of the cells the
 * bbox touches. The timeline shows them in place of the rollup's unfiltered fires while a filter narrows the map.
 */
export const fireTimeline = z
  .object({
    since: instant,
    until: instant,
    buckets: z.array(z.object({ minute: instant, count: z.number().int() })),
    cells: z.array(z.object({ cell: z.number().int(), bbox: bboxTuple, count: z.number().int() })),
  })
  .meta({ id: 'FireTimeline' });
export type FireTimeline = z.infer<typeof fireTimeline>;

/** A Mapbox vector tile, layer `fires` (properties satellite, confidence, frp, dayNight, acqTime in epoch seconds). */
export const fireTile = binaryResponse('Mapbox vector tile, layer `fires`', ['application/vnd.mapbox-vector-tile']);

/** 304: the tile named by If-None-Match still holds (no body). */
export const fireTileNotModified = z.null().meta({ description: 'not modified: the ETag sent in If-None-Match still holds' });
