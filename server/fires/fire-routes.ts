// POST /api/ingest/fires (FIRMS CSV or JSON), GET /api/fires, GET /api/fires/count, GET /api/fires/nearest, GET /api/fires/timeline and
// GET /api/tiles/fires/{z}/{x}/{y}.mvt; the five reads take the same fire filter.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { etagMatches } from './etag-match.js';
import { fireFilterQuery } from './fire-filter.js';
import { fireCount, fireIngestCounts, fireList, fireTile, fireTileNotModified, fireTimeline, nearestFire } from './fire-schemas.js';
import type { FireTimelineQueries } from './fire-timeline.js';
import { ApiError } from '../http/api-error.js';
import { bboxParam, instantParam, limitParam, lonLatParam, wholeNumberParam, windowEndParam } from '../http/query-params.js';
import { detectionFromJson, type FireDetection, fireJsonSchema, type LeftOutRows, type RowProblem } from './fire-detection.js';
import type { FireQueries } from './fire-queries.js';
import type { FireService } from './fire-service.js';
import { ListedRowProblems } from './fire-row-problems.js';
import { forEachInSlices } from '../time-sliced.js';
import { checkFirmsBody, FirmsCsvSyntaxError, firmsDetectionChunks, FirmsResponseError, InvalidFirmsRowsError } from './firms-csv.js';

export interface FireRoutesOptions {
  service: FireService;
  queries: FireQueries;
  timeline: FireTimelineQueries;
  ingestBodyLimitBytes: number;
  /** Runs after a batch is stored (the 20-mile correlation). */
  afterIngest?: () => Promise<void>;
}

// The most detections one JSON request may carry (FIRMS's global day of VIIRS is about 300,000); more is refused
// before any is checked.
const MAX_JSON_DETECTIONS = 1_000_000;

/** The view and window of a fire read (since: the last day unless given) with the analyst's filter. */
const fireSelectionQuery = z
  .object({
    bbox: bboxParam.optional(),
    since: instantParam.optional(),
    until: windowEndParam.optional(),
    ...fireFilterQuery,
  })
  .strict();

// The map draws fires from vector tiles; this list answers the newest first, 1,000 unless asked.
const firesQuery = fireSelectionQuery.extend({ limit: limitParam(1_000, 50_000) }).strict();

// The detection nearest a point (`near`: longitude,latitude) of the window under the filter.
const nearestQuery = fireSelectionQuery.omit({ bbox: true }).extend({ near: lonLatParam }).strict();

// The timeline's range: both ends given (no longer than the playback limit, checked by FireTimelineQueries).
const timelineQuery = fireSelectionQuery.extend({ since: instantParam, until: instantParam }).strict();

// A window wholly in closed hours (both ends given) is what FireQueries keeps in its tile cache, per filter.
const tileQuery = fireSelectionQuery.omit({ bbox: true }).strict();

// x and y are checked against 2^z by FireQueries.tile; 2^22 is the largest at the deepest zoom.
const tileParams = z.object({
  z: wholeNumberParam(0, 22),
  x: wholeNumberParam(0, 2 ** 22 - 1),
  y: wholeNumberParam(0, 2 ** 22 - 1),
});

/** The 400 of an ingest with invalid rows: how many, and the first ROW_PROBLEMS_LISTED with their reasons. */
function invalidRows(listed: RowProblem[], invalid: number, received: number): ApiError {
  return new ApiError(400, 'bad_request', `${invalid} of ${received} rows are invalid; nothing was stored`, { invalidRows: invalid, rows: listed });
}

/** What reading a FIRMS CSV threw, as the 400 it is; anything else as it was. */
function csvRefusal(error: unknown): unknown {
  if (error instanceof InvalidFirmsRowsError) return invalidRows(error.problems, error.invalid, error.received);
  if (error instanceof FirmsResponseError) return new ApiError(400, 'bad_request', `not a FIRMS area CSV: ${error.message}`);
  if (error instanceof FirmsCsvSyntaxError) return new ApiError(400, 'bad_request', `CSV could not be parsed: ${error.message}`);
  return error;
}

/**
 * The detections of a JSON body, checked a slice of work at a time (other requests get their turns meanwhile); items
 * of hot spots that are not vegetation fires are counted in `leftOut`.
 */
