// Pipeline freshness from /api/health: fresh ones as a quiet dot, stale ones plainly with the reason.
import { type RefObject, useEffect, useRef } from 'react';
import type { HealthReport, PipelineFreshness } from '../../api/api-types';
import { diskLine, lowDiskWarning } from './disk-words';
import { failingNewsFeedsWords, feedName, freshFeedsWords, freshnessWords, staleFeeds, summariesDigestWords } from './stale-feeds';

/**
 * While open, a click elsewhere or Escape folds the list (it lies over the tabs and the search box). The listeners stay
 * for the list's life and read the element's own `open`, which the summary's click sets at once: registered on the
 * details' toggle event, which comes a task later, they missed an Escape pressed right after the click.
 */
function useFoldsAway(details: RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    const fold = () => {
      if (details.current?.open) details.current.open = false;
    };
    const onPointer = (event: PointerEvent) => {
      if (!details.current?.contains(event.target as Node)) fold();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') fold();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [details]);
}

function DigestWords({ pipeline, sources }: { pipeline: PipelineFreshness; sources: HealthReport['sources'] }) {
  const words = summariesDigestWords(pipeline, sources);
  return words && <span data-testid="summaries-digest">{` · ${words}`}</span>;
}

export function PipelineFreshnessList({ pipelines, error, disk, sources }: { pipelines: Record<string, PipelineFreshness>; error: string | null; disk: HealthReport['disk']; sources: HealthReport['sources'] }) {
  const details = useRef<HTMLDetailsElement>(null);
  useFoldsAway(details);
  const entries = Object.entries(pipelines);
  // None could reach its source's host: the word says so (the brief column says what still works).
  const { stale, outOfReach, failing, starting } = staleFeeds(pipelines);
  // A disk nearly full is said first: soon nothing new is stored, whatever the feeds do.
  const lowDisk = lowDiskWarning(disk);
  const newsFeedsFailing = failingNewsFeedsWords(sources);
  const fresh = freshFeedsWords(sources);
  const reasons = (feeds: Array<[string, PipelineFreshness]>) => feeds.map(([name, pipeline]) => `${feedName(name)}: ${pipeline.reason ?? 'stale'}`).join('\n');
  // A feed whose last run failed is said before its data goes stale (its data is still fresh: a quieter word).
  const failed = failing.length > 0 && (
    <span className="failing" data-testid="pipelines-failing" title={reasons(failing)}>
      {stale.length > 0 ? ' · last' : 'Last'} run failed: {failing.map(([name]) => feedName(name)).join(', ')}
    </span>
  );
  return (
    <details
      ref={details}
      className="pipelines"
      data-testid="pipelines"
      data-stale-count={stale.length}
      data-failing-count={failing.length}
    >
      <summary>
        {lowDisk && !error && (
          <span className="stale" data-testid="disk-low" title={lowDisk.long}>
            {lowDisk.short} ·{' '}
          </span>
        )}
        {error ? (
          <span className="stale">Health unavailable: {error}</span>
        ) : stale.length === 0 ? (
          (failed || (starting.length > 0 ? <span className="starting" data-testid="pipelines-starting">Starting: {starting.map(([name]) => feedName(name)).join(', ')}</span> : fresh.failing ? <span className="failing" data-testid="pipelines-fresh-failing" title={fresh.text}>{fresh.text}</span> : fresh.text))
        ) : (
          <>
            {/* The stale ones by name on the bar; their reasons are in the brief column (and in the list). */}
            <span className="stale" title={reasons(stale)}>
              {outOfReach ? 'Out of reach' : 'Stale'}: {stale.map(([name]) => feedName(name)).join(', ')}
            </span>
            {failed}
          </>
        )}
      </summary>
      <ul>
        {entries.map(([name, pipeline]) => (
          <li key={name} data-pipeline={name} data-stale={pipeline.stale} className={pipeline.stale ? 'stale' : pipeline.failing ? 'failing' : pipeline.firstRunPending ? 'starting' : 'fresh'}>
            <strong>{feedName(name)}</strong>
            <span>
              {freshnessWords(pipeline)}
              {name === 'news' && newsFeedsFailing && <span className="failing" data-testid="news-feeds-failing">{` · ${newsFeedsFailing}`}</span>}
              {name === 'summaries' && <DigestWords pipeline={pipeline} sources={sources} />}
            </span>
          </li>
        ))}
        {disk && (
          <li data-pipeline="disk" className={disk.low ? 'stale' : 'fresh'}>
            <strong>disk</strong>
            <span>{diskLine(disk)}</span>
          </li>
        )}
      </ul>
    </details>
  );
}
