/**
 * What the team_chat destination needs of one bot's configuration (keys `team-chat-*`,
 * docs/channels/team-chat.md), built by the composition root. Undefined when the token, the
 * signing secret or the channel is not set: the destination is off for the bot and its webhooks
 * answer 404.
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
