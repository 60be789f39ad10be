// The live socket's state in words: connected, connecting, reconnecting (with why and when). While the map shows a
// past minute (playback) an open socket reads "Playback": live events still arrive, but the map is not live.
import type { LiveStatus } from '../../data/use-live-feed';
import { formatMinuteBoth } from '../../format/time-format';

const WORDS = { connecting: 'Connecting', open: 'Live', reconnecting: 'Reconnecting', closed: 'Offline' } as const;

export function LiveBadge({ status, playbackMinute }: { status: LiveStatus; playbackMinute: number | null }) {
  const past = status.state === 'open' && playbackMinute !== null;
  const title = past
    ? `The map shows ${formatMinuteBoth(new Date(playbackMinute))}. Live data still arrives: Live in the playback bar (or L) returns to now.`
    : status.detail ?? undefined;
  return (
    <div className={`live-badge live-${past ? 'playback' : status.state}`} data-testid="live-state" data-live-state={status.state}
      data-playback={past ? 'true' : undefined}
      data-retry-delay-ms={status.retryDelayMs ?? undefined}
      data-retries={status.retries}
      title={title}>
      <span className="live-dot" aria-hidden="true" />
      {past ? 'Playback' : WORDS[status.state]}
      {status.detail && <span className="live-detail">{status.detail}</span>}
    </div>
  );
}
