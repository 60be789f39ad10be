// What the live socket's messages change: the layers (events and fires, alerts, correlations), the
// rendered fire count, the HUD's fire windows and the pipelines' health.
import type { ApiClient } from '../api/api-client';
import type { HealthReport, LiveServerMessage } from '../api/api-types';
import type { ViewRelay } from '../live/view-relay';
import { type LiveStatus, useLiveFeed } from './use-live-feed';
import type { MapSession } from './use-map-session';

export interface LiveMessageTargets {
  /** null until the map exists: messages before that only reach the HUD. */
  session: MapSession | null;
  view: ViewRelay;
  /** A live fire: its acquisition time and the detection's fields the filter reads. */
  onFire: (fire: { acqTime: string; confidence?: unknown; frp?: unknown; satellite?: unknown }) => void;
  onHealth: (update: Pick<HealthReport, 'status' | 'pipelines'>) => void;
  onOpen: () => void;
}

export function useLiveMessages(api: ApiClient, { session, view, onFire, onHealth, onOpen }: LiveMessageTargets): LiveStatus {
  const onMessage = (message: LiveServerMessage) => {
    switch (message.type) {
      case 'events':
        session?.layers.addLiveEvents(message.events);
        for (const event of message.events) {
          if (event.sourceType !== 'fire') continue;
          const detection = (event.payload ?? {}) as Record<string, unknown>;
          onFire({ acqTime: event.occurredAt, confidence: detection.confidence, frp: detection.frp, satellite: detection.satellite });
        }
        break;
      case 'alert':
        session?.layers.addLiveAlert(message.alert);
        break;
      case 'correlation':
        session?.layers.addLiveCorrelation(message.correlation);
        break;
      case 'health':
        onHealth(message.health);
        break;
      default:
        break;
    }
  };
  return useLiveFeed(api, { view, onMessage, onOpen });
}
