import type { NotificationWebhooksRepo } from '../../db/index.js';
import type { Logger } from '../../infra/logger.js';
import { postSignedWebhook } from '../../infra/webhooks/index.js';
import type { WebhookJob } from './webhook-events.js';

/**
 * The webhook job: POSTs the event signed per Standard Webhooks (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature` over the raw body with the endpoint's secret). A 2xx
 * is done; 410 Gone disables the endpoint; anything else throws so the job retries with backoff.
 */
export async function deliverWebhook(
  deps: { webhooks: Pick<NotificationWebhooksRepo, 'get' | 'disable'>; logger: Logger; now: () => Date; timeoutMs?: number }, job: WebhookJob,
): Promise<void> {
  const hook = await deps.webhooks.get(job.webhook_id);
  if (!hook || hook.disabled_at) return;
  const body = JSON.stringify(job.payload);
  const at = deps.now();
  const status = await postSignedWebhook({
    url: hook.url, secret: hook.secret, messageId: job.message_id, body, at, ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
  if (status === 410) {
    await deps.webhooks.disable(hook.id, at);
    deps.logger.warn({ webhook_id: hook.id }, 'webhook endpoint answered 410 Gone: disabled');
    return;
  }
  if (status < 200 || status >= 300) throw new Error(`webhook ${hook.id} answered ${status}`);
}
