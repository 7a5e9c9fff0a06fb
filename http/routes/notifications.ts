import type { Request } from 'express';
import type { BroadcastRow, NotificationsService, NotificationView, SentNotification, WebhookRow } from '../../notifications/index.js';
import { ValidationError } from '../../infra/errors.js';
import { defineRoute } from '../route.js';
import {
  BroadcastParamsSchema, BroadcastRequestSchema, BroadcastSchema, ClickQuerySchema, CreateTemplateRequestSchema,
  WebhookCreatedSchema, WebhookListSchema, WebhookRequestSchema, DeleteNotificationResponseSchema, ListNotificationsQuerySchema, MarkReadResponseSchema,
  NotificationListSchema, NotificationParamsSchema, OkSchema, PushSubscriptionRequestSchema, PushDeviceRequestSchema, PushDeviceRemoveRequestSchema, PushUnsubscribeRequestSchema, VapidKeySchema, NotificationSchema, PreferencesPatchSchema, PreferencesResponseSchema,
  SendNotificationRequestSchema, SendNotificationResponseSchema, SendTemplateRequestSchema, TemplateSchema, UserParamsSchema,
} from '../schemas/notifications.js';

const BASE = '/api/v1/notifications';
const TAG = 'notifications';
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** `Idempotency-Key` of a send or broadcast: a repeat answers the first result (docs/notifications.md). */
export function idempotencyKey(req: Request): string | undefined {
  const key = req.get('idempotency-key')?.trim();
  if (key === undefined || key === '') return undefined;
  if (key.length > 200) throw new ValidationError('Idempotency-Key must be at most 200 characters', [{ path: 'header.idempotency-key', message: 'too long' }]);
  return key;
}

function toSent({ notification, delivery }: SentNotification) {
  return {
    notification_id: notification.id, recipients_count: notification.recipients_count, status: notification.status, delivery,
    created_at: notification.created_at.toISOString(),
  };
}

function toBroadcast(b: BroadcastRow) {
  return {
    broadcast_id: b.id, notification_id: b.notification_id, target: b.target, target_id: b.target_id, target_count: b.target_count,
    scheduled_for: iso(b.scheduled_for), status: b.status, created_at: b.created_at.toISOString(),
  };
}

function toWebhook(w: WebhookRow) {
  return { id: w.id, url: w.url, events: w.events, disabled_at: iso(w.disabled_at), created_at: w.created_at.toISOString() };
}

function toView({ notification: n, delivery, details, own }: NotificationView) {
  return {
    notification_id: n.id, type: n.type, title: own?.title ?? n.title, message: own?.message ?? n.message, priority: n.priority, channels: n.channels, data: n.data,
    category: n.category, status: n.status, recipients_count: n.recipients_count, created_at: n.created_at.toISOString(),
    expires_at: iso(n.expires_at), delivery,
    delivery_details: details.map((d) => ({
      recipient: d.recipient_id, channel: d.channel, status: d.status, delivered_at: iso(d.delivered_at), reason: d.reason,
      deliver_after: iso(d.deliver_after), read_at: iso(d.read_at), clicked_at: iso(d.clicked_at), action: d.action,
    })),
    ...(own ? { marked_as_read: own.read_at !== null, read_at: iso(own.read_at) } : {}),
  };
}

/** Both the short path and the long `notifications/notifications` form (docs/notifications.md, "Endpoints"). */
const itemPaths = (suffix = '') => [`${BASE}/notifications/:id${suffix}`, `${BASE}/:id${suffix}`];

/**
 * The notifications API v1 (docs/notifications.md): send, read, list, mark read,
 * delete, preferences, templates. Every route needs a bearer token.
 */
