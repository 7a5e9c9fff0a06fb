import { createVoiceScreen, voiceNoteOf, type InboundScreen, type VoiceModels } from '../../engine/index.js';
import type { Logger } from '../../infra/logger.js';
import type { BotMsgAdapter } from './bot-msg-adapter.js';
import { FILE_REF } from './parse-update.js';

/** The Bot API's own limit for files a bot downloads (20 MB). */
export const BOT_MSG_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** What the bot_msg screen is built from (ports given by the composition root). */
export interface BotMsgScreenDeps {
  adapter: Pick<BotMsgAdapter, 'fetchFile'>;
  /** The bot's voice service (`voice-models-url`), or undefined when it has none. */
  voiceFor: (bot: string) => VoiceModels | undefined;
  /** The bot's `language`, a hint for the voice service. */
  languageOf?: (bot: string) => string | undefined;
  logger?: Logger;
}

/**
 * What happens to a queued bot_msg message before its turn (docs/channels/bot_msg.md, "Voice
 * notes"): a voice note or a video note takes the one speech path (engine/voice/hear-voice.ts) —
 * the file fetched with getFile, transcribed by the bot's voice service — and enters as text with
 * the recording attached. Without a voice service (or with one the outbound guard refuses) it
 * stays an attachment with no text. Other channels pass.
 */
export function createBotMsgScreen(deps: BotMsgScreenDeps): InboundScreen {
  return createVoiceScreen({
    channel: 'bot_msg', voiceFor: deps.voiceFor,
    ...(deps.languageOf ? { languageOf: deps.languageOf } : {}), ...(deps.logger ? { logger: deps.logger } : {}),
    noteOf: (message) => {
      const note = voiceNoteOf(message);
      return note?.url?.startsWith(FILE_REF) ? note : undefined;
    },
    fetchAudio: async (message, note) => ({
      data: await deps.adapter.fetchFile(message.bot, note.url!.slice(FILE_REF.length), BOT_MSG_FILE_MAX_BYTES),
      mimeType: note.mime_type ?? 'audio/ogg', name: note.name ?? 'voice.ogg',
    }),
  });
}
