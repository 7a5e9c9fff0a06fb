/**
 * A failed delivery shown live (docs/attendance/live-events.md, `delivery_failed`): when the
 * engine tells that a message to a customer failed for good, the attendant who holds (or held)
 * the conversation, and supervisors and admins, get the provider's reason on the console at
 * once, besides the transcript's `delivery_error`. A session that never reached attendance has
 * nobody to tell.
 */
import type { EngineEventHandlers, FailedDelivery } from '../../engine/index.js';
import type { EventBus } from '../../infra/events/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { ATTENDANCE_LIVE_TOPIC } from './live-events-listener.js';
import type { LiveDelivery } from './live-events.js';

export interface DeliveryFailedDeps {
  repos: Pick<AttendanceRepositories, 'conversations'>;
  bus: Pick<EventBus, 'publish'>;
}

/** Publishes `delivery_failed` for a conversation in attendance; does nothing for any other session. */
export async function publishDeliveryFailed(deps: DeliveryFailedDeps, failed: FailedDelivery): Promise<void> {
  const row = await deps.repos.conversations.get(failed.session_id);
  if (!row) return;
  const delivery: LiveDelivery = {
    recipients: { user_ids: row.assigned_to ? [row.assigned_to] : [], supervisors: true },
    frame: {
      type: 'delivery_failed', session_id: failed.session_id, message_id: failed.message_id, channel: failed.channel,
      from: failed.sender, text: failed.text, reason: failed.reason,
    },
  };
  await deps.bus.publish(ATTENDANCE_LIVE_TOPIC, delivery);
}

/** The engine-event subscription that shows failed deliveries live (wired at the composition root). */
export function deliveryFailedHandlers(deps: DeliveryFailedDeps): EngineEventHandlers {
  return { 'message.delivery_failed': (failed) => publishDeliveryFailed(deps, failed) };
}
