/**
 * Resolving a phone call's conversation ends the call (docs/attendance/calls.md, "Resolving during
 * a call"): told `call.conversation_resolved` on the bus, the instance holding the call (whichever
 * it is) says the bot's goodbye and hangs up. A conversation resolved because its caller left
 * (`customer left`) has no call left to end.
 */
import type { EventBus } from '../../infra/events/index.js';
import type { Logger } from '../../infra/logger.js';
import type { AttendanceListener } from '../attendance-listener.js';
import { CONVERSATION_EVENTS } from '../conversation-events.js';
import { publishCallEvent } from './call-events.js';

/** The channel whose conversations are phone calls. */
const CALL_CHANNEL = 'rtc_sip';

export function resolvedCallListener(deps: { bus: Pick<EventBus, 'publish'>; logger?: Pick<Logger, 'warn'> }): AttendanceListener {
  return {
    async conversationChanged(row, events) {
      if (row.channel !== CALL_CHANNEL) return;
      for (const event of events) {
        if (event.name !== CONVERSATION_EVENTS.resolved || event.payload.reason === 'customer left') continue;
        await publishCallEvent(deps.bus, {
          name: 'call.conversation_resolved',
          payload: { session_id: row.session_id, bot_id: row.bot_id, actor_id: event.payload.actor_id ?? null, at: event.payload.at },
        }).catch((error: unknown) => deps.logger?.warn({ err: error, session: row.session_id }, 'resolved call: the holder was not told to hang up'));
      }
    },
    customerMessage: async () => undefined,
  };
}
