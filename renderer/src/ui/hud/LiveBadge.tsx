// The live socket's state in words: connected, connecting, reconnecting (with why and when). While the map shows a
// past minute (playback) an open socket reads "Playback": live events still arrive, but the map is not live. When no
// feed can reach its source (the computer is offline), an open socket reads "No network": a green "Live" beside
// "Out of reach" told the analyst that data was coming in. A chosen window that has ended reads "Past window": the
// map shows its ends, and what arrives now falls after them.
import type { LiveStatus } from '../../data/use-live-feed';
import { formatMinuteBoth } from '../../format/time-format';

const WORDS = { connecting: 'Connecting', open: 'Live', reconnecting: 'Reconnecting', closed: 'Offline' } as const;

const NO_NETWORK_TITLE =
  'No feed can reach its source: this computer may be offline. The map shows what is stored; new data arrives once a feed gets through (the Sources tab says when each last did).';

export interface LiveBadgeProps {
  status: LiveStatus;
  playbackMinute: number | null;
  noNetwork: boolean;
  /** The chosen window's ends in words when that window has ended (chosenWindowHasEnded), else null. */
  endedWindow?: string | null;
}

export function LiveBadge({ status, playbackMinute, noNetwork, endedWindow = null }: LiveBadgeProps) {
  const past = status.state === 'open' && playbackMinute !== null;
  const ended = status.state === 'open' && !past && endedWindow !== null;
  const cutOff = status.state === 'open' && !past && !ended && noNetwork;
  const title = past
    ? `The map shows ${formatMinuteBoth(new Date(playbackMinute))}. Live data still arrives: Live in the playback bar (or L) returns to now.`
    : ended
      ? `The map shows the chosen window, ${endedWindow}: what arrives after its end is not drawn or counted. A window of the last 1 h to 7 d (Layers tab) follows live data again.`
      : cutOff
        ? NO_NETWORK_TITLE
        : status.detail ?? undefined;
  return (
    <div className={`live-badge live-${past ? 'playback' : ended ? 'past-window' : cutOff ? 'no-network' : status.state}`} data-testid="live-state" data-live-state={status.state}
      data-playback={past ? 'true' : undefined}
      data-past-window={ended ? 'true' : undefined}
      data-no-network={cutOff ? 'true' : undefined}
      data-retry-delay-ms={status.retryDelayMs ?? undefined}
      data-retries={status.retries}
      title={title}>
      <span className="live-dot" aria-hidden="true" />
      {past ? 'Playback' : ended ? 'Past window' : cutOff ? 'No network' : WORDS[status.state]}
      {status.detail && <span className="live-detail">{status.detail}</span>}
    </div>
  );
}
