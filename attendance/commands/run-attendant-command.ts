/**
 * The one entry point for what an attendant types, shared by
 * `POST /api/attendance/commands` and the console WebSocket: a command runs as the authenticated
 * attendant; plain text is relayed to the customer. Every answer is `{ok, reply}` in words —
 * typed domain errors (a lost `/take` race, an unknown session) become `ok: false` replies.
 */
import { DomainError } from '../../infra/errors.js';
import { assistCommand } from '../assist/assist-command.js';
import { priorityName, type Priority } from '../priority.js';
import { listVisibleItems, type Actor } from './attendant-scope.js';
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
    case 'transfer':
      return transferCommand(deps, actor, command.username, sessionId);
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
    case 'meeting':
      if (!deps.meetings) return { ok: false, reply: `/${command.name}: ${MEETINGS_NOT_CONFIGURED}` };
      return meetingCommand({ repos: deps.repos, meetings: deps.meetings }, actor, command.request, sessionId);
    case 'unknown':
      return { ok: false, reply: `Unknown command /${command.name}. Type /help for the list of commands.` };
    case 'invalid':
      return { ok: false, reply: command.message };
  }
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
