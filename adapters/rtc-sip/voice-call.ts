import { PermanentDeliveryError, type ChannelCommand, type Engine, type InboundMessage, type OutboundMessage } from '../../engine/index.js';
import { translate } from '../../infra/i18n.js';
import type { Logger } from '../../infra/logger.js';
import type { CallMedia, Heard, NegotiatedAudio, SipCall } from '../../telephony/index.js';
import type { CallPorts } from './call-ports.js';
import { videoOfFact, type CallVideo } from './call-video.js';
import { callSpeaker, type CallSpeaker } from './call-speaker.js';
import type { CallSpeech } from './call-speech.js';
import { startCallRecording } from './keep-call-recording.js';
import { leaveVoicemail } from './leave-voicemail.js';
import { liveCallControl } from './live-call-control.js';
import type { TransferLegs } from './transfer-leg.js';
import type { LiveCall, LiveCalls } from './live-calls.js';
import { answerOfDigits, listeningFor } from './menu-prompt.js';
import { openToAttendants, type Attendance } from './attendable-call.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';
import { spokenReply, type ReplyContext } from './spoken-reply.js';
import { transcribeAttendedCall, unlessHeld, type AttendedTranscript, type CallSide } from './transcribe-attended-call.js';
import { holdTone, waitOnHold } from './wait-on-hold.js';

/** What a call's conversation needs (docs/channels/rtc-sip.md, "The voice bot"). */
export interface VoiceCallDeps {
  engine: CallEngine;
  speech: CallSpeech;
  logger: Logger;
  now: () => Date;
  /** Where the adapter's `send` finds this call for messages from outside its turns. */
  liveCalls?: LiveCalls;
  ports?: CallPorts;
  /** New calls to a number, bridged to this one, when the trunk refuses a transfer's REFER. */
  transferLegs?: TransferLegs;
}

/** The engine as a call reaches it; with `send`, what the attendant says lands in the transcript (transcribe-attended-call.ts). */
export type CallEngine = Pick<Engine, 'receive' | 'close'> & Partial<Pick<Engine, 'send'>>;

/** Who is on the call. */
export interface CallParty {
  bot: RtcSipBotSettings;
  callId: string;
  /** The caller's number in E.164 when the trunk gave one, else the From's user part. */
  caller: string;
  callerName?: string;
  /** A call-back after the instance that held the call died (take-dropped-calls.ts): the conversation goes on where it was. */
  resume?: CallResume;
  /** Who placed the call: the caller ('inbound'), or a bot or an attendant ('outbound'). */
  direction?: 'inbound' | 'outbound';
  /** What the SDP agrees now (follow-call-media.ts): whether key presses can go as RFC 4733 events. */
  audio?: () => NegotiatedAudio;
  /** The caller's video, when the INVITE's was accepted (call-video.ts): an attendant's browser receives it. */
  video?: CallVideo;
}

/** How a called-back conversation goes on (docs/operations/kamailio.md, "When an instance dies"). */
export interface CallResume {
  /** The session waited for a person: the caller goes back on hold, in their place. */
  waiting: boolean;
  /** What the bot last said on the dropped call, said again after the apology. */
  lastPrompt?: string;
}

/** Silences in a row after which the bot says goodbye and hangs up. */
const SILENCES_BEFORE_GOODBYE = 2;

/**
 * One phone call as a session of the one pipeline: the call's first turn starts the bot's dialog
 * (its greeting is spoken), each utterance or key press is a customer message, each reply is
 * spoken (menus read as numbered choices), and the call ends with the dialog — goodbye, hang-up —
 * or with the caller hanging up. Either way the session closes.
 */
