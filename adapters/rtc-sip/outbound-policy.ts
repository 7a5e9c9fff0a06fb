import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../infra/errors.js';
import { dialableNumber, numberAllowed } from './outbound-numbers.js';
import type { OutboundCallSettings, RtcSipBotSettings } from './rtc-sip-settings.js';

/** What someone asks for when they start a bot's call (`POST /api/calls`). */
export interface OutboundCallRequest {
  /** The bot's name. */
  bot: string;
  /** The number to call, in international form. */
  to: string;
  /** The caller ID: one of the bot's `sip-phone-number`s; the first when absent. */
  from?: string;
}

/** A call the policy allows: whom, from which number, through which trunk. */
export interface AllowedCall {
  bot: RtcSipBotSettings;
  outbound: OutboundCallSettings;
  to: string;
  callerId: string;
}

/**
 * Whether a bot may place this call now (docs/channels/rtc-sip.md, "Outbound calls"): the bot
 * takes calls and has an outbound trunk (else 404, as for a bot that does not exist); the number
 * is international (400) and matches the bot's allow list (403: the list is empty by default, so
 * a bot calls nobody until its owner says whom); the caller ID is the bot's (400); fewer than
 * `sip-outbound-max-calls` of its calls are up on this instance (409). The rate per minute is
 * counted after this, by the caller, so refused requests spend nothing.
 */
export function allowOutboundCall(bots: readonly RtcSipBotSettings[], request: OutboundCallRequest, activeCalls: (bot: string) => number): AllowedCall {
  const bot = bots.find((b) => b.bot === request.bot);
  if (!bot) throw new NotFoundError(`Bot ${request.bot} does not take phone calls (sip-enabled)`);
  const { outbound } = bot;
  if (!outbound) throw new NotFoundError(`Bot ${request.bot} places no calls: its trunk has no outbound_proxy`, 'outbound_calls_off');
  const to = dialableNumber(request.to);
  if (!to) {
    throw new ValidationError('to: expected a phone number in international form, such as +15555550199', [{ path: 'body.to', message: 'not an international phone number' }]);
  }
  if (!numberAllowed(to, outbound.allowed)) {
    throw new ForbiddenError(`${to} is not in bot ${bot.bot}'s sip-outbound-numbers: the bot calls only the numbers its configuration allows`);
  }
  const callerId = request.from ?? bot.numbers[0];
  if (!callerId || !bot.numbers.includes(callerId)) {
    throw new ValidationError(`from: ${request.from} is not one of bot ${bot.bot}'s sip-phone-number`, [{ path: 'body.from', message: 'not one of the bot\'s numbers' }]);
  }
  const active = activeCalls(bot.bot);
  if (active >= outbound.maxCalls) {
    throw new ConflictError(`Bot ${bot.bot} already has ${active} outbound calls up (sip-outbound-max-calls is ${outbound.maxCalls})`, 'too_many_calls', { max_calls: outbound.maxCalls });
  }
  return { bot, outbound, to, callerId };
}
