import type { TeamChatThreadsRepo } from '../../db/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { parseCommand } from '../commands/parse-command.js';
import { runAttendantCommand, type AttendantCommandDeps, type CommandResult } from '../commands/run-attendant-command.js';
import { attendantByTeamChatUser, type TeamChatIdentity } from './attendant-by-team-chat-user.js';

/** A line from the workspace: a Take press (`/take <id>`), a slash command, or a reply in a notice's thread. */
export interface TeamChatInboxLine {
  /** The bot (name or id) of the request URL. */
  bot: string;
  user: TeamChatIdentity;
  text: string;
  thread?: { channel: string; ts: string };
}

/** Told to a workspace user who is no attendant. */
export const NOT_LINKED = 'Your team_chat account is not linked to an attendant: add your team_chat user id to your aliases in the console, or use the same email in both.';
/** Told for a reply in a thread that is no conversation's. */
export const NOT_A_CONVERSATION = 'This thread is not a conversation in attendance.';

/**
 * Attendants in the team_chat workspace (docs/channels/team-chat.md): the line runs as the
 * attendant the user is, like a console command. In a notice's thread it applies to that
 * conversation, so plain text reaches its customer. A slash command registered under its own name
 * (`/take`) or under one name for all (`/switchboard take`) runs the same command.
 */
export function createTeamChatInbox(deps: {
  commands: AttendantCommandDeps;
  repos: Pick<AttendanceRepositories, 'profiles' | 'users'>;
  threads: Pick<TeamChatThreadsRepo, 'findByThread'>;
  /** A bot's id by name or id. */
  botId: (bot: string) => string | undefined;
}): (line: TeamChatInboxLine) => Promise<CommandResult> {
  return async (line) => {
    const actor = await attendantByTeamChatUser(deps.repos, line.user);
    if (!actor) return { ok: false, reply: NOT_LINKED };
    let sessionId: string | undefined;
    if (line.thread) {
      const botId = deps.botId(line.bot);
      const thread = botId ? await deps.threads.findByThread(botId, line.thread.channel, line.thread.ts) : undefined;
      if (!thread) return { ok: false, reply: NOT_A_CONVERSATION };
      sessionId = thread.session_id;
    }
    return runAttendantCommand(deps.commands, { actor, text: commandLine(line.text), ...(sessionId ? { sessionId } : {}) });
  };
}

/** `/switchboard take` → `/take`; a line that already starts with a known command stays as it is. */
export function commandLine(text: string): string {
  const line = text.trim();
  if (!line.startsWith('/') || parseCommand(line).kind !== 'unknown') return text;
  const rest = line.replace(/^\/\S+\s*/, '');
  if (rest === '') return '/help';
  return rest.startsWith('/') ? rest : `/${rest}`;
}
