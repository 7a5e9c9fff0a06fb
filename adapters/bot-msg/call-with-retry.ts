import { GrammyError, HttpError } from 'grammy';
import { PermanentDeliveryError } from '../../engine/index.js';
import { OUTBOUND_REFUSED } from '../../infra/outbound-guard.js';
import { refusedAs } from '../refused-delivery.js';

/** Longest `retry_after` waited for in place; a longer one is left to the outbox's backoff. */
export const MAX_INLINE_RETRY_SECONDS = 30;
/** Waits for `retry_after` per call before the error goes to the outbox. */
const MAX_INLINE_RETRIES = 3;

/**
 * The one retry policy of Bot API calls (docs/channels/bot_msg.md):
 * - 429 Too Many Requests: wait `parameters.retry_after` seconds and call again (a few times,
 *   for waits up to {@link MAX_INLINE_RETRY_SECONDS}); after that the error goes to the outbox,
 *   which retries with backoff;
 * - 403 (the user blocked the bot, or the chat is gone): a permanent failure that marks the
 *   session unreachable;
 * - any other 4xx: a permanent failure (retrying the same request cannot help);
 * - the outbound guard refused `bot-msg-api-url` (docs/architecture.md, "Outbound requests"): a
 *   permanent failure saying so;
 * - 5xx and network errors: rethrown, so the outbox retries with backoff.
 */
export async function callWithRetry<T>(call: () => Promise<T>, sleep: (ms: number) => Promise<void>): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await call();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal !== undefined) throw refusedAs('bot_msg', refusal);
      if (!(error instanceof GrammyError)) throw error;
      const wait = error.parameters.retry_after;
      if (error.error_code === 429 && wait !== undefined && wait <= MAX_INLINE_RETRY_SECONDS && retry < MAX_INLINE_RETRIES) {
        await sleep(wait * 1000);
        continue;
      }
      if (error.error_code === 403) throw new PermanentDeliveryError(error.description, { unreachable: true });
      if (error.error_code >= 400 && error.error_code < 500 && error.error_code !== 429) throw new PermanentDeliveryError(error.description);
      throw error;
    }
  }
}

/**
 * The guard's words when it refused the call. grammY wraps node-fetch's error, which keeps only the
 * socket error's code and message after the URL (`… failed, reason: …`); the URL, which holds the
 * token, is left out.
 */
function refusalOf(error: unknown): string | undefined {
  const cause = error instanceof HttpError ? (error.error as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause?.code !== OUTBOUND_REFUSED || typeof cause.message !== 'string') return undefined;
  const at = cause.message.indexOf('reason: ');
  return at === -1 ? 'the address is not allowed' : cause.message.slice(at + 'reason: '.length);
}
