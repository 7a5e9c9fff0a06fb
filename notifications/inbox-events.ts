import { z } from 'zod';

/** The bus topic of inbox frames: every instance hands them to its connected users' sockets. */
export const NOTIFICATIONS_INBOX_TOPIC = 'notifications.inbox';

/** What a new in-app notification looks like on the inbox socket (docs/notifications.md, "Inbox socket"). */
export const InboxNotificationSchema = z.object({
  notification_id: z.string(),
  title: z.string(),
  message: z.string(),
  priority: z.enum(['normal', 'high']),
  category: z.string().nullable(),
  persist: z.boolean(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type InboxNotification = z.infer<typeof InboxNotificationSchema>;

/** One bus message: the notification and the users whose inbox it reached (a batch, for broadcasts). */
export const InboxDeliverySchema = z.object({ user_ids: z.array(z.string()), notification: InboxNotificationSchema });
export type InboxDelivery = z.infer<typeof InboxDeliverySchema>;
