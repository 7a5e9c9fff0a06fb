/**
 * Reads what an attendant typed into a typed command. Pure: no I/O, errors come back
 * as values (`kind: 'invalid'`) so the caller can answer the attendant in words.
 */
import { ATTENDANT_STATUSES, type AttendantStatus } from '../assignment/capacity.js';

/** Language-model assist for the attendant: `/polish` takes the draft, the others a conversation. */
export const ASSIST_COMMANDS = ['tips', 'polish', 'replies', 'summary'] as const;
/** What `/video`, `/call` and `/voice` ask of the meetings port (attendance/commands/meeting-commands.ts). */
export type MeetingAction =
  | { action: 'start'; media: 'video' | 'audio' }
  | { action: 'link' }
  | { action: 'invite'; target: string }
  | { action: 'end' }
  | { action: 'voice'; on: boolean };

/** What `/hangup`, `/hold`, `/dtmf`, `/transfer +number`, `/callback` and `/call back` ask of a conversation's phone call (attendance/calls/call-commands.ts). */
export type CallAction =
  | { action: 'hangup' }
  | { action: 'hold'; on?: boolean }
  | { action: 'dtmf'; digits: string }
  | { action: 'transfer_number'; number: string }
  | { action: 'callback'; number?: string };

/** An international number as typed (`+1 555-0100`): spaces, dots, dashes and brackets dropped; undefined when it is not E.164. */
export function typedE164(text: string): string | undefined {
  const number = text.replace(/[\s.()-]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(number) ? number : undefined;
}

/** One line per command, as `/help` shows them. */
export const COMMAND_HELP = [
  '/queue — the conversations waiting for you or assigned to you',
  '/take [session_id] — take the next waiting conversation, or that one',
  '/resolve [session_id] — end your current conversation and hand it back to the bot',
  '/transfer @username — hand your current conversation to another attendant (a phone call follows them)',
  '/transfer +15550100 — send the phone call of your conversation to that number',
  '/context — who the customer is and why they were transferred',
  '/status online|busy|away|offline — set your presence',
  '/tips [session_id] — advice on how to handle the conversation',
  '/polish <message> — your draft corrected, for you to send (nothing is sent)',
  '/replies [session_id] — three replies you could send next',
  '/summary [session_id] — what the conversation is about so far',
  '/video — start a video call and send the customer the link',
  '/video link — the join link of the call, for you to share',
  '/video invite @<customer> — send the call\'s link to this customer (@customer) or another customer you hold',
  '/video end — end the video call',
  '/call — call the customer: the service phones their known number; otherwise (and on web) an audio call link is sent',
  '/call back — the service phones the customer\'s known number',
  '/callback +15550100 — the service phones that number',
  '/hold [on|off] — put the phone call on hold (music to the caller), or take it off',
  '/dtmf 1234# — send key presses to the far end of the phone call',
  '/hangup — end the phone call',
  '/voice on|off — replies to the customer as speech where the channel supports it',
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
  | { kind: 'meeting'; name: 'video' | 'call' | 'voice'; request: MeetingAction }
  | { kind: 'call'; name: string; request: CallAction }
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
      const number = args[0]?.startsWith('+') ? typedE164(args.join('')) : undefined;
      if (number) return { kind: 'call', name, request: { action: 'transfer_number', number } };
      const username = args.length === 1 ? args[0]!.replace(/^@/, '') : '';
      return username ? { kind: 'transfer', username } : invalid('Usage: /transfer @username or /transfer +15550100');
    }
    case 'hangup':
      return args.length === 0 ? { kind: 'call', name, request: { action: 'hangup' } } : invalid('/hangup takes no arguments');
    case 'hold': {
      const on = args[0]?.toLowerCase();
      if (args.length === 0) return { kind: 'call', name, request: { action: 'hold' } };
      return args.length === 1 && (on === 'on' || on === 'off') ? { kind: 'call', name, request: { action: 'hold', on: on === 'on' } } : invalid('Usage: /hold [on|off]');
    }
    case 'dtmf': {
      const digits = args.join('').toUpperCase();
      return /^[0-9*#A-D]{1,32}$/.test(digits) ? { kind: 'call', name, request: { action: 'dtmf', digits } } : invalid('Usage: /dtmf <keys> — 0-9, *, #, A-D, at most 32');
    }
    case 'callback': {
      const number = typedE164(args.join(''));
      return number ? { kind: 'call', name, request: { action: 'callback', number } } : invalid('Usage: /callback +15550100 (an international number)');
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
    case 'video': {
      const [sub, target, ...rest] = args.map((a) => a.toLowerCase());
      if (sub === undefined) return { kind: 'meeting', name, request: { action: 'start', media: 'video' } };
      if ((sub === 'link' || sub === 'end') && target === undefined) return { kind: 'meeting', name, request: { action: sub } };
      if (sub === 'invite' && target !== undefined && rest.length === 0 && target.replace(/^@/, '') !== '') {
        return { kind: 'meeting', name, request: { action: 'invite', target: args[1]!.replace(/^@/, '') } };
      }
      return invalid('Usage: /video, /video link, /video invite @<customer> or /video end');
    }
    case 'call':
      if (args.length === 1 && args[0]!.toLowerCase() === 'back') return { kind: 'call', name, request: { action: 'callback' } };
      return args.length === 0 ? { kind: 'meeting', name, request: { action: 'start', media: 'audio' } } : invalid('Usage: /call or /call back');
    case 'voice': {
      const on = args[0]?.toLowerCase();
      return args.length === 1 && (on === 'on' || on === 'off') ? { kind: 'meeting', name, request: { action: 'voice', on: on === 'on' } } : invalid('Usage: /voice on|off');
    }
    default:
      return { kind: 'unknown', name };
  }
}
