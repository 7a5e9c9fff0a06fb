/**
 * The one entry point for what an attendant types, shared by
 * `POST /api/attendance/commands` and the console WebSocket: a command runs as the authenticated
 * attendant; plain text is relayed to the customer. Every answer is `{ok, reply}` in words —
 * typed domain errors (a lost `/take` race, an unknown session) become `ok: false` replies.
 */
import { DomainError, NotFoundError, ValidationError } from '../../infra/errors.js';
import { attends } from '../attendants/attendance-users.js';
import { CALLS_NOT_CONFIGURED, callCommand, phoneCustomer, transferCallToAttendant } from '../calls/call-commands.js';
import type { CallActionDeps } from '../calls/call-actions.js';
import { assistCommand } from '../assist/assist-command.js';
import { priorityName, type Priority } from '../priority.js';
import { heldConversation, listVisibleItems, type Actor } from './attendant-scope.js';
import {
  contextCommand, resolveCommand, takeCommand, transferCommand, type AttendantCommandDeps, type CommandResult,
} from './conversation-commands.js';
import { meetingCommand } from './meeting-commands.js';
import { COMMAND_HELP, parseCommand, type AttendantCommand } from './parse-command.js';

export type { AttendantCommandDeps, CommandResult } from './conversation-commands.js';

export interface AttendantCommandInput {
  actor: Actor;
  text: string;
  /** The conversation the console has open; commands and plain text default to it. */
  sessionId?: string;
  /** Passed on by another instance because this one holds the call: it runs here, whatever the outcome, and is never passed on again. */
  relayed?: boolean;
}

/** Told for `/tips /polish /replies /summary` when the service runs without the assist. */
export const ASSIST_NOT_CONFIGURED = 'The language-model assist is not configured yet.';
/** Told for `/video /call /voice` when the service runs without the meetings port. */
export const MEETINGS_NOT_CONFIGURED = 'Meetings are not configured yet.';

/** Runs one line. Never throws a DomainError: it becomes `{ok: false, reply: message}`. */
export async function runAttendantCommand(deps: AttendantCommandDeps, input: AttendantCommandInput): Promise<CommandResult> {
  try {
    return await run(deps, input, parseCommand(input.text));
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, reply: error.message };
    throw error;
  }
}

async function run(deps: AttendantCommandDeps, input: AttendantCommandInput, command: AttendantCommand): Promise<CommandResult> {
  const { actor, sessionId } = input;
  switch (command.kind) {
    case 'text': {
      const row = await deps.attendance.relay({ actor, text: command.text, ...(sessionId ? { sessionId } : {}) });
      return { ok: true, reply: 'Sent to the customer.', session_id: row.session_id };
    }
    case 'queue':
      return queueCommand(deps, actor);
    case 'take':
      return takeCommand(deps, actor, command.sessionId ?? sessionId);
    case 'resolve':
      return resolveCommand(deps, actor, command.sessionId ?? sessionId);
    case 'transfer': {
      const calls = callDeps(deps);
      const elsewhere = calls ? await onCallHolder(deps, input) : undefined;
      if (elsewhere) return elsewhere;
      if (calls) {
        const row = await heldConversation(deps.repos, actor, sessionId, { supervisorOverride: true });
        if (calls.calls.isLive(row.session_id)) {
          const target = await deps.repos.users.findByLogin(command.username);
          if (!target || !attends(target)) throw new NotFoundError(`No attendant named @${command.username}`, 'attendant_not_found');
          if (target.id === row.assigned_to) throw new ValidationError(`@${command.username} already has this conversation`);
          return transferCallToAttendant(calls, actor, { id: target.id, username: target.username }, row.session_id);
        }
      }
      return transferCommand(deps, actor, command.username, sessionId);
    }
    case 'context':
      return contextCommand(deps, actor, sessionId);
    case 'status': {
      const assigned = await deps.attendance.setStatus(actor.user_id, command.status);
      const more = assigned.length > 0 ? ` ${assigned.length} waiting conversation(s) were assigned to you.` : '';
      return { ok: true, reply: `Your status is now ${command.status}.${more}` };
    }
    case 'help':
      return { ok: true, reply: ['Commands:', ...COMMAND_HELP].join('\n') };
    case 'assist':
      if (!deps.assist) return { ok: false, reply: `/${command.name}: ${ASSIST_NOT_CONFIGURED}` };
      return assistCommand(deps.assist, actor, command, sessionId);
    case 'call': {
      const calls = callDeps(deps);
      if (!calls) return { ok: false, reply: `/${command.name}: ${CALLS_NOT_CONFIGURED}` };
      return (await onCallHolder(deps, input)) ?? callCommand(calls, actor, command.request, sessionId);
    }
    case 'meeting': {
      // `/call` phones a customer whose number is known (not on the web); otherwise it is the audio room's link.
      const calls = command.name === 'call' ? callDeps(deps) : undefined;
      const elsewhere = calls ? await onCallHolder(deps, input) : undefined;
      if (elsewhere) return elsewhere;
      const phoned = calls ? await phoneCustomer(calls, actor, sessionId) : undefined;
      if (phoned) return phoned;
      if (!deps.meetings) return { ok: false, reply: `/${command.name}: ${MEETINGS_NOT_CONFIGURED}` };
      return meetingCommand({ repos: deps.repos, meetings: deps.meetings }, actor, command.request, sessionId);
    }
    case 'unknown':
      return { ok: false, reply: `Unknown command /${command.name}. Type /help for the list of commands.` };
    case 'invalid':
      return { ok: false, reply: command.message };
  }
}

/**
 * The answer of the instance holding the conversation's live call, when that is another one
 * (docs/operations/kamailio.md, "Attendants on another instance"): the line runs there, as the
 * attendant, with the same checks. Undefined when the call is live here, when no instance holds
 * one, or when the line was passed here already.
 */
async function onCallHolder(deps: AttendantCommandDeps, input: AttendantCommandInput): Promise<CommandResult | undefined> {
  if (!deps.calls || !deps.callRelay || input.relayed) return undefined;
  const row = await heldConversation(deps.repos, input.actor, input.sessionId, { supervisorOverride: true });
  if (deps.calls.isLive(row.session_id)) return undefined;
  return deps.callRelay.run({ actor: input.actor, text: input.text, sessionId: row.session_id });
}

/** What the call commands run with, when the service has phone calls. */
function callDeps(deps: AttendantCommandDeps): CallActionDeps | undefined {
  return deps.calls && { repos: deps.repos, calls: deps.calls, base: deps.attendance.useCaseDeps, ...(deps.bus ? { bus: deps.bus } : {}) };
}

/** `/queue`: one line per waiting or assigned conversation the attendant may see. */
async function queueCommand(deps: AttendantCommandDeps, actor: Actor): Promise<CommandResult> {
  const items = (await listVisibleItems(deps.repos, actor, (f) => deps.attendance.queueItems(f)))
    .filter((i) => i.status === 'waiting' || i.status === 'assigned');
  if (items.length === 0) return { ok: true, reply: 'No conversation is waiting.' };
  const lines = items.map((i, n) => {
    const holder = i.status === 'assigned' ? ` → ${i.assigned_to === actor.user_id ? 'you' : (i.assigned_to_name ?? 'someone')}` : '';
    const minutes = Math.floor(i.waiting_time_seconds / 60);
    const last = i.last_message ? ` · "${i.last_message}"` : '';
    return `${n + 1}. [${i.status}${holder}] ${i.user_name} · ${i.channel} · ${priorityName(i.priority as Priority)} · ${minutes} min${last} · ${i.session_id}`;
  });
  return { ok: true, reply: lines.join('\n') };
}
