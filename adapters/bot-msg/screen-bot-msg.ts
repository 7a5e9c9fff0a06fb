import { transcribeVoiceNote, voiceNoteOf, VoiceModelsRefusedError, type InboundScreen, type VoiceModels } from '../../engine/index.js';
import type { Logger } from '../../infra/logger.js';
import type { BotMsgAdapter } from './bot-msg-adapter.js';
import { FILE_REF } from './parse-update.js';

/** The Bot API's own limit for files a bot downloads (20 MB). */
export const BOT_MSG_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** What the bot_msg screen is built from (ports given by the composition root). */
export interface BotMsgScreenDeps {
  adapter: BotMsgAdapter;
  /** The bot's voice service (`voice-models-url`), or undefined when it has none. */
  voiceFor: (bot: string) => VoiceModels | undefined;
  logger?: Logger;
}

/**
 * What happens to a queued bot_msg message before its turn (docs/channels/bot_msg.md, "Voice
 * notes"): a voice note goes through the same speech path as mobile_msg's — the file fetched with
 * getFile, transcribed by the bot's voice service — and enters as text with the audio attached.
 * Without a voice service (or with one the outbound guard refuses) it stays an audio attachment.
 * Other channels pass.
 */
export function createBotMsgScreen(deps: BotMsgScreenDeps): InboundScreen {
  return async (message) => {
    if (message.channel !== 'bot_msg') return message;
    const note = voiceNoteOf(message);
    const fileId = note?.url?.startsWith(FILE_REF) ? note.url.slice(FILE_REF.length) : undefined;
    const models = fileId ? deps.voiceFor(message.bot) : undefined;
    if (!note || !fileId || !models) return message;
    try {
      return await transcribeVoiceNote(message, note, async () => ({
        data: await deps.adapter.fetchFile(message.bot, fileId, BOT_MSG_FILE_MAX_BYTES), mimeType: note.mime_type ?? 'audio/ogg', name: 'voice.ogg',
      }), models);
    } catch (error) {
      // A voice service the outbound guard refuses is no voice service; other failures are retried with the queued message.
      if (!(error instanceof VoiceModelsRefusedError)) throw error;
      deps.logger?.warn({ bot: message.bot, reason: error.message }, 'voice-models-url refused by the outbound guard');
      return message;
    }
  };
}
