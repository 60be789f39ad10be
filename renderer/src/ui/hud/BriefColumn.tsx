// The reading column: pinned daily recap, latest hourly and analyst summaries, newest news, recent alerts.
import type { Alert, HealthReport, NewsSummary, PipelineFreshness } from '../../api/api-types';
import type { Folding } from '../../data/use-collapsible';
import type { NewsDigest } from '../../data/use-news-digest';
import { type DigestKind, staleDigestWords } from '../../data/digest-age';
import { summaryEmptyText } from '../../data/summary-empty-text';
import { formatAge, formatBoth, toDate } from '../../format/time-format';
import { ExternalLink } from '../ExternalLink';
import { SummaryText } from '../SummaryText';
import { LowDiskNote } from './LowDiskNote';
import { StalePipelines } from './StalePipelines';

const WEEK_MS = 7 * 86_400_000;
const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * How old a story is, in a few words: "3 h ago", a date once it is over a week old, "undated" when its feed gave no
 * date. Without them, headlines years old read as the latest news.
 */
function storyAge(publishedAt: string | null | undefined, now: number): string {
  const published = toDate(publishedAt);
  if (!published) return 'undated';
  const age = now - published.getTime();
  return age > WEEK_MS ? dayFormat.format(published) : formatAge(Math.max(0, Math.round(age / 1000)));
}

/**
 * In playback, beside the title of a slot that shows the latest rather than the cursor's minute: the Playback badge
 * read as if the whole screen were in the past ("Last hour" taken for the hour before the cursor).
 */
function NowTag({ playback }: { playback: boolean }) {
  if (!playback) return null;
  return (
    <span className="now-tag" data-testid="now-tag" title="The latest, not as of the playback minute">
      · now
    </span>
  );
}

/** A digest's stories shown in its brief slot before "Show N more": its date and the slots below stay in sight. */
const BRIEF_ITEMS = 5;

function SummarySlot({
  testId,
  title,
  kind,
  summary,
  available,
  due,
  playback,
  storiesIn,
  feedsOutOfReach,
}: {
  testId: string;
  title: string;
  kind: DigestKind;
  summary: NewsSummary | null;
  available: boolean;
  due: string | null;
  playback: boolean;
  /** News stories are in (the news slot lists some). */
  storiesIn: boolean;
  /** The news feeds could not reach their hosts (health's `unreachable`). */
  feedsOutOfReach: boolean;
}) {
  const stale = summary ? staleDigestWords(kind, summary.createdAt, Date.now()) : null;
  return (
    <article className="brief-slot" data-testid={testId} data-empty={!summary}>
      <h2>
        {title} <NowTag playback={playback} />
        {stale && (
          <span className="slot-age" data-testid="slot-age" title="The newest digest of this kind: none was written since (a digest is written when new stories came in).">
            · {stale}
          </span>
        )}
      </h2>
      {/* Keyed by the digest: a new one opens folded again. */}
      {summary ? <SummaryText key={summary.id} text={summary.text} maxItems={BRIEF_ITEMS} /> : <p className="muted">{summaryEmptyText(available, due, storiesIn, feedsOutOfReach)}</p>}
      {summary?.createdAt && <time>{formatBoth(summary.createdAt)}</time>}
    </article>
  );
}

export interface BriefColumnProps {
  alerts: Alert[];
  /** The geofences kept now (null until read). */
  fenceIds: ReadonlySet<string> | null;
  /** The alerts' window in a few words ("last 24 h", "24 h to 16:26 UTC"). */
  alertsWindow: string;
  /** Shows an alert's place on the map. */
  onShowAlert: (alert: Alert) => void;
  news: NewsDigest;
  pipelines: Record<string, PipelineFreshness>;
  /** The data folder's disk: nearly full, the brief says so first. */
  disk: HealthReport['disk'] | undefined;
  folding: Folding;
  /** The map shows a past minute: the slots of the latest (summaries, news) say they are of now. */
  playback: boolean;
}

/** The fence an alert was raised in, by the name it had; one since deleted says so (a new fence may have its name). */
function AlertFence({ alert, fenceIds }: { alert: Alert; fenceIds: ReadonlySet<string> | null }) {
  const deleted = alert.geofenceId === null || (fenceIds !== null && !fenceIds.has(alert.geofenceId));
  return (
    <>
      <strong>{alert.geofenceName}</strong>
      {deleted && <span className="muted"> (deleted)</span>}
    </>
  );
}

