import type { CallPorts, ChannelAdapters } from '../adapters/index.js';
import type { VoicemailInput } from '../attendance/index.js';
import type { DriveLinks } from '../content/index.js';
import type { TicketRow } from '../db/index.js';
import type { FilesPort } from '../script-host/index.js';
import type { BotRegistry } from './bots.js';

/** What attendance answers phone calls with (app/attendance.ts). */
export interface AttendanceForCalls {
  queueNotice(sessionId: string): Promise<string | undefined>;
  takeVoicemail(input: VoicemailInput): Promise<TicketRow>;
}

/**
 * The ports a phone call reaches other areas through (docs/channels/rtc-sip.md): a reply's files
 * by the bot's sms channel to the caller's number, the queue notice from attendance, and a
 * voicemail kept as a file of the bot's drive (`voicemail/…`, with a signed link) and a ticket.
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
