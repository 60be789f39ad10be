// Before the workspace opens: is the API there, and does it take our token? Each failure is named.
import type { ApiClient } from '../api/api-client';
import { ApiRequestError } from '../api/api-error';
import type { HealthReport, UiSettings } from '../api/api-types';

export interface BootFailure {
  what: 'token-missing' | 'api-unreachable' | 'token-refused' | 'api-error' | 'map-failed';
  title: string;
  detail: string;
}

export function missingTokenFailure(): BootFailure {
  return {
    what: 'token-missing',
    title: 'No access token',
    detail: 'Open Vantage with the address printed when it starts (it ends in #token=…). The token is not kept between visits.',
  };
}

export async function checkAccess(api: ApiClient): Promise<{ health: HealthReport; settings: UiSettings } | { failure: BootFailure }> {
  // Both at once: health says whether the API is there, the settings (behind the token) whether it takes the token.
  const [health, keys] = await Promise.allSettled([api.get<HealthReport>('/api/health'), api.get<UiSettings>('/api/ui-settings')]);
  if (health.status === 'rejected') {
    const error = health.reason as unknown;
    const detail = error instanceof ApiRequestError && !error.unreachable ? `${error.message} (${error.code})` : `No answer from ${api.baseUrl}.`;
    return { failure: { what: 'api-unreachable', title: 'The Vantage API is unreachable', detail: `${detail} Is the stack running?` } };
  }
  if (keys.status === 'rejected') {
    const error = keys.reason as unknown;
    if (error instanceof ApiRequestError && error.status === 401) {
      return {
        failure: {
          what: 'token-refused',
          title: 'The access token was refused',
          detail: `The API answered: ${error.message}. Each launch makes a new token: open the address printed by the latest start.`,
        },
      };
    }
    const detail = error instanceof ApiRequestError ? `${error.message} (${error.code})` : (error as Error).message;
    return { failure: { what: error instanceof ApiRequestError && error.unreachable ? 'api-unreachable' : 'api-error', title: 'The Vantage API failed', detail } };
  }
  return { health: health.value, settings: keys.value };
}
