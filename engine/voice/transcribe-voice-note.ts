import type { Attachment, InboundMessage } from '../messages.js';
import type { AudioFile, VoiceModels } from './voice-models.js';

/**
 * The voice message a message carries and nothing else: an attachment the customer recorded in
 * the app (`voice`: a voice note, or bot_msg's round video note), with no text beside it.
 */
export function voiceNoteOf(message: InboundMessage): Attachment | undefined {
  if (message.text.trim() !== '') return undefined;
  return message.attachments.find((a) => (a.type === 'audio' || a.type === 'video') && a.voice);
}

/** True when the customer spoke this message: it carries a voice message ({@link voiceNoteOf}'s `voice` flag). */
export function customerSpoke(message: Pick<InboundMessage, 'attachments'>): boolean {
  return message.attachments.some((a) => (a.type === 'audio' || a.type === 'video') && a.voice === true);
}

/**
 * Step two of the one speech path (docs/basic.md, "Voice on each channel"): the channel's audio,
 * transcribed by the bot's voice service, becomes the message's text; the audio stays attached,
 * marked `voice`, so the turn knows the customer spoke.
 */
export async function transcribeVoiceNote(
  message: InboundMessage, note: Attachment, fetchAudio: (note: Attachment) => Promise<AudioFile>, models: VoiceModels,
  options: { language?: string } = {},
): Promise<InboundMessage> {
  const audio = await fetchAudio(note);
  const text = await models.transcribe(audio, options.language ? { language: options.language } : undefined);
  return { ...message, text, attachments: message.attachments.map((a) => (a === note ? { ...a, voice: true } : a)) };
}
