import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../../infra/logger.js';
import type { CallMedia } from '../../telephony/index.js';
import type { CallPorts } from './call-ports.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';
import type { CallEngine } from './voice-call.js';

/** A call longer than this is recorded up to here: the file is read whole once to be kept (docs/attendance/calls.md, "Recording"). */
const MAX_RECORDING_SECONDS = 2 * 3600;

/** A call being recorded: `keep` stores the file and writes it into the conversation, once the call has ended. */
export interface CallRecording {
  keep(sessionId: string | undefined): Promise<void>;
}

/**
 * Starts recording a call when its bot has `rtc-recording-enabled` and the service keeps
 * recordings (the `keepRecording` port): both directions, mixed, into a WAV file in the system's
 * temporary folder (telephony/media/call-recorder.ts). Undefined when the call is not recorded.
 */
export function startCallRecording(media: CallMedia, deps: {
  bot: Pick<RtcSipBotSettings, 'bot' | 'recording'>; ports: Pick<CallPorts, 'keepRecording'>; engine: CallEngine;
  caller: string; logger: Logger;
}): CallRecording | undefined {
  const { bot, ports } = deps;
  const keepRecording = ports.keepRecording;
  if (!bot.recording || !keepRecording) return undefined;
  const folder = bot.recording.folder;
  const file = path.join(os.tmpdir(), `switchboard-call-${randomUUID()}.wav`);
  media.record(file, { maxSeconds: MAX_RECORDING_SECONDS });
  return {
    async keep(sessionId) {
      try {
        const recorded = await media.stopRecording();
        if (!recorded || !sessionId || recorded.seconds === 0) return;
        const attachment = await keepRecording({ bot: bot.bot, sessionId, folder, file: recorded.path, durationSeconds: Math.round(recorded.seconds) });
        const text = `Call recording (${minutesAndSeconds(recorded.seconds)})`;
        if (!deps.engine.send) return;
        // For the transcript only, never said on the call: stored as delivered, whichever instance's consoles read it.
        await deps.engine.send([{ session_id: sessionId, channel: 'rtc_sip', to: deps.caller, text, from: 'system', attachments: [attachment] }], { handedOut: true });
      } catch (error) {
        deps.logger.error({ err: error, session: sessionId }, 'phone call: the recording was not kept');
      } finally {
        await rm(file, { force: true });
      }
    },
  };
}

/** 75.4 seconds as `1:15`. */
export function minutesAndSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
