// The live socket's state in words: connected, connecting, reconnecting (with why and when).
import type { LiveStatus } from '../../data/use-live-feed';

const WORDS = { connecting: 'Connecting', open: 'Live', reconnecting: 'Reconnecting', closed: 'Offline' } as const;

export function LiveBadge({ status }: { status: LiveStatus }) {
  return (
    <div className={`live-badge live-${status.state}`} data-testid="live-state" data-live-state={status.state}
      data-retry-delay-ms={status.retryDelayMs ?? undefined}
      data-retries={status.retries}
      title={status.detail ?? undefined}>
      <span className="live-dot" aria-hidden="true" />
      {WORDS[status.state]}
      {status.detail && <span className="live-detail">{status.detail}</span>}
    </div>
  );
}
