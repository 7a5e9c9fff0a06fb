import path from 'node:path';
import { parseArgs } from 'node:util';
import { botMsgWebhookInfo, botMsgWebhookUrl, connectBotMsgWebhook } from '../adapters/index.js';
import { loadBotConfig, type ProcessSettings } from '../config/index.js';
import type { Logger } from '../infra/logger.js';
import { botMsgSettingsOf } from '../app/channel-settings.js';
import type { CliIo } from './run-command.js';

const USAGE = 'Usage: switchboard channels connect bot_msg --bot <name> [--check]';

/**
 * `switchboard channels connect bot_msg --bot <name>`: registers the bot's Telegram webhook
 * (PUBLIC_URL + /webhooks/bot_msg/<name>, its secret, the update types read) and prints
 * getWebhookInfo; with `--check` only prints getWebhookInfo (docs/channels/bot_msg.md).
 */
export async function channelsCommand(
  argv: string[], settings: ProcessSettings, logger: Logger, io: Pick<CliIo, 'stdout' | 'stderr'>,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { bot: { type: 'string' }, check: { type: 'boolean', default: false } } });
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const [action, channel] = parsed.positionals;
  const bot = parsed.values.bot;
  if (action !== 'connect' || channel !== 'bot_msg' || !bot || parsed.positionals.length !== 2) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const { config } = await loadBotConfig(path.join(settings.BOTS_DIR, `${bot}.gbai`, `${bot}.gbot`, 'config.csv'), logger);
  const channelSettings = botMsgSettingsOf(config);
  if (!channelSettings) {
    io.stderr.write(`The bot_msg channel is off for bot "${bot}": set bot-msg-token and bot-msg-webhook-secret (and bot-msg-enabled true) in its config.csv.\n`);
    return 1;
  }
  if (parsed.values.check) {
    io.stdout.write(`${JSON.stringify(await botMsgWebhookInfo(channelSettings), null, 2)}\n`);
    return 0;
  }
  if (!settings.PUBLIC_URL) {
    io.stderr.write('PUBLIC_URL is not set: it is the externally visible base URL Telegram posts updates to.\n');
    return 1;
  }
  const info = await connectBotMsgWebhook(channelSettings, settings.PUBLIC_URL, bot);
  io.stdout.write(`Webhook of bot "${bot}" set to ${botMsgWebhookUrl(settings.PUBLIC_URL, bot)}\n${JSON.stringify(info, null, 2)}\n`);
  return 0;
}
