// Tabs on the right: layers, sources (the first-run place: every source set up from here), geofences, news, keys.
import { type Dispatch, useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { PipelineFreshness } from '../api/api-types';
import { indexByKey } from '../data/index-by-key';
import type { LayerSnapshot } from '../data/layer-loader';
import type { Folding } from '../data/use-collapsible';
import type { LayerKey, LayerVisibility } from '../map/layer-catalog';
import type { MapController, MapViewport } from '../map/map-controller';
import type { ViewFilter } from '../data/view-filter';
import type { DraftAction, DraftState } from './geofence-draft';
import { ExportControls } from './ExportControls';
import { FilterControls } from './FilterControls';
import { GeofencesTab } from './GeofencesTab';
import { KeysTab } from './KeysTab';
import { LayerToggles } from './LayerToggles';
import { NewsTab } from './NewsTab';
import { SourcesTab } from './SourcesTab';
import { useFocusIfLost } from './use-focus-if-lost';

const TABS = [
  { id: 'layers', label: 'Layers' },
  { id: 'sources', label: 'Sources' },
  { id: 'geofences', label: 'Geofences' },
  { id: 'news', label: 'News' },
  { id: 'keys', label: 'Keys' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export interface SidePanelProps {
  /** Folded or open (the workspace lays the map out by it). */
  folding: Folding;
  api: ApiClient;
  controller: MapController | null;
  snapshot: LayerSnapshot;
  visibility: LayerVisibility;
  onToggle: (key: LayerKey) => void;
  filter: ViewFilter;
  filterWords: string[];
  /** The window the alerts drawn are of, in a few words ("last 24 h"). */
  alertsWindow: string;
  /** The playback cursor's minute (epoch ms), null while live. */
  playbackMinute: number | null;
  /** Playing fast, the window the fire counts are of when they trail the cursor (LayerToggles' firesBehind). */
  firesBehind: string | null;
  onFilterChange: (filter: ViewFilter) => void;
  viewport: MapViewport | null;
  draft: DraftState;
  dispatchDraft: Dispatch<DraftAction>;
  onGeofencesChanged: () => void;
  /** Health's feeds (the Layers tab says which are off and why). */
  pipelines: Record<string, PipelineFreshness>;
  /** Counts the map's Export button presses (0: none yet): each opens the Layers tab at its Export section. */
  exportAsked: number;
}

/** The tab an arrow key, Home or End moves to from `current` (round the ends); null for any other key. */
function tabByKey(current: TabId, key: string): TabId | null {
  const to = indexByKey(TABS.findIndex((entry) => entry.id === current), TABS.length, key, 'row');
  return to === null ? null : (TABS[to]?.id ?? null);
}

export function SidePanel(props: SidePanelProps) {
  const [tab, setTab] = useState<TabId>('layers');
  const { collapsed, toggle } = props.folding;
  // The Export section ends the Layers tab, under the legend (below the fold at 1280×720): the map's Export button
  // brings it into sight. The workspace unfolds the panel; here the tab is chosen and the section told to show itself.
  const [revealExport, setRevealExport] = useState(false);
  useEffect(() => {
    if (props.exportAsked === 0) return;
    setTab('layers');
    setRevealExport(true);
  }, [props.exportAsked]);
  const exportRevealed = useCallback(() => setRevealExport(false), []);
  // Folded or unfolded from its button or with `]` from inside it, the panel takes the focused control with it: the
  // focus goes to the button that folds it back. A tab chosen from a link in another ("Sources tab") takes that one.
  useFocusIfLost(collapsed, () => document.querySelector<HTMLElement>('[data-testid="side-panel-toggle"]'));
  useFocusIfLost(tab, () => document.getElementById(`tab-${tab}`));
  if (collapsed) {
    return (
      <nav className="side-panel side-panel-collapsed" aria-label="Panels">
        <button type="button" className="panel-unfold" data-testid="side-panel-toggle" aria-expanded={false} title="Show the panels (])" onClick={toggle}>
          ‹ Panels
        </button>
      </nav>
    );
  }
  return (
    <nav className="side-panel" aria-label="Panels">
      <div className="side-panel-header">
        {/* The tabs pattern: one Tab stop (the chosen tab), the arrow keys, Home and End move between them. */}
        <div role="tablist" className="tabs" onKeyDown={(event) => {
            const next = tabByKey(tab, event.key);
            if (!next) return;
            event.preventDefault();
            setTab(next);
            document.getElementById(`tab-${next}`)?.focus();
          }}>
          {TABS.map(({ id, label }) => (
            <button key={id} type="button" role="tab" id={`tab-${id}`} aria-selected={tab === id} aria-controls={`panel-${id}`} tabIndex={tab === id ? 0 : -1} onClick={() => setTab(id)}>
              {label}
            </button>
          ))}
        </div>
        <button type="button" className="panel-fold" data-testid="side-panel-toggle" aria-expanded={true} aria-label="Hide the panels" title="Hide the panels (])" onClick={toggle}>
          ›
        </button>
      </div>
      {/* One element per tab (keyed): a tab opens at its top, not at the scroll the last tab was left at. */}
      <div key={tab} role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'sources' && <SourcesTab api={props.api} controller={props.controller} drawing={{ draft: props.draft, dispatchDraft: props.dispatchDraft }} onOpenKeys={() => setTab('keys')} />}
        {tab === 'layers' && (
          <>
            <FilterControls filter={props.filter} onChange={props.onFilterChange} geofences={props.snapshot.geofences} filterWords={props.filterWords} playbackMinute={props.playbackMinute} />
            <LayerToggles
              snapshot={props.snapshot}
              visibility={props.visibility}
              onToggle={props.onToggle}
              alertsWindow={props.alertsWindow}
              pipelines={props.pipelines}
              onOpenSources={() => setTab('sources')}
              narrowing={props.filter}
              firesBehind={props.firesBehind}
            />
            <ExportControls api={props.api} controller={props.controller} viewport={props.viewport} visibility={props.visibility} filter={props.filter} filterWords={props.filterWords} alertsWindow={props.alertsWindow} playbackMinute={props.playbackMinute} reveal={revealExport} onRevealed={exportRevealed} />
          </>
        )}
        {tab === 'geofences' && (
          <GeofencesTab
            api={props.api}
            controller={props.controller}
            geofences={props.snapshot.geofences}
            draft={props.draft}
            dispatchDraft={props.dispatchDraft}
            onChanged={props.onGeofencesChanged}
            onShowInside={(fence) => {
              props.onFilterChange({ ...props.filter, geofenceId: fence.id });
              props.controller?.flyToGeometry(fence.geometry);
              setTab('layers');
            }}
          />
        )}
        {tab === 'news' && <NewsTab api={props.api} controller={props.controller} feedsOutOfReach={props.pipelines.news?.unreachable === true} />}
        {tab === 'keys' && <KeysTab api={props.api} />}
      </div>
    </nav>
  );
}
