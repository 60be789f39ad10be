// Keeps one live connection open for the workspace, tells it the view, and reports its state.
import { useEffect, useEffectEvent, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { LiveServerMessage } from '../api/api-types';
import type { MapViewport } from '../map/map-controller';
import { LiveConnection, type LiveState } from '../live/live-connection';

export interface LiveStatus {
  state: LiveState;
  detail: string | null;
  /** The delay of the last retry scheduled (kept after it ran, so it can be read at leisure). */
  retryDelayMs: number | null;
  /** Retries scheduled since the page opened. */
  retries: number;
}

export interface LiveFeedOptions {
  /** Sent as soon as both it and the socket exist, and again after each move (and each reconnect). */
  viewport: MapViewport | null;
  onMessage: (message: LiveServerMessage) => void;
  /** After a reconnect: events sent while down are not replayed. */
  onReopen: () => void;
}

export function useLiveFeed(api: ApiClient, { viewport, onMessage, onReopen }: LiveFeedOptions): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>({ state: 'connecting', detail: null, retryDelayMs: null, retries: 0 });
  const [connection, setConnection] = useState<LiveConnection | null>(null);
  // Effect events: the socket calls the latest handlers and is not reopened when they change.
  const handleMessage = useEffectEvent(onMessage);
  const handleReopen = useEffectEvent(onReopen);

  useEffect(() => {
    const live = new LiveConnection({
      url: api.liveUrl(),
      onMessage: (message) => handleMessage(message),
      onState: (state, detail, retryDelayMs) =>
        setStatus((previous) =>
          retryDelayMs === undefined ? { ...previous, state, detail } : { state, detail, retryDelayMs, retries: previous.retries + 1 },
        ),
      onReopen: () => handleReopen(),
    });
    live.start();
    setConnection(live);
    return () => live.stop();
  }, [api]);

  useEffect(() => {
    if (connection && viewport) connection.setViewport(viewport.bbox);
  }, [connection, viewport]);

  return status;
}
