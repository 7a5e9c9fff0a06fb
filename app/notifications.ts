import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { TokenIssuer } from '../auth/index.js';
import type { ProcessSettings } from '../config/index.js';
import { createHash } from 'node:crypto';
import {
  createNotificationBroadcastsRepo, createNotificationPushRepo, createNotificationSettingsRepo, createNotificationsRepo, createNotificationWebhooksRepo,
  type DatabaseHandle,
} from '../db/index.js';
import { attachNotificationsSocket } from '../http/notifications-socket.js';
import type { EventBus } from '../infra/events/index.js';
import type { JobQueue } from '../infra/jobs/index.js';
import type { Logger } from '../infra/logger.js';
import { guardedAgents, type FetchFunction, type OutboundPolicy } from '../infra/outbound-http.js';
import { outboundPool } from '../infra/outbound-pool.js';
import type { Mailer } from '../infra/mail/index.js';
import type { RateLimiter } from '../infra/rate-limit/index.js';
import { PermanentDeliveryError } from '../engine/index.js';
import type { SmsAdapter } from '../adapters/index.js';
import {
  ChannelNotConfiguredError, clickSignature, createEmailSender, createFcmClient, loadFcmServiceAccount, PermanentDeliveryFailure, DELIVERY_REASONS, createInAppSender, createWebhookEvents, createMobilePushChannel, createNotificationsService, createSmsChannel, createWebPushSender, loadVapidKeys,
  type GroupDirectory, type MobilePushSender, type NotificationEventSink, type SmsSender,
} from '../notifications/index.js';

/** What the notifications area is built from; the ports of other areas are optional (not configured without them). */
export interface NotificationsWiring {
  settings: ProcessSettings;
  database: DatabaseHandle;
  jobs: JobQueue;
  bus: EventBus;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  logger: Logger;
  /** The process's outbound policy (OUTBOUND_ALLOW_PRIVATE_NETWORKS) for push endpoints, webhook URLs and FCM. */
  outbound: OutboundPolicy;
  /** The token secret; click links are signed with a key derived from it. */
  secret: Uint8Array;
  /** Base of links sent out: PUBLIC_URL, or the listening address once known. */
  publicUrl: () => string;
  sms?: SmsSender;
  mobilePush?: MobilePushSender;
  groups?: GroupDirectory;
}

/**
 * Builds the notifications area (docs/notifications.md) once, at the composition root: its
 * repositories, the channel senders and the service; `attach` adds the inbox socket to the server.
 */
export async function wireNotifications(w: NotificationsWiring) {
  const repo = createNotificationsRepo(w.database.db);
  const pushSubscriptions = createNotificationPushRepo(w.database.db);
  const vapid = await loadVapidKeys(w.settings.DATA_DIR);
  // Push endpoints, webhook URLs and FCM are deployment-wide addresses: they leave through the outbound door
  // (docs/architecture.md, "Outbound requests").
  const policy = w.outbound;
  const outboundFetch = outboundPool(policy).fetch;
  // WEB_PUSH_CA_FILE trusts a private push service's certificate, on the guarded agent.
  const { httpsAgent: pushAgent } = guardedAgents(policy, w.settings.WEB_PUSH_CA_FILE ? { ca: await readFile(w.settings.WEB_PUSH_CA_FILE, 'utf8') } : {});
  const webhooks = createNotificationWebhooksRepo(w.database.db);
  const events: NotificationEventSink = createWebhookEvents({ webhooks, jobs: w.jobs });
  const linkKey = createHash('sha256').update('notification-click-links:').update(w.secret).digest();
  const service = createNotificationsService({
    repo,
    settings: createNotificationSettingsRepo(w.database.db),
    broadcasts: createNotificationBroadcastsRepo(w.database.db),
    fanOutBatchSize: 5000,
    pushSubscriptions,
    webhooks,
    linkKey,
    vapidPublicKey: vapid.publicKey,
    jobs: w.jobs,
    bus: w.bus,
    rateLimiter: w.rateLimiter,
    logger: w.logger,
    now: () => new Date(),
    outbound: { policy, fetch: outboundFetch },
    limits: {
      sendPerHour: w.settings.NOTIFICATIONS_SEND_LIMIT_PER_HOUR,
      broadcastPerDay: w.settings.NOTIFICATIONS_BROADCAST_LIMIT_PER_DAY,
      templatesPerDay: w.settings.NOTIFICATIONS_TEMPLATE_LIMIT_PER_DAY,
    },
    senders: {
      in_app: createInAppSender(w.bus),
      email: createEmailSender(w.mailer),
      sms: createSmsChannel(w.sms),
      push: createMobilePushChannel(w.mobilePush ?? await fcmClientOf(w.settings, outboundFetch), pushSubscriptions),
      web: createWebPushSender({ keys: vapid, subject: w.settings.WEB_PUSH_SUBJECT, subscriptions: pushSubscriptions, agent: pushAgent }),
    },
    ...(w.groups ? { groups: w.groups } : {}),
    events,
    clickUrl: (id, userId, data) => typeof data.url === 'string'
      ? `${w.publicUrl()}/api/v1/notifications/${id}/click?u=${userId}&s=${clickSignature(linkKey, id, userId)}`
      : undefined,
  });
  return {
    service,
    attach: (server: Server, tokens: Pick<TokenIssuer, 'verify'>) => attachNotificationsSocket(server, {
      tokens, bus: w.bus, logger: w.logger, unreadCount: (id) => service.unreadCount(id), touch: (id) => service.touch(id),
    }),
  };
}

/** The FCM client when FCM_CREDENTIALS_FILE is set (docs/notifications.md, "Delivery"); else mobile push is not configured. */
async function fcmClientOf(settings: ProcessSettings, fetch: FetchFunction): Promise<MobilePushSender | undefined> {
  if (!settings.FCM_CREDENTIALS_FILE) return undefined;
  const account = await loadFcmServiceAccount(settings.FCM_CREDENTIALS_FILE);
  const projectId = settings.FCM_PROJECT_ID ?? account.project_id;
  if (!projectId) throw new Error(`${settings.FCM_CREDENTIALS_FILE}: no project_id; set FCM_PROJECT_ID`);
  return createFcmClient({ projectId, account, apiUrl: settings.FCM_API_URL, fetch });
}

/**
 * The notifications' SMS port on the sms channel's send path (adapters/sms), with the account of
 * the bot NOTIFICATIONS_SMS_BOT names; none when unset or without the sms adapter. While that bot's
 * channel is off the channel is not configured; a text the provider refuses for good is `sms_rejected`.
 */
export function smsSenderOf(adapter: SmsAdapter | undefined, bot: string | undefined): SmsSender | undefined {
  if (!adapter || !bot) return undefined;
  return {
    async send(input) {
      if (!adapter.isEnabled(bot)) throw new ChannelNotConfiguredError(`sms: the sms channel is off for bot ${bot} (NOTIFICATIONS_SMS_BOT)`);
      try {
        // Twilio picks GSM-7 or UCS-2 from the text itself, so `unicode` needs no flag of its own.
        await adapter.sendText({ bot, to: input.to, text: input.text, ...(input.sender_id ? { from: input.sender_id } : {}) });
      } catch (error) {
        if (error instanceof PermanentDeliveryError) throw new PermanentDeliveryFailure(DELIVERY_REASONS.smsRejected, error.message);
        throw error;
      }
    },
  };
}
