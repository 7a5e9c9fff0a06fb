/**
 * Reads what an attendant typed into a typed command. Pure: no I/O, errors come back
 * as values (`kind: 'invalid'`) so the caller can answer the attendant in words.
 */
import { ATTENDANT_STATUSES, type AttendantStatus } from '../assignment/capacity.js';

/** Language-model assist for the attendant: `/polish` takes the draft, the others a conversation. */
export const ASSIST_COMMANDS = ['tips', 'polish', 'replies', 'summary'] as const;
/** Commands that wait for the meetings issue. */
export const MEETING_COMMANDS = ['video', 'call', 'voice'] as const;

/** One line per command, as `/help` shows them. */
export const COMMAND_HELP = [
  '/queue — the conversations waiting for you or assigned to you',
  '/take [session_id] — take the next waiting conversation, or that one',
  '/resolve [session_id] — end your current conversation and hand it back to the bot',
  '/transfer @username — hand your current conversation to another attendant',
  '/context — who the customer is and why they were transferred',
  '/status online|busy|away|offline — set your presence',
  '/tips [session_id] — advice on how to handle the conversation',
  '/polish <message> — your draft corrected, for you to send (nothing is sent)',
  '/replies [session_id] — three replies you could send next',
  '/summary [session_id] — what the conversation is about so far',
  '/help — this list',
] as const;

export type AttendantCommand =
  | { kind: 'text'; text: string }
  | { kind: 'queue' }
  | { kind: 'take'; sessionId?: string }
  | { kind: 'resolve'; sessionId?: string }
  | { kind: 'transfer'; username: string }
  | { kind: 'context' }
  | { kind: 'status'; status: AttendantStatus }
  | { kind: 'help' }
  | { kind: 'assist'; name: Exclude<(typeof ASSIST_COMMANDS)[number], 'polish'>; sessionId?: string }
  | { kind: 'assist'; name: 'polish'; text: string }
  | { kind: 'meeting'; name: (typeof MEETING_COMMANDS)[number] }
  | { kind: 'unknown'; name: string }
  | { kind: 'invalid'; name: string; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parses one line. Text not starting with `/` is a message for the customer. */
export function parseCommand(input: string): AttendantCommand {
  const line = input.trim();
  if (!line.startsWith('/')) return { kind: 'text', text: input };
  const [head = '', ...args] = line.slice(1).split(/\s+/);
  const name = head.toLowerCase();
  const invalid = (message: string): AttendantCommand => ({ kind: 'invalid', name, message });
  const optionalSession = (): { sessionId?: string } | string => {
    if (args.length === 0) return {};
    if (args.length > 1 || !UUID.test(args[0]!)) return `Usage: /${name} [session_id] — "${args.join(' ')}" is not a session id`;
    return { sessionId: args[0]!.toLowerCase() };
  };

  switch (name) {
    case 'queue':
    case 'context':
    case 'help':
      return args.length === 0 ? { kind: name } : invalid(`/${name} takes no arguments`);
    case 'take':
    case 'resolve': {
      const session = optionalSession();
      return typeof session === 'string' ? invalid(session) : { kind: name, ...session };
    }
    case 'transfer': {
      const username = args.length === 1 ? args[0]!.replace(/^@/, '') : '';
      return username ? { kind: 'transfer', username } : invalid('Usage: /transfer @username');
    }
    case 'status': {
      const status = ATTENDANT_STATUSES.find((s) => s === args[0]?.toLowerCase());
      return status && args.length === 1 ? { kind: 'status', status } : invalid(`Usage: /status ${ATTENDANT_STATUSES.join('|')}`);
    }
    case 'polish': {
      // The draft as typed after the command word: the polish itself decides about its spacing.
      const text = line.slice(1 + head.length).replace(/^\s+/, '');
      return text ? { kind: 'assist', name, text } : invalid('Usage: /polish <message>');
    }
    case 'tips':
    case 'replies':
    case 'summary': {
      const session = optionalSession();
      return typeof session === 'string' ? invalid(session) : { kind: 'assist', name, ...session };
    }
    default: {
      const meeting = MEETING_COMMANDS.find((c) => c === name);
      if (meeting) return { kind: 'meeting', name: meeting };
      return { kind: 'unknown', name };
    }
  }
}
