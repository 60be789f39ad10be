// Keeps one live connection open for the workspace and reports its state.
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { LiveServerMessage } from '../api/api-types';
import { LiveConnection, type LiveState } from '../live/live-connection';

export interface LiveStatus {
  state: LiveState;
  detail: string | null;
}

export function useLiveFeed(api: ApiClient, onMessage: (message: LiveServerMessage) => void): { status: LiveStatus; connection: LiveConnection | null } {
  const [status, setStatus] = useState<LiveStatus>({ state: 'connecting', detail: null });
  const [connection, setConnection] = useState<LiveConnection | null>(null);
  // The latest handler is read through a ref so the socket is not reopened on each render.
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    const live = new LiveConnection({
      url: api.liveUrl(),
      onMessage: (message) => handler.current(message),
      onState: (state, detail) => setStatus({ state, detail }),
    });
    live.start();
    setConnection(live);
    return () => live.stop();
  }, [api]);

  return { status, connection };
}
