/**
 * An OpenAI-compatible chat completions server on 127.0.0.1 (port 0) for tests: it records every
 * request and answers as the test says — well (a JSON object or text), with garbage, with an
 * HTTP error, or not at all (a stall, to exercise timeouts). Speaks the documented wire format of
 * `POST /v1/chat/completions`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createFakeProviderServer } from './fake-provider-server.js';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string; tool_call_id?: string; tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[] }[];
  response_format?: { type: string };
  /** The functions offered to the model (function calling). */
  tools?: { type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }[];
  authorization: string | undefined;
}

/** What the fake answers to one request. */
export type FakeAnswer =
  | { json: unknown }
  | { text: string }
  /** The model calls functions (`finish_reason: tool_calls`); `arguments` is an object, sent as JSON text. */
  | { tool_calls: { name: string; arguments: unknown }[] }
  | { status: number; body?: unknown }
  | { stall: true };

export interface FakeOpenAi {
  /** Base URL to put in `llm-url` (ends in /v1). */
  readonly url: string;
  readonly requests: ChatRequest[];
  /** Decides each answer; the default answers `{}`. */
  answer(responder: (request: ChatRequest) => FakeAnswer): void;
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: ChatRequest[] = [];
  const stalled = new Set<ServerResponse>();
  let responder: (request: ChatRequest) => FakeAnswer = () => ({ json: {} });

  const server = createFakeProviderServer(handle);

  async function handle(req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<void> {
    if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(raw.toString('utf8')) as Omit<ChatRequest, 'authorization'>;
    const request: ChatRequest = { ...body, authorization: req.headers.authorization };
    requests.push(request);
    const answer = responder(request);
    if ('stall' in answer) {
      stalled.add(res);
      res.on('close', () => stalled.delete(res));
      return;
    }
    if ('status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.body ?? { error: { message: 'fake failure', type: 'server_error' } }));
      return;
    }
    const message = 'tool_calls' in answer
      ? {
        role: 'assistant', content: null,
        tool_calls: answer.tool_calls.map((c, i) => ({ id: `call_${requests.length}_${i}`, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
      }
      : { role: 'assistant', content: 'json' in answer ? JSON.stringify(answer.json) : answer.text };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [{ index: 0, message, finish_reason: 'tool_calls' in answer ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    }));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answer(next) {
      responder = next;
    },
    async close() {
      for (const res of stalled) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
