import type { AttendanceListener } from '../attendance-listener.js';
import type { TicketChange } from '../tickets/ticket-events.js';
import { enqueueWebhooks, type EnqueueWebhookDeps } from './attendance-webhook-jobs.js';
import { conversationMessages, ticketMessage, webhookCustomer, WEBHOOK_CONVERSATION_EVENTS } from './attendance-webhook-messages.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { loadCustomerView } from '../customer-view/load-customer.js';

/**
 * The attendance webhooks' two ears (docs/attendance/webhooks.md): conversation changes arrive as
 * an attendance listener, ticket changes through `onTicketChange`; both only store and enqueue,
 * after the change is stored.
 */
export function createAttendanceWebhookListener(deps: EnqueueWebhookDeps & {
  /** Where the customer of a conversation is read (the payloads' `customer`); without it the payloads carry none. */
  repos?: Pick<AttendanceRepositories, 'sessions' | 'crm'>;
}): {
  listener: Partial<AttendanceListener>;
  onTicketChange: (change: TicketChange) => Promise<void>;
} {
  return {
    listener: {
      async conversationChanged(row, events, known) {
        if (!events.some((e) => WEBHOOK_CONVERSATION_EVENTS.includes(e.name))) return;
        // Read only for a bot that has the webhook: the others would throw the read away.
        const config = deps.config(row.bot_id);
        const view = deps.repos && config?.['attendance-chatops-webhook'] ? await loadCustomerView({ repos: deps.repos, config: deps.config }, row, known) : undefined;
        await enqueueWebhooks(deps, row.bot_id, conversationMessages(row, events, view && webhookCustomer(view)));
      },
    },
    async onTicketChange(change) {
      if (change.bot_id) await enqueueWebhooks(deps, change.bot_id, [ticketMessage(change, deps.now())]);
    },
  };
}
