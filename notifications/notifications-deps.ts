import type { Principal } from '../auth/index.js';
import type { NotificationBroadcastsRepo, NotificationPushRepo, NotificationSettingsRepo, NotificationsRepo, NotificationWebhooksRepo } from '../db/index.js';
import type { EventBus } from '../infra/events/index.js';
import type { JobQueue } from '../infra/jobs/index.js';
import type { Logger } from '../infra/logger.js';
import type { FetchFunction, OutboundPolicy } from '../infra/outbound-http.js';
import type { RateLimiter } from '../infra/rate-limit/index.js';
import type { NotificationChannel } from './channels.js';
import type { ChannelSender, GroupDirectory } from './delivery-port.js';

/** The limits, configurable (docs/notifications.md, "Limits"). */
export interface NotificationLimits {
  sendPerHour: number;
  broadcastPerDay: number;
  templatesPerDay: number;
}

/** Delivered and clicked events for webhooks (docs/notifications.md, "Webhooks"); the webhooks part listens. */
export interface NotificationEventSink {
  delivered(events: { notification_id: string; recipient: string; channel: string; delivered_at: string }[]): Promise<void>;
  /** A broadcast batch reached `user_ids` on `channel` (in_app, written delivered). */
  deliveredBatch?(notificationId: string, channel: string, userIds: readonly string[]): Promise<void>;
  clicked(event: { notification_id: string; user_id: string; clicked_at: string; action: string | null }): Promise<void>;
}

/** What the notification use cases run on, built once in `app/main.ts`. */
export interface NotificationsDeps {
  repo: NotificationsRepo;
  settings: NotificationSettingsRepo;
  broadcasts: NotificationBroadcastsRepo;
  pushSubscriptions: NotificationPushRepo;
  webhooks: NotificationWebhooksRepo;
  /** Signs click-tracking links (derived from the token secret at the composition root). */
  linkKey: Uint8Array;
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  vapidPublicKey: string;
  /** Users per fan-out statement (docs/notifications.md, "Broadcast"). */
  fanOutBatchSize: number;
  jobs: JobQueue;
  bus: EventBus;
  rateLimiter: RateLimiter;
  logger: Logger;
  now: () => Date;
  limits: NotificationLimits;
  /**
   * The outbound door for the deployment-wide addresses users register (webhook URLs, push
   * endpoints): the process's policy (OUTBOUND_ALLOW_PRIVATE_NETWORKS) and a fetch through the
   * guard (docs/architecture.md, "Outbound requests").
   */
  outbound: { policy: OutboundPolicy; fetch: FetchFunction };
  senders: Partial<Record<NotificationChannel, ChannelSender>>;
  groups?: GroupDirectory;
  events: NotificationEventSink;
  /** Builds the tracked click link of a recipient's copy (undefined without `data.url`). */
  clickUrl(notificationId: string, userId: string, data: Record<string, unknown>): string | undefined;
}

/** Admins and supervisors send to anyone; other users to themselves only (docs/notifications.md, "Who may send"). */
export function sendsToAnyone(principal: Principal): boolean {
  return principal.roles.includes('admin') || principal.roles.includes('supervisor');
}
