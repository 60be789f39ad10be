// Always on screen above the map: counters, live state, pipeline freshness, alerts, summaries, news.
import type { Alert, HealthReport } from '../api/api-types';
import type { FireWindowCounts } from '../data/fire-windows';
import type { LiveStatus } from '../data/use-live-feed';
import type { NewsDigest } from '../data/use-news-digest';
import type { LayerCounts } from '../map/layer-catalog';
import { BriefColumn } from './hud/BriefColumn';
import { Counter } from './hud/Counter';
import { LiveBadge } from './hud/LiveBadge';
import { PipelineFreshnessList } from './hud/PipelineFreshnessList';

export interface HudProps {
  health: HealthReport;
  healthError: string | null;
  live: LiveStatus;
  counts: LayerCounts;
  fireWindow: FireWindowCounts | null;
  aircraftCount: number;
  alerts: Alert[];
  news: NewsDigest;
}

export function Hud({ health, healthError, live, counts, fireWindow, aircraftCount, alerts, news }: HudProps) {
  return (
    <section className="hud" data-testid="hud" aria-label="Situation">
      <header className="hud-bar">
        <span className="brand">Vantage</span>
        <div className="counters">
          <Counter testId="hud-count-fires-view" label="Fires in view" value={counts.fires} />
          <Counter testId="hud-count-fires-hour" label="Last 1 h" value={fireWindow?.lastHour ?? null} />
          <Counter testId="hud-count-fires-day" label="Last 24 h" value={fireWindow?.lastDay ?? null} />
          <Counter testId="hud-count-aircraft" label="Aircraft" value={aircraftCount} />
          <Counter testId="hud-count-alerts" label="Alerts 24 h" value={alerts.length} tone={alerts.length > 0 ? 'alert' : undefined} />
        </div>
        <PipelineFreshnessList pipelines={health.pipelines} error={healthError} />
        <LiveBadge status={live} />
      </header>
      <BriefColumn alerts={alerts} news={news} pipelines={health.pipelines} />
    </section>
  );
}
