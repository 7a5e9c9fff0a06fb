import type { BotConfig } from '../../config/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { runAttendantCommand, type AttendantCommandDeps } from '../commands/run-attendant-command.js';
import { attendantByPhone } from './attendant-by-phone.js';

/** A message that reached a bot's mobile_msg number, before it is taken as a customer's. */
export interface MobileMsgLine {
  /** The bot (name or id) whose business number received it. */
  bot: string;
  /** The writer's phone, E.164 or the provider's digits. */
  phone: string | undefined;
  text: string;
}

/** What to answer an attendant on mobile_msg; undefined when the writer is a customer. */
export type AttendantMobileInbox = (line: MobileMsgLine) => Promise<{ reply: string } | undefined>;

/** Told when `attendance-mobile-msg-commands` is off and an attendant types a command. */
export const MOBILE_COMMANDS_OFF = 'Commands are turned off on this channel; plain text still reaches the conversation you hold.';

/**
 * Attendants on mobile_msg (docs/channels/mobile-msg.md, "Attendants"): a line from an
 * attendant's phone is the attendant's, not a customer's. Slash commands run as on the console
 * (unless `attendance-mobile-msg-commands` is false); plain text goes to the conversation they
 * hold, on the customer's channel. The answer goes back to the attendant's phone.
 */
export function createAttendantMobileInbox(deps: {
  commands: AttendantCommandDeps;
  repos: Pick<AttendanceRepositories, 'profiles' | 'users'>;
  config: (bot: string) => BotConfig | undefined;
}): AttendantMobileInbox {
  return async (line) => {
    const actor = await attendantByPhone(deps.repos, line.phone);
    if (!actor) return undefined;
    const text = line.text.trim();
    if (text.startsWith('/') && deps.config(line.bot)?.['attendance-mobile-msg-commands'] === false) return { reply: MOBILE_COMMANDS_OFF };
    if (text === '') return { reply: 'Only text reaches the customer from this channel.' };
    const result = await runAttendantCommand(deps.commands, { actor, text });
    return { reply: result.reply };
  };
}
