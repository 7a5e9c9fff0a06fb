import { createCallControl, type CallFact, type CallPorts, type ChannelAdapters, type RtcSipAdapter } from '../adapters/index.js';
import type { CallControlPort, CallLifeFact, VoicemailInput } from '../attendance/index.js';
import type { DriveLinks } from '../content/index.js';
import type { TicketRow } from '../db/index.js';
import type { FilesPort } from '../script-host/index.js';
import { readFile } from 'node:fs/promises';
import { NotFoundError } from '../infra/errors.js';
import type { BotRegistry } from './bots.js';

/** What attendance answers phone calls with (app/attendance.ts). */
export interface AttendanceForCalls {
  queueNotice(sessionId: string): Promise<string | undefined>;
  takeVoicemail(input: VoicemailInput): Promise<TicketRow>;
  /** A fact of a call's life in the attendance event log (the call KPIs). */
  callFact(fact: CallLifeFact): Promise<void>;
}

/**
 * The ports a phone call reaches other areas through (docs/channels/rtc-sip.md): a reply's files
 * by the bot's sms channel to the caller's number, the queue notice from attendance, and a
 * voicemail kept as a file of the bot's drive (`voicemail/…`, with a signed link) and a ticket, and a
 * call's recording kept there too (`<rtc-storage-bucket>/calls/…`).
 */
export function callPorts(deps: {
  adapters: Pick<ChannelAdapters, 'sms'>; attendance: AttendanceForCalls; bots: BotRegistry; files: FilesPort; driveLinks: Pick<DriveLinks, 'url'>;
}): CallPorts {
  const { sms } = deps.adapters;
  return {
    async sendFilesBySms({ bot, to, text, attachments }) {
      if (!sms?.isEnabled(bot)) return false;
      await sms.sendText({ bot, to, text, media: attachments.flatMap((a) => (a.url ? [a.url] : [])) });
      return true;
    },
    queueNotice: (sessionId) => deps.attendance.queueNotice(sessionId),
    callFact: ({ bot: _bot, ...fact }: CallFact) => deps.attendance.callFact(fact),
    async keepRecording(recording) {
      const bot = deps.bots.named(recording.bot);
      if (!bot) throw new Error(`no bot ${recording.bot}`);
      const path = `${recording.folder}/calls/${new Date().toISOString().slice(0, 10)}/${recording.sessionId}.wav`;
      await deps.files(bot).write(path, await readFile(recording.file));
      return { type: 'audio', url: deps.driveLinks.url(bot.name, path), mime_type: 'audio/wav', name: `call-${recording.sessionId}.wav`, caption: `${recording.durationSeconds} s` };
    },
    async keepVoicemail(voicemail) {
      const bot = deps.bots.named(voicemail.bot);
      if (!bot) throw new Error(`no bot ${voicemail.bot}`);
      const path = `voicemail/${new Date().toISOString().slice(0, 10)}/${voicemail.sessionId}.wav`;
      await deps.files(bot).write(path, voicemail.recording);
      await deps.attendance.takeVoicemail({
        session_id: voicemail.sessionId, caller: voicemail.caller, transcript: voicemail.transcript,
        recording: { url: deps.driveLinks.url(bot.name, path), path, mime_type: 'audio/wav', duration_seconds: voicemail.durationSeconds },
      });
    },
  };
}

/**
 * Attendance's hands on the calls (docs/attendance/calls.md): the live calls of the rtc_sip
 * adapter of this instance, and the bots' outbound calls the adapter serves once the phone
 * channel has started (read at each call: attendance is wired before the channel starts).
 */
export function attendantCallControl(deps: { adapter: RtcSipAdapter | undefined; bots: BotRegistry }): CallControlPort | undefined {
  const { adapter } = deps;
  if (!adapter) return undefined;
  return {
    ...createCallControl(adapter.liveCalls),
    async placeCall({ bot, to }) {
      const outbound = adapter.outboundCalls();
      if (!outbound) throw new NotFoundError('No bot places phone calls on this service', 'outbound_calls_off');
      // The outbound calls know bots by name; attendance by id.
      const placed = await outbound.start({ bot: deps.bots.find(bot)?.name ?? bot, to });
      return { call_id: placed.id, to: placed.to, from: placed.from };
    },
  };
}
