import { HttpError } from '@microsoft/agents-hosting';
import { PermanentDeliveryError } from '../../engine/index.js';

/**
 * The one error policy of calls to the workchat connector (docs/channels/workchat.md): 403 and
 * 404 (the bot was removed, the conversation is gone) mark the customer unreachable; any other
 * 4xx but 429 cannot succeed on retry; 429, 5xx and network errors are rethrown for the outbox's
 * backoff.
 */
export async function callConnector<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const reason = `workchat connector answered ${error.status}: ${error.message}`;
    if (error.status === 403 || error.status === 404) throw new PermanentDeliveryError(reason, { unreachable: true });
    if (error.status >= 400 && error.status < 500 && error.status !== 429) throw new PermanentDeliveryError(reason);
    throw error;
  }
}
