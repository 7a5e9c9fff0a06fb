import type { OutboundMessage } from '../../engine/index.js';
import { translate } from '../../infra/i18n.js';
import type { Logger } from '../../infra/logger.js';
import type { CallPorts } from './call-ports.js';
import { spokenMenu } from './menu-prompt.js';

/** Where a reply is said: the bot, and the caller whose phone its files may go to. */
export interface ReplyContext {
  bot: string;
  caller: string;
  language: string | undefined;
  ports: Pick<CallPorts, 'sendFilesBySms'>;
  logger: Logger;
}

/** A web address in a reply's text: read aloud it helps nobody, so it goes by SMS. */
const LINK = /\bhttps?:\/\/\S+/gi;

/**
 * What the caller hears of a reply: its text, then what became of its files — sent by SMS to the
 * caller's number when the bot has the sms channel and the number is international (E.164), else
 * "I cannot send files during a call" — then a menu's numbered choices (docs/channels/rtc-sip.md,
 * "Files and messages outside the call's turns"). A text with a link (a video meeting's join
 * link, say) goes by SMS the same way, and the call says the text without it and where it went.
 */
export async function spokenReply(context: ReplyContext, reply: Pick<OutboundMessage, 'text' | 'attachments' | 'suggestions'>): Promise<string> {
  const links = reply.text.match(LINK) ?? [];
  const parts = [links.length > 0 ? reply.text.replace(LINK, '').replace(/[\s:]+$/, '.').replace(/\s+\./g, '.') : reply.text];
  if (links.length > 0 && !reply.attachments?.length) parts.push(translate(context.language, await filesBySms(context, reply) ? 'call.link_sent_by_sms' : 'call.link_unavailable'));
  if (reply.attachments?.length) parts.push(translate(context.language, await filesBySms(context, reply) ? 'call.file_sent_by_sms' : 'call.file_unavailable'));
  if (reply.suggestions?.length) parts.push(spokenMenu(reply.suggestions, context.language));
  return parts.filter((p) => p.trim()).join(' ');
}

async function filesBySms(context: ReplyContext, reply: Pick<OutboundMessage, 'text' | 'attachments'>): Promise<boolean> {
  const send = context.ports.sendFilesBySms;
  if (!send || !context.caller.startsWith('+')) return false;
  const attachments = reply.attachments ?? [];
  // The SMS carries the reply's text, or the files' names when it has none.
  const text = reply.text.trim() || attachments.map((a) => a.caption ?? a.name ?? '').filter(Boolean).join(', ');
  try {
    return await send({ bot: context.bot, to: context.caller, text, attachments });
  } catch (error) {
    context.logger.warn({ err: error, bot: context.bot }, 'phone call: the files of a reply were not sent by SMS');
    return false;
  }
}
