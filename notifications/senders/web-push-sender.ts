import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { NotificationPushRepo } from '../../db/index.js';
import { DELIVERY_REASONS } from '../channels.js';
import { PermanentDeliveryFailure, type ChannelSender } from '../delivery-port.js';
import type { VapidKeys } from './vapid-keys.js';

export interface WebPushSenderOptions {
  keys: VapidKeys;
  /** The VAPID `sub` claim: a mailto: or https: contact for push services. */
  subject: string;
  subscriptions: Pick<NotificationPushRepo, 'ofUser' | 'remove'>;
  /** Trusts a private push service's certificate (WEB_PUSH_CA_FILE). */
  agent?: Agent;
}

/**
 * The `web` channel on the web-push library: the payload (title, body, icon, badge, vibrate,
 * require_interaction, data, url) is encrypted per subscription (aes128gcm) and signed with the
 * server's VAPID key. A subscription the push service says is gone (404/410) is deleted; a user
 * without any subscription fails with `no_push_subscription`. Delivered means at least one
 * subscription accepted it.
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
      for (const s of subscriptions) {
        try {
          await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
            vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
            TTL: 24 * 3600, urgency: target.priority === 'high' ? 'high' : 'normal', contentEncoding: 'aes128gcm',
            ...(options.agent ? { agent: options.agent } : {}),
          });
          accepted++;
        } catch (error) {
          if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
            await options.subscriptions.remove(s.endpoint);
            continue;
          }
          lastError = error;
        }
      }
      if (accepted > 0) return;
      if (lastError) throw lastError; // transient: the deliver job retries
      throw new PermanentDeliveryFailure(DELIVERY_REASONS.gone);
    },
  };
}
