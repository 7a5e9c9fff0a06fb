/**
 * The auto-summary: when a conversation gets a new holder — assigned, taken from the
 * queue with /take, or transferred — and the bot has attendant-auto-summary on, that attendant's
 * console receives `{type:"conversation_summary", session_id, attendant_id, summary}` right after
 * its `conversation_assigned`. The summary is made in the background so a slow model never holds
 * up the assignment or the /take that caused it.
 */
import type { ConversationRow } from '../../db/index.js';
import type { EventBus } from '../../infra/events/index.js';
import type { Logger } from '../../infra/logger.js';
import type { AttendanceListener } from '../attendance-listener.js';
import type { ConversationEvent } from '../conversation-events.js';
import type { LiveDelivery } from '../live/live-events.js';
import { ATTENDANCE_LIVE_TOPIC } from '../live/live-events-listener.js';
import type { AssistService } from './assist-service.js';

export interface AutoSummaryListenerDeps {
  assist: Pick<AssistService, 'summary' | 'deps'>;
  bus: Pick<EventBus, 'publish'>;
  logger?: Pick<Logger, 'error'>;
}

/** The listener, plus `idle()` for shutdown: resolves once the summaries under way were published. */
export function createAutoSummaryListener(deps: AutoSummaryListenerDeps): Pick<AttendanceListener, 'conversationChanged'> & { idle(): Promise<void> } {
  const pending = new Set<Promise<void>>();
  const send = async (row: ConversationRow, attendantId: string) => {
    const summary = await deps.assist.summary({ row });
    const delivery: LiveDelivery = {
      recipients: { user_ids: [attendantId], supervisors: false },
      frame: { type: 'conversation_summary', session_id: row.session_id, attendant_id: attendantId, summary },
    };
    await deps.bus.publish(ATTENDANCE_LIVE_TOPIC, delivery);
  };
  return {
    async conversationChanged(row, events) {
      const holder = newHolder(events);
      if (!holder || !deps.assist.deps.bot(row.bot_id)?.config['attendant-auto-summary']) return;
      const running: Promise<void> = send(row, holder)
        .catch((error: unknown) => deps.logger?.error({ err: error, session_id: row.session_id }, 'auto-summary not sent'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/**
 * The attendant who got the conversation in this change, if someone new did. Accepting a
 * conversation already assigned to you is not new: you had the summary at the assignment.
 */
function newHolder(events: readonly ConversationEvent[]): string | undefined {
  let holder: string | undefined;
  for (const event of events) {
    if (event.name === 'conversation.assigned' || event.name === 'conversation.transferred') holder = event.payload.attendant_id;
    if (event.name === 'conversation.accepted' && event.payload.from !== 'assigned') holder = event.payload.attendant_id;
  }
  return holder;
}
