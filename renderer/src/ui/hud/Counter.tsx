// One HUD number; fixed width so changing values never shift the bar. A 0 from a feed that has delivered nothing yet
// reads "–" (a 0 over California read as "no fires", not "never received any"), and its tooltip says why.
import { countText } from '../../data/list-limits';

export function Counter({
  testId,
  label,
  value,
  tone,
  explanation,
  noData = null,
  behind = false,
  atLeast = false,
  layerHidden = false,
}: {
  testId: string;
  label: string;
  value: number | null;
  tone?: 'alert';
  explanation: string;
  /** Why its feed has delivered nothing yet (stale-feeds.ts noDataReason), null once it has. */
  noData?: string | null;
  /** Of a playback minute well behind the cursor's (playing fast): dimmed, its label naming its minute. */
  behind?: boolean;
  /** Counted from a list cut at its limit (list-limits.ts): "2,000+", and the explanation says so. */
  atLeast?: boolean;
  /** What it counts is on a layer switched off: dimmed, and its explanation says the count is of what is not drawn. */
  layerHidden?: boolean;
}) {
  const unknown = value === 0 && noData !== null;
  const said = unknown ? `${explanation}. No data yet: ${noData}.` : atLeast ? `${explanation}. At least this many: more are in view than the map reads at once; zoom in to count them all.` : explanation;
  const counted = layerHidden ? `${said}. Their layer is hidden (Layers tab): the map does not draw what this counts.` : said;
  const told = behind ? `${counted}. Still counting the cursor's minute: this count is of the minute its label names.` : counted;
  const explanationId = `${testId}-explanation`;
  return (
    // A Tab stop that says what it counts: hovered, its title; focused, the same words shown under it and read out as
    // its description (they were in the hover title alone, out of reach of the keyboard).
    <div
      role="group"
      tabIndex={0}
      aria-describedby={explanationId}
      className={`counter${tone ? ` counter-${tone}` : ''}${behind ? ' counter-behind' : ''}${layerHidden ? ' counter-layer-hidden' : ''}`}
      data-testid={testId}
      data-value={value ?? ''}
      data-no-data={unknown || undefined}
      data-behind={behind || undefined}
      data-at-least={atLeast || undefined}
      data-layer-hidden={layerHidden || undefined}
      title={told}
    >
      <span className="counter-value">{value === null || unknown ? '–' : countText(value, atLeast)}</span>
      <span className="counter-label">{label}</span>
      <span className="counter-explanation" id={explanationId}>
        {told}
      </span>
    </div>
  );
}
