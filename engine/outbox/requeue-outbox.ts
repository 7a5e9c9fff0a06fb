import type { EngineContext } from '../engine-context.js';
import { enqueueDelivery } from './dispatch-outbound.js';

/**
 * Recovery (start-up, Redis back, the sweep): enqueues the delivery of every outbox row still pending, so messages committed
 * before a crash (or whose job was lost with an in-process queue) are delivered. Rows whose job
 * still exists (BullMQ) are not doubled: the job id is the row id.
 */
export async function requeueOutbox(ctx: EngineContext): Promise<number> {
  const pending = await ctx.repos.outbox.listPending();
  for (const row of pending) await enqueueDelivery(ctx, row);
  if (pending.length) ctx.logger.info({ count: pending.length }, 'pending outbound messages enqueued again');
  return pending.length;
}
