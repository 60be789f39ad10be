// Says what failed instead of leaving a blank page.
import type { BootFailure } from '../boot/check-access';

// Retrying re-checks in place: a reload would lose the token, which lives in memory only.
export function ErrorScreen({ failure, onRetry, retryLabel = 'Try again' }: { failure: BootFailure; onRetry: (() => void) | null; retryLabel?: string }) {
  return (
    <main className="error-screen" data-testid="error-screen" data-failure={failure.what} role="alert">
      <h1>{failure.title}</h1>
      <p>{failure.detail}</p>
      {onRetry && (
        <button type="button" data-testid="error-retry" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </main>
  );
}
