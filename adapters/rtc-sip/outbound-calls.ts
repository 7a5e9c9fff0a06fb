import { randomUUID } from 'node:crypto';
import { NotFoundError, RateLimitError } from '../../infra/errors.js';
import type { Logger } from '../../infra/logger.js';
import type { RateLimiter } from '../../infra/rate-limit/index.js';
import {
  createAudioOffer, OutgoingCallFailed, readAudioAnswer, resolveSipDestination,
  type CallEndReason, type CallMedia, type NegotiatedAudio, type SipCall, type SipUserAgent,
} from '../../telephony/index.js';
import type { CallSpeech } from './call-speech.js';
import { allowOutboundCall, type AllowedCall, type OutboundCallRequest } from './outbound-policy.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';
import { followCallMedia } from './follow-call-media.js';
import { runVoiceCall, type CallEngine, type CallResume, type VoiceCallDeps } from './voice-call.js';

/** A bot's call as the API shows it (`GET /api/calls/{id}`). */
export interface OutboundCallState {
  id: string;
  bot: string;
  to: string;
  from: string;
  state: 'ringing' | 'answered' | 'ended' | 'failed';
  created_at: string;
  answered_at: string | null;
  ended_at: string | null;
  /** Ended: who hung up (`callee_hung_up`, `bot_hung_up`, `session_expired`, `service_stopped`). Failed: `rejected`, `no_answer`, `timeout`, `media`, `error` or `cancelled` (the service stopped while it rang). */
  reason: string | null;
  /** Failed with a SIP answer: its status (486 busy, 487 after our CANCEL, 408 when nothing answered). */
  sip_status: number | null;
  /** The bot's session once the callee answered. */
  session_id: string | null;
}

/** Starting and following the calls bots place (docs/channels/rtc-sip.md, "Outbound calls"). */
export interface OutboundCalls {
  /** Checks the bot's allow list and limits, then places the call; resolves at once with its state (`ringing`). */
  start(request: OutboundCallRequest & { ringSeconds?: number; resume?: CallResume }): Promise<OutboundCallState>;
  /** The call's state; NotFoundError for a call this instance did not place, or one forgotten (an hour after it ended). */
  get(id: string): OutboundCallState;
}

export interface OutboundCallsDeps {
  agent: SipUserAgent;
  bots: () => readonly RtcSipBotSettings[];
  /** A new call's media (on the media thread the channel chose). */
  openMedia: () => Promise<CallMedia>;
  speechOf: (bot: RtcSipBotSettings) => CallSpeech;
  /** As for calls that come in: messages outside the callee's turns are spoken, files go by SMS, a wait ends in voicemail. */
  voiceCall?: Pick<VoiceCallDeps, 'liveCalls' | 'ports'>;
  engine: CallEngine;
  rateLimiter: RateLimiter;
  logger: Logger;
  now: () => Date;
}

const KEEP_ENDED_MS = 60 * 60 * 1000;
const END_REASONS: Record<CallEndReason, string> = {
  'remote-bye': 'callee_hung_up', 'local-bye': 'bot_hung_up', 'session-expired': 'session_expired', 'ack-timeout': 'no_ack', closed: 'service_stopped',
};

/**
 * The calls bots place: each passes the bot's policy (outbound-policy.ts) and its rate per minute,
 * gets its RTP port and our SDP offer, and leaves through the bot's outbound trunk. Once answered
 * it is a voice-bot conversation exactly like a call that came in (voice-call.ts), with the
 * callee's number as the customer. A call's state is kept by the instance that placed it.
 */
