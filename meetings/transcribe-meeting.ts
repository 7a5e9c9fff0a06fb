/**
 * `POST /api/meet/transcription`: starts or stops a room's transcription. Stopping with the
 * recorded audio sends it to the bot's speech service (`voice-models-url`, language
 * `transcription-language`) and keeps the transcript; with a reference transcript the accuracy is
 * logged for the `transcription_accuracy` KPI (meetings/word-accuracy.ts).
 */
import { ConflictError, UpstreamError, ValidationError } from '../infra/errors.js';
import { logMeetingEvent } from './meeting-events.js';
import { assertOpen } from './meeting-room.js';
import { findRoom } from './join-meeting.js';
import type { MeetingsContext } from './meetings-context.js';
import { wordAccuracy } from './word-accuracy.js';

export interface TranscriptionInput {
  room: string;
  action: 'start' | 'stop';
  /** The recorded audio of the call (stop only). */
  audio?: { data: Buffer; mimeType: string };
  /** What was really said, when known: the transcript is scored against it. */
  reference_transcript?: string;
}

export interface TranscriptionResult {
  room_id: string;
  transcription_status: 'started' | 'stopped';
  language: string;
  transcript: string | null;
  /** Percent, 100 × (1 − word error rate); null without a reference. */
  accuracy: number | null;
}

export async function transcribeMeeting(ctx: MeetingsContext, input: TranscriptionInput): Promise<TranscriptionResult> {
  const room = await findRoom(ctx, input.room);
  const settings = ctx.settings(room.bot_id);
  const base = { room_id: room.id, language: settings.transcriptionLanguage };
  if (!settings.transcriptionEnabled) throw new ConflictError('Transcription is off for this bot (rtc-transcription-enabled)', 'transcription_disabled');
  if (input.action === 'start') {
    assertOpen(room, ctx.now());
    await ctx.repo.update(room.id, { transcription_status: 'started' });
    return { ...base, transcription_status: 'started', transcript: room.transcript, accuracy: null };
  }
  if (!input.audio) {
    await ctx.repo.update(room.id, { transcription_status: 'stopped' });
    return { ...base, transcription_status: 'stopped', transcript: room.transcript, accuracy: null };
  }
  if (!settings.speech) throw new ValidationError('No speech service is configured for this bot (voice-models-url)', [{ path: 'audio_base64', message: 'no speech service' }]);
  const transcript = await settings.speech.transcribe({ ...input.audio, language: settings.transcriptionLanguage }).catch((error: unknown) => {
    throw new UpstreamError(`Speech to text failed: ${error instanceof Error ? error.message : String(error)}`, 'speech_error');
  });
  await ctx.repo.update(room.id, { transcription_status: 'stopped', transcript });
  const accuracy = input.reference_transcript === undefined ? undefined : wordAccuracy(input.reference_transcript, transcript);
  if (accuracy !== undefined) await logMeetingEvent(ctx, room, 'transcription_scored', ctx.now(), { accuracy });
  return { ...base, transcription_status: 'stopped', transcript, accuracy: accuracy ?? null };
}
