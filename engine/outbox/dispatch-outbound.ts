import type { EngineContext } from '../engine-context.js';
import { JOB_NAMES } from '../engine-context.js';
import { sessionOutboundTopic } from '../engine-api.js';
import type { CommittedOutbound } from './commit-outbound.js';

/** What WebSocket clients of a session receive for each outbound message (ARCHITECTURE.md; issue 4 item 8). */
export interface OutboundEvent {
  type: 'message';
  from: 'bot' | 'attendant' | 'system';
  text: string;
  suggestions?: { key: string; label: string }[];
  at: string;
}

/** Data of an `outbox.deliver` job: the outbox row, and its session (deliveries of one session take turns). */
export interface DeliverJob {
  id: string;
  session_id: string;
}

/**
 * After the commit: announces each customer message on the session's event-bus topic and
 * enqueues its delivery. Neither failing undoes anything — the rows are committed and start-up
 * enqueues what is still pending — so failures are logged, not thrown.
 */
export async function dispatchOutbound(ctx: EngineContext, committed: readonly CommittedOutbound[]): Promise<void> {
  for (const item of committed) {
    if (item.toCustomer) {
      const { from, text, suggestions } = item.message;
      const event: OutboundEvent = { type: 'message', from, text, ...(suggestions ? { suggestions } : {}), at: item.at.toISOString() };
      await ctx.bus.publish(sessionOutboundTopic(item.message.session_id), event).catch((error: unknown) =>
        ctx.logger.warn({ err: error, session: item.message.session_id }, 'outbound message not published on the event bus'),
      );
    }
    await enqueueDelivery(ctx, { id: item.outbox_id, session_id: item.message.session_id }).catch((error: unknown) =>
      ctx.logger.error({ err: error, outbox: item.outbox_id }, 'delivery not enqueued; it stays pending until the next start-up'),
    );
  }
}

/** Enqueues the delivery of one outbox row; idempotent while that row's job is waiting or running. */
export async function enqueueDelivery(ctx: EngineContext, job: DeliverJob): Promise<void> {
  await ctx.jobs.add(JOB_NAMES.deliver, job, {
    jobId: `outbox-${job.id}`,
    attempts: ctx.outbox.attempts,
    backoff: { type: 'exponential', delay: ctx.outbox.backoffMs },
  });
}
