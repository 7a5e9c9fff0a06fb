import { createVoiceScreen, type InboundScreen, type VoiceModels } from '../../engine/index.js';
import type { Logger } from '../../infra/logger.js';
import type { WorkchatAdapter } from './workchat-adapter.js';
import type { WorkchatSettingsOf } from './workchat-settings.js';

/** The most audio a workchat voice message may weigh: the voice service's own limit (25 MB). */
export const WORKCHAT_AUDIO_MAX_BYTES = 25 * 1024 * 1024;

/** What the workchat voice screen is built from (ports given by the composition root). */
export interface WorkchatVoiceScreenDeps {
  adapter: Required<Pick<WorkchatAdapter, 'fetchAttachment'>>;
  settingsOf: WorkchatSettingsOf;
  /** The bot's voice service (`voice-models-url`), or undefined when it has none. */
  voiceFor: (bot: string) => VoiceModels | undefined;
  logger?: Logger;
}

/**
 * workchat's voice messages (docs/channels/workchat.md, "Voice"): with `workchat-voice-enabled`,
 * a message that is only an audio attachment the connector keeps takes the one speech path
 * (engine/voice/hear-voice.ts) — fetched with the bot's connector token, transcribed, entering
 * the turn as text with the audio attached and marked spoken. Without a voice service it stays an
 * audio attachment with no text.
 */
export function createWorkchatVoiceScreen(deps: WorkchatVoiceScreenDeps): InboundScreen {
  return createVoiceScreen({
    channel: 'workchat', voiceFor: deps.voiceFor, ...(deps.logger ? { logger: deps.logger } : {}),
    hears: (bot) => deps.settingsOf(bot)?.voiceEnabled === true,
    noteOf: (message) => (message.text.trim() === '' ? message.attachments.find((a) => a.type === 'audio' && a.url) : undefined),
    async fetchAudio(message, note) {
      const file = await deps.adapter.fetchAttachment(message.bot, note, WORKCHAT_AUDIO_MAX_BYTES, message.customer.external_id);
      if (!file) throw new Error('workchat: the audio attachment is not a file of the conversation\'s connector');
      return { data: file.bytes, mimeType: file.mime_type ?? note.mime_type ?? 'audio/ogg', ...(note.name ? { name: note.name } : {}) };
    },
  });
}
