import type { BotConfig } from '../../config/index.js';
import type { Channel } from '../../engine/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { runAttendantCommand, type AttendantCommandDeps } from '../commands/run-attendant-command.js';
import { attendantByIdentity, type AttendantIdentity } from './attendant-by-identity.js';

/** A message that reached a bot on a customer channel, before it is taken as a customer's. */
export interface ChannelLine {
  /** The bot (name or id) the line was written to. */
  bot: string;
  channel: Channel;
  /** Who wrote it, as far as the channel tells. */
  who: AttendantIdentity;
  text: string;
}

/** What to answer an attendant writing on a channel; undefined when the writer is a customer. */
export type AttendantInbox = (line: ChannelLine) => Promise<{ reply: string; attendant_id: string } | undefined>;

/** Told when `attendance-mobile-msg-commands` is off and an attendant types a command. */
export const MOBILE_COMMANDS_OFF = 'Commands are turned off on this channel; plain text still reaches the conversation you hold.';

/**
 * Attendants working from a customer channel (mobile_msg, workchat; docs/channels/workchat.md, "Attendants"):
 * a line from a writer the channel identifies as an attendant is the attendant's, not a
 * customer's. Slash commands run as on the console (on mobile_msg unless
 * `attendance-mobile-msg-commands` is false); plain text goes to the conversation they hold, on
 * the customer's channel. The caller answers the reply where the line came from.
 */
export function createAttendantInbox(deps: {
  commands: AttendantCommandDeps;
  repos: Pick<AttendanceRepositories, 'profiles' | 'users'>;
  config: (bot: string) => BotConfig | undefined;
}): AttendantInbox {
  return async (line) => {
    const actor = await attendantByIdentity(deps.repos, line.who);
    if (!actor) return undefined;
    const answer = (reply: string) => ({ reply, attendant_id: actor.user_id });
    const text = line.text.trim();
    if (line.channel === 'mobile_msg' && text.startsWith('/') && deps.config(line.bot)?.['attendance-mobile-msg-commands'] === false) {
      return answer(MOBILE_COMMANDS_OFF);
    }
    if (text === '') return answer('Only text reaches the customer from this channel.');
    const result = await runAttendantCommand(deps.commands, { actor, text });
    return answer(result.reply);
  };
}
