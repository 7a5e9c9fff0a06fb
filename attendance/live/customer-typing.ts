/**
 * The customer's half of the typing indicator (docs/attendance/live-events.md,
 * `customer_typing`): the web widget says the visitor is typing, and the attendant who holds the
 * conversation (and supervisors and admins) hear of it. Nobody holds it: nobody is told.
 */
import type { EventBus } from '../../infra/events/index.js';
import { HELD_STATUSES } from '../commands/attendant-scope.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { ATTENDANCE_LIVE_TOPIC } from './live-events-listener.js';
import type { LiveDelivery } from './live-events.js';

export interface CustomerTypingDeps {
  repos: Pick<AttendanceRepositories, 'conversations'>;
  bus: Pick<EventBus, 'publish'>;
  now: () => Date;
}

/** Publishes `customer_typing` for a held conversation; does nothing for any other session. */
export async function publishCustomerTyping(deps: CustomerTypingDeps, sessionId: string): Promise<void> {
  const row = await deps.repos.conversations.get(sessionId);
  if (!row?.assigned_to || !(HELD_STATUSES as readonly string[]).includes(row.status)) return;
  const delivery: LiveDelivery = {
    recipients: { user_ids: [row.assigned_to], supervisors: true },
    frame: { type: 'customer_typing', session_id: sessionId, at: deps.now().toISOString() },
  };
  await deps.bus.publish(ATTENDANCE_LIVE_TOPIC, delivery);
}
