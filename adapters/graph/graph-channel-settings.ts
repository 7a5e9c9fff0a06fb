import type { BotConfig } from '../../config/index.js';
import type { GraphChannel } from './graph-adapter.js';

/** One bot's settings of one Graph-style channel, read from its config.csv (docs/configuration.md). */
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
 * The channel's settings for a bot, or undefined when the channel is off for it: a channel is on
 * when its `-enabled` key is true and its credentials are set.
 */
export function graphChannelSettings(channel: GraphChannel, config: BotConfig): GraphChannelSettings | undefined {
  const allowPrivateNetworks = config['http-allow-private-networks'];
  switch (channel) {
    case 'mobile_msg': {
      const token = config['mobile-msg-access-token'];
      const secret = config['mobile-msg-app-secret'];
      const phone = config['mobile-msg-phone-number-id'];
      if (!config['mobile-msg-enabled'] || !token || !secret || !phone) return undefined;
      const template = config['mobile-msg-reengage-template'];
      return {
        apiUrl: config['mobile-msg-api-url'], accessToken: token, appSecret: secret, verifyToken: config['mobile-msg-webhook-verify-token'],
        phoneNumberId: phone, allowPrivateNetworks, voiceResponse: config['mobile-msg-voice-response'], ...(template ? { reengage: { template, language: config['mobile-msg-reengage-language'] } } : {}),
      };
    }
    case 'social_dm': {
      const token = config['social-dm-access-token'];
      const secret = config['social-dm-app-secret'];
      if (!config['social-dm-enabled'] || !token || !secret) return undefined;
      return { apiUrl: config['social-dm-api-url'], accessToken: token, appSecret: secret, verifyToken: config['social-dm-webhook-verify-token'], allowPrivateNetworks };
    }
    case 'page_msg': {
      const token = config['page-msg-access-token'];
      const secret = config['page-msg-app-secret'];
      if (!config['page-msg-enabled'] || !token || !secret) return undefined;
      return { apiUrl: config['page-msg-api-url'], accessToken: token, appSecret: secret, verifyToken: config['page-msg-webhook-verify-token'], allowPrivateNetworks };
    }
  }
}
