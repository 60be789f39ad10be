// GET /api/aircraft, GET /api/aircraft/trails and GET /api/correlations answers.
import { z } from 'zod';
import { instant } from '../http/response-schemas.js';

export const aircraft = z
  .object({
    icao24: z.string(),
    callsign: z.string().nullable(),
    registration: z.string().nullable(),
    typeCode: z.string().nullable(),
    operator: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    altitudeFt: z.number().nullable(),
    onGround: z.boolean(),
    groundSpeedKt: z.number().nullable(),
    trackDeg: z.number().nullable(),
    seenAt: instant,
    firefighting: z.boolean(),
    /** Why it counts as a firefighting aircraft (type, operator), when it does. */
    firefightingReason: z.string().nullable(),
  })
  .meta({ id: 'Aircraft' });
export type Aircraft = z.infer<typeof aircraft>;

export const aircraftList = z.array(aircraft).meta({ id: 'AircraftList' });

/** An aircraft's path over the window asked for: its positions in time order, thinned and simplified. */
export const aircraftTrail = z
  .object({
    icao24: z.string(),
    callsign: z.string().nullable(),
    firefighting: z.boolean(),
    /** The first and the last position of the trail. */
    since: instant,
    until: instant,
    geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(z.array(z.number())) }),
  })
  .meta({ id: 'AircraftTrail' });
export type AircraftTrail = z.infer<typeof aircraftTrail>;

export const aircraftTrailList = z.array(aircraftTrail).meta({ id: 'AircraftTrailList' });

export const correlation = z
  .object({
    icao24: z.string(),
    targetType: z.enum(['fire', 'incident']),
    /** Fires: `satellite/instant/lat,lon`; incidents: the IRWIN id. */
    targetId: z.string(),
    distanceM: z.number(),
    distanceMiles: z.number(),
    firstSeenAt: instant,
    lastSeenAt: instant,
    callsign: z.string().nullable(),
    typeCode: z.string().nullable(),
    reason: z.string().nullable(),
    aircraftLatitude: z.number(),
    aircraftLongitude: z.number(),
    incidentName: z.string().nullable(),
    /** The paired incident's place (null for a fire, whose id carries it). */
    incidentLatitude: z.number().nullable(),
    incidentLongitude: z.number().nullable(),
  })
  .meta({ id: 'Correlation' });
export type Correlation = z.infer<typeof correlation>;

/** A pair as the live socket announces it, the moment it is first seen. */
export const correlationPair = correlation.pick({ icao24: true, targetType: true, targetId: true, distanceM: true });
export type CorrelationPair = z.infer<typeof correlationPair>;

export const correlationList = z.array(correlation).meta({ id: 'CorrelationList' });

/** The span of the positions kept: playback shows aircraft only within it. */
export const aircraftRecorded = z
  .object({
    from: instant.nullable(),
    to: instant.nullable(),
    /**
     * With `at`: null when positions were kept around that minute (within the max age before its end), else the gap
     * it lies in, from the last position kept before it to the first after (null: none since).
     */
    gap: z.object({ from: instant.nullable(), to: instant.nullable() }).nullable().optional(),
  })
  .meta({ id: 'AircraftRecorded' });
export type AircraftRecorded = z.infer<typeof aircraftRecorded>;
