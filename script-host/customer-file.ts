import type { HearAttachment } from '../basic-interpreter/index.js';
import { botHttp } from './bot-http.js';
import type { ScriptBot, HostContext } from './script-host-context.js';
import { fetchLinkBytes, type FetchedFile } from './host/index.js';
import type { Attachment } from '../engine/index.js';

/**
 * How HEAR's media types get a file that `customer` (the session's external id) sent
 * (docs/basic.md, "HEAR"): the channel's own way for files its provider keeps by id or behind its
 * credentials (mobile_msg media, bot_msg files, sms media, workchat's connector files, web uploads
 * in the drive), else the attachment's http(s) link through the bot's guarded HTTP client (so
 * `http-allow-private-networks` applies), at most `maxBytes`.
 */
export function customerFileFetcher(ctx: HostContext, bot: ScriptBot, channel: string, customer: string) {
  return async (attachment: HearAttachment, maxBytes: number): Promise<FetchedFile> => {
    // The interpreter hands back the attachment the turn gave it (run-bot-turn.ts), untouched.
    const received = await ctx.channels.get(channel)?.fetchAttachment?.(bot.name, attachment as unknown as Attachment, maxBytes, customer);
    if (received) return received;
    const url = attachment.url;
    if (url === undefined || !/^https?:\/\//i.test(url)) throw new Error(`the ${channel} channel cannot fetch this file`);
    const { bytes, content_type } = await fetchLinkBytes(botHttp(bot, maxBytes), url);
    return { bytes, ...(content_type ? { mime_type: content_type } : {}) };
  };
}
