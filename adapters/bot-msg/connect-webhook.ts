import type { Api } from 'grammy';
import type { WebhookInfo } from 'grammy/types';
import { BOT_MSG_UPDATE_TYPES } from './bot-msg-adapter.js';
import { botMsgApi } from './bot-msg-api.js';
import type { BotMsgSettings } from './bot-msg-settings.js';

/** The URL Telegram posts a bot's updates to: PUBLIC_URL + `/webhooks/bot_msg/{bot}`. */
export function botMsgWebhookUrl(publicUrl: string, bot: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/webhooks/bot_msg/${encodeURIComponent(bot)}`;
}

/**
 * `switchboard channels connect bot_msg --bot <name>`: registers the bot's webhook with
 * `setWebhook` — the public URL, the webhook secret (echoed in every update's
 * `X-Telegram-Bot-Api-Secret-Token`) and the update types the channel reads — and answers what
 * `getWebhookInfo` then says.
 */
export async function connectBotMsgWebhook(settings: BotMsgSettings, publicUrl: string, bot: string): Promise<WebhookInfo> {
  const api = apiFor(settings);
  await api.setWebhook(botMsgWebhookUrl(publicUrl, bot), { secret_token: settings.webhookSecret, allowed_updates: [...BOT_MSG_UPDATE_TYPES] });
  return api.getWebhookInfo();
}

/** `--check`: what Telegram knows of the bot's webhook (URL, pending updates, last error). */
export function botMsgWebhookInfo(settings: BotMsgSettings): Promise<WebhookInfo> {
  return apiFor(settings).getWebhookInfo();
}

function apiFor(settings: BotMsgSettings): Api {
  return botMsgApi(settings);
}
