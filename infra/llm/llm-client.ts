import type * as OpenAiSdk from 'openai';
import type OpenAI from 'openai';
import { UpstreamError } from '../errors.js';
import type { ResolveHost } from '../outbound-guard.js';
import { refusalBehind } from '../outbound-http.js';
import { outboundPool } from '../outbound-pool.js';

/** Where the model is and how long to wait for it (config `llm-url`, `llm-key`, `llm-model`, `llm-timeout-seconds`). */
export interface LlmSettings {
  /** Base URL of an OpenAI-compatible API (`…/v1`); the OpenAI cloud when absent. */
  url?: string;
  key?: string;
  model: string;
  timeoutMs: number;
  /**
   * The bot's `http-allow-private-networks`: every connection goes through the outbound door
   * (infra/outbound-http.ts), so a model on loopback or a private network needs it on.
   */
  allowPrivateNetworks: boolean;
  /** Host-name resolution for the guard; DNS unless replaced in tests. */
  resolve?: ResolveHost;
}

/** A message of a chat: the prompt's, the model's (with the tools it called), or a tool's result. */
export type ChatMessage =
  | { role: 'system' | 'user' | 'assistant'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A function the model may call (OpenAI function calling): its name, description and JSON Schema. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A call the model asked for; `arguments` is the JSON text the model wrote. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** One answer of the model when it may call tools: text, or the calls it wants made first. */
export type ChatTurn = { content: string; tool_calls: [] } | { content: string | null; tool_calls: ToolCall[] };

/** Why a model call gave no usable answer; callers fall back on any of them. */
export type LlmFailure = 'timeout' | 'unavailable' | 'invalid_answer';

/** A model call that did not give a usable answer. */
export class LlmError extends UpstreamError {
  constructor(
    readonly reason: LlmFailure,
    message: string,
  ) {
    super(message, 'llm_error', { reason });
  }
}

/** One configured model. Every call is bounded by the timeout and made once: no hidden retries. */
export interface LlmClient {
  readonly model: string;
  /** A chat completion with `response_format: json_object`, parsed; LlmError when it is not JSON. */
  json(messages: readonly ChatMessage[]): Promise<unknown>;
  /** A plain chat completion's text. */
  text(messages: readonly ChatMessage[]): Promise<string>;
}

/** A model that may also be offered tools (the BASIC ADD TOOL keyword, docs/basic.md). */
export interface ToolCallingClient extends LlmClient {
  /** A chat completion offering `tools`: the text, or the tool calls the model made. */
  chat(messages: readonly ChatMessage[], tools: readonly ToolDefinition[]): Promise<ChatTurn>;
}

/**
 * The model for these settings, or undefined when there is none: neither a URL nor a key is set
 * (a local server such as Ollama needs only the URL; the OpenAI cloud only the key).
 */
export function createLlmClient(settings: LlmSettings): ToolCallingClient | undefined {
  if (!settings.url && !settings.key) return undefined;
  // The SDK is loaded on the first call, not at start: most bots have no model (docs/performance.md, "Start-up").
  let sdk: Promise<{ openai: OpenAI; module: typeof OpenAiSdk }> | undefined;
  const load = () => (sdk ??= import('openai').then((module) => ({
    module,
    openai: new module.OpenAI({
      apiKey: settings.key ?? 'not-needed',
      ...(settings.url ? { baseURL: settings.url } : {}),
      timeout: settings.timeoutMs + 1000, // a backstop; the deadline below is what callers see
      // A retry would multiply the timeout the attendant waits for; callers fall back instead.
      maxRetries: 0,
      fetch: modelFetch(settings),
    }),
  })));

  async function request(messages: readonly ChatMessage[], options: { json?: boolean; tools?: readonly ToolDefinition[] }) {
    const { openai, module } = await load();
    // Our own deadline: the SDK reports its timeout as a generic connection error on some runtimes.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
    try {
      const completion = await openai.chat.completions.create({
        model: settings.model,
        messages: messages.map(toWire),
        ...(options.json ? { response_format: { type: 'json_object' as const } } : {}),
        ...(options.tools?.length ? { tools: options.tools.map((t) => ({ type: 'function' as const, function: { ...t } })) } : {}),
      }, { signal: deadline.signal });
      return completion.choices[0]?.message;
    } catch (error) {
      throw deadline.signal.aborted ? new LlmError('timeout', 'The model did not answer in time') : toLlmError(error, module);
    } finally {
      clearTimeout(timer);
    }
  }

  async function complete(messages: readonly ChatMessage[], json: boolean): Promise<string> {
    return textOf((await request(messages, { json }))?.content);
  }

  return {
    model: settings.model,
    async json(messages) {
      const content = await complete(messages, true);
      try {
        return JSON.parse(stripFence(content)) as unknown;
      } catch {
        throw new LlmError('invalid_answer', 'The model did not answer with JSON');
      }
    },
    text: (messages) => complete(messages, false),
    async chat(messages, tools) {
      const message = await request(messages, { tools });
      const calls = (message?.tool_calls ?? []).flatMap((c) => (c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : []));
      if (calls.length) return { content: message?.content ?? null, tool_calls: calls };
      return { content: textOf(message?.content), tool_calls: [] };
    },
  };
}

function textOf(content: string | null | undefined): string {
  if (typeof content !== 'string' || content.trim() === '') throw new LlmError('invalid_answer', 'The model answered with no text');
  return content;
}

/** A message in the API's shape (tool calls as `function` calls). */
function toWire(m: ChatMessage): OpenAI.Chat.ChatCompletionMessageParam {
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.tool_call_id, content: m.content };
  if ('tool_calls' in m) {
    return { role: 'assistant', content: m.content, tool_calls: m.tool_calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) };
  }
  return { role: m.role, content: m.content };
}

/** Some models wrap JSON in a Markdown fence even when asked not to. */
function stripFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return fenced ? fenced[1]! : content;
}

/**
 * The outbound door's fetch: each address checked where the socket opens, DNS asked once. The
 * API answers in place, so a redirect is an error rather than a hop carrying the key elsewhere.
 */
function modelFetch(settings: LlmSettings): typeof fetch {
  const guarded = outboundPool({ allowPrivateNetworks: settings.allowPrivateNetworks, ...(settings.resolve ? { resolve: settings.resolve } : {}) }).fetch;
  return (input, init) => guarded(input, { ...init, redirect: 'error' });
}

function toLlmError(error: unknown, { APIConnectionTimeoutError, APIError }: typeof OpenAiSdk): LlmError {
  const refused = refusalBehind(error);
  if (refused) return new LlmError('unavailable', `The model endpoint is not allowed: ${refused.message}`);
  if (error instanceof APIConnectionTimeoutError) return new LlmError('timeout', 'The model did not answer in time');
  if (error instanceof APIError) return new LlmError('unavailable', `The model endpoint failed${error.status ? ` (HTTP ${error.status})` : ''}`);
  return new LlmError('unavailable', `The model endpoint failed: ${(error as Error).message}`);
}
