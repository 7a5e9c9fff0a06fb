import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import { UpstreamError } from '../errors.js';
import { checkTarget, HttpRefusedError, resolveWithDns, type ResolveHost } from '../outbound-guard.js';

/** Where the model is and how long to wait for it (config `llm-url`, `llm-key`, `llm-model`, `llm-timeout-seconds`). */
export interface LlmSettings {
  /** Base URL of an OpenAI-compatible API (`…/v1`); the OpenAI cloud when absent. */
  url?: string;
  key?: string;
  model: string;
  timeoutMs: number;
  /**
   * The bot's `http-allow-private-networks`: every request goes through the outbound guard
   * (infra/outbound-guard.ts) first, so a model on loopback or a private network needs it on.
   */
  allowPrivateNetworks: boolean;
  /** Host-name resolution for the guard; DNS unless replaced in tests. */
  resolve?: ResolveHost;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

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

/**
 * The model for these settings, or undefined when there is none: neither a URL nor a key is set
 * (a local server such as Ollama needs only the URL; the OpenAI cloud only the key).
 */
export function createLlmClient(settings: LlmSettings): LlmClient | undefined {
  if (!settings.url && !settings.key) return undefined;
  const openai = new OpenAI({
    apiKey: settings.key ?? 'not-needed',
    ...(settings.url ? { baseURL: settings.url } : {}),
    timeout: settings.timeoutMs + 1000, // a backstop; the deadline below is what callers see
    // A retry would multiply the timeout the attendant waits for; callers fall back instead.
    maxRetries: 0,
    fetch: guardedFetch(settings.allowPrivateNetworks, settings.resolve ?? resolveWithDns),
  });

  async function complete(messages: readonly ChatMessage[], json: boolean): Promise<string> {
    let content: string | null | undefined;
    // Our own deadline: the SDK reports its timeout as a generic connection error on some runtimes.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
    try {
      const completion = await openai.chat.completions.create({
        model: settings.model,
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        ...(json ? { response_format: { type: 'json_object' as const } } : {}),
      }, { signal: deadline.signal });
      content = completion.choices[0]?.message.content;
    } catch (error) {
      throw deadline.signal.aborted ? new LlmError('timeout', 'The model did not answer in time') : toLlmError(error);
    } finally {
      clearTimeout(timer);
    }
    if (typeof content !== 'string' || content.trim() === '') throw new LlmError('invalid_answer', 'The model answered with no text');
    return content;
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
  };
}

function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) if (e instanceof type) return e;
  return undefined;
}

/** Some models wrap JSON in a Markdown fence even when asked not to. */
function stripFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return fenced ? fenced[1]! : content;
}

/** `fetch` with the outbound guard's check of the target first (the SDK's redirects are not followed off-host). */
function guardedFetch(allowPrivateNetworks: boolean, resolve: ResolveHost): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    await checkTarget(url, allowPrivateNetworks, resolve);
    return fetch(input, { ...init, redirect: 'error' });
  };
}

function toLlmError(error: unknown): LlmError {
  const refused = findCause(error, HttpRefusedError);
  if (refused) return new LlmError('unavailable', `The model endpoint is not allowed: ${refused.message}`);
  if (error instanceof APIConnectionTimeoutError) return new LlmError('timeout', 'The model did not answer in time');
  if (error instanceof APIError) return new LlmError('unavailable', `The model endpoint failed${error.status ? ` (HTTP ${error.status})` : ''}`);
  return new LlmError('unavailable', `The model endpoint failed: ${(error as Error).message}`);
}
