// Keeps one live connection open for the workspace and reports its state.
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { LiveServerMessage } from '../api/api-types';
import { LiveConnection, type LiveState } from '../live/live-connection';

export interface LiveStatus {
  state: LiveState;
  detail: string | null;
  /** The delay of the last retry scheduled (kept after it ran, so it can be read at leisure). */
  retryDelayMs: number | null;
  /** Retries scheduled since the page opened. */
  retries: number;
}

export function useLiveFeed(
  api: ApiClient,
  onMessage: (message: LiveServerMessage) => void,
  onReopen: () => void,
): { status: LiveStatus; connection: LiveConnection | null } {
  const [status, setStatus] = useState<LiveStatus>({ state: 'connecting', detail: null, retryDelayMs: null, retries: 0 });
  const [connection, setConnection] = useState<LiveConnection | null>(null);
  // The latest handler is read through a ref so the socket is not reopened on each render.
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const reopened = useRef(onReopen);
  reopened.current = onReopen;

  useEffect(() => {
    const live = new LiveConnection({
      url: api.liveUrl(),
      onMessage: (message) => handler.current(message),
      onState: (state, detail, retryDelayMs) =>
        setStatus((previous) =>
          retryDelayMs === undefined ? { ...previous, state, detail } : { state, detail, retryDelayMs, retries: previous.retries + 1 },
        ),
      onReopen: () => reopened.current(),
    });
    live.start();
    setConnection(live);
    return () => live.stop();
  }, [api]);

  return { status, connection };
}
