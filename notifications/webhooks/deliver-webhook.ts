import type { NotificationWebhooksRepo } from '../../db/index.js';
import type { Logger } from '../../infra/logger.js';
import { refusalBehind, type FetchFunction } from '../../infra/outbound-http.js';
import { postSignedWebhook } from '../../infra/webhooks/index.js';
import type { WebhookJob } from './webhook-events.js';

/**
 * The webhook job: POSTs the event signed per Standard Webhooks (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature` over the raw body with the endpoint's secret). A 2xx
 * is done; 410 Gone disables the endpoint; anything else throws so the job retries with backoff.
 * An address the outbound guard refuses (docs/architecture.md, "Outbound requests") is never
 * connected to: the refusal is logged with its reason and not retried, since a retry would be
 * refused the same way; the endpoint stays, in case the operator allows private networks.
 */
export async function deliverWebhook(
  deps: { webhooks: Pick<NotificationWebhooksRepo, 'get' | 'disable'>; logger: Logger; now: () => Date; outbound: { fetch: FetchFunction }; timeoutMs?: number },
  job: WebhookJob,
): Promise<void> {
  const hook = await deps.webhooks.get(job.webhook_id);
  if (!hook || hook.disabled_at) return;
  const body = JSON.stringify(job.payload);
  const at = deps.now();
  let status: number;
  try {
    status = await postSignedWebhook(deps.outbound, {
      url: hook.url, secret: hook.secret, messageId: job.message_id, body, at, ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    });
  } catch (error) {
    const refusal = refusalBehind(error);
    if (!refusal) throw error;
    deps.logger.warn({ webhook_id: hook.id, message_id: job.message_id, reason: refusal.message }, 'webhook not delivered: the outbound guard refused its address');
    return;
  }
  if (status === 410) {
    await deps.webhooks.disable(hook.id, at);
    deps.logger.warn({ webhook_id: hook.id }, 'webhook endpoint answered 410 Gone: disabled');
    return;
  }
  if (status < 200 || status >= 300) throw new Error(`webhook ${hook.id} answered ${status}`);
}
