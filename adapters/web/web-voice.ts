import { randomUUID } from 'node:crypto';
import {
  hearVoiceMessage, speakReply, speaksAloud, voiceNoteOf, VoiceModelsError, type Attachment, type ChannelAdapter, type InboundMessage, type OutboundMessage, type VoiceModels,
} from '../../engine/index.js';
import { UpstreamError, ValidationError } from '../../infra/errors.js';
import type { Logger } from '../../infra/logger.js';
import { WEB_UPLOAD_MAX_BYTES } from './visitor-files.js';
import type { WebUploadDeps } from './web-upload.js';

/** The drive folder of the spoken replies to a visitor: apart from their uploads, so a reply is never taken as a file they sent. */
export const spokenRepliesFolder = (visitorId: string) => `spoken/web/${visitorId}/`;

/** What the widget's voice needs (docs/channels/web.md, "Voice"): the bot's voice service and the drive its audio goes through. */
export interface WebVoiceDeps {
  /** The bot's voice service (`voice-models-url`), or undefined when it has none. */
  voiceFor(bot: string): VoiceModels | undefined;
  /** The web adapter: reads a visitor's upload back from the bot's drive. */
  adapter: Pick<ChannelAdapter, 'fetchAttachment'>;
  /** Where spoken replies are kept and linked from (the uploads' drive). */
  uploads: WebUploadDeps;
  logger?: Logger;
}

/** What speaking a reply needs: the voice service and the drive the audio is kept in. */
export type WebSpeechDeps = Pick<WebVoiceDeps, 'voiceFor' | 'uploads' | 'logger'>;

/**
 * A visitor's voice message (an audio upload marked `voice`, with no text) as text: the bot's voice
 * service transcribes it, the audio stays attached, and the engine answers it as it answers any
 * spoken message. Any other message passes as it is. A bot without a voice service refuses voice
 * messages (the widget shows no microphone for it); a service that fails is a 502.
 */
export async function transcribeWebVoice(deps: WebVoiceDeps, message: InboundMessage): Promise<InboundMessage> {
  const note = voiceNoteOf(message);
  if (!note) return message;
  const models = deps.voiceFor(message.bot);
  if (!models) throw new ValidationError('This bot takes no voice messages: it has no voice service', [{ path: 'body.attachments', message: 'voice messages are off' }]);
  try {
    // The one speech path of every channel (engine/voice/hear-voice.ts); the widget's recording is in the bot's drive.
    return await hearVoiceMessage(message, {
      models,
      note,
      fetchAudio: async () => {
        const file = await deps.adapter.fetchAttachment?.(message.bot, note, WEB_UPLOAD_MAX_BYTES, message.customer.external_id);
        if (!file) throw new ValidationError('The voice message is not in the bot\'s drive', [{ path: 'body.attachments.0.url', message: 'not found' }]);
        const mimeType = file.mime_type ?? note.mime_type ?? 'audio/webm';
        return { data: file.bytes, mimeType, name: `voice.${extensionOf(mimeType)}` };
      },
    });
  } catch (error) {
    if (error instanceof VoiceModelsError) throw new UpstreamError(`The voice message could not be transcribed: ${error.message}`, 'voice_service_failed');
    throw error;
  }
}

/**
 * The audio of the replies the engine marked to be spoken (`voice_reply`: the visitor spoke, or
 * `voice_response` is on), each added to its reply as a `voice` audio attachment the widget plays.
 * WAV, because every browser plays it inline (Safari has no Ogg). A reply whose audio cannot be
 * made is sent as text only: the text is the answer, the voice a courtesy.
 */
export async function speakWebReplies(
  deps: WebSpeechDeps, bot: string, visitorId: string, replies: readonly OutboundMessage[],
): Promise<OutboundMessage[]> {
  return Promise.all(replies.map(async (reply) => {
    // The engine's rule decides (engine/voice/spoken-reply.ts); the widget plays whatever it is given.
    const models = speaksAloud(reply, true) ? deps.voiceFor(bot) : undefined;
    const drive = models ? deps.uploads.drive(bot) : undefined;
    if (!models || !drive) return reply;
    try {
      const audio = (await speakReply(reply, { models, channelSpeaks: true, format: 'wav' }))!;
      const path = `${spokenRepliesFolder(visitorId)}${(deps.uploads.newId ?? randomUUID)()}-reply.wav`;
      await drive.write(path, audio.data);
      const spoken: Attachment = { type: 'audio', url: deps.uploads.linkTo(bot, path), name: 'reply.wav', mime_type: audio.mimeType, voice: true };
      return { ...reply, attachments: [...(reply.attachments ?? []), spoken] };
    } catch (error) {
      deps.logger?.warn({ err: error, bot }, 'web: spoken reply not made; the text was sent');
      return reply;
    }
  }));
}

function extensionOf(mimeType: string): string {
  const essence = mimeType.split(';')[0]!.trim().toLowerCase();
  return { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/mpeg': 'mp3', 'audio/wav': 'wav' }[essence] ?? 'webm';
}
