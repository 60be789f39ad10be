// Keeps one live connection open for the workspace, tells it the view, and reports its state.
import { useEffect, useEffectEvent, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { LiveServerMessage } from '../api/api-types';
import { LiveConnection, type LiveState } from '../live/live-connection';
import type { ViewRelay } from '../live/view-relay';

export interface LiveStatus {
  state: LiveState;
  detail: string | null;
  /** The delay of the last retry scheduled (kept after it ran, so it can be read at leisure). */
  retryDelayMs: number | null;
  /** Retries scheduled since the page opened. */
  retries: number;
}

export interface LiveFeedOptions {
  /** The map's view, told before each read of it (and sent again after each reconnect). */
  view: ViewRelay;
  onMessage: (message: LiveServerMessage) => void;
  /** After each open: events sent while no socket was open are not replayed. */
  onOpen: () => void;
}

export function useLiveFeed(api: ApiClient, { view, onMessage, onOpen }: LiveFeedOptions): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>({ state: 'connecting', detail: null, retryDelayMs: null, retries: 0 });
  // Effect events: the socket calls the latest handlers and is not reopened when they change.
  const handleMessage = useEffectEvent(onMessage);
  const handleOpen = useEffectEvent(onOpen);

  useEffect(() => {
    const live = new LiveConnection({
      url: api.liveUrl(),
      onMessage: (message) => handleMessage(message),
      onState: (state, detail, retryDelayMs) =>
        setStatus((previous) =>
          retryDelayMs === undefined ? { ...previous, state, detail } : { state, detail, retryDelayMs, retries: previous.retries + 1 },
        ),
      onOpen: () => handleOpen(),
    });
    const detach = view.attach(live);
    live.start();
    return () => {
      detach();
      live.stop();
    };
  }, [api, view]);

  return status;
}
