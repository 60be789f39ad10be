// One HUD number; fixed width so changing values never shift the bar.
export function Counter({ testId, label, value, tone }: { testId: string; label: string; value: number | null; tone?: 'alert' }) {
  return (
    <div className={`counter${tone ? ` counter-${tone}` : ''}`} data-testid={testId} data-value={value ?? ''}>
      <span className="counter-value">{value === null ? '–' : value.toLocaleString()}</span>
      <span className="counter-label">{label}</span>
    </div>
  );
}
