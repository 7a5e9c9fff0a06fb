import type { Attachment, InboundMessage } from '../messages.js';
import type { AudioFile, VoiceModels } from './voice-models.js';

/** The voice note a message carries and nothing else: an `audio` attachment recorded in the app, with no text beside it. */
export function voiceNoteOf(message: InboundMessage): Attachment | undefined {
  if (message.text.trim() !== '') return undefined;
  return message.attachments.find((a) => a.type === 'audio' && a.voice);
}

/**
 * The one speech path of every channel with voice notes (mobile_msg, bot_msg; docs/channels/):
 * the channel fetches the audio from its provider, the bot's voice service transcribes it, and
 * the message goes on as the customer's text with the audio still attached.
 */
export async function transcribeVoiceNote(
  message: InboundMessage, note: Attachment, fetchAudio: (note: Attachment) => Promise<AudioFile>, models: VoiceModels,
): Promise<InboundMessage> {
  const audio = await fetchAudio(note);
  return { ...message, text: await models.transcribe(audio) };
}
