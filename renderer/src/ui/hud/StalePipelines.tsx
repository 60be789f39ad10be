// Stale feeds on the HUD itself, each with its reason in words (not behind a click or a tooltip). When none of them
// could reach its source's host (what every feed says on a computer with no network), the box says that once and
// what still works, above the feeds' one-line reasons.
import type { PipelineFreshness } from '../../api/api-types';
import { sentenceCase } from '../../format/sentence-case';
import { feedName, staleFeeds } from './stale-feeds';

const NAMES_IN_WORDS = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

export function StalePipelines({ pipelines }: { pipelines: Record<string, PipelineFreshness> }) {
  const { stale, outOfReach } = staleFeeds(pipelines);
  if (stale.length === 0) return null;
  return (
    <section
      className="brief-slot stale-pipelines"
      data-testid="stale-pipelines"
      data-out-of-reach={outOfReach}
      aria-label={outOfReach ? 'Sources out of reach' : 'Stale feeds'}
    >
      <h2>{outOfReach ? 'Sources out of reach' : 'Stale feeds'}</h2>
      {outOfReach && (
        <p data-testid="out-of-reach-note">
          {sentenceCase(NAMES_IN_WORDS.format(stale.map(([name]) => feedName(name))))} could not reach {stale.length === 1 ? 'its source' : 'their sources'}: this
          computer may be offline. What is stored stays on the map, and the map, place search and playback work without
          a network. Each feed tries again on its own.
        </p>
      )}
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
