// GET /api/aircraft?bbox=&firefighting=&limit=&at=, GET /api/aircraft/trails?bbox=&minutes=&at=&points=,
// GET /api/aircraft/recorded and GET /api/correlations?since=
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aircraftList, aircraftRecorded, aircraftTrailList, correlationList } from './aircraft-schemas.js';
import { bboxParam, geofenceIdParam, instantParam, limitParam } from '../http/query-params.js';
import { type AircraftQueries, TRAIL_MINUTES_DEFAULT, TRAIL_MINUTES_MAX, TRAIL_POINTS_DEFAULT, TRAIL_POINTS_MAX } from './aircraft-queries.js';

const aircraftQuery = z
  .object({
    bbox: bboxParam.optional(),
    firefighting: z.enum(['true', 'false']).optional(),
    limit: limitParam(2_000, 20_000),
    /** Where the aircraft were at this minute (playback), from the track table. */
    at: instantParam.optional(),
    /** Only those inside this geofence. */
    geofence: geofenceIdParam.optional(),
  })
  .strict();

const wholeNumber = (name: string, defaultValue: number, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(defaultValue);

const trailsQuery = z
  .object({
    bbox: bboxParam.optional(),
    /** How far back the trails reach, in minutes before `at` (or now). */
    minutes: wholeNumber('minutes', TRAIL_MINUTES_DEFAULT, 1, TRAIL_MINUTES_MAX),
    /** Trails up to this minute (playback); now when absent. */
    at: instantParam.optional(),
    /** At most this many points per aircraft. */
    points: wholeNumber('points', TRAIL_POINTS_DEFAULT, 2, TRAIL_POINTS_MAX),
    limit: limitParam(2_000, 20_000),
  })
  .strict();

// A playback minute, to learn whether positions were kept around it.
const recordedQuery = z.object({ at: instantParam.optional() }).strict();
const correlationsQuery = z.object({ since: instantParam.optional(), limit: limitParam(500, 5_000) }).strict();

export async function aircraftRoutes(app: FastifyInstance, options: { aircraft: AircraftQueries }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/aircraft', { schema: { querystring: aircraftQuery, response: { 200: aircraftList } } }, async (request) =>
    options.aircraft.find({
      bbox: request.query.bbox,
      firefightingOnly: request.query.firefighting === 'true',
      limit: request.query.limit,
      at: request.query.at,
      geofence: request.query.geofence,
    }),
  );
  typed.get('/api/aircraft/trails', { schema: { querystring: trailsQuery, response: { 200: aircraftTrailList } } }, async (request) =>
    options.aircraft.trails(request.query),
  );
  typed.get('/api/aircraft/recorded', { schema: { querystring: recordedQuery, response: { 200: aircraftRecorded } } }, async (request) =>
    options.aircraft.recorded(request.query.at),
  );
  typed.get('/api/correlations', { schema: { querystring: correlationsQuery, response: { 200: correlationList } } }, async (request) =>
    options.aircraft.pairs(request.query.since, request.query.limit),
  );
}
