import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { NotificationPushRepo } from '../../db/index.js';
import { refusalBehind } from '../../infra/outbound-http.js';
import { DELIVERY_REASONS } from '../channels.js';
import { PermanentDeliveryFailure, type ChannelSender } from '../delivery-port.js';
import type { VapidKeys } from './vapid-keys.js';

export interface WebPushSenderOptions {
  keys: VapidKeys;
  /** The VAPID `sub` claim: a mailto: or https: contact for push services. */
  subject: string;
  subscriptions: Pick<NotificationPushRepo, 'ofUser' | 'remove'>;
  /**
   * The outbound door's https agent (infra/outbound-http.ts `guardedAgents`, with the
   * deployment's policy and WEB_PUSH_CA_FILE's `ca`): every endpoint is connected through the
   * guard, whatever address a browser or a user registered.
   */
  agent: Agent;
}

/**
 * The `web` channel on the web-push library: the payload (title, body, icon, badge, vibrate,
 * require_interaction, data, url) is encrypted per subscription (aes128gcm) and signed with the
 * server's VAPID key. A subscription the push service says is gone (404/410) is deleted; a user
 * without any subscription fails with `no_push_subscription`. Delivered means at least one
 * subscription accepted it. An endpoint the outbound guard refuses is never connected to; when no
 * subscription accepted and the refusals are all that went wrong, the delivery fails with
 * `address_not_allowed` (the subscriptions stay: the operator may allow private networks).
 */
export function createWebPushSender(options: WebPushSenderOptions): ChannelSender {
  return {
    channel: 'web',
    async deliver(target) {
      const subscriptions = await options.subscriptions.ofUser(target.recipient.id);
      if (subscriptions.length === 0) throw new PermanentDeliveryFailure(DELIVERY_REASONS.noSubscription);
      const o = target.options;
      const payload = JSON.stringify({
        title: target.title, body: target.message, notification_id: target.notification_id, data: target.data,
        ...(target.click_url ? { url: target.click_url } : {}),
        ...(o.icon ? { icon: o.icon } : {}), ...(o.badge ? { badge: o.badge } : {}),
        ...(o.vibrate ? { vibrate: o.vibrate } : {}), ...(o.require_interaction !== undefined ? { require_interaction: o.require_interaction } : {}),
      });
      let accepted = 0;
      let lastError: unknown;
      let refused: string | undefined;
      for (const s of subscriptions) {
        try {
          await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
            vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
            TTL: 24 * 3600, urgency: target.priority === 'high' ? 'high' : 'normal', contentEncoding: 'aes128gcm',
            agent: options.agent,
          });
          accepted++;
        } catch (error) {
          if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
            await options.subscriptions.remove(s.endpoint);
            continue;
          }
          const refusal = refusalBehind(error);
          if (refusal) {
            refused = refusal.message;
            continue;
          }
          lastError = error;
        }
      }
      if (accepted > 0) return;
      if (lastError) throw lastError; // transient: the deliver job retries
      if (refused) throw new PermanentDeliveryFailure(DELIVERY_REASONS.addressRefused, refused);
      throw new PermanentDeliveryFailure(DELIVERY_REASONS.gone);
    },
  };
}
