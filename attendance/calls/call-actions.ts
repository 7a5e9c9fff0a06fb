/**
 * What an attendant does to the phone call of a conversation they hold (docs/attendance/calls.md):
 * hold and resume, key presses, hang up, transfer (to another attendant or to a number), and
 * calling the customer back. Shared by the REST routes and the typed commands. Each checks the
 * attendant holds the conversation (supervisors and admins may act on one someone holds), acts
 * through the call-control port, records the fact for the KPIs and tells the bus.
 */
import type { EventBus } from '../../infra/events/index.js';
import { ConflictError, ValidationError } from '../../infra/errors.js';
import type { Logger } from '../../infra/logger.js';
import type { AssignDeps } from '../assign-conversation.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { heldConversation, type Actor } from '../commands/attendant-scope.js';
import { sessionPhone } from '../customer-view/load-customer.js';
import { transferConversation } from '../transfer-conversation.js';
import type { CallControlPort } from './call-control-port.js';
import { publishCallEvent, type CallEvent } from './call-events.js';
import { logCallFact } from './call-facts.js';

export interface CallActionDeps {
  repos: AttendanceRepositories;
  calls: CallControlPort;
  /** The attendance use cases' clock, configuration and listeners (a transfer to an attendant is a conversation transfer). */
  base: AssignDeps;
  bus?: Pick<EventBus, 'publish'>;
  logger?: Pick<Logger, 'warn'>;
}

