import { randomBytes } from 'node:crypto';
import type { Principal } from '../../auth/index.js';
import type { NotificationWebhooksRepo, WebhookRow } from '../../db/index.js';
import { NotFoundError } from '../../infra/errors.js';
import { newId } from '../notification-ids.js';
import { refuseGuardedAddress } from '../refuse-guarded-address.js';
import type { OutboundPolicy } from '../../infra/outbound-http.js';
import type { WebhookEvent } from './webhook-events.js';

/**
 * Registers an endpoint for events (docs/notifications.md, "Webhooks"). The signing secret
 * (`whsec_…`, Standard Webhooks) is in this answer only; lists never show it. A URL at an address
 * the outbound guard refuses is a 400.
 */
export async function registerWebhook(
  deps: { webhooks: Pick<NotificationWebhooksRepo, 'create'>; now: () => Date; outbound: { policy: OutboundPolicy } }, principal: Principal,
  input: { url: string; events: WebhookEvent[] },
): Promise<WebhookRow> {
  refuseGuardedAddress(input.url, deps.outbound.policy, 'body.url');
  return deps.webhooks.create({
    id: newId('whk'), owner_id: principal.user_id, url: input.url, events: [...new Set(input.events)],
    secret: `whsec_${randomBytes(24).toString('base64')}`, created_at: deps.now(),
  });
}

export async function removeWebhook(deps: { webhooks: Pick<NotificationWebhooksRepo, 'remove'> }, id: string): Promise<void> {
  if (!(await deps.webhooks.remove(id))) throw new NotFoundError(`Webhook ${id} not found`, 'webhook_not_found');
}
