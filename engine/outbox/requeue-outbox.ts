import type { OutboxRepo } from '../../db/index.js';
import { enqueueDelivery, type DeliveryEnqueueDeps } from './dispatch-outbound.js';

/** What the recovery of undelivered messages needs. */
export interface OutboxRecoveryDeps extends DeliveryEnqueueDeps {
  readonly repos: { readonly outbox: Pick<OutboxRepo, 'listPending'> };
}

/**
 * Recovery (start-up, Redis back, the sweep): enqueues the delivery of every outbox row still pending, so messages committed
 * before a crash (or whose job was lost with an in-process queue) are delivered. Rows whose job
 * still exists (BullMQ) are not doubled: the job id is the row id.
 */
export async function requeueOutbox(ctx: OutboxRecoveryDeps): Promise<number> {
  const pending = await ctx.repos.outbox.listPending();
  for (const row of pending) await enqueueDelivery(ctx, row);
  if (pending.length) ctx.logger.info({ count: pending.length }, 'pending outbound messages enqueued again');
  return pending.length;
}
