import type { GraphChannel } from './graph-adapter.js';

/** What a Graph-style channel needs of one bot's configuration (docs/configuration.md); built by the composition root. */
export interface GraphChannelSettings {
  apiUrl: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string | undefined;
  /** mobile_msg only: the business number's id, the path of its sends. */
  phoneNumberId?: string;
  /** mobile_msg only: sent instead of a message refused for the 24-hour window (131047). */
  reengage?: { template: string; language: string };
  /** mobile_msg only: a reply to a voice note also goes out as audio (`mobile-msg-voice-response`). */
  voiceResponse?: boolean;
  /** The bot's `http-allow-private-networks`: whether `apiUrl` may be on loopback or a private network. */
  allowPrivateNetworks: boolean;
}

/**
 * A bot's settings of a Graph-style channel, mapped from its config at the composition root;
 * undefined when the channel is off for the bot (its `-enabled` key false or its credentials unset).
 */
export type GraphSettingsOf = (channel: GraphChannel, bot: string) => GraphChannelSettings | undefined;
