import { createVoiceScreen, voiceNoteOf, type InboundMessage, type InboundScreen, type VoiceModels } from '../../engine/index.js';
import { translate } from '../../infra/i18n.js';
import type { Logger } from '../../infra/logger.js';
import { MEDIA_MAX_BYTES } from './channel-media.js';
import type { GraphAdapter } from './graph-adapter.js';

/** Told to a customer whose voice note cannot be understood (no voice service for the bot), in English; in the bot's `language` it is `voice.not_understood` of locales/. */
export const VOICE_NOT_UNDERSTOOD = translate('en', 'voice.not_understood');

/** What the mobile_msg screen is built from (ports given by the composition root). */
export interface MobileMsgScreenDeps {
  /** The mobile_msg adapter: fetches media, answers attendants and customers directly. */
  adapter: GraphAdapter;
  /** Attendance's recogniser: a reply when the writer is an attendant, undefined for a customer. */
  attendantInbox?: (line: { bot: string; channel: 'mobile_msg'; who: { phone: string | undefined }; text: string }) => Promise<{ reply: string } | undefined>;
  /** The bot's voice service (`voice-models-url`), or undefined when it has none. */
  voiceFor: (bot: string) => VoiceModels | undefined;
  /** The bot's `language` (config), in which customers are told what cannot be done; English when not given. */
  languageOf?: (bot: string) => string | undefined;
  logger?: Logger;
}

/**
 * What happens to a queued mobile_msg message before its turn, after the webhook was answered
 * (docs/channels/mobile-msg.md): a line from an attendant's phone is run as the attendant's
 * (command or reply) and answered on their phone, never reaching the bot; a voice note is
 * transcribed into the message's text, the audio kept attached — or, without a voice service (or
 * with one the outbound guard refuses), the customer is told politely that voice notes are not
 * understood. Other channels pass.
 */
export function createMobileMsgScreen(deps: MobileMsgScreenDeps): InboundScreen {
  const answer = (message: InboundMessage, text: string) => deps.adapter.send({
    session_id: '', channel: 'mobile_msg', to: message.customer.external_id, text, from: 'system', bot_id: message.bot,
  });

  // The one speech path (engine/voice/hear-voice.ts): the note by its media id; one nobody can hear is answered politely.
  const voice = createVoiceScreen({
    channel: 'mobile_msg', voiceFor: deps.voiceFor, ...(deps.logger ? { logger: deps.logger } : {}),
    noteOf: (message) => {
      const note = voiceNoteOf(message);
      return note?.media_id ? note : undefined;
    },
    async fetchAudio(message, note) {
      const file = await deps.adapter.fetchMedia(message.bot, note.media_id!, MEDIA_MAX_BYTES);
      return { data: file.data, mimeType: file.mimeType ?? note.mime_type ?? 'audio/ogg' };
    },
    async unheard(message) {
      await answer(message, translate(deps.languageOf?.(message.bot), 'voice.not_understood'));
      return null;
    },
  });

  return async (message) => {
    if (message.channel !== 'mobile_msg') return message;
    if (deps.attendantInbox) {
      const handled = await deps.attendantInbox({ bot: message.bot, channel: 'mobile_msg', who: { phone: message.customer.phone }, text: message.text });
      if (handled) {
        await answer(message, handled.reply);
        return null;
      }
    }
    return voice(message);
  };
}
