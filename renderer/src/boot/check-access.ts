// Before the workspace opens: is the API there, and does it take our token? Each failure is named.
import type { ApiClient } from '../api/api-client';
import { ApiRequestError } from '../api/api-error';
import type { HealthReport } from '../api/api-types';

export interface BootFailure {
  what: 'token-missing' | 'api-unreachable' | 'token-refused' | 'api-error';
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

export async function checkAccess(api: ApiClient): Promise<{ health: HealthReport } | { failure: BootFailure }> {
  let health: HealthReport;
  try {
    health = await api.get<HealthReport>('/api/health');
  } catch (error) {
    const detail = error instanceof ApiRequestError && !error.unreachable ? `${error.message} (${error.code})` : `No answer from ${api.baseUrl}.`;
    return { failure: { what: 'api-unreachable', title: 'The Vantage API is unreachable', detail: `${detail} Is the stack running?` } };
  }
  try {
    await api.get('/api/keys');
  } catch (error) {
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
  return { health };
}