export async function runVoiceCall(deps: VoiceCallDeps, party: CallParty, call: SipCall, media: CallMedia): Promise<void> {
  const { bot } = party;
  const ports = deps.ports ?? {};
  const say = (key: string) => translate(bot.language, key);
  const speaker = callSpeaker(media);
  const replies: ReplyContext = { bot: bot.bot, caller: party.caller, language: bot.language, ports, logger: deps.logger };
  let sessionId: string | undefined;
  let ended = false;
  /** Why the call ends when we hung up for an attendant. */
  let endedFor: string | undefined;
  call.onEnded(() => {
    ended = true;
    media.close();
  });
  const startedAt = deps.now();
  const fact = (kind: 'started' | 'queued' | 'ended' | 'video_started', at: Date, reason?: string) => {
    if (!sessionId || !ports.callFact) return;
    ports.callFact({ bot: bot.bot, sessionId, kind, at, direction: party.direction ?? 'inbound', ...(reason ? { reason } : {}), ...videoOfFact(kind, party.video, at) })
      .catch((error: unknown) => deps.logger.warn({ err: error, session: sessionId }, 'phone call: a call fact was not recorded'));
  };
  party.video?.onAttended((at) => fact('video_started', at));
  // Messages from outside the caller's turns are said as they come (live-calls.ts).
  const live: LiveCall = {
    bot: bot.bot, caller: party.caller, callId: party.callId, ...(party.video ? { video: party.video } : {}),
    async deliver(message) {
      if (ended) throw new PermanentDeliveryError('the call has ended');
      const text = await spokenReply(replies, message);
      if (!text) return;
      const outcome = await speaker.play(await deps.speech.say(text), { bargeIn: false });
      if (outcome === 'stopped' && ended) throw new PermanentDeliveryError('the call ended before the message was said');
    },
    async resolved() {
      if (ended) return;
      endedFor = 'resolved by the attendant';
      await sayAndHangUp(deps, speaker, call, say('call.goodbye'));
    },
  };
  // Hold music on the attendant's hold; while the caller waits for a person, until one joins, it plays anyway.
  let handedOff: Attendance | undefined;
  const { transferLegs } = deps;
  live.control = liveCallControl({
    call, media, audio: party.audio,
    music: (on) => speaker.background(on || (handedOff !== undefined && !handedOff.attended()) ? bot.holdMusic ?? holdTone() : undefined),
    hangingUp: (reason) => { endedFor = reason; },
    ...(transferLegs ? {
      bridge: (number: string) => transferLegs.bridge({
        bot: bot.bot, number, caller: { call, media },
        // Answered: the attendant's browser leaves the call, which no longer waits for anyone.
        onAnswered: () => {
          live.waiting?.attend();
          handedOff?.leave();
        },
      }),
    } : {}),
  });
  const leave = deps.liveCalls?.add(live);
  let sequence = 0;
  const turn = (text: string, raw: Record<string, unknown>, first = false) => {
    sequence += 1;
    return deps.engine.receive(inboundOf(party, text, `${party.callId}:${sequence}`, raw, deps.now(), first));
  };
  // The call's recording (rtc-recording-enabled) from the answer on, and the transcript of both sides once an attendant is on.
  const recording = startCallRecording(media, { bot, ports, engine: deps.engine, caller: party.caller, logger: deps.logger });
  const send = deps.engine.send;
  const transcript: AttendedTranscript | undefined = bot.transcribeAttended && send ? transcribeAttendedCall({
    speech: deps.speech, logger: deps.logger,
    async said(side: CallSide, text: string) {
      if (!sessionId) return;
      if (side === 'customer') {
        await turn(text, { event: 'speech', attended: true });
        return;
      }
      // Said on the call already: stored as delivered, so no instance's adapter speaks or delivers it.
      await send([{ session_id: sessionId, channel: 'rtc_sip', to: party.caller, text, from: 'attendant' }], { handedOut: true });
    },
  }) : undefined;
  let closeReason = 'caller hung up';
  try {
    let outcome = party.resume
      ? await deps.engine.receive(resumedInbound(party, party.resume, `${party.callId}:0`, deps.now()))
      : await turn('', { event: 'call started' }, true);
    sessionId = outcome.session_id ?? undefined;
    live.sessionId = sessionId;
    deps.liveCalls?.identified(live);
    // A call-back of a caller who waited for a person: straight back on hold, after the apology.
    const holding = party.resume?.waiting === true;
    if (!party.resume) fact('started', startedAt);
    let lastReplies = outcome.replies;
    let silences = 0;
    while (!ended) {
      if (outcome.replies.length > 0) lastReplies = outcome.replies;
      // Handed to a person: an attendant may join while the bot still says its last lines.
      const attendance = (outcome.status === 'processed' && outcome.needs_human) || holding ? openToAttendants(live, { media, speaker, call, now: deps.now, ...(transcript ? { tap: unlessHeld(transcript, () => live.control?.held ?? false) } : {}) }) : undefined;
      const interrupted = await speak(deps, speaker, replies, outcome.replies);
      if (ended) break;
      if (attendance) {
        if (!holding) fact('queued', deps.now());
        handedOff = attendance;
        closeReason = await waitForPerson(deps, { speaker, media, call, party, sessionId, live, attendance, isEnded: () => ended });
        break;
      }
      const dialog = outcome.status === 'processed' ? outcome.dialog : undefined;
      if (dialog?.status === 'ended' && !interrupted) {
        closeReason = 'dialog ended';
        await sayAndHangUp(deps, speaker, call, say('call.goodbye'));
        break;
      }
      const mode = listeningFor(dialog);
      const heard: Heard = await media.listen({
        endSilenceMs: bot.endSilenceMs, noSpeechTimeoutMs: bot.noInputMs, ...(mode.kind === 'menu' ? { maxDigits: 1 } : {}),
      });
      if (heard.kind === 'closed' || ended) break;
      const text = heard.kind === 'speech' ? await deps.speech.hear(heard.pcm)
        : heard.kind === 'digits' ? answerOfDigits(heard.digits, dialog?.status === 'waiting' ? dialog.waiting_for.menu ?? [] : [])
          : '';
      if (!text.trim()) {
        silences += 1;
        if (silences >= SILENCES_BEFORE_GOODBYE) {
          closeReason = 'no input';
          await sayAndHangUp(deps, speaker, call, say('call.no_input_goodbye'));
          break;
        }
        // Asked again: what the bot last said, after "I did not hear you".
        await play(deps, speaker, say('call.not_heard'));
        outcome = { ...outcome, replies: lastReplies };
        continue;
      }
      silences = 0;
      outcome = await turn(text, heard.kind === 'digits' ? { event: 'keys', digits: heard.digits } : { event: 'speech' });
    }
  } catch (error) {
    closeReason = 'failed';
    deps.logger.error({ err: error, call_id: party.callId, bot: bot.bot }, 'phone call failed; hanging up');
    if (!ended) await call.hangUp().catch(() => undefined);
  } finally {
    leave?.();
    media.close();
    if (endedFor) closeReason = endedFor;
    fact('ended', deps.now(), closeReason);
    // What was said up to the hang-up, and the recording, land before the session closes.
    await transcript?.flush();
    await recording?.keep(sessionId);
    if (sessionId) await deps.engine.close(sessionId, closeReason).catch((error: unknown) =>
      deps.logger.warn({ err: error, session: sessionId }, 'the call\'s session was not closed'));
  }
}

