/** Notifications (docs/notifications.md): send, broadcast, inbox, preferences, templates, webhooks. */
export { createNotificationsService, type NotificationsService } from './notifications-service.js';
export type { NotificationsDeps, NotificationLimits, NotificationEventSink } from './notifications-deps.js';
export { NOTIFICATION_CHANNELS, NOTIFICATION_CATEGORIES, NOTIFICATION_TYPES, DELIVERY_REASONS, type NotificationChannel } from './channels.js';
export type { ChannelSender, DeliveryTarget, SmsSender, MobilePushSender, GroupDirectory } from './delivery-port.js';
export { ChannelNotConfiguredError, PermanentDeliveryFailure } from './delivery-port.js';
export { NOTIFICATIONS_INBOX_TOPIC, InboxDeliverySchema, type InboxDelivery, type InboxNotification } from './inbox-events.js';
export { createInAppSender } from './senders/in-app-sender.js';
export { createEmailSender } from './senders/email-sender.js';
export { createSmsChannel, createMobilePushChannel, type PushDevices } from './senders/port-senders.js';
export { createFcmClient, loadFcmServiceAccount, type FcmServiceAccount } from './senders/fcm-client.js';
export { DEFAULT_PREFERENCES, type NotificationPreferences, type PreferencesPatch } from './preferences.js';
export type { SendNotificationInput, SentNotification } from './send-notification.js';
export type { SendTemplateInput } from './send-template.js';
export type { CreateTemplateInput } from './create-template.js';
export type { ListNotificationsInput } from './list-notifications.js';
export type { NotificationView } from './get-notification.js';
export { SEGMENTS, type BroadcastInput, type Segment } from './send-broadcast.js';
/** The stored broadcast, as the routes answer it. */
export type { BroadcastRow } from '../db/index.js';
export { createWebPushSender } from './senders/web-push-sender.js';
export { loadVapidKeys, type VapidKeys } from './senders/vapid-keys.js';
export { createWebhookEvents, WEBHOOK_EVENTS, type WebhookEvent } from './webhooks/webhook-events.js';
export { clickSignature } from './track-click.js';
export type { WebhookRow } from '../db/index.js';
