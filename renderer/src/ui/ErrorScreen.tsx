// Says what failed instead of leaving a blank page.
import type { BootFailure } from '../boot/check-access';

// Retrying the access check re-checks in place (a reload keeps the token only when the tab's storage took it).
// The map's own failure offers a reload of the page: its code or data did not load.
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