export function createOutboundCalls(deps: OutboundCallsDeps): OutboundCalls {
  const calls = new Map<string, OutboundCallState>();
  const active = (bot: string) => [...calls.values()].filter((c) => c.bot === bot && (c.state === 'ringing' || c.state === 'answered')).length;
  const at = () => deps.now().toISOString();
  const finish = (state: OutboundCallState, change: Partial<OutboundCallState>) => {
    if (state.state === 'ended' || state.state === 'failed') return;
    Object.assign(state, { ended_at: at(), ...change });
    setTimeout(() => calls.delete(state.id), KEEP_ENDED_MS).unref();
  };

  async function place(allowed: AllowedCall, state: OutboundCallState, ringSeconds: number | undefined, resume: CallResume | undefined): Promise<void> {
    const { bot, outbound } = allowed;
    const destination = await resolveSipDestination(outbound.trunk.outboundProxy, outbound.trunk.transport);
    const media = await deps.openMedia();
    const local = { address: media.sdpAddress, port: media.localPort };
    const offer = createAudioOffer(local);
    let answered: { call: SipCall; sdpAnswer: string | undefined };
    try {
      const placed = deps.agent.placeCall({
        target: `sip:${allowed.to}@${destination.host}${destination.port === 5060 ? '' : `:${destination.port}`}`,
        destination, from: { user: allowed.callerId }, sdpOffer: offer.offerSdp,
        ...(outbound.trunk.credentials ? { credentials: outbound.trunk.credentials } : {}),
        ...(ringSeconds ? { ringTimeoutMs: ringSeconds * 1000 } : {}),
      });
      answered = await placed.answered;
    } catch (error) {
      media.close();
      if (!(error instanceof OutgoingCallFailed)) throw error;
      const reason = error.outcome === 'no-answer' ? 'no_answer' : error.outcome;
      deps.logger.info({ call: state.id, bot: bot.bot, status: error.status, reason }, 'outbound call not answered');
      finish(state, { state: 'failed', reason, sip_status: error.status });
      return;
    }
    const { call, sdpAnswer } = answered;
    const agreed = sdpAnswer === undefined ? undefined : readAudioAnswer(sdpAnswer, offer);
    if (!agreed?.ok) {
      media.close();
      finish(state, { state: 'failed', reason: 'media' });
      await call.hangUp();
      return;
    }
    await converse(allowed, state, call, media, agreed.audio, local, resume);
  }

  async function converse(
    allowed: AllowedCall, state: OutboundCallState, call: SipCall, media: CallMedia, first: NegotiatedAudio, local: { address: string; port: number }, resume: CallResume | undefined,
  ): Promise<void> {
    const followed = followCallMedia(call, media, first, { local });
    call.onEnded((reason) => finish(state, { state: 'ended', reason: END_REASONS[reason] }));
    Object.assign(state, { state: 'answered', answered_at: at() });
    deps.logger.info({ call: state.id, bot: allowed.bot.bot }, 'outbound call answered');
    // The session's id, as the first turn gives it, for the call's state.
    const { send } = deps.engine;
    const engine: CallEngine = {
      receive: async (message) => {
        const outcome = await deps.engine.receive(message);
        state.session_id ??= outcome.session_id ?? null;
        return outcome;
      },
      close: (sessionId, reason) => deps.engine.close(sessionId, reason),
      ...(send ? { send: (messages: Parameters<typeof send>[0], options?: Parameters<typeof send>[1]) => send(messages, options) } : {}),
    };
    await runVoiceCall(
      { ...deps.voiceCall, engine, speech: deps.speechOf(allowed.bot), logger: deps.logger, now: deps.now },
      { bot: allowed.bot, callId: call.callId, caller: allowed.to, direction: 'outbound', audio: followed.audio, ...(resume ? { resume } : {}) }, call, media,
    );
  }

  return {
    async start(request) {
      const allowed = allowOutboundCall(deps.bots(), request, active);
      const rule = { points: allowed.outbound.perMinute, durationSeconds: 60 };
      const decision = await deps.rateLimiter.consume(`sip-outbound:${allowed.bot.bot}`, rule);
      if (!decision.allowed) {
        throw new RateLimitError(decision.limit, decision.window, decision.retryAfterSeconds, `Bot ${allowed.bot.bot} may place ${rule.points} calls a minute (sip-outbound-calls-per-minute)`);
      }
      const state: OutboundCallState = {
        id: randomUUID(), bot: allowed.bot.bot, to: allowed.to, from: allowed.callerId, state: 'ringing',
        created_at: at(), answered_at: null, ended_at: null, reason: null, sip_status: null, session_id: null,
      };
      calls.set(state.id, state);
      deps.logger.info({ call: state.id, bot: state.bot, trunk: allowed.outbound.trunk.name }, 'outbound call placed');
      place(allowed, state, request.ringSeconds, request.resume).catch((error: unknown) => {
        deps.logger.error({ err: error, call: state.id, bot: state.bot }, 'outbound call failed');
        finish(state, { state: 'failed', reason: 'error' });
      });
      return { ...state };
    },
    get(id) {
      const state = calls.get(id);
      if (!state) throw new NotFoundError(`No call ${id} on this instance`);
      return { ...state };
    },
  };
}