/** Keys an attendant may send to a call's far end (DTMF), either case (no regex flag, so the OpenAPI pattern says the same); the REST schema checks it too. */
export const CALL_DIGITS = /^[0-9*#A-Da-d]{1,32}$/;

/** Where a call is transferred: another attendant (their browser takes it over) or a number (REFER). */
export type CallTransferTarget = { attendantId: string } | { number: string };

const held = (deps: CallActionDeps, actor: Actor, sessionId?: string) =>
  heldConversation(deps.repos, actor, sessionId, { supervisorOverride: true });

/** The fact for the KPIs and the bus event; a failure of either is logged, the call action stands. */
async function tell(deps: CallActionDeps, fact: Parameters<typeof logCallFact>[1] | undefined, event: CallEvent): Promise<void> {
  try {
    if (fact) await logCallFact(deps.repos, fact);
    await publishCallEvent(deps.bus, event);
  } catch (error) {
    deps.logger?.warn({ err: error, session: event.payload.session_id }, 'call action: the event was not recorded');
  }
}

export async function holdCall(deps: CallActionDeps, actor: Actor, input: { sessionId?: string; on: boolean }): Promise<{ session_id: string; held: boolean }> {
  const row = await held(deps, actor, input.sessionId);
  const { held: now } = await deps.calls.hold(row.session_id, input.on);
  const at = deps.base.now();
  await tell(deps, { sessionId: row.session_id, type: now ? 'call_held' : 'call_resumed', at, attendantId: actor.user_id },
    { name: 'call.hold_changed', payload: { session_id: row.session_id, held: now, actor_id: actor.user_id, at: at.toISOString() } });
  return { session_id: row.session_id, held: now };
}

/** Whether the conversation's call is on hold now. */
export async function isCallHeld(deps: Pick<CallActionDeps, 'repos'>, sessionId: string): Promise<boolean> {
  const events = await deps.repos.events.list({ session_id: sessionId });
  const last = events.filter((e) => e.type === 'call_held' || e.type === 'call_resumed' || e.type === 'call_started').at(-1);
  return last?.type === 'call_held';
}

export async function sendCallDigits(deps: CallActionDeps, actor: Actor, input: { sessionId?: string; digits: string }): Promise<{ session_id: string; via: 'rtp' | 'info' }> {
  if (!CALL_DIGITS.test(input.digits)) throw new ValidationError('Keys are 0–9, *, # and A–D, at most 32', [{ path: 'digits', message: 'invalid keys' }]);
  const row = await held(deps, actor, input.sessionId);
  const { via } = await deps.calls.sendDigits(row.session_id, input.digits.toUpperCase());
  return { session_id: row.session_id, via };
}

export async function hangUpCall(deps: CallActionDeps, actor: Actor, input: { sessionId?: string }): Promise<{ session_id: string }> {
  const row = await held(deps, actor, input.sessionId);
  await deps.calls.hangUp(row.session_id);
  const at = deps.base.now();
  await tell(deps, undefined, { name: 'call.ended_by_attendant', payload: { session_id: row.session_id, reason: 'hung_up', actor_id: actor.user_id, at: at.toISOString() } });
  return { session_id: row.session_id };
}

/**
 * To an attendant: the conversation is transferred to them (assigned; they accept it with
 * `/take`) and `call.transferred_to_attendant` tells the bridge to follow. To a number: REFER.
 */
export async function transferCall(
  deps: CallActionDeps, actor: Actor, input: { sessionId?: string; to: CallTransferTarget; reason?: string },
): Promise<{ session_id: string; to: 'attendant' | 'number'; assigned_to?: string | null; number?: string }> {
  const row = await held(deps, actor, input.sessionId);
  if (!deps.calls.isLive(row.session_id)) throw new ConflictError('This conversation has no live phone call on this instance', 'no_live_call');
  const at = () => deps.base.now();
  if ('number' in input.to) {
    await deps.calls.transferToNumber(row.session_id, input.to.number);
    const when = at();
    await tell(deps, { sessionId: row.session_id, type: 'call_transferred', at: when, attendantId: actor.user_id, data: { to: 'number', number: input.to.number } },
      { name: 'call.ended_by_attendant', payload: { session_id: row.session_id, reason: 'transferred_to_number', actor_id: actor.user_id, at: when.toISOString() } });
    return { session_id: row.session_id, to: 'number', number: input.to.number };
  }
  const moved = await transferConversation(deps.base, {
    actor, sessionId: row.session_id, toAttendantId: input.to.attendantId, reason: input.reason ?? 'phone call transfer',
  });
  const when = at();
  await tell(deps, { sessionId: row.session_id, type: 'call_transferred', at: when, attendantId: actor.user_id, data: { to: 'attendant', attendant_id: input.to.attendantId } }, {
    name: 'call.transferred_to_attendant',
    payload: {
      session_id: row.session_id, bot_id: row.bot_id, from_attendant_id: row.assigned_to, to_attendant_id: input.to.attendantId,
      actor_id: actor.user_id, at: when.toISOString(),
    },
  });
  return { session_id: row.session_id, to: 'attendant', assigned_to: moved.assigned_to };
}

/**
 * `/call back` and `/callback <number>`: the bot calls the customer (their known number, or the
 * one given) through its outbound route; the allow list and limits apply.
 */
export async function callCustomerBack(
  deps: CallActionDeps, actor: Actor, input: { sessionId?: string; number?: string },
): Promise<{ session_id: string; call_id: string; to: string }> {
  const row = await held(deps, actor, input.sessionId);
  const to = input.number ?? await knownPhone(deps.repos, row.session_id);
  if (!to) throw new ValidationError('The customer has no known phone number; give one: /callback +15550100', [], 'no_phone_number');
  if (!deps.calls.placeCall) throw new ConflictError('This service places no phone calls (no bot with outbound calls)', 'outbound_calls_off');
  const placed = await deps.calls.placeCall({ bot: row.bot_id, to });
  return { session_id: row.session_id, call_id: placed.call_id, to: placed.to };
}

/** The customer's phone in E.164, as the session knows it: a kept number, or a phone channel's (a call's) sender. */
export async function knownPhone(repos: Pick<AttendanceRepositories, 'sessions'>, sessionId: string): Promise<string | undefined> {
  const session = await repos.sessions.findById(sessionId);
  return session ? sessionPhone(session) : undefined;
}
