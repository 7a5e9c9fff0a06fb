/**
 * The typed call commands (console, workchat, mobile_msg: docs/attendance/calls.md): `/hangup`,
 * `/hold [on|off]`, `/dtmf`, `/transfer +number`, `/callback <number>`, `/call back`, and the
 * phone side of `/transfer @attendant` and `/call`. Each answers in words; failures are typed
 * errors that run-attendant-command.ts turns into replies.
 */
import type { CommandResult } from '../commands/conversation-commands.js';
import { heldConversation, type Actor } from '../commands/attendant-scope.js';
import type { CallAction } from '../commands/parse-command.js';
import { callCustomerBack, hangUpCall, holdCall, isCallHeld, knownPhone, sendCallDigits, transferCall, type CallActionDeps } from './call-actions.js';

/** Told for the call commands when the service runs without phone calls. */
export const CALLS_NOT_CONFIGURED = 'Phone calls are not configured on this service.';

export async function callCommand(deps: CallActionDeps, actor: Actor, request: CallAction, sessionId?: string): Promise<CommandResult> {
  const done = (reply: string, session: string): CommandResult => ({ ok: true, reply, session_id: session });
  switch (request.action) {
    case 'hangup': {
      const { session_id } = await hangUpCall(deps, actor, { ...(sessionId ? { sessionId } : {}) });
      return done('The call is ended.', session_id);
    }
    case 'hold': {
      const row = await heldConversation(deps.repos, actor, sessionId, { supervisorOverride: true });
      const on = request.on ?? !(await isCallHeld(deps, row.session_id));
      const { held } = await holdCall(deps, actor, { sessionId: row.session_id, on });
      return done(held ? 'The call is on hold: the caller hears the hold music. /hold off to resume.' : 'The call is resumed.', row.session_id);
    }
    case 'dtmf': {
      const sent = await sendCallDigits(deps, actor, { ...(sessionId ? { sessionId } : {}), digits: request.digits });
      return done(`Keys ${request.digits} sent.`, sent.session_id);
    }
    case 'transfer_number': {
      const moved = await transferCall(deps, actor, { ...(sessionId ? { sessionId } : {}), to: { number: request.number } });
      return done(`The call is transferred to ${request.number}.`, moved.session_id);
    }
    case 'callback': {
      const placed = await callCustomerBack(deps, actor, { ...(sessionId ? { sessionId } : {}), ...(request.number ? { number: request.number } : {}) });
      return done(`Calling ${placed.to}: the bot answers them when they pick up (call ${placed.call_id}).`, placed.session_id);
    }
  }
}

/** `/transfer @username` of a conversation whose phone call is live: the call follows the conversation. */
export async function transferCallToAttendant(deps: CallActionDeps, actor: Actor, attendant: { id: string; username: string }, sessionId: string): Promise<CommandResult> {
  await transferCall(deps, actor, { sessionId, to: { attendantId: attendant.id } });
  return { ok: true, reply: `Conversation and call transferred to @${attendant.username}.`, session_id: sessionId };
}

/**
 * `/call` on a conversation that is not on the web and whose customer has a known phone number:
 * the service phones them (undefined otherwise: the caller then sends an audio call link).
 */
export async function phoneCustomer(deps: CallActionDeps, actor: Actor, sessionId?: string): Promise<CommandResult | undefined> {
  if (!deps.calls.placeCall) return undefined;
  const row = await heldConversation(deps.repos, actor, sessionId, { supervisorOverride: true });
  if (row.channel === 'web' || deps.calls.isLive(row.session_id) || !(await knownPhone(deps.repos, row.session_id))) return undefined;
  return callCommand(deps, actor, { action: 'callback' }, row.session_id);
}
