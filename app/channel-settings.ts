import type {
  BotMsgSettings, GraphChannel, GraphChannelSettings, SmsSettings, TeamChatSettings, WorkchatSettings,
} from '../adapters/index.js';
import { WORKCHAT_TOKEN_URL, type BotConfig } from '../config/index.js';

// Each channel's settings as the composition root maps them from a bot's config.csv
// (docs/configuration.md, docs/channels/): every adapter declares the narrow shape it needs and
// never reads the bot's config itself (docs/architecture.md, "Folder map"). Undefined means the
// channel is off for the bot, and its webhook answers 404.

/** A bot's `bot-msg-*` keys as the channel's settings; undefined when the channel is off (also for `switchboard channels`). */
export function botMsgSettingsOf(config: BotConfig | undefined): BotMsgSettings | undefined {
  const token = config?.['bot-msg-token'];
  const webhookSecret = config?.['bot-msg-webhook-secret'];
  if (!config?.['bot-msg-enabled'] || !token || !webhookSecret) return undefined;
  return {
    token, webhookSecret, apiRoot: config['bot-msg-api-url'], commands: config['attendance-bot-msg-commands'],
    allowPrivateNetworks: config['http-allow-private-networks'], voiceResponse: config['bot-msg-voice-response'],
  };
}

/** A bot's `sms-*` keys as the channel's settings: on when enabled with an account, a token and a sender. */
export function smsSettingsOf(config: BotConfig | undefined): SmsSettings | undefined {
  const accountSid = config?.['sms-account-sid'];
  const authToken = config?.['sms-auth-token'];
  const from = config?.['sms-from'];
  if (!config?.['sms-enabled'] || !accountSid || !authToken || !from) return undefined;
  return {
    accountSid, authToken, from, apiRoot: config['sms-api-url'], helpText: config['sms-help-text'],
    allowPrivateNetworks: config['http-allow-private-networks'],
  };
}

/** A bot's settings of one Graph-style channel: on when its `-enabled` key is true and its credentials are set. */
export function graphChannelSettings(channel: GraphChannel, config: BotConfig | undefined): GraphChannelSettings | undefined {
  if (!config) return undefined;
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

/** A bot's `team-chat-*` keys as the destination's settings: on when the token, the signing secret and the channel are set. */
export function teamChatSettings(config: BotConfig | undefined): TeamChatSettings | undefined {
  const token = config?.['team-chat-bot-token'];
  const signingSecret = config?.['team-chat-signing-secret'];
  const channel = config?.['team-chat-channel'];
  if (!config || !token || !signingSecret || !channel) return undefined;
  const apiUrl = config['team-chat-api-url'];
  return { token, signingSecret, channel, apiUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`, allowPrivateNetworks: config['http-allow-private-networks'] };
}

/**
 * A bot's `workchat-*` keys as the channel's settings. The channel is on when `workchat-enabled`
 * (default true) and the bot names itself on workchat — an app id, an app password or a bot id —
 * so a bot that never mentions workchat has no workchat webhook.
 */
export function workchatSettingsOf(config: BotConfig | undefined): WorkchatSettings | undefined {
  if (!config?.['workchat-enabled']) return undefined;
  const appId = config['workchat-app-id'];
  const appPassword = config['workchat-app-password'];
  const botId = config['workchat-bot-id'];
  if (!appId && !appPassword && !botId) return undefined;
  const tenantId = config['workchat-tenant-id'];
  const tokenUrl = config['workchat-token-url'];
  return {
    appId, appPassword, tenantId, botId,
    openidMetadataUrl: config['workchat-openid-metadata-url'],
    allowPrivateNetworks: config['http-allow-private-networks'],
    voiceEnabled: config['workchat-voice-enabled'], meetingEnabled: config['workchat-meeting-enabled'],
    // A single-tenant app asks its own tenant; the default names the multi-tenant one.
    tokenUrl: tenantId && tokenUrl === WORKCHAT_TOKEN_URL ? tokenUrl.replace('/botframework.com/', `/${encodeURIComponent(tenantId)}/`) : tokenUrl,
  };
}
