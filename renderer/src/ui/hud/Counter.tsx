// One HUD number; fixed width so changing values never shift the bar.
export function Counter({ testId, label, value, tone, explanation }: { testId: string; label: string; value: number | null; tone?: 'alert'; explanation: string }) {
  return (
    <div className={`counter${tone ? ` counter-${tone}` : ''}`} data-testid={testId} data-value={value ?? ''} title={explanation}>
      <span className="counter-value">{value === null ? '–' : value.toLocaleString()}</span>
      <span className="counter-label">{label}</span>
    </div>
  );
}
