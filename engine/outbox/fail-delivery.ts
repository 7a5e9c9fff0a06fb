import type { EventWrite, FailureEventOf } from '../../db/index.js';
import { ENGINE_EVENTS } from '../domain-events.js';
import type { EnqueueDeps } from '../engine-deps.js';
import { enqueueEvents, eventWrite } from '../event-dispatch.js';

/**
 * A message failing for good, told as `message.delivery_failed` (engine/domain-events.ts): `fail`
 * marks it failed and writes the event in the same transaction (the outbox repository calls
 * `eventOf` when the message really changed to failed); after the commit the event is handed out
 * like a turn's, so attendance shows the failure live. Resolves to what `fail` resolved to.
 */
export async function failDelivery<T>(ctx: EnqueueDeps, fail: (eventOf: FailureEventOf) => Promise<T>): Promise<T> {
  const written: EventWrite[] = [];
  const result = await fail((failed) => {
    const event = eventWrite(failed.session_id, ENGINE_EVENTS.deliveryFailed, failed);
    written.push(event);
    return event;
  });
  await enqueueEvents(ctx, written);
  return result;
}
