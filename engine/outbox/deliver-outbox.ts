import type { OutboxRepo, SessionsRepo } from '../../db/index.js';
import { PermanentDeliveryError, type DeliveryReceipt } from '../channel-contract.js';
import type { ChannelRegistry } from '../channel-registry.js';
import type { JobContext } from '../../infra/jobs/index.js';
import type { LockPort } from '../../infra/locks/index.js';
import type { MetricsPort } from '../../infra/metrics/index.js';
import type { EnqueueDeps, OutboxSettings } from '../engine-deps.js';
import type { OutboundMessage } from '../messages.js';
import type { DeliverJob } from './dispatch-outbound.js';
import { failDelivery } from './fail-delivery.js';

/** What the `outbox.deliver` job needs: the row, the session's delivery lock, the adapters, the retry policy. */
export interface OutboxDeps extends EnqueueDeps {
  readonly repos: {
    readonly outbox: Pick<OutboxRepo, 'findById' | 'recordAttempt' | 'markDelivered' | 'markFailed'>;
    readonly sessions: Pick<SessionsRepo, 'markUnreachable'>;
  };
  readonly locks: Pick<LockPort, 'withLock'>;
  readonly channels: Pick<ChannelRegistry, 'get'>;
  readonly metrics: Pick<MetricsPort, 'delivered'>;
  readonly now: () => Date;
  readonly outbox: Pick<OutboxSettings, 'attempts' | 'backoffMs'>;
}

/**
 * The `outbox.deliver` job: sends one committed message through its channel's adapter.
 * - success: the row and its transcript message become `delivered`;
 * - `PermanentDeliveryError`, no adapter for the channel, or the last attempt failing: `failed`,
 *   with the provider's reason in `last_error` — nothing more is tried — and told as
 *   `message.delivery_failed` (fail-delivery.ts);
 * - any other error: the attempt and reason are recorded and the error is rethrown, so the jobs
 *   port retries with exponential backoff (OutboxSettings).
 * A row that is no longer pending (delivered by an earlier run) is left alone. A retry waits for
 * its backoff outside the lock, so later messages of the session may overtake a failing one.
 */
export function deliverOutbox(ctx: OutboxDeps, job: DeliverJob, run: JobContext): Promise<void> {
  // Deliveries of one session take turns, in the order their jobs start (commit order, unless a
  // retry intervenes), so a customer gets a turn's messages — and SMS parts — in order.
  return ctx.locks.withLock(`delivery:${job.session_id}`, () => deliverRow(ctx, job, run));
}

async function deliverRow(ctx: OutboxDeps, job: DeliverJob, run: JobContext): Promise<void> {
  const { outbox } = ctx.repos;
  const row = await outbox.findById(job.id);
  if (!row || row.state !== 'pending') return;
  const log = { outbox: row.id, session: row.session_id, channel: row.channel, attempt: run.attempt };
  const adapter = ctx.channels.get(row.channel);
  const count = (status: 'delivered' | 'failed' | 'retried') => ctx.metrics.delivered({ channel: row.channel, status });
  if (!adapter) {
    await failDelivery(ctx, (eventOf) => outbox.markFailed(row.id, `no adapter is registered for channel "${row.channel}"`, eventOf));
    count('failed');
    ctx.logger.error(log, 'outbound message failed: no adapter for its channel');
    return;
  }
  let receipt: DeliveryReceipt;
  try {
    receipt = await adapter.send(row.payload as unknown as OutboundMessage);
  } catch (error) {
    if (error instanceof PermanentDeliveryError) {
      await failDelivery(ctx, (eventOf) => outbox.markFailed(row.id, error.reason, eventOf));
      if (error.options.unreachable) await ctx.repos.sessions.markUnreachable(row.session_id, error.reason, ctx.now());
      count('failed');
      ctx.logger.warn({ ...log, reason: error.reason }, 'outbound message refused by the provider');
      return;
    }
    const reason = error instanceof Error ? error.message : String(error);
    if (run.attempt >= ctx.outbox.attempts) {
      await failDelivery(ctx, (eventOf) => outbox.markFailed(row.id, reason, eventOf));
      count('failed');
      ctx.logger.error({ ...log, reason }, 'outbound message failed after its last attempt');
      return;
    }
    const retryIn = ctx.outbox.backoffMs * 2 ** (run.attempt - 1);
    await outbox.recordAttempt(row.id, reason, new Date(ctx.now().getTime() + retryIn));
    count('retried');
    throw error;
  }
  if (await outbox.markDelivered(row.id, receipt.provider_message_id)) count('delivered');
}
