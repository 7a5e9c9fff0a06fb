import type { TicketRow } from '../../db/index.js';
import type { TicketChange } from '../tickets/ticket-events.js';
import { createTicketLivePublisher, ticketDelivery } from './ticket-live-events.js';

const ticket = (over: Partial<TicketRow> = {}): TicketRow => ({
  id: 't1', session_id: 's1', ticket_number: 7, subject: 'Printer broken', description: 'secret', status: 'in_progress',
  priority: 'high', category: 'support', assigned_to: 'tom', attendant_id: 'tom', created_at: new Date(0), updated_at: new Date(0),
  resolved_at: null, channel: 'web', customer_id: null, contact_phone: '+14155550123', contact_email: null, tags: null, custom_fields: null,
  ...over,
});
const change = (over: Partial<TicketChange> = {}): TicketChange => ({ change: 'updated', ticket: ticket(), bot_id: 'b1', ...over });

describe('ticketDelivery', () => {
  test('the ticket summary and the change, to the assignee and supervisors; nothing else of the ticket', () => {
    expect(ticketDelivery(change())).toEqual({
      recipients: { user_ids: ['tom'], supervisors: true },
      frame: {
        type: 'ticket_updated', change: 'updated',
        ticket: { id: 't1', ticket_number: 7, session_id: 's1', subject: 'Printer broken', status: 'in_progress', priority: 'high', category: 'support', assigned_to: 'tom' },
      },
    });
  });

  test('assign and transfer also tell the previous assignee; an unassigned ticket only supervisors', () => {
    expect(ticketDelivery(change({ change: 'transferred', previous_assigned_to: 'tia' })).recipients).toEqual({ user_ids: ['tom', 'tia'], supervisors: true });
    expect(ticketDelivery(change({ change: 'assigned', previous_assigned_to: null })).recipients).toEqual({ user_ids: ['tom'], supervisors: true });
    expect(ticketDelivery(change({ ticket: ticket({ assigned_to: null }) })).recipients).toEqual({ user_ids: [], supervisors: true });
  });
});

describe('createTicketLivePublisher', () => {
  test('publishes on the live topic; a failed publish is logged, not thrown', async () => {
    const published: unknown[] = [];
    await createTicketLivePublisher({ bus: { publish: async (topic, message) => { published.push([topic, message]); } } })(change());
    expect(published).toEqual([['attendance.live', ticketDelivery(change())]]);

    const errors: unknown[] = [];
    const failing = createTicketLivePublisher({
      bus: { publish: async () => { throw new Error('bus down'); } }, logger: { error: (...args: unknown[]) => { errors.push(args); } },
    });
    await expect(failing(change())).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
