import { LogLevel, WebClient } from '@slack/web-api';
import type { Logger } from '../../infra/logger.js';
import { refusalBehind } from '../../infra/outbound-http.js';
import { outboundPool } from '../../infra/outbound-pool.js';
import { noticeMessage, type TeamChatNotice } from './team-chat-blocks.js';
import type { TeamChatSettings } from './team-chat-settings.js';

/** Where a notice was posted: its channel and message timestamp, which is also its thread's id. */
export interface TeamChatThread {
  channel: string;
  ts: string;
}

/** A workspace user as the attendance side needs them to find the attendant. */
export interface TeamChatUser {
  id: string;
  email?: string;
  name?: string;
}

/**
 * The calls the team_chat destination makes, through the maintained Web API client pointed at the
 * bot's `team-chat-api-url`. Every method takes the bot (id or name) and does nothing (resolves
 * undefined) when team_chat is off for it.
 */
export interface TeamChatClient {
  /** `chat.postMessage` of the notice to `team-chat-channel`; resolves to where it landed. */
  postNotice(bot: string, notice: TeamChatNotice): Promise<TeamChatThread | undefined>;
  /** `chat.update` of a posted notice (taken, resolved). */
  updateNotice(bot: string, thread: TeamChatThread, notice: TeamChatNotice): Promise<void>;
  /** `chat.postMessage` with `thread_ts`: a line in the conversation's thread. */
  postInThread(bot: string, thread: TeamChatThread, text: string): Promise<void>;
  /** `chat.postEphemeral`: an answer only `user` sees. */
  tellUser(bot: string, channel: string, user: string, text: string): Promise<void>;
  /** `users.info`: the user's email when the app may read it (scope `users:read.email`). */
  identify(bot: string, userId: string): Promise<TeamChatUser>;
}

/**
 * Builds the client: one `WebClient` per token and API root, with a short retry policy (two
 * retries) so a notice is not held for the library's default half hour; rate limits are still
 * honoured by the library (`Retry-After`). Its fetch is the outbound door's (docs/architecture.md,
 * "Outbound requests") under the bot's `http-allow-private-networks`.
 */
export function createTeamChatClient(deps: { settingsOf: (bot: string) => TeamChatSettings | undefined; logger?: Pick<Logger, 'warn'> }): TeamChatClient {
  const clients = new Map<string, WebClient>();
  const clientOf = (bot: string): { web: WebClient; settings: TeamChatSettings } | undefined => {
    const settings = deps.settingsOf(bot);
    if (!settings) return undefined;
    const key = `${settings.apiUrl} ${settings.token} ${settings.allowPrivateNetworks}`;
    let web = clients.get(key);
    if (!web) {
      web = new WebClient(settings.token, {
        slackApiUrl: settings.apiUrl, allowAbsoluteUrls: false, logLevel: LogLevel.ERROR, timeout: 10_000,
        fetch: outboundPool({ allowPrivateNetworks: settings.allowPrivateNetworks }).fetch,
        retryConfig: { retries: 2, factor: 2, minTimeout: 200, maxTimeout: 2000 },
      });
      clients.set(key, web);
    }
    return { web, settings };
  };

  return {
    async postNotice(bot, notice) {
      const client = clientOf(bot);
      if (!client) return undefined;
      const res = await saying(client.web.chat.postMessage({ channel: client.settings.channel, ...noticeMessage(notice), unfurl_links: false }));
      return res?.channel && res.ts ? { channel: res.channel, ts: res.ts } : undefined;
    },
    async updateNotice(bot, thread, notice) {
      await saying(clientOf(bot)?.web.chat.update({ channel: thread.channel, ts: thread.ts, ...noticeMessage(notice) }));
    },
    async postInThread(bot, thread, text) {
      await saying(clientOf(bot)?.web.chat.postMessage({ channel: thread.channel, thread_ts: thread.ts, text, unfurl_links: false }));
    },
    async tellUser(bot, channel, user, text) {
      await saying(clientOf(bot)?.web.chat.postEphemeral({ channel, user, text }));
    },
    async identify(bot, userId) {
      const client = clientOf(bot);
      try {
        const res = await client?.web.users.info({ user: userId });
        const email = res?.user?.profile?.email;
        const name = res?.user?.real_name ?? res?.user?.name;
        return { id: userId, ...(email ? { email } : {}), ...(name ? { name } : {}) };
      } catch (err) {
        // Without users:read.email the user is still found by an alias holding their user id.
        deps.logger?.warn({ err, bot, user: userId }, 'team_chat users.info failed');
        return { id: userId };
      }
    },
  };
}

/** The call's result; a call the outbound guard refused fails saying so (the library's own error says only "fetch failed"). */
async function saying<T>(call: Promise<T> | undefined): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    const refusal = refusalBehind(error);
    if (!refusal) throw error;
    throw new Error(`team_chat: team-chat-api-url is refused by the outbound guard (http-allow-private-networks): ${refusal.message}`, { cause: error });
  }
}