/**
 * The caller waits on hold for a person (wait-on-hold.ts). When nobody takes the call within the
 * bot's longest wait, they may leave a voicemail (leave-voicemail.ts); then, or without one, the
 * bot says goodbye and hangs up rather than leave a silent open line. Resolves to why the session closes.
 */
async function waitForPerson(
  deps: VoiceCallDeps,
  call: {
    speaker: CallSpeaker; media: CallMedia; call: SipCall; party: CallParty; sessionId: string | undefined;
    live: LiveCall; attendance: Attendance; isEnded(): boolean;
  },
): Promise<string> {
  const { speaker, media, party, sessionId } = call;
  const { bot } = party;
  const ports = deps.ports ?? {};
  const context = { media, speaker, speech: deps.speech, ports, logger: deps.logger };
  let waited: 'hung up' | 'timeout';
  try {
    waited = await waitOnHold({ ...context, bot, sessionId, attended: call.attendance.attended });
  } finally {
    delete call.live.waiting;
  }
  if (waited === 'hung up' || call.isEnded()) return 'caller hung up';
  let left = false;
  if (sessionId) {
    try {
      left = await leaveVoicemail({ ...context, bot, sessionId, caller: party.caller });
    } catch (error) {
      deps.logger.error({ err: error, call_id: party.callId, bot: bot.bot }, 'phone call: the voicemail was not kept');
    }
  }
  if (call.isEnded()) return left ? 'voicemail' : 'caller hung up';
  await sayAndHangUp(deps, speaker, call.call, translate(bot.language, left ? 'call.voicemail_thanks' : 'call.goodbye'));
  return left ? 'voicemail' : 'nobody took the call';
}

/** Speaks a turn's replies in order; stops at the first one the caller interrupts (barge-in). */
async function speak(deps: VoiceCallDeps, speaker: CallSpeaker, context: ReplyContext, replies: readonly OutboundMessage[]): Promise<boolean> {
  for (const reply of replies) {
    const text = await spokenReply(context, reply);
    if (!text) continue;
    if ((await play(deps, speaker, text)) === 'interrupted') return true;
  }
  return false;
}

async function play(deps: VoiceCallDeps, speaker: CallSpeaker, text: string) {
  return speaker.play(await deps.speech.say(text), { bargeIn: true });
}

async function sayAndHangUp(deps: VoiceCallDeps, speaker: CallSpeaker, call: SipCall, text: string): Promise<void> {
  await speaker.play(await deps.speech.say(text), { bargeIn: false });
  await call.hangUp();
}

/**
 * Each call is a new conversation: its first turn starts the dialog from the top, or, for a number
 * routed straight to a queue (`sip-inbound-route` `queue:<name>`), hands the call to that queue.
 */
function firstCommand(bot: RtcSipBotSettings): ChannelCommand {
  return bot.inboundRoute.kind === 'queue' ? { kind: 'human', reason: 'phone call', target: bot.inboundRoute.queue } : { kind: 'restart' };
}

/**
 * The first turn of a call-back: the engine runs nothing (the `answer` command keeps the session
 * as it was, dialog and queue place included) and says the apology, which the transcript keeps.
 */
function resumedInbound(party: CallParty, resume: CallResume, id: string, at: Date): InboundMessage {
  const say = (key: string, values?: Record<string, string>) => translate(party.bot.language, key, values);
  const apology = resume.waiting ? say('call.called_back_waiting') : say('call.called_back');
  const text = !resume.waiting && resume.lastPrompt ? `${apology} ${say('call.called_back_last', { prompt: resume.lastPrompt })}` : apology;
  return { ...inboundOf(party, '', id, { event: 'called back' }, at, false), command: { kind: 'answer', text } };
}

function inboundOf(party: CallParty, text: string, id: string, raw: Record<string, unknown>, at: Date, first: boolean): InboundMessage {
  return {
    channel: 'rtc_sip',
    bot: party.bot.bot,
    customer: {
      external_id: party.caller,
      ...(party.caller.startsWith('+') ? { phone: party.caller } : {}),
      ...(party.callerName ? { display_name: party.callerName } : {}),
    },
    text,
    attachments: [],
    provider_message_id: id,
    received_at: at,
    raw: { call_id: party.callId, ...raw },
    ...(first ? { command: firstCommand(party.bot) } : {}),
  };
}

