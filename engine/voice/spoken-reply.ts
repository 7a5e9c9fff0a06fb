import type { OutboundMessage, Sender } from '../messages.js';
import { speaksReplies } from '../voice-response.js';
import type { AudioFile, VoiceModels } from './voice-models.js';

/** What decides whether a message to the customer is marked to be spoken. */
export interface SpokenReplyCause {
  /** Who speaks: the bot's replies follow the customer's voice; an attendant's only `/voice on`. */
  from: Sender;
  /** The customer spoke the message being answered (engine/voice/transcribe-voice-note.ts, customerSpoke). */
  customerSpoke: boolean;
  /** The session's context: `voice_response`, set by `/voice on` or the script's SET SESSION. */
  context: Readonly<Record<string, unknown>>;
}

/**
 * The engine's half of "speak or not" (docs/basic.md, "Voice on each channel"): a message to the
 * customer is marked `voice_reply` when the session asks for spoken replies (`voice_response`),
 * or when it is the bot's answer to a message the customer spoke. System notices are never spoken.
 */
export function wantsSpokenReply(cause: SpokenReplyCause): boolean {
  if (cause.from === 'system') return false;
  return speaksReplies(cause.context) || (cause.from === 'bot' && cause.customerSpoke);
}

/**
 * The channel's half: a marked message is spoken when the channel's voice setting for the bot is
 * on (`mobile-msg-voice-response`, `bot-msg-voice-response`, `workchat-voice-enabled`) and there
 * are words to say.
 */
export function speaksAloud(message: Pick<OutboundMessage, 'voice_reply' | 'text'>, channelSpeaks: boolean): boolean {
  return message.voice_reply === true && channelSpeaks && message.text.trim() !== '';
}

/**
 * The audio of a message to send beside its text, or undefined when it is not to be spoken
 * ({@link speaksAloud}) or the bot has no voice service. `format` is the provider's inline form:
 * `opus` (Ogg/Opus, what voice notes play; the default) or `wav` (a phone call).
 */
export async function speakReply(
  message: Pick<OutboundMessage, 'voice_reply' | 'text'>,
  options: { models: VoiceModels | undefined; channelSpeaks: boolean; format?: 'opus' | 'wav' },
): Promise<AudioFile | undefined> {
  if (!options.models || !speaksAloud(message, options.channelSpeaks)) return undefined;
  return options.models.speak(message.text, options.format ? { format: options.format } : undefined);
}
