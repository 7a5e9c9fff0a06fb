/** The `bot_msg` channel (Telegram Bot API through grammY): docs/channels/bot_msg.md. */
export { createBotMsgAdapter, BOT_MSG_UPDATE_TYPES, SECRET_HEADER, type BotMsgAdapter, type BotMsgAdapterDeps } from './bot-msg-adapter.js';
export type { BotMsgSettings, BotMsgSettingsOf } from './bot-msg-settings.js';
export { AGENT_COMMAND_REASON } from './parse-update.js';
export { CALLBACK_DATA_MAX_BYTES } from './inline-keyboard.js';
export { BOT_MSG_MAX_CHARS } from './split-message.js';
export { botMsgWebhookInfo, botMsgWebhookUrl, connectBotMsgWebhook } from './connect-webhook.js';
export { createBotMsgScreen, BOT_MSG_FILE_MAX_BYTES, type BotMsgScreenDeps } from './screen-bot-msg.js';
