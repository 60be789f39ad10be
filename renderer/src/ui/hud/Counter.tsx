// One HUD number; fixed width so changing values never shift the bar. A 0 from a feed that has delivered nothing yet
// reads "–" (a 0 over California read as "no fires", not "never received any"), and its tooltip says why.
export function Counter({
  testId,
  label,
  value,
  tone,
  explanation,
  noData = null,
}: {
  testId: string;
  label: string;
  value: number | null;
  tone?: 'alert';
  explanation: string;
  /** Why its feed has delivered nothing yet (stale-feeds.ts noDataReason), null once it has. */
  noData?: string | null;
}) {
  const unknown = value === 0 && noData !== null;
  return (
    <div
      className={`counter${tone ? ` counter-${tone}` : ''}`}
      data-testid={testId}
      data-value={value ?? ''}
      data-no-data={unknown || undefined}
      title={unknown ? `${explanation}. No data yet: ${noData}.` : explanation}
    >
      <span className="counter-value">{value === null || unknown ? '–' : value.toLocaleString()}</span>
      <span className="counter-label">{label}</span>
    </div>
  );
}
