// The providers' cheap key checks on 127.0.0.1, in their real formats: FIRMS `mapserver/mapkey_status`
// (JSON counts, or a line of text for a refused key), OpenAI-compatible and Anthropic `GET /v1/models`
// (401 with an error object), Telegram `getMe` (401 `{ok:false}`). Keys in `accepted` pass; others are refused.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeKeyCheck {
  url: string;
  /** The LLM base URL as LLM_BASE_URL takes it (…/v1). */
  llmUrl: string;
  accepted: Set<string>;
  /** Paths asked (query included): a test may check a key never leaks elsewhere. */
  requests: Array<{ path: string; authorization: string | null; apiKey: string | null }>;
  close(): Promise<void>;
}

export async function startFakeKeyCheck(): Promise<FakeKeyCheck> {
  const state: FakeKeyCheck = { url: '', llmUrl: '', accepted: new Set(), requests: [], close: async () => undefined };
  const json = (response: http.ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const authorization = (request.headers.authorization as string | undefined) ?? null;
    const apiKey = (request.headers['x-api-key'] as string | undefined) ?? null;
    state.requests.push({ path: request.url ?? '', authorization, apiKey });
    if (url.pathname === '/mapserver/mapkey_status/') {
      if (state.accepted.has(url.searchParams.get('MAP_KEY') ?? '')) {
        json(response, 200, { transaction_limit: 5000, current_transactions: 12, transaction_interval: '10 minutes' });
      } else {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=UTF-8' })
          .end('MAP_KEY is invalid or your have exceeded your transaction/time limit. Please try again later.');
      }
      return;
    }
    if (url.pathname === '/v1/models') {
      const key = apiKey ?? authorization?.replace(/^Bearer /, '') ?? '';
      if (state.accepted.has(key)) {
        json(response, 200, { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', created: 1_721_172_741, owned_by: 'system' }] });
      } else {
        json(response, 401, { error: { message: `Incorrect API key provided: ${key.slice(0, 3)}****${key.slice(-4)}.`, type: 'invalid_request_error', code: 'invalid_api_key' } });
      }
      return;
    }
    const bot = /^\/bot([^/]+)\/getMe$/.exec(url.pathname);
    if (bot) {
      if (state.accepted.has(decodeURIComponent(bot[1]!))) {
        json(response, 200, { ok: true, result: { id: 7_000_000_001, is_bot: true, first_name: 'Vantage alerts', username: 'vantage_alerts_bot', can_join_groups: true } });
      } else {
        json(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      }
      return;
    }
    json(response, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.llmUrl = `${state.url}/v1`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}
