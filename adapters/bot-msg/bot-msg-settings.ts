/**
 * What the bot_msg channel needs of one bot's configuration (config keys `bot-msg-*`,
 * docs/channels/bot_msg.md). Built by the composition root from config.csv; `undefined` means the
 * channel is off for that bot (disabled, or no token or secret), and its webhook answers 404.
 */
export interface BotMsgSettings {
  /** The bot's token from BotFather. */
  token: string;
  /** The `secret_token` of setWebhook, echoed by Telegram in `X-Telegram-Bot-Api-Secret-Token`. */
  webhookSecret: string;
  /** The Bot API's root (`https://api.telegram.org`, or a fake in tests). */
  apiRoot: string;
  /** `/agent` asks for a person (config `attendance-bot-msg-commands`); otherwise it is text. */
  commands: boolean;
  /** The bot's `http-allow-private-networks`: whether `apiRoot` may be on loopback or a private network. */
  allowPrivateNetworks: boolean;
  /** Replies marked to be spoken also go out as a voice note, `sendVoice` (`bot-msg-voice-response`, docs/channels/bot_msg.md). */
  voiceResponse: boolean;
}

/** The settings of each bot by name; undefined when the channel is off for it. */
export type BotMsgSettingsOf = (bot: string) => BotMsgSettings | undefined;
