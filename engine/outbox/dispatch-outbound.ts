import type { Attachment } from '../messages.js';
import { JOB_NAMES, type EnqueueDeps, type OutboxSettings } from '../engine-deps.js';
import { sessionOutboundTopic } from '../engine-api.js';
import type { EventBus } from '../../infra/events/index.js';
import { enqueueAfterCommit } from '../../infra/jobs/index.js';
import type { MetricsPort } from '../../infra/metrics/index.js';
import type { PlannedOutbound } from './plan-outbound.js';

/** What WebSocket clients of a session receive for each outbound message (docs/architecture.md). */
export interface OutboundEvent {
  type: 'message';
  from: 'bot' | 'attendant' | 'system';
  text: string;
  suggestions?: { key: string; label: string }[];
  /** SEND FILE's files, by their links (the widget shows them as they arrive). */
  attachments?: Attachment[];
  at: string;
}

/** Data of an `outbox.deliver` job: the outbox row, and its session (deliveries of one session take turns). */
export interface DeliverJob {
  id: string;
  session_id: string;
}

/** What enqueueing a delivery needs: the jobs port and the outbox's retry policy. */
export interface DeliveryEnqueueDeps extends EnqueueDeps {
  readonly outbox: Pick<OutboxSettings, 'attempts' | 'backoffMs'>;
}

/** What handing out committed messages needs: the event bus for the session's sockets, the deliveries' jobs. */
export interface DispatchDeps extends DeliveryEnqueueDeps {
  readonly bus: Pick<EventBus, 'publish'>;
  readonly metrics: Pick<MetricsPort, 'delivered'>;
  readonly now: () => Date;
}

/**
 * After the commit: announces each customer message on the session's event-bus topic (without
 * waiting for it) and enqueues the delivery of those that go through a provider. Neither failing undoes anything —
 * the rows are committed and start-up enqueues what is still pending — so failures are logged,
 * not thrown.
 */
export async function dispatchOutbound(ctx: DispatchDeps, planned: readonly PlannedOutbound[], createdAt: ReadonlyMap<string, Date>): Promise<void> {
  for (const { write, message, toCustomer } of planned) {
    if (toCustomer) {
      const { from, text, suggestions, attachments } = message;
      const at = (createdAt.get(write.id) ?? ctx.now()).toISOString();
      const event: OutboundEvent = { type: 'message', from, text, ...(suggestions ? { suggestions } : {}), ...(attachments?.length ? { attachments } : {}), at };
      // Not awaited: the bus is fire-and-forget (infra/events/event-bus.ts), so the customer's
      // answer does not wait for Redis to acknowledge it (docs/performance.md); one connection
      // keeps the publishes of this process in order.
      void ctx.bus.publish(sessionOutboundTopic(message.session_id), event).catch((error: unknown) =>
        ctx.logger.warn({ err: error, session: message.session_id }, 'outbound message not published on the event bus'),
      );
    }
    if (write.delivery.kind !== 'outbox') {
      ctx.metrics.delivered({ channel: message.channel, status: 'delivered' }); // stored as delivered with the turn
      continue;
    }
    const job: DeliverJob = { id: write.delivery.outbox_id, session_id: message.session_id };
    await enqueueDelivery(ctx, job);
  }
}

/**
 * Enqueues the delivery of one outbox row; idempotent while that row's job is waiting or running.
 * Never throws: a row whose job cannot be enqueued stays pending for the recovery.
 */
export async function enqueueDelivery(ctx: DeliveryEnqueueDeps, job: DeliverJob): Promise<void> {
  await enqueueAfterCommit(ctx, 'delivery', { outbox: job.id }, () => ctx.jobs.add(JOB_NAMES.deliver, job, {
    jobId: `outbox-${job.id}`,
    attempts: ctx.outbox.attempts,
    backoff: { type: 'exponential', delay: ctx.outbox.backoffMs },
  }));
}
