import { createCallControl, type AttendantCalls, type LiveCalls, type CallFact, type CallPorts, type CallRegistry, type ChannelAdapters, type RtcSipAdapter } from '../adapters/index.js';
import { CALL_EVENTS_TOPIC, type CallCommandRelay, type CallControlPort, type CallEvent, type CallLifeFact, type VoicemailInput } from '../attendance/index.js';
import { subscribeInBackground, type EventBus, type Unsubscribe } from '../infra/events/index.js';
import { RoleSchema, type TokenIssuer } from '../auth/index.js';
import type { UsersRepo } from '../db/index.js';
import { commandOnCallHolder, type CallHolders } from '../http/call-forwarding.js';
import type { DriveLinks } from '../content/index.js';
import type { TicketRow } from '../db/index.js';
import type { FilesPort } from '../script-host/index.js';
import { readFile } from 'node:fs/promises';
import { NotFoundError } from '../infra/errors.js';
import type { Logger } from '../infra/logger.js';
import type { BotRegistry } from './bot-registry.js';

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

/**
 * Which instance holds a conversation's live call (docs/operations/kamailio.md, "Which instance
 * holds a call"): the shared registry, when that instance's heartbeat is recent; its requests
 * reach it on the instances' private network.
 */
export function sharedCallHolders(registry: Pick<CallRegistry, 'holder'>, deadAfterSeconds: number): CallHolders {
  return {
    url: async (sessionId) => {
      const held = await registry.holder({ sessionId }, deadAfterSeconds);
      return held?.alive ? held.instance.http_url : undefined;
    },
    fetch: globalThis.fetch,
  };
}

/**
 * The typed call commands' way to the instance holding a call (docs/attendance/calls.md,
 * "Commands"): the line runs there as the attendant, with a token minted for them by `tokens`
 * (short-lived: it serves this one request).
 */
export function callCommandRelay(deps: { holders: CallHolders; users: Pick<UsersRepo, 'findById'>; tokens: Pick<TokenIssuer, 'issue'> }): CallCommandRelay {
  return {
    run: ({ actor, text, sessionId }) => commandOnCallHolder(deps.holders, {
      sessionId, text,
      token: async () => {
        const user = await deps.users.findById(actor.user_id);
        if (!user) throw new NotFoundError('The attendant no longer exists', 'attendant_not_found');
        return (await deps.tokens.issue({ user_id: user.id, username: user.username, roles: RoleSchema.array().parse(user.roles) })).access_token;
      },
    }),
  };
}

/**
 * The audio bridge follows attendance's call events (docs/attendance/calls.md, "For developers"):
 * a call transferred to another attendant leaves the previous one's browser, on whichever
 * instance holds it (the bus reaches every instance; the others have no browser on that call).
 */
export function followCallTransfers(deps: { bus: Pick<EventBus, 'subscribe'>; calls: Pick<AttendantCalls, 'release'>; logger: Pick<Logger, 'error'> }): Unsubscribe {
  return subscribeInBackground(deps.bus, CALL_EVENTS_TOPIC, (message) => {
    const event = message as CallEvent;
    if (event.name !== 'call.transferred_to_attendant') return;
    deps.calls.release(event.payload.session_id);
  }, deps.logger);
}

/**
 * A phone call's conversation resolved while the call is up ends the call (docs/attendance/calls.md,
 * "Resolving during a call"), on whichever instance holds it: the attendant's browser leaves the
 * call, the bot says goodbye, then BYE. The other instances have no such call and do nothing.
 */
export function endResolvedCalls(deps: {
  bus: Pick<EventBus, 'subscribe'>; calls: Pick<AttendantCalls, 'release'>; liveCalls: Pick<LiveCalls, 'ofSession'>; logger: Pick<Logger, 'warn' | 'error'>;
}): Unsubscribe {
  return subscribeInBackground(deps.bus, CALL_EVENTS_TOPIC, async (message) => {
    const event = message as CallEvent;
    if (event.name !== 'call.conversation_resolved') return;
    const call = deps.liveCalls.ofSession(event.payload.session_id);
    if (!call?.resolved) return;
    deps.calls.release(event.payload.session_id);
    await call.resolved().catch((error: unknown) => deps.logger.warn({ err: error, session: event.payload.session_id }, 'resolved call: not hung up'));
  }, deps.logger);
}
