// Calls the Vantage API with the bearer token; every answer is JSON or the JSON error shape.
import { ApiRequestError, errorFromResponse } from './api-error';
import type { Bbox } from './api-types';

export type QueryValue = string | number | Bbox | undefined | null;

export function formatBbox(bbox: Bbox): string {
  return bbox.map((value) => Number(value.toFixed(5))).join(',');
}

function queryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(name, Array.isArray(value) ? formatBbox(value as Bbox) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string,
  ) {}

  get authorization(): string {
    return `Bearer ${this.token}`;
  }

  /** The live socket takes its token in the query (browsers cannot set headers on a WebSocket). */
  liveUrl(): string {
    const url = new URL('/api/live', this.baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('token', this.token);
    return url.toString();
  }

  async request<T>(method: string, path: string, options: { query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
    const url = `${this.baseUrl}${path}${queryString(options.query ?? {})}`;
    const headers: Record<string, string> = { authorization: this.authorization, accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        cache: 'no-store',
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiRequestError(0, 'unreachable', `the API at ${this.baseUrl} did not answer`, path);
    }
    if (!response.ok) throw await errorFromResponse(response, path);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  /**
   * A file answer (an export): its bytes, the name the server gives it, whether the server cut it short and how many
   * rows of each layer it holds (`x-vantage-rows: fires=12;aircraft=3`; empty when not said).
   */
  async download(path: string, query: Record<string, QueryValue>): Promise<{ blob: Blob; filename: string | null; truncated: boolean; rows: Array<[string, number]> }> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}${queryString(query)}`, { headers: { authorization: this.authorization }, cache: 'no-store' });
    } catch {
      throw new ApiRequestError(0, 'unreachable', `the API at ${this.baseUrl} did not answer`, path);
    }
    if (!response.ok) throw await errorFromResponse(response, path);
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
    const rows = (response.headers.get('x-vantage-rows') ?? '')
      .split(';')
      .map((part) => part.split('='))
      .filter((pair): pair is [string, string] => pair.length === 2 && /^\d+$/.test(pair[1] ?? ''))
      .map(([layer, count]): [string, number] => [layer, Number(count)]);
    return { blob: await response.blob(), filename, truncated: response.headers.get('x-vantage-truncated') === 'true', rows };
  }

  get<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> {
    return this.request<T>('GET', path, { query, signal });
  }

  /** For endpoints that may not exist yet: a 404 answers null ("not available") instead of failing. */
  async getIfAvailable<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T | null> {
    try {
      return await this.get<T>(path, query, signal);
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 501)) return null;
      throw error;
    }
  }

  post<T>(path: string, body: unknown, query?: Record<string, QueryValue>): Promise<T> {
    return this.request<T>('POST', path, { body, query });
  }

  put<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PUT', path, { body });
  }

  patch<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PATCH', path, { body });
  }

  delete(path: string, query?: Record<string, QueryValue>): Promise<void> {
    return this.request<void>('DELETE', path, { query });
  }
}

/** Lists arrive as a bare array or wrapped (`{ cameras: [...] }`); endpoints still in the making may do either. */
export function listFrom<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    const inner = (body as Record<string, unknown>)[key] ?? (body as Record<string, unknown>).items;
    if (Array.isArray(inner)) return inner as T[];
  }
  return [];
}
