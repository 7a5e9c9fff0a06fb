import { z } from 'zod';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS, WEBHOOK_EVENTS } from '../../notifications/index.js';
import { MediaTypeSchema } from './media-type.js';

/** Most recipients of one send (docs/notifications.md, "Limits"); larger audiences are broadcasts. */
export const MAX_RECIPIENTS = 1000;
/** Most notifications one list page returns. */
export const NOTIFICATION_LIMIT_MAX = 100;

const Channel = z.enum(NOTIFICATION_CHANNELS);
const Category = z.enum(NOTIFICATION_CATEGORIES);
const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24 h)');
const Timestamp = z.iso.datetime({ offset: true });
const Status = z.enum(['queued', 'scheduled', 'delivered', 'partially_delivered', 'failed', 'expired']).meta({
  description: '`delivered`: every recipient × channel delivered; `partially_delivered`: some did, the others failed or expired (see `delivery_details`)',
});

/** `data` (docs/notifications.md, "Send"): `action` names what a click means, `url` where it leads (a path or an http(s) URL). */
const NotificationData = z.object({
  action: z.string().max(100).optional(),
  url: z.string().max(2000).refine((u) => u.startsWith('/') || /^https?:\/\//.test(u), 'must be a path or an http(s) URL').optional(),
}).catchall(z.unknown()).meta({ id: 'NotificationData' });

/** Options per channel (docs/notifications.md, "Send"), under `channel_options.<channel>`. */
export const ChannelOptionsSchema = z.object({
  web: z.object({
    icon: z.url().optional(), badge: z.url().optional(),
    vibrate: z.array(z.number().int().min(0).max(10_000)).max(32).optional(), require_interaction: z.boolean().optional(),
  }).optional(),
  email: z.object({
    from: z.string().max(320).optional(), reply_to: z.email().optional(), html: z.boolean().optional(),
    attachments: z.array(z.object({
      filename: z.string().min(1).max(255), content: z.base64().meta({ description: 'File content, base64' }), content_type: MediaTypeSchema.optional(),
    })).max(10).optional(),
  }).optional(),
  sms: z.object({ sender_id: z.string().max(11).optional(), unicode: z.boolean().optional() }).optional(),
  push: z.object({}).catchall(z.unknown()).optional(),
  in_app: z.object({ persist: z.boolean().optional(), category: z.string().max(50).optional() }).optional(),
}).meta({ id: 'NotificationChannelOptions' });

/** The parts of a send shared with `send/template` (docs/notifications.md, "Send"). */
const sendOptions = {
  priority: z.enum(['normal', 'high']).default('normal'),
  data: NotificationData.default({}),
  type: z.enum(['system', 'user']).default('user').meta({ description: 'system: may set persistent and require_acknowledgment; user: may expire' }),
  category: Category.optional().meta({ description: 'Preference category; default system for type system, updates otherwise' }),
  persistent: z.boolean().default(false),
  require_acknowledgment: z.boolean().default(false).meta({ description: 'With type system: passes categories and quiet hours' }),
  expires_at: Timestamp.optional().meta({ description: 'Deliveries still pending then become expired' }),
  channel_options: ChannelOptionsSchema.default({}),
};

const Recipients = z.array(z.string().min(1).max(100)).min(1).max(MAX_RECIPIENTS).meta({ description: 'User ids' });

/** POST /send (docs/notifications.md, "Send"). */
export const SendNotificationRequestSchema = z.object({
  recipients: Recipients,
  title: z.string().trim().min(1).max(200),
  message: z.string().min(1).max(10_000),
  channels: z.array(Channel).min(1).default(['in_app']),
  ...sendOptions,
}).meta({ id: 'SendNotificationRequest' });

/** POST /send/template (docs/notifications.md, "Templates"). */
export const SendTemplateRequestSchema = z.object({
  template: z.string().min(1).max(100),
  recipients: Recipients,
  variables: z.record(z.string(), z.unknown()).default({}),
  recipient_variables: z.record(z.string(), z.record(z.string(), z.unknown())).default({})
    .meta({ description: 'Per recipient id, values laid over variables for that recipient\'s copy' }),
  channels: z.array(Channel).min(1).optional().meta({ description: 'Default: the template\'s channels' }),
  ...sendOptions,
}).meta({ id: 'SendTemplateRequest' });

/** The answer to a send (docs/notifications.md, "Send"). */
export const SendNotificationResponseSchema = z.object({
  notification_id: z.string(),
  recipients_count: z.number().int(),
  status: Status,
  delivery: z.record(z.string(), z.string()).meta({ description: 'Channel → pending, delivered, failed or expired' }),
  created_at: Timestamp,
}).meta({ id: 'SendNotificationResponse' });

export const NotificationParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const UserParamsSchema = z.object({ user_id: z.string().min(1).max(100) });

const DeliveryDetail = z.object({
  recipient: z.string(), channel: z.string(), status: z.string(),
  delivered_at: Timestamp.nullable(), reason: z.string().nullable(), deliver_after: Timestamp.nullable(),
  read_at: Timestamp.nullable(), clicked_at: Timestamp.nullable(), action: z.string().nullable(),
});

/** GET /{id} (docs/notifications.md, "Endpoints"), with the content and the caller's read state. */
export const NotificationSchema = z.object({
  notification_id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  priority: z.string(),
  channels: z.array(z.string()),
  data: z.record(z.string(), z.unknown()),
  category: z.string().nullable(),
  status: Status,
  recipients_count: z.number().int(),
  created_at: Timestamp,
  expires_at: Timestamp.nullable(),
  delivery: z.record(z.string(), z.string()),
  delivery_details: z.array(DeliveryDetail),
  marked_as_read: z.boolean().optional().meta({ description: 'Present when the caller is a recipient' }),
  read_at: Timestamp.nullable().optional(),
}).meta({ id: 'Notification' });

/** GET / query (docs/notifications.md, "Endpoints"). */
export const ListNotificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMIT_MAX).default(20),
  status: Status.optional(),
  channel: Channel.optional(),
  start_date: Timestamp.optional(),
  end_date: Timestamp.optional(),
});