export function notificationRoutes(service: NotificationsService) {
  const common = { tag: TAG, access: 'authenticated' as const };
  const touch = (userId: string) => void service.touch(userId);
  return [
    defineRoute({
      ...common, method: 'post', path: `${BASE}/send`, summary: 'Send a notification to users over channels',
      body: SendNotificationRequestSchema, status: 202,
      response: { description: 'Queued: each channel pending', schema: SendNotificationResponseSchema }, errors: [429],
      handle: async ({ body, principal, req }) => {
        touch(principal.user_id);
        const key = idempotencyKey(req);
        const { expires_at, ...rest } = body;
        return toSent(await service.send(principal, { ...rest, ...(expires_at ? { expires_at: new Date(expires_at) } : {}), ...(key ? { idempotency_key: key } : {}) }));
      },
    }),
    defineRoute({
      ...common, method: 'post', path: `${BASE}/send/template`, summary: 'Send a stored template, rendered per recipient',
      body: SendTemplateRequestSchema, status: 202,
      response: { description: 'Queued: each channel pending', schema: SendNotificationResponseSchema }, errors: [404, 429],
      handle: async ({ body, principal, req }) => {
        touch(principal.user_id);
        const key = idempotencyKey(req);
        const { template, recipients, variables, recipient_variables, expires_at, channels, ...options } = body;
        return toSent(await service.sendTemplate(principal, {
          template, recipients, variables, recipient_variables,
          options: { ...options, ...(channels ? { channels } : {}), ...(expires_at ? { expires_at: new Date(expires_at) } : {}), ...(key ? { idempotency_key: key } : {}) },
        }));
      },
    }),
    defineRoute({
      ...common, method: 'post', path: `${BASE}/broadcast`, summary: 'Broadcast to everyone, a segment or a group, now or at a scheduled time',
      body: BroadcastRequestSchema, status: 202,
      response: { description: 'The broadcast: sending, or scheduled', schema: BroadcastSchema }, errors: [429],
      handle: async ({ body, principal, req }) => {
        touch(principal.user_id);
        const key = idempotencyKey(req);
        const { filters, schedule, ...rest } = body;
        const days = filters.last_active ? Number(filters.last_active.slice(0, -1)) : undefined;
        return toBroadcast(await service.broadcast(principal, {
          ...rest,
          filters: { ...(filters.channel ? { channel: filters.channel } : {}), ...(days === undefined ? {} : { last_active_days: days }) },
          ...(schedule ? { schedule: new Date(schedule) } : {}), ...(key ? { idempotency_key: key } : {}),
        }));
      },
    }),
    defineRoute({
      ...common, method: 'get', path: `${BASE}/broadcast/:id`, summary: 'A broadcast and its status', params: BroadcastParamsSchema,
      response: { description: 'The broadcast', schema: BroadcastSchema }, errors: [404],
      handle: async ({ params, principal }) => toBroadcast(await service.getBroadcast(principal, params.id)),
    }),
    defineRoute({
      ...common, method: 'delete', path: `${BASE}/broadcast/:id`, summary: 'Cancel a scheduled broadcast', params: BroadcastParamsSchema,
      response: { description: 'The cancelled broadcast', schema: BroadcastSchema }, errors: [404, 409],
      handle: async ({ params, principal }) => toBroadcast(await service.cancelBroadcast(principal, params.id)),
    }),
    defineRoute({
      // Only admins choose where the server sends events; supervisors may list and remove (docs/notifications.md, "Webhooks").
      tag: TAG, access: ['admin'], method: 'post', path: `${BASE}/webhooks`, summary: 'Register a webhook for delivered and clicked events',
      body: WebhookRequestSchema, status: 201, response: { description: 'The webhook, with its secret (shown once)', schema: WebhookCreatedSchema },
      handle: async ({ body, principal }) => {
        const row = await service.registerWebhook(principal, body);
        return { ...toWebhook(row), secret: row.secret };
      },
    }),
    defineRoute({
      tag: TAG, access: ['supervisor'], method: 'get', path: `${BASE}/webhooks`, summary: 'Registered webhooks (without secrets)',
      response: { description: 'Webhooks', schema: WebhookListSchema },
      handle: async () => ({ webhooks: (await service.listWebhooks()).map(toWebhook) }),
    }),
    defineRoute({
      tag: TAG, access: ['supervisor'], method: 'delete', path: `${BASE}/webhooks/:id`, summary: 'Remove a webhook', params: BroadcastParamsSchema,
      response: { description: 'Removed', schema: OkSchema }, errors: [404],
      handle: async ({ params }) => {
        await service.removeWebhook(params.id);
        return { ok: true as const };
      },
    }),
    defineRoute({
      tag: TAG, access: 'public', method: 'get', path: `${BASE}/:id/click`,
      summary: 'Tracked link of data.url: records clicked_at and action, then redirects (302)', params: NotificationParamsSchema, query: ClickQuerySchema,
      status: 302, response: { description: 'Redirect to data.url' }, errors: [404],
      handle: async ({ params, query, res }) => {
        res.redirect(302, await service.trackClick({ notification_id: params.id, user_id: query.u, signature: query.s }));
      },
    }),
    defineRoute({
      ...common, method: 'get', path: `${BASE}/push/vapid-public-key`, summary: 'The VAPID public key browsers subscribe with',
      response: { description: 'The key', schema: VapidKeySchema },
      handle: async () => ({ public_key: service.vapidPublicKey() }),
    }),
    defineRoute({
      ...common, method: 'post', path: `${BASE}/push/subscriptions`, summary: 'Save the caller\'s browser push subscription (web channel)',
      body: PushSubscriptionRequestSchema, status: 201, response: { description: 'Saved', schema: OkSchema },
      handle: async ({ body, principal }) => {
        await service.subscribePush(principal, body);
        return { ok: true as const };
      },
    }),
    defineRoute({
      ...common, method: 'delete', path: `${BASE}/push/subscriptions`, summary: 'Remove one of the caller\'s browser push subscriptions',
      body: PushUnsubscribeRequestSchema, response: { description: 'Removed', schema: OkSchema }, errors: [404],
      handle: async ({ body, principal }) => {
        await service.unsubscribePush(principal, body.endpoint);
        return { ok: true as const };
      },
    }),
    defineRoute({
      ...common, method: 'post', path: `${BASE}/push/devices`, summary: 'Register the caller\'s mobile app install (push channel)',
      body: PushDeviceRequestSchema, status: 201, response: { description: 'Saved', schema: OkSchema },
      handle: async ({ body, principal }) => {
        await service.registerPushDevice(principal, body);
        return { ok: true as const };
      },
    }),
    defineRoute({
      ...common, method: 'delete', path: `${BASE}/push/devices`, summary: 'Remove one of the caller\'s mobile app installs',
      body: PushDeviceRemoveRequestSchema, response: { description: 'Removed', schema: OkSchema }, errors: [404],
      handle: async ({ body, principal }) => {
        await service.unregisterPushDevice(principal, body.token);
        return { ok: true as const };
      },
    }),
    defineRoute({
      ...common, method: 'post', path: `${BASE}/templates`, summary: 'Create a template', body: CreateTemplateRequestSchema, status: 201,
      response: { description: 'The template', schema: TemplateSchema }, errors: [409, 429],
      handle: async ({ body, principal }) => {
        const row = await service.createTemplate(principal, body);
        return { name: row.name, title: row.title, body: row.body, channels: row.channels, variables: row.variables, created_at: row.created_at.toISOString() };
      },
    }),
    ...[`${BASE}/users/:user_id/preferences`].flatMap((path) => [
      defineRoute({
        ...common, method: 'get', path, summary: 'A user\'s notification preferences', params: UserParamsSchema,
        response: { description: 'The whole preferences object', schema: PreferencesResponseSchema }, errors: [404],
        handle: async ({ params, principal }) => ({ user_id: params.user_id, preferences: await service.preferences(principal, params.user_id) }),
      }),
      defineRoute({
        ...common, method: 'patch', path, summary: 'Change any subset of a user\'s notification preferences', params: UserParamsSchema,
        body: PreferencesPatchSchema,
        response: { description: 'The whole preferences object after the change', schema: PreferencesResponseSchema }, errors: [404],
        handle: async ({ params, body, principal }) => {
          const patch = 'preferences' in body ? body.preferences : body;
          return { user_id: params.user_id, preferences: await service.updatePreferences(principal, params.user_id, patch) };
        },
      }),
    ]),
    ...[`${BASE}/notifications`, BASE].map((path) => defineRoute({
      ...common, method: 'get', path, summary: 'Notifications the caller sent or received, newest first', query: ListNotificationsQuerySchema,
      response: { description: 'A page of notifications', schema: NotificationListSchema },
      handle: async ({ query, principal }) => {
        touch(principal.user_id);
        const { start_date, end_date, ...rest } = query;
        const { rows, total } = await service.list(principal, {
          ...rest, ...(start_date ? { start_date: new Date(start_date) } : {}), ...(end_date ? { end_date: new Date(end_date) } : {}),
        });
        return {
          notifications: rows.map((n) => ({ notification_id: n.id, title: n.title, status: n.status, created_at: n.created_at.toISOString(), recipients_count: n.recipients_count })),
          total, page: query.page, limit: query.limit,
        };
      },
    })),
    ...itemPaths().map((path) => defineRoute({
      ...common, method: 'get', path, summary: 'A notification with its delivery details', params: NotificationParamsSchema,
      response: { description: 'The notification', schema: NotificationSchema }, errors: [404],
      handle: async ({ params, principal }) => toView(await service.get(principal, params.id)),
    })),
    ...itemPaths('/read').map((path) => defineRoute({
      ...common, method: 'patch', path, summary: 'Mark the caller\'s copy read', params: NotificationParamsSchema,
      response: { description: 'Read', schema: MarkReadResponseSchema }, errors: [404],
      handle: async ({ params, principal }) => ({ notification_id: params.id, marked_as_read: true as const, read_at: (await service.markRead(principal, params.id)).toISOString() }),
    })),
    ...itemPaths().map((path) => defineRoute({
      ...common, method: 'delete', path, summary: 'Remove the notification from the caller\'s inbox', params: NotificationParamsSchema,
      response: { description: 'Deleted', schema: DeleteNotificationResponseSchema }, errors: [404],
      handle: async ({ params, principal }) => {
        await service.remove(principal, params.id);
        return { deleted: true as const, notification_id: params.id };
      },
    })),
  ];
}
