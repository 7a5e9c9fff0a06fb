import type { Attachment } from '../../engine/index.js';

/**
 * What a call reaches other areas through, given by the composition root (app/calls.ts); each is
 * optional, and a call without it does without (docs/channels/rtc-sip.md).
 */
export interface CallPorts {
  /**
   * Sends the files of a reply by SMS to the caller's number, as the bot's sms channel sends a
   * file; resolves false when the bot has no sms channel. Throws when the SMS could not be sent.
   */
  sendFilesBySms?(input: { bot: string; to: string; text: string; attachments: readonly Attachment[] }): Promise<boolean>;
  /** A waiting caller's place in the queue now, as attendance words it; undefined once nobody waits. */
  queueNotice?(sessionId: string): Promise<string | undefined>;
  /** Keeps a caller's voicemail: the recording stored, a ticket opened with its transcript. */
  keepVoicemail?(input: Voicemail): Promise<void>;
}

/** A message a caller left after the longest wait. */
export interface Voicemail {
  bot: string;
  sessionId: string;
  caller: string;
  /** What the voice service heard; empty when it heard no words or failed. */
  transcript: string;
  /** The recording as a WAV file (8 kHz, 16-bit mono). */
  recording: Buffer;
  durationSeconds: number;
}
