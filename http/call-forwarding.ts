import type { Request } from 'express';
import type { FetchFunction } from '../infra/outbound-http.js';
import {
  ConflictError, DomainError, ForbiddenError, NotFoundError, RateLimitError, UpstreamError, ValidationError,
} from '../infra/errors.js';

/** The instances' calls (docs/operations/kamailio.md, "Attendants on another instance"). */
export interface CallHolders {
  /** The base URL (`http://host:port`) of the instance holding a conversation's live call; undefined when none does. */
  url(sessionId: string): Promise<string | undefined>;
  /**
   * How requests reach another instance: its address is the one it wrote in the shared registry
   * (not a user's), on the private network the instances share, so not through the outbound guard.
   */
  fetch: FetchFunction;
}

/** Marks a request one instance passed to another: the holder answers it itself, never passes it on again. */
const FORWARDED_HEADER = 'x-switchboard-call-forwarded';

/** Whether another instance passed this request here (the holder of its call runs it, whatever the outcome). */
export function isForwarded(req: Request): boolean {
  return req.get(FORWARDED_HEADER) !== undefined;
}
/** The holder answers in this time or the request fails (502). */
const FORWARD_TIMEOUT_MS = 15_000;
/** What a request says when the call is not live on the instance that got it. */
const ELSEWHERE = new Set(['call_not_found', 'no_live_call']);

/**
 * A call request (docs/operations/kamailio.md, "Attendants on another instance") run here, or, when
 * the call lives on another instance, passed to that one: the same method, path and body, with
 * the attendant's own bearer token (instances share JWT_SECRET), and its answer (or error) given
 * back as it came. The holder runs every check itself (the attendant must hold the conversation).
 */
export async function onCallHolder<T>(
  input: { holders: CallHolders | undefined; req: Request; sessionId: string; body?: unknown }, here: () => Promise<T>,
): Promise<T> {
  try {
    return await here();
  } catch (error) {
    const { holders, req } = input;
    if (!holders || isForwarded(req) || !(error instanceof DomainError) || !ELSEWHERE.has(error.code)) throw error;
    const base = await holders.url(input.sessionId);
    if (!base) throw error;
    const response = await holders.fetch(new URL(req.originalUrl, base), {
      method: req.method,
      headers: {
        authorization: req.get('authorization') ?? '', [FORWARDED_HEADER]: '1',
        ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    }).catch((cause: unknown) => {
      throw new UpstreamError(`The instance holding the call (${base}) did not answer: ${cause instanceof Error ? cause.message : String(cause)}`, 'call_holder_unreachable');
    });
    const answer = await response.json().catch(() => ({})) as Record<string, unknown>;
    if (response.ok) return answer as T;
    throw holderError(response.status, answer);
  }
}

/**
 * A typed call command (docs/attendance/calls.md, "Commands") for a conversation whose call lives
 * on another instance: run there by `POST /api/attendance/commands`, marked forwarded, with a
 * bearer token of the attendant's that the caller mints (a command may come from workchat or
 * mobile_msg, with no token to pass on). Gives the holder's answer; undefined when no instance
 * holds the call. The holder runs every check itself.
 */
export async function commandOnCallHolder(
  holders: CallHolders, input: { sessionId: string; text: string; token: () => Promise<string> },
): Promise<{ ok: boolean; reply: string; session_id?: string } | undefined> {
  const base = await holders.url(input.sessionId);
  if (!base) return undefined;
  const response = await holders.fetch(new URL('/api/attendance/commands', base), {
    method: 'POST',
    headers: { authorization: `Bearer ${await input.token()}`, [FORWARDED_HEADER]: '1', 'content-type': 'application/json' },
    body: JSON.stringify({ text: input.text, session_id: input.sessionId }),
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  }).catch((cause: unknown) => {
    throw new UpstreamError(`The instance holding the call (${base}) did not answer: ${cause instanceof Error ? cause.message : String(cause)}`, 'call_holder_unreachable');
  });
  const answer = await response.json().catch(() => ({})) as Record<string, unknown>;
  if (!response.ok) throw holderError(response.status, answer);
  if (typeof answer.ok !== 'boolean' || typeof answer.reply !== 'string') throw new UpstreamError(`The instance holding the call (${base}) answered no command result`, 'call_holder_error');
  return { ok: answer.ok, reply: answer.reply, ...(typeof answer.session_id === 'string' ? { session_id: answer.session_id } : {}) };
}

/** The holder's error as ours: the same status, `error` and message. */
function holderError(status: number, body: Record<string, unknown>): DomainError {
  const code = typeof body.error === 'string' ? body.error : 'call_holder_error';
  const message = typeof body.message === 'string' ? body.message : `The instance holding the call answered ${status}`;
  if (status === 400) return new ValidationError(message, [], code);
  if (status === 403) return new ForbiddenError(message);
  if (status === 404) return new NotFoundError(message, code);
  if (status === 409) return new ConflictError(message, code);
  if (status === 429) return new RateLimitError(Number(body.limit ?? 0), String(body.window ?? ''), Number(body.retry_after ?? 0), message);
  return new UpstreamError(message, code);
}
