/**
 * The SLA clocks follow conversations and tickets (docs/attendance/sla.md): thin listeners, a
 * guard clause and a use case each.
 */
import { OPEN_TICKET_STATUSES } from '../tickets/ticket-status.js';
import type { AttendanceListener } from '../attendance-listener.js';
import { CONVERSATION_EVENTS } from '../conversation-events.js';
import type { TicketChange } from '../tickets/ticket-events.js';
import type { SlaDeps } from './sla-deps.js';
import { startSlaClocks } from './start-sla-clocks.js';

/**
 * A queued conversation starts its first-response and resolution clocks; the attendant's first
 * reply meets the first; the resolve meets both (a conversation resolved unanswered counts as
 * answered then). A ticket starts its resolution clock when created and meets it when it leaves
 * the open statuses.
 */
export function createSlaListener(deps: SlaDeps): {
  listener: Pick<AttendanceListener, 'conversationChanged'>;
  onTicketChange: (change: TicketChange) => Promise<void>;
} {
  return {
    listener: {
      async conversationChanged(row, events, known) {
        const names = new Set(events.map((e) => e.name));
        if (names.has(CONVERSATION_EVENTS.queued) && row.waiting_since) {
          await startSlaClocks(deps, {
            subject: 'conversation', subject_id: row.session_id, session_id: row.session_id, at: row.waiting_since, bot_id: row.bot_id,
            queue_id: row.queue_id, metrics: ['first_response', 'resolution'], ...(known ? { known } : {}),
          });
        }
        if (names.has(CONVERSATION_EVENTS.answered)) {
          await deps.repos.sla.meet('conversation', row.session_id, ['first_response'], deps.now(), row.assigned_to);
        }
        const resolved = events.find((e) => e.name === CONVERSATION_EVENTS.resolved);
        if (resolved) {
          // Released unattended (closed or nobody online: business-hours.md): nobody could answer, so nothing was measured.
          const reason = (resolved.payload as { reason?: string }).reason;
          if (reason === 'closed' || reason === 'nobody_online') await deps.repos.sla.cancel('conversation', row.session_id);
          else await deps.repos.sla.meet('conversation', row.session_id, ['first_response', 'resolution'], deps.now(), row.assigned_to);
        }
      },
    },
    async onTicketChange(change) {
      const { ticket } = change;
      if (change.change === 'created') {
        const conversation = await deps.repos.conversations.get(ticket.session_id);
        await startSlaClocks(deps, {
          subject: 'ticket', subject_id: ticket.id, session_id: ticket.session_id, at: ticket.created_at, bot_id: change.bot_id,
          queue_id: conversation?.queue_id ?? null, metrics: ['resolution'],
        });
        return;
      }
      if (change.change === 'deleted' || !(OPEN_TICKET_STATUSES as readonly string[]).includes(ticket.status)) {
        await deps.repos.sla.meet('ticket', ticket.id, ['first_response', 'resolution'], deps.now(), ticket.assigned_to);
      }
    },
  };
}
