import type { AttendanceListener } from '../attendance-listener.js';
import type { TicketChange } from '../tickets/ticket-events.js';
import { enqueueWebhooks, type EnqueueWebhookDeps } from './attendance-webhook-jobs.js';
import { conversationMessages, ticketMessage } from './attendance-webhook-messages.js';

/**
 * The attendance webhooks' two ears (docs/attendance/webhooks.md): conversation changes arrive as
 * an attendance listener, ticket changes through `onTicketChange`; both only store and enqueue,
 * after the change is stored.
 */
export function createAttendanceWebhookListener(deps: EnqueueWebhookDeps): {
  listener: Partial<AttendanceListener>;
  onTicketChange: (change: TicketChange) => Promise<void>;
} {
  return {
    listener: {
      conversationChanged: (row, events) => enqueueWebhooks(deps, row.bot_id, conversationMessages(row, events)),
    },
    async onTicketChange(change) {
      if (change.bot_id) await enqueueWebhooks(deps, change.bot_id, [ticketMessage(change, deps.now())]);
    },
  };
}
