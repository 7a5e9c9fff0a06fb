import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Notification statuses (docs/notifications.md, "States"). */
export const NOTIFICATION_STATUSES = ['queued', 'scheduled', 'delivered', 'partially_delivered', 'failed', 'expired'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** Per recipient and channel delivery statuses. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'expired'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Broadcast statuses. */
export const BROADCAST_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/** One notification as sent: the content and the overall status; who gets it is in `notification_deliveries`. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    sender_id: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['system', 'user', 'broadcast'] }).notNull().default('user'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    priority: text('priority', { enum: ['normal', 'high'] }).notNull().default('normal'),
    channels: text('channels').array().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    channel_options: jsonb('channel_options').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    category: text('category'),
    persistent: boolean('persistent').notNull().default(false),
    require_acknowledgment: boolean('require_acknowledgment').notNull().default(false),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('queued'),
    recipients_count: integer('recipients_count').notNull().default(0),
    broadcast_id: text('broadcast_id'),
    idempotency_key: text('idempotency_key'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_idempotency_idx').on(t.sender_id, t.idempotency_key),
    index('notifications_sender_idx').on(t.sender_id, t.created_at),
  ],
);

/**
 * One row per recipient and channel: its delivery status, and for the recipient's inbox whether
 * it was read, clicked or deleted. `title`/`message` override the notification's when a
 * template rendered differently for this recipient.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    notification_id: text('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
    recipient_id: uuid('recipient_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    deliver_after: timestamp('deliver_after', { withTimezone: true }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    read_at: timestamp('read_at', { withTimezone: true }),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    clicked_at: timestamp('clicked_at', { withTimezone: true }),
    action: text('action'),
    title: text('title'),
    message: text('message'),
  },
  (t) => [
    primaryKey({ columns: [t.notification_id, t.recipient_id, t.channel] }),
    index('notification_deliveries_recipient_idx').on(t.recipient_id, t.notification_id),
    // Only pending rows are looked up by status; delivered ones (most of a broadcast) stay out of this index.
    index('notification_deliveries_pending_idx').on(t.deliver_after).where(sql`${t.status} = 'pending'`),
  ],
);

/** A user's notification preferences (docs/notifications.md, "Preferences"); absent means the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  user_id: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Named templates; `variables` lists the placeholders a send must fill. */
export const notificationTemplates = pgTable('notification_templates', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  channels: text('channels').array().notNull(),
  variables: text('variables').array().notNull().default(sql`'{}'::text[]`),
  created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A broadcast: its audience, content and schedule; `cursor` is the last user id fanned out to. */
export const notificationBroadcasts = pgTable('notification_broadcasts', {
  id: text('id').primaryKey(),
  sender_id: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
  target: text('target').notNull(),
  target_id: text('target_id'),
  filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
  title: text('title').notNull(),
  body: text('body').notNull(),
  image_url: text('image_url'),
  status: text('status', { enum: BROADCAST_STATUSES }).notNull(),
  scheduled_for: timestamp('scheduled_for', { withTimezone: true }),
  target_count: integer('target_count').notNull().default(0),
  notification_id: text('notification_id'),
  cursor: uuid('cursor'),
  idempotency_key: text('idempotency_key'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('notification_broadcasts_idempotency_idx').on(t.sender_id, t.idempotency_key)]);

/** When a user last used the notifications API or inbox socket: the `last_active` broadcast filter. */
export const notificationActivity = pgTable('notification_activity', {
  user_id: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  last_active_at: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Registered webhook endpoints (Standard Webhooks); `disabled_at` is set when one answers 410. */
export const notificationWebhooks = pgTable('notification_webhooks', {
  id: text('id').primaryKey(),
  owner_id: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  secret: text('secret').notNull(),
  disabled_at: timestamp('disabled_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Browser push subscriptions (the `web` channel): one row per push service endpoint. */
export const notificationPushSubscriptions = pgTable('notification_push_subscriptions', {
  endpoint: text('endpoint').primaryKey(),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('notification_push_subscriptions_user_idx').on(t.user_id)]);

/** Mobile app platforms a device token can come from. */
export const PUSH_DEVICE_PLATFORMS = ['android', 'ios', 'web'] as const;

/** Mobile app installs for the `push` channel: one row per device token (an FCM registration token). */
export const notificationPushDevices = pgTable('notification_push_devices', {
  token: text('token').primaryKey(),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  platform: text('platform', { enum: PUSH_DEVICE_PLATFORMS }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('notification_push_devices_user_idx').on(t.user_id)]);