async function detectionsFromJson(body: unknown, leftOut: LeftOutRows): Promise<FireDetection[]> {
  if (!Array.isArray(body)) throw new ApiError(400, 'bad_request', 'JSON body must be an array of detections');
  if (body.length > MAX_JSON_DETECTIONS) {
    throw new ApiError(413, 'payload_too_large', `at most ${MAX_JSON_DETECTIONS.toLocaleString('en')} detections per request (${body.length.toLocaleString('en')} sent); send them in parts`);
  }
  const detections: FireDetection[] = [];
  const problems = new ListedRowProblems();
  await forEachInSlices(body as unknown[], (item, index) => {
    const shape = fireJsonSchema.safeParse(item);
    if (!shape.success) {
      problems.add({ row: index + 1, errors: shape.error.issues.map((issue) => `${issue.path.join('.') || '(item)'}: ${issue.message}`) });
      return;
    }
    const converted = detectionFromJson(shape.data);
    if ('errors' in converted) problems.add({ row: index + 1, errors: converted.errors });
    else if ('notVegetationFire' in converted) leftOut.notVegetationFires += 1;
    else if (problems.count === 0) detections.push(converted.detection);
  });
  if (problems.count > 0) throw invalidRows(problems.listed, problems.count, body.length);
  return detections;
}

export async function fireRoutes(app: FastifyInstance, options: FireRoutesOptions): Promise<void> {
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: options.ingestBodyLimitBytes }, (_request, body, done) =>
    done(null, body),
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/api/ingest/fires', { bodyLimit: options.ingestBodyLimitBytes, schema: { response: { 200: fireIngestCounts } } }, async (request) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    let counts;
    const leftOut: LeftOutRows = { notVegetationFires: 0 };
    if (type === 'application/json') {
      counts = await options.service.ingest(await detectionsFromJson(request.body, leftOut));
    } else {
      const body = String(request.body ?? '');
      try {
        // An error body is refused before a transaction starts; the rows are then read and checked a chunk at a time while
        // the chunk before is stored, and broken CSV or an invalid row anywhere rolls all of it back.
        checkFirmsBody(body);
        counts = await options.service.ingestChunks(firmsDetectionChunks(body, leftOut));
      } catch (error) {
        throw csvRefusal(error);
      }
    }
    // The caller does not wait for the follow-up work (the 20-mile correlation).
    if (counts.stored > 0 && options.afterIngest) {
      options.afterIngest().catch((error) => request.log.error({ err: error }, 'correlation after fire ingest failed'));
    }
    return { ...counts, ...leftOut };
  });

  // The repository writes the FireList's JSON from PostgreSQL's text while the rows arrive; the stream goes out as it
  // is, and a query that fails before its first row answers the usual error (fire-list.test.ts holds the shape).
  // No automatic HEAD: Fastify's would answer 200 before the stream could fail, and still run the query.
  typed.get('/api/fires', { exposeHeadRoute: false, schema: { querystring: firesQuery, response: { 200: fireList } } }, async (request, reply) =>
    (reply as FastifyReply).type('application/json; charset=utf-8').send(await options.queries.streamJson(request.query)),
  );

  // "Fires in view": the exact number of detections the list and the tiles draw from.
  typed.get('/api/fires/count', { schema: { querystring: fireSelectionQuery, response: { 200: fireCount } } }, async (request) => ({
    count: await options.queries.count(request.query),
  }));

  // A view with none: where the nearest is, for the map to say and go to.
  typed.get('/api/fires/nearest', { schema: { querystring: nearestQuery, response: { 200: nearestFire } } }, async (request) => ({
    nearest: await options.queries.nearest(request.query.near, request.query),
  }));

  // The timeline's fires under the filter, per minute and per map cell.
  typed.get('/api/fires/timeline', { schema: { querystring: timelineQuery, response: { 200: fireTimeline } } }, async (request) =>
    options.timeline.read(request.query),
  );

  typed.get(
    '/api/tiles/fires/:z/:x/:y.mvt',
    { schema: { params: tileParams, querystring: tileQuery, response: { 200: fireTile, 304: fireTileNotModified } } },
    async (request, reply) => {
      const { z: zoom, x, y } = request.params;
      const tile = await options.queries.tile(zoom, x, y, request.query);
      // private: never kept by a shared cache; closed hours change only when late detections arrive.
      reply.header('etag', tile.etag).header('cache-control', tile.closedHours ? 'private, max-age=60' : 'private, no-cache');
      // No payload: Fastify then sends neither Content-Type nor Content-Length (send(null) serialized "null" and said 4).
      if (etagMatches(request.headers['if-none-match'], tile.etag)) return (reply as FastifyReply).code(304).send();
      return reply.header('content-type', 'application/vnd.mapbox-vector-tile').send(tile.body);
    },
  );
}
