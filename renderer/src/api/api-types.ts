// The API's shapes, as the server's own schemas declare them (schemas beside each domain's routes are the
// contract): type imports only, so nothing of the server reaches the bundle.
export type { Bbox } from '../../../server/http/query-params.js';
export type { GeoJsonGeometry } from '../../../server/http/response-schemas.js';
export type { HealthReport, PipelineFreshness } from '../../../server/health/health-schemas.js';
export type { UiSettings } from '../../../server/ui-settings/ui-settings.js';
export type { Fire, FireCount, FireTimeline, NearestFire } from '../../../server/fires/fire-schemas.js';
export type { EventSourceType } from '../../../server/events/event-record.js';
export type { Incident } from '../../../server/incidents/incident-schemas.js';
export type { Aircraft, AircraftRecorded, AircraftTrail, Correlation, CorrelationPair } from '../../../server/aircraft/aircraft-schemas.js';
export type { StoredEventAnswer as VantageEvent, EventPage, LiveEvent, PlaybackResult, PlaybackBucket, PlaybackCell } from '../../../server/events/event-schemas.js';
export type { Geofence, Alert } from '../../../server/geofences/geofence-schemas.js';
export type { KeyEntry, KeyTestResult } from '../../../server/keys/key-schemas.js';
export type { Camera, CameraSourceList, NearbyCamera, NearbyCameras, OfficialCameraDirectory, OfficialCameraDirectoryList } from '../../../server/cameras/camera-schemas.js';
export type { NewsCategoryCounts, NewsItem, NewsPage, NewsSummary, NewsSummaryList } from '../../../server/news/news-schemas.js';
export type { ClientMessage as LiveClientMessage, ServerMessage as LiveServerMessage } from '../../../server/live/live-messages.js';
export type { SourceList, SourceRow, SourceSetting, SourceSettingsUpdate, TelegramTestResult } from '../../../server/source-settings/source-settings-schemas.js';
export type { GazetteerProgress, SearchAnswer, SearchResult, SearchResultKind, TimeZonePlaceAnswer } from '../../../server/places/places-schemas.js';
