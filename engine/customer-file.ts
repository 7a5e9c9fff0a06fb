import { isFileValue, type HearAttachment, type Value } from '../basic-interpreter/index.js';
import type { EngineBot, EngineContext } from './engine-context.js';
import { createHttpPerformer, type FetchedFile } from './host/index.js';
import type { Attachment } from './messages.js';

/**
 * How HEAR's media types get a file a customer's message carries (docs/basic.md, "HEAR"): the
 * channel's own way for files its provider keeps by id or behind its token (mobile_msg media,
 * bot_msg files, web uploads in the drive), else the attachment's http(s) link through the bot's
 * guarded HTTP client (so `http-allow-private-networks` applies), at most `maxBytes`.
 */
export function customerFileFetcher(ctx: EngineContext, bot: EngineBot, channel: string) {
  return async (attachment: HearAttachment, maxBytes: number): Promise<FetchedFile> => {
    // The interpreter hands back the attachment the engine gave it (run-bot-turn.ts), untouched.
    const received = await ctx.channels.get(channel)?.fetchAttachment?.(bot.name, attachment as unknown as Attachment, maxBytes);
    if (received) return received;
    const url = attachment.url;
    if (url === undefined || !/^https?:\/\//i.test(url)) throw new Error(`the ${channel} channel cannot fetch this file`);
    const http = createHttpPerformer({ timeoutMs: bot.config['dialog-max-seconds'] * 1000, allowPrivateNetworks: bot.config['http-allow-private-networks'], maxResponseBytes: maxBytes });
    const body: Value = await http({ method: 'GET', url, headers: {}, binary: true });
    if (!isFileValue(body)) throw new Error(`the file's link answered ${describe(body)}`);
    return { bytes: Buffer.from(body.base64, 'base64'), ...(body.content_type ? { mime_type: body.content_type } : {}) };
  };
}

function describe(body: Value): string {
  const status = typeof body === 'object' && body !== null && !Array.isArray(body) ? body.status : undefined;
  return typeof status === 'number' ? `HTTP ${status}` : 'no file';
}
