// The legend of the layers on the map: one block per visible layer, each symbol drawn as the map draws it.
import { NEWS_SQUARE_RADIUS } from '../map/event-icons';
import { diamondCorners } from '../map/incident-icon';
import { PLANE_OUTLINE } from '../map/plane-outline';
import { legendEntries, type LegendNarrowing, type LegendSymbol } from '../map/legend-entries';
import { LAYER_KEYS, LAYERS, type LayerVisibility } from '../map/layer-catalog';

function Symbol({ symbol }: { symbol: LegendSymbol }) {
  switch (symbol.shape) {
    case 'dot':
      return <span className="legend-dot" style={{ background: symbol.color, width: symbol.size, height: symbol.size, opacity: symbol.opacity }} />;
    case 'sizes':
      return (
        <span className="legend-sizes">
          {symbol.sizes.map((size) => (
            <span key={size} className="legend-dot" style={{ background: symbol.color, width: size, height: size }} />
          ))}
        </span>
      );
    case 'ring':
      return <span className="legend-ring" style={{ borderColor: symbol.color, width: symbol.size, height: symbol.size }} />;
    case 'square':
      return <span className="legend-square" style={{ background: symbol.color, width: symbol.size, height: symbol.size, borderRadius: NEWS_SQUARE_RADIUS }} />;
    case 'diamond':
      return (
        <svg className="legend-diamond" viewBox="-8 -8 16 16" width={symbol.size} height={symbol.size} opacity={symbol.opacity}>
          <polygon points={diamondCorners(6.5).join(' ')} fill={`${symbol.color}59`} stroke={symbol.color} strokeWidth="1.5" strokeLinejoin="round" />
          <circle r="1.6" fill={symbol.color} />
        </svg>
      );
    case 'line':
      return <span className="legend-line" style={{ borderTopColor: symbol.color, borderTopStyle: symbol.dashed ? 'dashed' : 'solid' }} />;
    case 'area':
      return <span className="legend-area" style={{ background: `${symbol.color}33`, borderColor: symbol.color }} />;
    case 'plane':
      return (
        <svg className="legend-plane" viewBox="-14 -14 28 28" width="14" height="14">
          <polygon fill={symbol.color} points={PLANE_OUTLINE.map(([x, y]) => `${x},${y}`).join(' ')} />
        </svg>
      );
  }
}

export function MapLegend({ visibility, alertsWindow, narrowing }: { visibility: LayerVisibility; alertsWindow: string; narrowing: LegendNarrowing }) {
  const shown = LAYER_KEYS.filter((key) => visibility[key]);
  return (
    <details className="map-legend" data-testid="map-legend" open>
      <summary>Legend</summary>
      {shown.length === 0 && <p className="legend-empty">No layer is shown.</p>}
      {shown.map((key) => (
        <section key={key} data-legend-layer={key} aria-label={`${LAYERS[key].label} legend`}>
          <h3>{LAYERS[key].label}</h3>
          <ul>
            {legendEntries(key, alertsWindow, narrowing).map((entry) => (
              <li key={entry.text}>
                <span className="legend-symbol" aria-hidden="true">
                  {entry.symbol && <Symbol symbol={entry.symbol} />}
                </span>
                <span>{entry.hint ? `${entry.text}; ${entry.hint}` : entry.text}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </details>
  );
}
