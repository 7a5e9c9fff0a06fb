import type { BotConfig } from '../../config/index.js';

/**
 * What the team_chat destination needs of one bot's configuration (keys `team-chat-*`,
 * docs/channels/team-chat.md). Undefined when the token, the signing secret or the channel is not
 * set: the destination is off for the bot and its webhooks answer 404.
 */
export interface TeamChatSettings {
  /** The app's bot token (`xoxb-…`). */
  token: string;
  /** Signs every request the workspace sends us (`X-Slack-Signature`). */
  signingSecret: string;
  /** The channel id new conversations are posted to. */
  channel: string;
  /** The Web API root, ending with `/`. */
  apiUrl: string;
  /** The bot's `http-allow-private-networks`: whether `apiUrl` may be on loopback or a private network. */
  allowPrivateNetworks: boolean;
}

export function teamChatSettings(config: BotConfig | undefined): TeamChatSettings | undefined {
  const token = config?.['team-chat-bot-token'];
  const signingSecret = config?.['team-chat-signing-secret'];
  const channel = config?.['team-chat-channel'];
  if (!config || !token || !signingSecret || !channel) return undefined;
  const apiUrl = config['team-chat-api-url'];
  return { token, signingSecret, channel, apiUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`, allowPrivateNetworks: config['http-allow-private-networks'] };
}
