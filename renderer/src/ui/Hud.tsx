// Always on screen above the map: counters, live state, pipeline freshness, alerts, summaries, news.
import type { Alert, HealthReport } from '../api/api-types';
import type { FireCounterLabels } from '../data/fire-counter-labels';
import type { FireWindowCounts } from '../data/fire-windows';
import type { LiveStatus } from '../data/use-live-feed';
import type { Folding } from '../data/use-collapsible';
import type { NewsDigest } from '../data/use-news-digest';
import { BriefColumn } from './hud/BriefColumn';
import { Counter } from './hud/Counter';
import { LiveBadge } from './hud/LiveBadge';
import { PipelineFreshnessList } from './hud/PipelineFreshnessList';
import { noDataReason, staleFeeds } from './hud/stale-feeds';

export interface HudProps {
  health: HealthReport;
  healthError: string | null;
  live: LiveStatus;
  fireWindow: FireWindowCounts | null;
  aircraftCount: number;
  /** More aircraft are in view than the map reads at once (list-limits.ts): the count is "at least". */
  aircraftCut: boolean;
  /** The filters in words (the first is the time window). */
  filterWords: string[];
  /** The fire counters' windows in a few words (in playback, up to the cursor's minute). */
  fireLabels: FireCounterLabels;
  /** Playing fast, the fire counts are of a minute well behind the cursor's: shown dimmed until they catch up. */
  fireCountsBehind: boolean;
  /** A chosen (custom) window: spelled out beside the other filters, as the counter cannot name it. */
  windowIsChosen: boolean;
  /** A chosen window that has ended, in words (the live badge then says the map is not live); null otherwise. */
  endedWindow?: string | null;
  /** The playback cursor's minute (epoch ms), null when the map shows now. */
  playbackMinute: number | null;
  alerts: Alert[];
  /** The geofences kept now (null until read): an alert of another one says its fence was deleted. */
  fenceIds: ReadonlySet<string> | null;
  /** The first view's data is in: before it, the aircraft and alerts counters read "–" (as the fires' do until counted), not 0. */
  loaded: boolean;
  /** The alerts' window in a few words (in playback, up to the cursor's minute). */
  alertsWindow: string;
  onShowAlert: (alert: Alert) => void;
  news: NewsDigest;
  /** The brief column's fold (the workspace lays the map out by it). */
  brief: Folding;
  /** Layers switched off in the Layers tab: their counters are dimmed and say so (they still count). */
  hiddenLayers?: { fires: boolean; aircraft: boolean };
}

export function Hud(props: HudProps) {
  const { health, healthError, live, fireWindow, aircraftCount, aircraftCut, filterWords, fireLabels, fireCountsBehind, windowIsChosen, playbackMinute, alerts, fenceIds, loaded, alertsWindow, onShowAlert, news, brief } = props;
  const hidden = props.hiddenLayers ?? { fires: false, aircraft: false };
  // The counter names a preset window; a chosen one is spelled out beside the other filters.
  const shownFilters = windowIsChosen ? filterWords : filterWords.slice(1);
  return (
    <section className="hud" data-testid="hud" aria-label="Situation">
      <header className="hud-bar">
        <h1 className="brand">Vantage</h1>
        <div className="counters">
          <Counter
            testId="hud-count-fires-view"
            label={`Fires in view · ${fireLabels.window}`}
            value={fireWindow?.inWindow ?? null}
            explanation="Fire detections inside the map's view, in the time window and under the filters of the Layers tab"
            noData={noDataReason(health.pipelines.fires)}
            behind={fireCountsBehind}
            layerHidden={hidden.fires}
          />
          {fireLabels.lastHour !== null && (
            <Counter
              testId="hud-count-fires-hour"
              label={fireLabels.lastHour}
              value={fireWindow?.lastHour ?? null}
              explanation="Of those, the ones detected in the window's last hour"
              // Fires counted in the window are data: then the last hour's 0 is a real none, not "–".
              noData={(fireWindow?.inWindow ?? 0) > 0 ? null : noDataReason(health.pipelines.fires)}
              behind={fireCountsBehind}
              layerHidden={hidden.fires}
            />
          )}
          <Counter
            testId="hud-count-aircraft"
            label="Aircraft in view"
            value={loaded ? aircraftCount : null}
            atLeast={aircraftCut}
            explanation="Aircraft in the map's view (in playback, where they were at that minute), under the filters of the Layers tab"
            noData={noDataReason(health.pipelines.aircraft)}
            layerHidden={hidden.aircraft}
          />
          <Counter
            testId="hud-count-alerts"
            label="Alerts"
            value={loaded ? alerts.length : null}
            tone={alerts.length > 0 ? 'alert' : undefined}
            explanation="Geofence alerts of the time window, wherever they are (only the chosen geofence's when the Layers tab names one)"
          />
        </div>
        {shownFilters.length > 0 && (
          <p className="hud-filters" data-testid="hud-filters" title={`Filters (Layers tab): ${filterWords.join(' · ')}`}>
            {shownFilters.join(' · ')}
          </p>
        )}
        <PipelineFreshnessList pipelines={health.pipelines} error={healthError} disk={health.disk} sources={health.sources} />
        <LiveBadge status={live} playbackMinute={playbackMinute} noNetwork={staleFeeds(health.pipelines).offline} endedWindow={props.endedWindow ?? null} />
      </header>
      <BriefColumn alerts={alerts} fenceIds={fenceIds} alertsWindow={alertsWindow} onShowAlert={onShowAlert} news={news} pipelines={health.pipelines} disk={health.disk} folding={brief} playback={playbackMinute !== null} />
    </section>
  );
}
