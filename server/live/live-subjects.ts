// Core NATS subjects that feed every API process's live hub: each process publishes what it stored or
// raised, and every process fans it out to its own WebSocket clients.
/** Each stored batch of events (an array). */
export const LIVE_EVENTS_SUBJECT = 'live.events';
/** Each alert raised by a geofence. */
export const LIVE_ALERTS_SUBJECT = 'live.alerts';
/** New aircraft–fire/incident pairs (an array). */
export const LIVE_CORRELATIONS_SUBJECT = 'live.correlations';
