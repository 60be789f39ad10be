// One chat completion from an OpenAI-compatible endpoint (OpenAI, OpenRouter, Groq, Ollama, llama.cpp) or Anthropic's Messages API.
import { z } from 'zod';
import { fetchText } from '../http/bounded-fetch.js';
import { printableText } from '../http/safe-text.js';
import { htmlToText } from './plain-text.js';

export type LlmProvider = 'openai' | 'anthropic';

export interface ChatRequest {
  provider: LlmProvider;
  /** e.g. https://api.openai.com/v1 — `/chat/completions` (or `/messages`) is appended. */
  baseUrl: string;
  model: string;
  key: string | null;
  system: string;
  user: string;
  maxTokens: number;
  timeoutMs: number;
}

export interface ChatAnswer {
  text: string;
  /** The model the server says answered (OpenRouter may route), else the one asked for. */
  model: string;
}

export class LlmError extends Error {
  override name = 'LlmError';
}

const openAiAnswer = z.object({
  model: z.string().max(200).optional(),
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const anthropicAnswer = z.object({
  model: z.string().max(200).optional(),
  content: z.array(z.object({ type: z.string(), text: z.string().optional() })),
});

const MAX_ANSWER_BYTES = 1024 * 1024;
const MAX_DETAIL_CHARS = 200;

/**
 * The provider's words for a refusal, stored as the summary's fallback reason: one line without control characters (a
 * NUL cannot be stored), the key masked before the length cap (so the cap cannot leave part of it).
 */
function errorDetail(text: string, secrets: readonly string[]): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string };
    const message = typeof body.error === 'string' ? body.error : body.error?.message;
    if (typeof message === 'string') {
      const mask = (value: string) => secrets.reduce((masked, secret) => masked.split(secret).join('****'), value);
      // Masked before and after the markup is read (a key written with an entity, or split by a tag, comes back whole
      // from it), then capped.
      const detail = printableText(mask(htmlToText(mask(message), message.length)), MAX_DETAIL_CHARS);
      return detail ? `: ${detail}` : '';
    }
  } catch {
    // Not JSON: the status says enough.
  }
  return '';
}

export async function completeChat(request: ChatRequest): Promise<ChatAnswer> {
  const anthropic = request.provider === 'anthropic';
  const url = `${request.baseUrl}${anthropic ? '/messages' : '/chat/completions'}`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (anthropic) {
    headers['anthropic-version'] = '2023-06-01';
    if (request.key) headers['x-api-key'] = request.key;
  } else if (request.key) {
    headers.authorization = `Bearer ${request.key}`;
  }
  const body = anthropic
    ? { model: request.model, max_tokens: request.maxTokens, system: request.system, messages: [{ role: 'user', content: request.user }] }
    : {
        model: request.model,
        max_tokens: request.maxTokens,
        temperature: 0.2,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
      };
  const secrets = request.key ? [request.key] : [];
  let response;
  try {
    response = await fetchText(url, { method: 'POST', body: JSON.stringify(body), headers, timeoutMs: request.timeoutMs, maxBytes: MAX_ANSWER_BYTES, secrets });
  } catch (error) {
    throw new LlmError((error as Error).message);
  }
  if (response.status < 200 || response.status >= 300) {
    throw new LlmError(`the language model answered HTTP ${response.status}${errorDetail(response.text, secrets)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(response.text);
  } catch {
    throw new LlmError('the language model answered something that is not JSON');
  }
  let text: string;
  let model: string | undefined;
  if (anthropic) {
    const parsed = anthropicAnswer.safeParse(json);
    if (!parsed.success) throw new LlmError('the language model answer is not a Messages API response');
    text = parsed.data.content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
    model = parsed.data.model;
  } else {
    const parsed = openAiAnswer.safeParse(json);
    if (!parsed.success) throw new LlmError('the language model answer is not a chat-completions response');
    text = parsed.data.choices[0]?.message.content ?? '';
    model = parsed.data.model;
  }
  if (!text.trim()) throw new LlmError('the language model answered an empty message');
  const answered = model?.trim().replace(/[^\w./:@+-]/g, '');
  return { text, model: answered || request.model };
}
