// Stale feeds on the HUD itself, each with its reason in words (not behind a click or a tooltip). When none of them
// could reach its source's host (what every feed says on a computer with no network), the box says that once and
// what still works, above the feeds' one-line reasons; when other feeds get through, that those hosts may be down.
import type { PipelineFreshness } from '../../api/api-types';
import { feedName, outOfReachNote, staleFeeds } from './stale-feeds';

export function StalePipelines({ pipelines }: { pipelines: Record<string, PipelineFreshness> }) {
  const report = staleFeeds(pipelines);
  const { stale, outOfReach } = report;
  const note = outOfReachNote(report);
  if (stale.length === 0) return null;
  return (
    <section
      className="brief-slot stale-pipelines"
      data-testid="stale-pipelines"
      data-out-of-reach={outOfReach}
      aria-label={outOfReach ? 'Sources out of reach' : 'Stale feeds'}
    >
      <h2>{outOfReach ? 'Sources out of reach' : 'Stale feeds'}</h2>
      {note && <p data-testid="out-of-reach-note">{note}</p>}
      <ul>
        {stale.map(([name, pipeline]) => (
          <li key={name} data-stale-pipeline={name} title={pipeline.lastError ?? undefined}>
            <strong>{feedName(name)}</strong>: {pipeline.reason ?? pipeline.lastError ?? 'no recent success'}
          </li>
        ))}
      </ul>
    </section>
  );
}
