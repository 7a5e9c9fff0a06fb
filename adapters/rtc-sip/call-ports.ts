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
  /**
   * Keeps a call's recording (the WAV file at `file`, which the call removes afterwards) in the
   * bot's drive under `folder`; resolves to the attachment that links to it.
   */
  keepRecording?(input: CallRecordingFile): Promise<Attachment>;
  /** Records a fact of the call's life in attendance's event log, for the call KPIs (docs/attendance/insights-and-survey.md). */
  callFact?(fact: CallFact): Promise<void>;
}

/**
 * A fact of a call's life: `started` (the call was answered or placed; `at` is then), `queued`
 * (the caller waits for a person) and `ended` (why, as the session closes: `caller hung up`,
 * `voicemail`, `nobody took the call`, `dialog ended`, `no input`, `failed`, `hung up by the service`).
 */
export interface CallFact {
  bot: string;
  sessionId: string;
  kind: 'started' | 'queued' | 'ended' | 'video_started';
  at: Date;
  reason?: string;
  direction: 'inbound' | 'outbound';
  /**
   * The call has video (the caller's camera was accepted, docs/channels/rtc-sip.md "Video"); on
   * `ended`, `seconds` from an attendant's browser first receiving it (`video_started`) to the end.
   */
  video?: { seconds?: number };
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

/** A call's recording, finished, waiting to be kept. */
export interface CallRecordingFile {
  bot: string;
  sessionId: string;
  /** The drive folder (`rtc-storage-bucket`). */
  folder: string;
  /** The WAV file on this machine's disk. */
  file: string;
  durationSeconds: number;
}
