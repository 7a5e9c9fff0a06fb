/**
 * What the sms channel needs of one bot's configuration (config keys `sms-*`,
 * docs/channels/sms.md). Built by the composition root; `undefined` means the channel is off for
 * that bot (disabled, or no account, token or sender), and its webhooks answer 404.
 */
export interface SmsSettings {
  accountSid: string;
  /** Signs the webhooks (X-Twilio-Signature) and authenticates the REST calls. */
  authToken: string;
  /** The sending number (E.164), or a messaging service id (`MG…`). */
  from: string;
  /** The REST API's root (`https://api.twilio.com`, or a fake in tests). */
  apiRoot: string;
  /** The answer to HELP and INFO. */
  helpText: string;
  /** The bot's `http-allow-private-networks`: whether `apiRoot` (and its media) may be on loopback or a private network. */
  allowPrivateNetworks: boolean;
}

/** The settings of each bot by name; undefined when the channel is off for it. */
export type SmsSettingsOf = (bot: string) => SmsSettings | undefined;