export function BriefColumn({ alerts, fenceIds, alertsWindow, onShowAlert, news, pipelines, disk, folding, playback }: BriefColumnProps) {
  const { collapsed, toggle } = folding;
  const newsOutOfReach = pipelines.news?.unreachable === true;
  // What every summary slot is told alike.
  const slotState = { playback, available: news.summariesAvailable, storiesIn: news.latest.length > 0, feedsOutOfReach: newsOutOfReach };
  if (collapsed) {
    // Folded, the brief keeps what is wrong in sight: a disk nearly full, feeds that stopped and why.
    return (
      <aside className="brief brief-collapsed" aria-label="Brief">
        <button type="button" className="panel-unfold" data-testid="brief-toggle" aria-expanded={false} title="Show the brief ([)" onClick={toggle}>
          Brief ›
        </button>
        <LowDiskNote disk={disk} />
        <StalePipelines pipelines={pipelines} />
      </aside>
    );
  }
  return (
    <aside className="brief" aria-label="Brief">
      <button type="button" className="panel-fold brief-fold" data-testid="brief-toggle" aria-expanded={true} aria-label="Hide the brief" title="Hide the brief ([)" onClick={toggle}>
        ‹ Hide
      </button>
      <LowDiskNote disk={disk} />
      <StalePipelines pipelines={pipelines} />
      {/* The alerts of the analyst's own watch areas first: under a long recap they were three screens down. */}
      <section className="brief-slot" data-testid="recent-alerts">
        <h2>Recent alerts</h2>
        {alerts.length === 0 ? (
          <p className="muted">No alerts in the {alertsWindow}.</p>
        ) : (
          <ul className="alert-list">
            {alerts.slice(0, 5).map((alert) => (
              <li key={alert.id} data-alert-id={alert.id}>
                {/* An alert with a place is a button that shows it on the map. */}
                {alert.geometry ? (
                  <button type="button" className="alert-show" title="Show on the map" onClick={() => onShowAlert(alert)}>
                    <AlertFence alert={alert} fenceIds={fenceIds} /> {alert.title}
                  </button>
                ) : (
                  <span>
                    <AlertFence alert={alert} fenceIds={fenceIds} /> {alert.title}
                  </span>
                )}
                <time>{formatBoth(alert.createdAt)}</time>
              </li>
            ))}
          </ul>
        )}
        {alerts.length > 5 && (
          <p className="muted" data-testid="more-alerts">
            and {(alerts.length - 5).toLocaleString('en-US')} more in the {alertsWindow}, drawn on the map.
          </p>
        )}
      </section>
      <SummarySlot {...slotState} testId="daily-recap" title="Daily recap" kind="daily_recap" summary={news.dailyRecap} due={news.due.dailyRecap} />
      <SummarySlot {...slotState} testId="hourly-summary" title="Last hour" kind="hourly" summary={news.hourly} due={news.due.hourly} />
      <SummarySlot {...slotState} testId="analyst-summary" title="Analyst note" kind="analyst" summary={news.analyst} due={news.due.analyst} />
      <section className="brief-slot" data-testid="latest-news" data-empty={news.latest.length === 0}>
        <h2>
          News <NowTag playback={playback} />
        </h2>
        {news.latest.length === 0 ? (
          <p className="muted">{!news.newsAvailable ? 'Not available yet.' : newsOutOfReach ? 'No news yet: the news feeds are out of reach.' : 'No news yet.'}</p>
        ) : (
          <ul>
            {news.latest.map((item) => (
              <li key={item.id}>
                <ExternalLink href={item.link ?? item.sources?.[0]?.link}>{item.title}</ExternalLink>
                <span className="muted">
                  {item.sources?.[0] && ` · ${item.sources[0].feed}`} ·{' '}
                  <time dateTime={item.publishedAt ?? undefined} title={item.publishedAt ? formatBoth(item.publishedAt) : 'Its feed gave no date'}>
                    {storyAge(item.publishedAt, Date.now())}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
