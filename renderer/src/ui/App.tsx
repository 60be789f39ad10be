// Boot: check the API and the token, then open the workspace; a named error screen otherwise.
import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { HealthReport, UiSettings } from '../api/api-types';
import { type BootFailure, checkAccess, missingTokenFailure } from '../boot/check-access';
import { forgetToken } from '../boot/session-token';
import type { AddressState } from '../boot/view-address';
import { setPageState } from '../boot/page-state';
import { markBoot } from '../boot/timing-marks';
import { ErrorScreen } from './ErrorScreen';
import { Workspace } from './Workspace';

type Boot = { phase: 'checking' } | { phase: 'failed'; failure: BootFailure } | { phase: 'open'; health: HealthReport; settings: UiSettings };

export function App({ api, address }: { api: ApiClient | null; address: AddressState }) {
  const [boot, setBoot] = useState<Boot>(api ? { phase: 'checking' } : { phase: 'failed', failure: missingTokenFailure() });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!api) return;
    let cancelled = false;
    void checkAccess(api).then((result) => {
      if (cancelled) return;
      markBoot('access-checked');
      setBoot('failure' in result ? { phase: 'failed', failure: result.failure } : { phase: 'open', health: result.health, settings: result.settings });
    });
    return () => {
      cancelled = true;
    };
  }, [api, attempt]);

  useEffect(() => {
    if (boot.phase !== 'failed') return;
    setPageState('error');
    // A refused token is not offered again at the next reload.
    if (boot.failure.what === 'token-refused') forgetToken();
  }, [boot]);

  const retry = () => {
    setPageState('loading');
    setBoot({ phase: 'checking' });
    setAttempt((value) => value + 1);
  };
  // A refused token is refused again: only a failure that may pass (an API not up yet, an error) is offered again.
  if (boot.phase === 'failed') return <ErrorScreen failure={boot.failure} onRetry={api && boot.failure.what !== 'token-refused' ? retry : null} />;
  if (boot.phase === 'checking' || !api) return <div className="boot-splash" aria-busy="true">Connecting to Vantage…</div>;
  return <Workspace api={api} initialHealth={boot.health} settings={boot.settings} address={address} />;
}
