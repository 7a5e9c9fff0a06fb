import type { Logger } from '../../infra/logger.js';
import type { InboundScreen } from '../engine-deps.js';
import type { Attachment, Channel, InboundMessage } from '../messages.js';
import { transcribeVoiceNote, voiceNoteOf } from './transcribe-voice-note.js';
import { VoiceModelsRefusedError, type AudioFile, type VoiceModels } from './voice-models.js';

/** How a channel hands its audio to the speech path. */
export interface VoiceInput {
  /** The bytes of the customer's voice message, from the channel's provider. */
  fetchAudio(message: InboundMessage, note: Attachment): Promise<AudioFile>;
  /** The voice message a message carries, as the channel recognises it; default {@link voiceNoteOf}. */
  noteOf?(message: InboundMessage): Attachment | undefined;
}

/** What a channel's voice screen is built from (ports given by the composition root). */
export interface VoiceScreenDeps extends VoiceInput {
  channel: Channel;
  /** The bot's voice service (`voice-models-url`), or undefined when it has none. */
  voiceFor(bot: string): VoiceModels | undefined;
  /** Whether the channel hears voice for the bot at all (workchat: `workchat-voice-enabled`); default yes. */
  hears?(bot: string): boolean;
  /** The bot's `language`, sent to the voice service as a hint. */
  languageOf?(bot: string): string | undefined;
  /**
   * A voice message no voice service can hear (none configured, or refused by the outbound
   * guard): what becomes of it. Default: it goes on as the audio attachment with no text.
   */
  unheard?(message: InboundMessage): Promise<InboundMessage | null>;
  logger?: Logger;
}

/**
 * The one speech path of every channel (docs/basic.md, "Voice on each channel"), as an inbound
 * screen: a voice message is fetched from the channel's provider, transcribed by the bot's voice
 * service, and enters the turn as the customer's text with the audio attached and marked `voice`
 * (so the turn's replies are marked to be spoken, engine/voice/spoken-reply.ts). A failure of the
 * voice service other than the guard's refusal throws, so the queued message is retried.
 */
export function createVoiceScreen(deps: VoiceScreenDeps): InboundScreen {
  const unheard = deps.unheard ?? ((message: InboundMessage) => Promise.resolve(message));
  return async (message) => {
    if (message.channel !== deps.channel || (deps.hears && !deps.hears(message.bot))) return message;
    const note = (deps.noteOf ?? voiceNoteOf)(message);
    if (!note) return message;
    const models = deps.voiceFor(message.bot);
    if (!models) return unheard(message);
    try {
      const language = deps.languageOf?.(message.bot);
      return await hearVoiceMessage(message, { models, note, fetchAudio: deps.fetchAudio, ...(language ? { language } : {}) });
    } catch (error) {
      // A voice service the outbound guard refuses is no voice service.
      if (!(error instanceof VoiceModelsRefusedError)) throw error;
      deps.logger?.warn({ bot: message.bot, channel: message.channel, reason: error.message }, 'voice-models-url refused by the outbound guard');
      return unheard(message);
    }
  };
}

/**
 * The speech path for a channel that hands its messages to the engine directly rather than
 * through the inbound queue (the web channel): call it with the message whose attachment `note`
 * holds the customer's recording, then `engine.receive` what it gives back.
 */
export function hearVoiceMessage(
  message: InboundMessage,
  input: { models: VoiceModels; note: Attachment; fetchAudio: VoiceInput['fetchAudio']; language?: string },
): Promise<InboundMessage> {
  return transcribeVoiceNote(message, input.note, (note) => input.fetchAudio(message, note), input.models,
    input.language ? { language: input.language } : {});
}
