import type { Logger } from '../../infra/logger.js';
import {
  createAudioOffer, createCallMediaHost, createSipUserAgent, negotiateAudio, readAudioAnswer,
  type AudioOffer, type CallMedia, type IncomingInvite, type MediaThread, type NegotiatedAudio, type SipCall, type SipUserAgentOptions,
} from '../../telephony/index.js';
import { admitCall, normaliseDialled } from './call-admission.js';
import { followCallMedia } from './follow-call-media.js';
import type { CallPorts } from './call-ports.js';
import { callSpeech, type CallSpeech } from './call-speech.js';
import { answerCallVideo, type CallVideo } from './call-video.js';
import { inviteFlood } from './invite-flood.js';
import type { LiveCalls } from './live-calls.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';
import { runVoiceCall, type CallEngine, type VoiceCallDeps } from './voice-call.js';
import { createOutboundCalls, type OutboundCalls } from './outbound-calls.js';
import { createTransferLegs } from './transfer-leg.js';
import type { RateLimiter } from '../../infra/rate-limit/index.js';
import { createBrowserCalls, type BrowserCalls } from './browser-calls.js';

/** Where the channel listens (process settings, docs/channels/rtc-sip.md "Ports and NAT"). */
export interface RtcSipChannelOptions {
  host: string;
  udpPort: number;
  tcpPort?: number;
  /** SIP over TLS (docs/channels/rtc-sip.md, "SIP over TLS and SRTP"): its port and the PEM certificate and key. */
  tls?: { port: number; cert: string | Buffer; key: string | Buffer };
  /** Written in SDP and Contact instead of `host` behind NAT. */
  publicAddress?: string;
  rtpPorts: { min: number; max: number };
  /** Where the calls' media run (SIP_MEDIA_THREAD): their own worker thread unless `main`. */
  mediaThread?: MediaThread;
  /** The bots with `sip-enabled`, as their config says now. */
  bots: () => readonly RtcSipBotSettings[];
  /** With `send`: an attended call's transcript and recording land in the conversation (docs/attendance/calls.md). */
  engine: CallEngine;
  /** The rtc_sip adapter's registry (rtc-sip-adapter.ts): its `send` speaks on the calls answered here. */
  liveCalls?: LiveCalls;
  /** SMS for files, the queue notice, voicemail: other areas' answers, given by the composition root. */
  ports?: CallPorts;
  logger: Logger;
  now?: () => Date;
  /** Faster SIP timers for tests. */
  timers?: SipUserAgentOptions['timers'];
  /** Counts the bots' outbound calls per minute (docs/channels/rtc-sip.md, "Outbound calls"). */
  rateLimiter: RateLimiter;
  /**
   * Runs an answered call's work (its conversation, its ports) as its bot's: the composition root
   * runs it as the bot's tenant (docs/operations/tenants.md, "Routing"). Without it the work runs as it is.
   */
  inBotScope?: <T>(bot: string, work: () => Promise<T>) => Promise<T>;
}

export interface RtcSipChannel {
  readonly udpPort: number;
  readonly tcpPort?: number;
  readonly tlsPort?: number;
  /** Calls in progress on this instance. */
  activeCalls(): number;
  /** The calls the bots place (docs/channels/rtc-sip.md, "Outbound calls"). */
  readonly outbound: OutboundCalls;
  /** Calls from web visitors' browsers (docs/channels/web.md, "Calls"): the same conversation as a phone caller's. */
  readonly browser: BrowserCalls;
  /** Hangs up every call and stops listening. */
  close(): Promise<void>;
}

/** INVITEs one source may send: bursts of 20, then 5 a second (docs/channels/rtc-sip.md, "Security"). */
const INVITES_PER_SECOND = 5;
const INVITE_BURST = 20;

/**
 * The rtc_sip channel: the SIP user agent for calls to the bots' numbers. Each INVITE is admitted
 * (trunk address, digest, the bot's cap) before any media is opened; an admitted call gets its
 * RTP port, its SDP answer and a voice-bot conversation (voice-call.ts).
 */
