// An OpenAI-compatible (and Anthropic Messages) language-model server on 127.0.0.1 that records every prompt.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LlmRequest {
  path: string;
  authorization: string | null;
  apiKey: string | null;
  body: {
    model: string;
    max_tokens?: number;
    system?: string;
    messages: Array<{ role: string; content: string }>;
  };
}

export type LlmAnswer = { text: string; model?: string } | { status: number; body: string } | { hang: true };

export interface FakeLlm {
  /** Base URL as LLM_BASE_URL takes it (…/v1). */
  url: string;
  requests: LlmRequest[];
  answer: LlmAnswer;
  close(): Promise<void>;
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const hanging = new Set<http.ServerResponse>();
  const state: FakeLlm = { url: '', requests: [], answer: { text: 'A brief.' }, close: async () => undefined };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (request.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/v1/messages')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LlmRequest['body'];
      state.requests.push({
        path,
        authorization: (request.headers.authorization as string | undefined) ?? null,
        apiKey: (request.headers['x-api-key'] as string | undefined) ?? null,
        body,
      });
      const answer = state.answer;
      if ('hang' in answer) {
        hanging.add(response);
        return;
      }
      if ('status' in answer) {
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
        return;
      }
      const model = answer.model ?? body.model;
      const payload =
        path === '/v1/messages'
          ? { id: 'msg_1', type: 'message', role: 'assistant', model, content: [{ type: 'text', text: answer.text }], stop_reason: 'end_turn' }
          : {
              id: 'chatcmpl-1',
              object: 'chat.completion',
              created: 1_763_769_600,
              model,
              choices: [{ index: 0, message: { role: 'assistant', content: answer.text }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
            };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}

/** A loopback port with nothing listening (for "model unreachable"). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
