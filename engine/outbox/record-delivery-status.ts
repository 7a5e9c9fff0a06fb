import type { OutboxRepo } from '../../db/index.js';
import type { MetricsPort } from '../../infra/metrics/index.js';
import type { EngineBot, EnqueueDeps } from '../engine-deps.js';
import type { DeliveryStatusUpdate } from '../messages.js';
import { failDelivery } from './fail-delivery.js';

/** What a delivery receipt needs: the bot it names, the sent message's row by provider id. */
export interface DeliveryStatusDeps extends EnqueueDeps {
  readonly bots: (name: string) => EngineBot | undefined;
  readonly repos: { readonly outbox: Pick<OutboxRepo, 'applyProviderStatus'> };
  readonly metrics: Pick<MetricsPort, 'delivered'>;
}

/**
 * A provider's delivery receipt (sent, delivered, read, failed) for a message we sent, applied to
 * its transcript message and outbox row; a failure keeps the provider's code and words in the
 * transcript (`delivery_error`) and is told as `message.delivery_failed`. A receipt for a message we do not know (another system's, or one
 * whose id never came back) is only logged. Resolves to whether a message was found.
 */
export async function recordDeliveryStatus(ctx: DeliveryStatusDeps, update: DeliveryStatusUpdate): Promise<boolean> {
  const bot = ctx.bots(update.bot);
  if (!bot) return false;
  const reason = update.error ? `${update.error.code}: ${update.error.title}` : undefined;
  const found = await failDelivery(ctx, (eventOf) => ctx.repos.outbox.applyProviderStatus(
    { channel: update.channel, bot_id: bot.id, provider_message_id: update.provider_message_id }, update.status, reason, eventOf,
  ));
  const log = { channel: update.channel, bot: update.bot, provider_message_id: update.provider_message_id, status: update.status };
  if (!found) ctx.logger.debug(log, 'delivery status for a message we do not know');
  else if (update.status === 'failed') {
    ctx.logger.warn({ ...log, reason }, 'the provider reports an outbound message failed');
    ctx.metrics.delivered({ channel: update.channel, status: 'failed' });
  }
  return found;
}

/**
 * Providers' delivery receipts as one function (docs/channels/README.md, "Delivery statuses"),
 * for the channel adapters that report them. It needs the outbox, not the engine, so the
 * composition root builds it before the adapters, which the engine is built after.
 */
export function createDeliveryReceipts(deps: DeliveryStatusDeps): (update: DeliveryStatusUpdate) => Promise<boolean> {
  return (update) => recordDeliveryStatus(deps, update);
}
