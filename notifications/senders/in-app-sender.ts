import type { EventBus } from '../../infra/events/index.js';
import type { ChannelSender } from '../delivery-port.js';
import { NOTIFICATIONS_INBOX_TOPIC, type InboxDelivery } from '../inbox-events.js';

/**
 * The `in_app` channel: the stored row is the inbox; delivering it means telling the user's open
 * sockets, on whichever instance they are (the bus). Options: `persist` (keep it after it is
 * read; informative for clients) and `category` (shown by the inbox).
 */
export function createInAppSender(bus: EventBus): ChannelSender {
  return {
    channel: 'in_app',
    async deliver(target) {
      const message: InboxDelivery = {
        user_ids: [target.recipient.id],
        notification: {
          notification_id: target.notification_id,
          title: target.title,
          message: target.message,
          priority: target.priority,
          category: typeof target.options.category === 'string' ? target.options.category : null,
          persist: target.options.persist !== false,
          data: target.data,
          created_at: new Date().toISOString(),
        },
      };
      await bus.publish(NOTIFICATIONS_INBOX_TOPIC, message);
    },
  };
}