export const NotificationListSchema = z.object({
  notifications: z.array(z.object({
    notification_id: z.string(), title: z.string(), status: Status, created_at: Timestamp, recipients_count: z.number().int(),
  })),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
}).meta({ id: 'NotificationList' });

export const MarkReadResponseSchema = z.object({ notification_id: z.string(), marked_as_read: z.literal(true), read_at: Timestamp })
  .meta({ id: 'NotificationRead' });
export const DeleteNotificationResponseSchema = z.object({ deleted: z.literal(true), notification_id: z.string() })
  .meta({ id: 'NotificationDeleted' });

const QuietHours = z.object({ enabled: z.boolean(), start: HHMM, end: HHMM });
/** The whole preferences object (docs/notifications.md, "Preferences"). */
const Preferences = z.object({
  timezone: z.string().meta({ description: 'IANA time zone of quiet hours and the digest; default UTC' }),
  email: z.object({ enabled: z.boolean(), frequency: z.enum(['immediate', 'daily']), digest_time: HHMM }),
  push: z.object({ enabled: z.boolean(), quiet_hours: QuietHours }),
  sms: z.object({
    enabled: z.boolean(),
    phone: z.string().regex(/^\+[1-9]\d{6,14}$/, 'an E.164 number, like +14155552671').nullable()
      .meta({ description: 'Where the sms channel sends (E.164); null until set' }),
  }),
  categories: z.object({ system: z.boolean(), marketing: z.boolean(), updates: z.boolean() }),
});
export const PreferencesResponseSchema = z.object({ user_id: z.string(), preferences: Preferences }).meta({ id: 'NotificationPreferences' });

/** PATCH body: any subset, at any depth; either the branches themselves or wrapped in `preferences`. */
const PreferencesPatch = z.object({
  timezone: z.string().min(1).max(64).optional(),
  email: Preferences.shape.email.partial().strict().optional(),
  push: z.object({ enabled: z.boolean().optional(), quiet_hours: QuietHours.partial().strict().optional() }).strict().optional(),
  sms: Preferences.shape.sms.partial().strict().optional(),
  categories: Preferences.shape.categories.partial().strict().optional(),
}).strict();
export const PreferencesPatchSchema = z.union([z.object({ preferences: PreferencesPatch }).strict(), PreferencesPatch])
  .meta({ id: 'NotificationPreferencesPatch' });

const VariableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a plain identifier');
/** POST /templates (docs/notifications.md, "Templates"). */
export const CreateTemplateRequestSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'letters, digits, _ . - (at most 100)'),
  title: z.string().min(1).max(200),
  body: z.string().min(1).max(10_000),
  channels: z.array(Channel).min(1),
  variables: z.array(VariableName).max(50).default([]),
}).meta({ id: 'NotificationTemplateRequest' });
export const TemplateSchema = z.object({
  name: z.string(), title: z.string(), body: z.string(), channels: z.array(z.string()), variables: z.array(z.string()), created_at: Timestamp,
}).meta({ id: 'NotificationTemplate' });

const SEGMENT_IDS = ['admins', 'supervisors', 'attendants', 'authors'] as const;
/**
 * POST /broadcast (docs/notifications.md, "Broadcast"). `target` is `all`, `segment` (with `segment_id`: users by role) or
 * `group` (with `group_id`, through the groups area); `segment:<id>` and `group:<id>` are accepted
 * as shorthands.
 */