export async function startRtcSipChannel(options: RtcSipChannelOptions): Promise<RtcSipChannel> {
  const { logger } = options;
  const now = options.now ?? (() => new Date());
  const calls = new Map<string, { bot: string; call?: SipCall; media: CallMedia; video?: CallVideo }>();
  const speeches = new Map<RtcSipBotSettings['voice'], CallSpeech>();
  const flood = inviteFlood({ perSecond: INVITES_PER_SECOND, burst: INVITE_BURST });
  const mediaHost = createCallMediaHost(options.mediaThread ?? 'worker', logger);
  // What every call's conversation is given besides the engine, whichever side placed the call.
  const voiceCall: Pick<VoiceCallDeps, 'liveCalls' | 'ports' | 'transferLegs'> = {};
  if (options.liveCalls) voiceCall.liveCalls = options.liveCalls;
  if (options.ports) voiceCall.ports = options.ports;
  const mediaOptions = { host: options.host, portRange: options.rtpPorts, logger, ...(options.publicAddress ? { publicAddress: options.publicAddress } : {}) };
  const openMedia = () => mediaHost.open(mediaOptions);
  const activeCalls = (bot: string) => [...calls.values()].filter((c) => c.bot === bot).length;
  const speechOf = (bot: RtcSipBotSettings) => {
    let speech = speeches.get(bot.voice);
    if (!speech) speeches.set(bot.voice, (speech = callSpeech(bot.voice, bot.transcriptionLanguage)));
    return speech;
  };

  async function answer(invite: IncomingInvite): Promise<void> {
    if (!flood.allow(invite.source.address)) {
      invite.reject(503, 'Service Unavailable', { 'Retry-After': '5' });
      return;
    }
    const admission = admitCall(options.bots(), {
      sourceAddress: invite.source.address,
      dialled: invite.requestUri.user ?? invite.to.uri.user,
      activeCalls,
      hasValidDigest: (credentials) => invite.digestUsername === credentials.username && invite.verifyDigest({ ...credentials, realm: REALM }),
    });
    if (admission.kind === 'challenge') return invite.challenge(REALM);
    if (admission.kind === 'reject') {
      logger.info({ call_id: invite.callId, source: invite.source.address, status: admission.status }, 'phone call refused');
      return invite.reject(admission.status, admission.reason);
    }
    const { bot } = admission;
    return options.inBotScope ? options.inBotScope(bot.bot, () => take(invite, bot)) : take(invite, bot);
  }

  /** An admitted call: its media opened, answered, and its conversation run to the end. */
  async function take(invite: IncomingInvite, bot: RtcSipBotSettings): Promise<void> {
    // SDES keys travel in the SDP: only SIP over TLS keeps them from being read on the way (docs/channels/rtc-sip.md, "SIP over TLS and SRTP").
    const srtp = invite.source.transport === 'tls';
    const media = await openMedia();
    const local = { address: media.sdpAddress, port: media.localPort };
    // A late offer (an INVITE without SDP): our offer goes in the 200 OK and its answer comes in the ACK (RFC 3264 §5).
    let lateOffer: AudioOffer | undefined;
    let agreed: NegotiatedAudio | undefined;
    let ourSdp: string;
    let video: CallVideo | undefined;
    if (invite.sdpOffer) {
      const negotiation = negotiateAudio(invite.sdpOffer, local, undefined, { srtp });
      if (!negotiation.ok) {
        media.close();
        logger.info({ call_id: invite.callId, bot: bot.bot, reason: negotiation.reason }, 'phone call refused: its media cannot be used');
        return invite.reject(488, 'Not Acceptable Here', { Warning: `399 switchboard "${negotiation.reason}"` });
      }
      agreed = negotiation.audio;
      // Every inbound call may be handed to a person (a queue route, or the bot's transfer): its video is taken
      // (call-video.ts), except on SIP over TLS, whose SRTP audio plain-RTP video would undercut.
      ({ answerSdp: ourSdp, video } = await answerCallVideo({
        offerSdp: invite.sdpOffer, audioAnswerSdp: negotiation.answerSdp, mayReachAttendant: !srtp, open: () => mediaHost.openVideo(mediaOptions),
        logger: logger.child({ call_id: invite.callId }),
      }));
    } else {
      lateOffer = createAudioOffer(local);
      ourSdp = lateOffer.offerSdp;
    }
    const entry: { bot: string; call?: SipCall; media: CallMedia; video?: CallVideo } = { bot: bot.bot, media, ...(video ? { video } : {}) };
    calls.set(invite.callId, entry);
    invite.onCancel(() => {
      media.close();
      video?.close();
      calls.delete(invite.callId);
    });
    let call: SipCall;
    try {
      call = await invite.accept(ourSdp);
    } catch {
      media.close();
      video?.close();
      calls.delete(invite.callId);
      return;
    }
    entry.call = call;
    if (lateOffer) {
      const answer = readAudioAnswer(call.ackSdp ?? '', lateOffer);
      if (!answer.ok) {
        logger.info({ call_id: invite.callId, bot: bot.bot, reason: answer.reason }, 'phone call ended: the ACK brought no usable SDP answer');
        media.close();
        calls.delete(invite.callId);
        await call.hangUp();
        return;
      }
      agreed = answer.audio;
    }
    const followed = followCallMedia(call, media, agreed!, { local, srtp, ...(video ? { video } : {}) });
    const caller = normaliseDialled(invite.from.uri.user) ?? invite.from.uri.user ?? 'anonymous';
    logger.info({ call_id: invite.callId, bot: bot.bot }, 'phone call answered');
    try {
      await runVoiceCall({ ...voiceCall, engine: options.engine, speech: speechOf(bot), logger, now }, {
        bot, callId: invite.callId, caller, ...(invite.from.displayName ? { callerName: invite.from.displayName } : {}),
        direction: 'inbound', audio: followed.audio, ...(video ? { video } : {}),
      }, call, media);
    } finally {
      video?.close();
      calls.delete(invite.callId);
    }
  }

  const agent = await createSipUserAgent({
    host: options.host, udpPort: options.udpPort, logger,
    ...(options.tcpPort === undefined ? {} : { tcpPort: options.tcpPort }),
    ...(options.tls === undefined ? {} : { tls: options.tls }),
    ...(options.publicAddress ? { publicAddress: options.publicAddress } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
    onInvite: (invite) => {
      answer(invite).catch((error: unknown) => {
        logger.error({ err: error, call_id: invite.callId }, 'phone call could not be answered');
        invite.reject(500, 'Server Internal Error');
      });
    },
  });

  // A transfer to a number the trunk will not REFER: a new call through the bot's outbound route, bridged (transfer-leg.ts).
  voiceCall.transferLegs = createTransferLegs({ agent, bots: options.bots, openMedia, rateLimiter: options.rateLimiter, logger });
  const outbound = createOutboundCalls({
    agent, bots: options.bots, speechOf, engine: options.engine, rateLimiter: options.rateLimiter, logger, now, openMedia,
    voiceCall,
  });

  const browser = createBrowserCalls({
    bots: options.bots, openMedia, activeCalls, logger,
    // The media's sockets bind SIP_HOST; one that binds every address is reached on loopback.
    mediaAddress: options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host,
    track(callId, entry) {
      calls.set(callId, entry);
      return () => calls.delete(callId);
    },
    run: (party, call, media) => runVoiceCall({ ...voiceCall, engine: options.engine, speech: speechOf(party.bot), logger, now }, party, call, media),
  });

  return {
    outbound,
    browser,
    udpPort: agent.udpPort,
    ...(agent.tcpPort === undefined ? {} : { tcpPort: agent.tcpPort }),
    ...(agent.tlsPort === undefined ? {} : { tlsPort: agent.tlsPort }),
    activeCalls: () => calls.size,
    async close() {
      await Promise.all([...calls.values()].map(async ({ call, media, video }) => {
        await call?.hangUp().catch(() => undefined);
        media.close();
        video?.close();
      }));
      await agent.close();
      await mediaHost.close();
    },
  };
}

/** The digest realm callers are challenged in. */
const REALM = 'switchboard';
