import type { Principal } from '../auth/index.js';
import { cancelBroadcast, getBroadcast } from './cancel-broadcast.js';
import { createDeliveryJobs } from './delivery-jobs.js';
import { sendBroadcast, type BroadcastInput } from './send-broadcast.js';
import { createTemplate, type CreateTemplateInput } from './create-template.js';
import { deleteNotification } from './delete-notification.js';
import { getNotification } from './get-notification.js';
import { listNotifications, type ListNotificationsInput } from './list-notifications.js';
import { getPreferences, updatePreferences } from './manage-preferences.js';
import {
  registerPushDevice, subscribePush, unregisterPushDevice, unsubscribePush, type PushDeviceInput, type PushSubscriptionInput,
} from './manage-push-subscriptions.js';
import { markNotificationRead } from './mark-read.js';
import { trackClick } from './track-click.js';
import { registerWebhook, removeWebhook } from './webhooks/manage-webhooks.js';
import type { WebhookEvent } from './webhooks/webhook-events.js';
import type { NotificationsDeps } from './notifications-deps.js';
import type { PreferencesPatch } from './preferences.js';
import { sendNotification, type SendNotificationInput } from './send-notification.js';
import { sendTemplate, type SendTemplateInput } from './send-template.js';

/**
 * The notifications area's entry points, each one use case on the dependencies built once at the
 * composition root; `start()` registers the jobs and re-enqueues what the database says is due.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const jobs = createDeliveryJobs(deps);
  return {
    send: (principal: Principal, input: SendNotificationInput) => sendNotification(deps, principal, input),
    sendTemplate: (principal: Principal, input: SendTemplateInput) => sendTemplate(deps, principal, input),
    broadcast: (principal: Principal, input: BroadcastInput) => sendBroadcast(deps, principal, input),
    getBroadcast: (principal: Principal, id: string) => getBroadcast(deps, principal, id),
    cancelBroadcast: (principal: Principal, id: string) => cancelBroadcast(deps, principal, id),
    get: (principal: Principal, id: string) => getNotification(deps, principal, id),
    list: (principal: Principal, input: ListNotificationsInput) => listNotifications(deps, principal, input),
    markRead: (principal: Principal, id: string) => markNotificationRead(deps, principal, id),
    remove: (principal: Principal, id: string) => deleteNotification(deps, principal, id),
    preferences: (principal: Principal, userId: string) => getPreferences(deps, principal, userId),
    updatePreferences: (principal: Principal, userId: string, patch: PreferencesPatch) => updatePreferences(deps, principal, userId, patch),
    createTemplate: (principal: Principal, input: CreateTemplateInput) => createTemplate(deps, principal, input),
    registerWebhook: (principal: Principal, input: { url: string; events: WebhookEvent[] }) => registerWebhook(deps, principal, input),
    listWebhooks: () => deps.webhooks.list(),
    removeWebhook: (id: string) => removeWebhook(deps, id),
    trackClick: (input: { notification_id: string; user_id: string; signature: string }) => trackClick(deps, input),
    vapidPublicKey: () => deps.vapidPublicKey,
    subscribePush: (principal: Principal, input: PushSubscriptionInput) => subscribePush(deps, principal, input),
    unsubscribePush: (principal: Principal, endpoint: string) => unsubscribePush(deps, principal, endpoint),
    registerPushDevice: (principal: Principal, input: PushDeviceInput) => registerPushDevice(deps, principal, input),
    unregisterPushDevice: (principal: Principal, token: string) => unregisterPushDevice(deps, principal, token),
    unreadCount: (userId: string) => deps.repo.unreadCount(userId),
    /** Notes activity for the `last_active` broadcast filter; never fails a request. */
    touch: (userId: string) => deps.settings.touch(userId, deps.now()).catch((err: unknown) => deps.logger.warn({ err }, 'could not record notification activity')),
    start: () => jobs.start(),
    recover: () => jobs.recover(),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
