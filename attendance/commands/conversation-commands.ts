/**
 * The command family about one conversation: `/take`, `/resolve`, `/transfer` and
 * `/context`. Each answers in words for the attendant; failures are thrown as typed errors and
 * turned into replies by run-attendant-command.ts.
 */
import { NotFoundError, ValidationError } from '../../infra/errors.js';
import type { EventBus } from '../../infra/events/index.js';
import type { AttendanceService, QueueItem } from '../attendance-service.js';
import type { CallControlPort } from '../calls/call-control-port.js';
import type { AssistService } from '../assist/assist-service.js';
import { attends } from '../attendants/attendance-users.js';
import { currentConversation, heldConversation, takableQueues, type Actor } from './attendant-scope.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import type { AttendantMeetingsPort } from './meeting-commands.js';
import { buildCustomerView, fieldText } from '../customer-view/customer-fields.js';
import { anonymousName } from '../customer-view/display-name.js';
import { customerFieldsOf, loadCustomer } from '../customer-view/load-customer.js';
import type { CallCommandRelay } from '../calls/call-command-relay.js';

/** What the commands need: the attendance use cases plus what the relay needs. */
export interface AttendantCommandDeps {
  repos: AttendanceRepositories;
  attendance: Pick<AttendanceService, 'take' | 'assign' | 'resolve' | 'relay' | 'setStatus' | 'queueItems' | 'useCaseDeps'>;
  /** Language-model assist for `/tips /polish /replies /summary`; without it they say it is not configured. */
  assist?: AssistService;
  /** Rooms for `/video /call /voice` (the meetings area); without it they say meetings are not configured. */
  meetings?: AttendantMeetingsPort;
  /** The live phone calls for `/hangup /hold /dtmf /callback /call back` and a call's `/transfer` (docs/attendance/calls.md); without it they say calls are not configured. */
  calls?: CallControlPort;
  /** Where the call events go (attendance/calls/call-events.ts). */
  bus?: Pick<EventBus, 'publish'>;
  /** The instance holding a call, for the call commands of a call that is not live here (docs/attendance/calls.md, "Commands"). */
  callRelay?: CallCommandRelay;
}

/** The answer to one command line. */
export interface CommandResult {
  ok: boolean;
  reply: string;
  /** The conversation the command acted on, when there is one. */
  session_id?: string;
}

async function itemOf(deps: AttendantCommandDeps, sessionId: string, assignedTo: string | null): Promise<QueueItem | undefined> {
  const items = await deps.attendance.queueItems(assignedTo ? { assigned_to: assignedTo } : {});
  return items.find((i) => i.session_id === sessionId);
}

/** `/take` and `/take <session_id>`; losing a race throws ConflictError `already_assigned` naming the holder. */
export async function takeCommand(deps: AttendantCommandDeps, actor: Actor, sessionId?: string): Promise<CommandResult> {
  // 404 / not your queues; the row read for the check is the one taken.
  const current = sessionId !== undefined ? await currentConversation(deps.repos, actor, sessionId) : undefined;
  // Without an id, only from the queues the actor sees: the one scope rule (attendant-scope.ts).
  const scope = current ? {} : await takableQueues(deps.repos, actor).then((queueIds) => (queueIds ? { queueIds } : {}));
  const row = await deps.attendance.take({ attendantId: actor.user_id, ...(current ? { sessionId: current.session_id, current } : {}), ...scope });
  const item = await itemOf(deps, row.session_id, actor.user_id);
  const who = item ? `${item.user_name} (${item.channel})` : `a customer on ${row.channel}`;
  const last = row.last_message ? ` Last message: "${row.last_message}"` : '';
  return { ok: true, reply: `You are now talking with ${who}.${last}`, session_id: row.session_id };
}

/** `/resolve [session_id]`: the attendance ends and the customer is back with the bot. */
export async function resolveCommand(deps: AttendantCommandDeps, actor: Actor, sessionId?: string): Promise<CommandResult> {
  const row = await heldConversation(deps.repos, actor, sessionId, { supervisorOverride: true });
  const { backfilled } = await deps.attendance.resolve({ sessionId: row.session_id, actorId: actor.user_id, current: row });
  const next = backfilled.length > 0 ? ` ${backfilled.length} waiting conversation(s) were assigned to you.` : '';
  return { ok: true, reply: `Conversation resolved; the customer is back with the bot.${next}`, session_id: row.session_id };
}

/** `/transfer @username`: the current conversation goes to another attendant. */
export async function transferCommand(deps: AttendantCommandDeps, actor: Actor, username: string, sessionId?: string): Promise<CommandResult> {
  const row = await heldConversation(deps.repos, actor, sessionId, { supervisorOverride: true });
  const target = await deps.repos.users.findByLogin(username);
  if (!target || !attends(target)) {
    throw new NotFoundError(`No attendant named @${username}`, 'attendant_not_found');
  }
  if (target.id === row.assigned_to) throw new ValidationError(`@${username} already has this conversation`);
  await deps.attendance.assign({ sessionId: row.session_id, attendantId: target.id, actorId: actor.user_id, current: row });
  return { ok: true, reply: `Conversation transferred to @${target.username}.`, session_id: row.session_id };
}

/**
 * `/context`: who the customer is — their display name and the fields of the bot's
 * `attendance-customer-fields` (docs/crm.md, "What attendants see") —, the attendants' note, on
 * which channel, why they were transferred, what they said last.
 */
export async function contextCommand(deps: AttendantCommandDeps, actor: Actor, sessionId?: string): Promise<CommandResult> {
  const row = await currentConversation(deps.repos, actor, sessionId);
  const loaded = await loadCustomer(deps.repos, row.session_id);
  const view = loaded && buildCustomerView(loaded, customerFieldsOf(deps.attendance.useCaseDeps.config, row.bot_id));
  const reason = loaded?.session.context_data.transfer_reason;
  const lines = [
    `Customer: ${view?.name ?? anonymousName(row.channel, row.session_id)}`,
    ...(view?.fields ?? []).filter((f) => f.key !== 'name').map((f) => `${f.label}: ${fieldText(f.value)}`),
    ...(view?.note ? [`Note: ${view.note}`] : []),
    `Channel: ${row.channel}`,
    `Transfer reason: ${typeof reason === 'string' && reason !== '' ? reason : '—'}`,
    `Last message: ${row.last_message ?? '—'}`,
  ];
  return { ok: true, reply: lines.join('\n'), session_id: row.session_id };
}