export const BroadcastRequestSchema = z.object({
  target: z.string().min(1).max(200).meta({ description: 'all, segment, group, segment:<id> or group:<id>' }),
  segment_id: z.enum(SEGMENT_IDS).optional(),
  group_id: z.string().min(1).max(200).optional(),
  filters: z.object({
    channel: Channel.optional().meta({ description: 'The channel the broadcast goes out on; default in_app' }),
    last_active: z.string().regex(/^\d{1,4}d$/, 'must be <n>d, such as 30d').optional().meta({ description: 'Only users active in the last n days' }),
  }).default({}),
  message: z.object({ title: z.string().trim().min(1).max(200), body: z.string().min(1).max(10_000), image_url: z.url().optional() }),
  schedule: Timestamp.optional().meta({ description: 'Send at this time (a job, surviving restarts); a past time sends now' }),
  priority: z.enum(['normal', 'high']).default('normal'),
  category: Category.default('updates'),
  data: NotificationData.default({}),
}).transform((body, ctx) => {
  const [kind, inline] = body.target.includes(':') ? [body.target.slice(0, body.target.indexOf(':')), body.target.slice(body.target.indexOf(':') + 1)] : [body.target, undefined];
  const base = { filters: body.filters, message: body.message, schedule: body.schedule, priority: body.priority, category: body.category, data: body.data };
  if (kind === 'all' && inline === undefined) return { ...base, target: { kind: 'all' as const } };
  if (kind === 'segment') {
    const id = inline ?? body.segment_id;
    const parsed = z.enum(SEGMENT_IDS).safeParse(id);
    if (parsed.success) return { ...base, target: { kind: 'segment' as const, id: parsed.data } };
    ctx.addIssue({ code: 'custom', path: ['segment_id'], message: `a segment target needs segment_id, one of ${SEGMENT_IDS.join(', ')}` });
    return z.NEVER;
  }
  if (kind === 'group') {
    const id = inline ?? body.group_id;
    if (id) return { ...base, target: { kind: 'group' as const, id } };
    ctx.addIssue({ code: 'custom', path: ['group_id'], message: 'a group target needs group_id' });
    return z.NEVER;
  }
  ctx.addIssue({ code: 'custom', path: ['target'], message: 'must be all, segment, group, segment:<id> or group:<id>' });
  return z.NEVER;
}).meta({ id: 'BroadcastRequest' });

export const BroadcastParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const BroadcastSchema = z.object({
  broadcast_id: z.string(),
  notification_id: z.string().nullable(),
  target: z.string(),
  target_id: z.string().nullable(),
  target_count: z.number().int(),
  scheduled_for: Timestamp.nullable(),
  status: z.enum(['scheduled', 'sending', 'sent', 'cancelled']),
  created_at: Timestamp,
}).meta({ id: 'Broadcast' });

/** A browser PushSubscription (its `toJSON()`), for the `web` channel. */
export const PushSubscriptionRequestSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  keys: z.object({ p256dh: z.base64url().min(80).max(100), auth: z.base64url().min(16).max(32) }),
}).meta({ id: 'PushSubscription' });
export const PushUnsubscribeRequestSchema = z.object({ endpoint: z.string().min(1).max(2000) });
/** A mobile app install's push token (an FCM registration token), for the `push` channel. */
export const PushDeviceRequestSchema = z.object({
  token: z.string().min(1).max(4096).meta({ description: 'The FCM registration token of the app install' }),
  platform: z.enum(['android', 'ios', 'web']),
}).meta({ id: 'PushDevice' });
export const PushDeviceRemoveRequestSchema = z.object({ token: z.string().min(1).max(4096) });
export const VapidKeySchema = z.object({ public_key: z.string().meta({ description: 'applicationServerKey for PushManager.subscribe, base64url' }) })
  .meta({ id: 'VapidPublicKey' });
export const OkSchema = z.object({ ok: z.literal(true) });

/** POST /webhooks: where to POST which events (Standard Webhooks signing). */
export const WebhookRequestSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2000),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1),
}).meta({ id: 'NotificationWebhookRequest' });
const WebhookFields = {
  id: z.string(), url: z.string(), events: z.array(z.string()), disabled_at: Timestamp.nullable(), created_at: Timestamp,
};
export const WebhookSchema = z.object(WebhookFields).meta({ id: 'NotificationWebhook' });
export const WebhookCreatedSchema = z.object({ ...WebhookFields, secret: z.string().meta({ description: 'whsec_…: shown only in this answer' }) })
  .meta({ id: 'NotificationWebhookCreated' });
export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) });
/** The signed click link's query: the recipient and the signature. */
export const ClickQuerySchema = z.object({ u: z.string().min(1).max(100), s: z.string().min(1).max(100) });
