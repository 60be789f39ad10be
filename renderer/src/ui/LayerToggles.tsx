// One toggle per layer with its count in view (a layer whose source is not there yet says so), and the legend of
// the layers shown.
import type { PipelineFreshness } from '../api/api-types';
import type { LayerSnapshot } from '../data/layer-loader';
import { countText, cutNote, isListedLayer } from '../data/list-limits';
import { LAYER_KEYS, LAYERS, type LayerKey, type LayerVisibility } from '../map/layer-catalog';
import { MapLegend } from './MapLegend';
import { noDataReason, offReason } from './hud/stale-feeds';
import type { LegendNarrowing } from '../map/legend-entries';

/** The layers a feed of the same name fills: one switched off or not set up says so under its row. */
const FED_BY_PIPELINE: ReadonlySet<LayerKey> = new Set(['fires', 'incidents', 'aircraft', 'cameras']);

export interface LayerTogglesProps {
  snapshot: LayerSnapshot;
  visibility: LayerVisibility;
  onToggle: (key: LayerKey) => void;
  /** The window the alerts drawn are of, in a few words (the legend says it). */
  alertsWindow: string;
  /** Health's feeds: a layer whose feed is off says why (its count alone read as "none there"). */
  pipelines: Record<string, PipelineFreshness>;
  /** Opens the Sources tab, where a feed that is off or has delivered nothing is set up or run. */
  onOpenSources: () => void;
  /** The filter's say on what the legend lists (a confidence level not chosen is not drawn). */
  narrowing: LegendNarrowing;
  /**
   * Playing fast, the window the fire count is of when it trails the cursor's ("24 h to 30 Nov 17:24 UTC"): the count
   * is dimmed and says so, as the HUD's are (it read as the cursor's minute's). Null otherwise.
   */
  firesBehind?: string | null;
}

/** "(Sources tab)" as a link to it. */
function SourcesLink({ onOpen }: { onOpen: () => void }) {
  return (
    <>
      (
      <button type="button" className="link-button" onClick={onOpen}>
        Sources tab
      </button>
      )
    </>
  );
}

export function LayerToggles({ snapshot, visibility, onToggle, alertsWindow, pipelines, onOpenSources, narrowing, firesBehind = null }: LayerTogglesProps) {
  return (
    <>
      <ul className="layer-list" aria-label="Layers">
        {LAYER_KEYS.map((key) => {
          const count = snapshot.counts[key];
          const listed = isListedLayer(key) ? key : null;
          const cut = listed !== null && snapshot.cut[listed] === true;
          const status = snapshot.status[key];
          const off = FED_BY_PIPELINE.has(key) ? offReason(pipelines[key]) : null;
          // A 0 from a feed that has delivered nothing yet is not "none there".
          const noData = FED_BY_PIPELINE.has(key) && count === 0 ? noDataReason(pipelines[key]) : null;
          const behind = key === 'fires' && firesBehind !== null && count !== null ? firesBehind : null;
          return (
            <li key={key} className={`layer-row layer-${key}`}>
              <button type="button" aria-pressed={visibility[key]} data-testid={`layer-toggle-${key}`} onClick={() => onToggle(key)}>
                <span className="swatch" aria-hidden="true" />
                <span className="layer-name">{LAYERS[key].label}</span>
                <span
                  className={behind === null ? 'layer-count' : 'layer-count layer-count-behind'}
                  data-testid={`layer-count-${key}`}
                  data-value={count ?? ''}
                  data-no-data={noData !== null || undefined}
                  data-cut={cut || undefined}
                  data-behind={behind !== null || undefined}
                  title={behind === null ? undefined : `Counted for ${behind}: still counting the cursor's minute`}
                >
                  {count === null || noData !== null ? '–' : countText(count, cut)}
                </span>
              </button>
              {off !== null && (!status || status.status === 'ok') && (
                <p className="layer-note" data-testid={`layer-off-${key}`}>
                  Off: {off} <SourcesLink onOpen={onOpenSources} />.
                </p>
              )}
              {cut && listed !== null && (
                <p className="layer-note" data-testid={`layer-cut-${key}`}>
                  {cutNote(listed)}
                </p>
              )}
              {noData !== null && (!status || status.status === 'ok') && (
                <p className="layer-note" data-testid={`layer-nodata-${key}`} title={`No data yet: ${noData}`}>
                  No data received yet <SourcesLink onOpen={onOpenSources} />.
                </p>
              )}
              {status && status.status !== 'ok' && (
                <p className={`layer-note layer-note-${status.status}`} data-testid={`layer-status-${key}`}>
                  {status.status === 'unavailable' ? 'Not available yet' : `Failed: ${status.detail}`}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <MapLegend visibility={visibility} alertsWindow={alertsWindow} narrowing={narrowing} />
    </>
  );
}
