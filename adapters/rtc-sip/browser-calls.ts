import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError } from '../../infra/errors.js';
import type { Logger } from '../../infra/logger.js';
import type { CallEndReason, CallMedia, SipCall } from '../../telephony/index.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';
import type { CallParty } from './voice-call.js';
import type { VisitorLeg } from './visitor-leg.js';

/** A call from a web visitor's browser as the caller asks for it (docs/channels/web.md, "Calls"). */
export interface BrowserCallRequest {
  bot: string;
  /** Who calls: the visitor's id on the web channel; the call's session is theirs on rtc_sip. */
  caller: string;
  callerName?: string;
  /** The browser's SDP offer (complete, no trickle ICE). */
  offerSdp: string;
}

/**
 * Calls from web visitors' browsers into the voice bot (docs/channels/web.md, "Calls"): each is a
 * call of the rtc_sip channel like a phone caller's — same conversation loop, same queue, same
 * attendant's take — with the browser's WebRTC leg (visitor-leg.ts) where a SIP dialog would be.
 */
export interface BrowserCalls {
  /** Whether the bot takes browser calls on this instance (it has `sip-enabled`). */
  takes(bot: string): boolean;
  /** Answers the browser's offer and starts the call's conversation; resolves with the SDP answer once the call runs. */
  start(request: BrowserCallRequest): Promise<{ callId: string; answerSdp: string }>;
  /** The caller hangs up; a call that is not theirs, or over, is not found. */
  hangUp(callId: string, caller: string): Promise<void>;
}

/** What the channel lends the browser calls: its bots, its media, its count of calls, and the conversation loop. */
export interface BrowserCallsDeps {
  bots: () => readonly RtcSipBotSettings[];
  openMedia(): Promise<CallMedia>;
  /** Where the media's RTP sockets listen, for the legs' loop sockets. */
  mediaAddress: string;
  activeCalls(bot: string): number;
  /** Keeps the call among the channel's (its count, its close) until `run` ends. */
  track(callId: string, entry: { bot: string; call: SipCall; media: CallMedia }): () => void;
  run(party: CallParty, call: SipCall, media: CallMedia): Promise<void>;
  logger: Logger;
}

export function createBrowserCalls(deps: BrowserCallsDeps): BrowserCalls {
  const callers = new Map<string, { caller: string; call: SipCall }>();
  const botOf = (name: string) => deps.bots().find((b) => b.bot === name);
  return {
    takes: (bot) => botOf(bot) !== undefined,
    async start(request) {
      const bot = botOf(request.bot);
      if (!bot) throw new NotFoundError('This bot takes no calls', 'calls_unavailable');
      if (deps.activeCalls(bot.bot) >= bot.maxCalls) throw new ConflictError('All of the bot\'s lines are busy; try again later', 'calls_busy');
      const callId = `web-${randomUUID()}`;
      const logger = deps.logger.child({ call_id: callId, bot: bot.bot });
      const media = await deps.openMedia();
      let leg: VisitorLeg;
      try {
        // werift loads with the first browser call, as with the first attendant (docs/performance.md, "Start-up").
        const { openVisitorLeg } = await import('./visitor-leg.js');
        leg = await openVisitorLeg({ offerSdp: request.offerSdp, media, address: deps.mediaAddress, logger });
      } catch (error) {
        media.close();
        throw error;
      }
      const call = browserSipCall(callId, leg);
      const untrack = deps.track(callId, { bot: bot.bot, call, media });
      callers.set(callId, { caller: request.caller, call });
      const party: CallParty = { bot, callId, caller: request.caller, direction: 'inbound', ...(request.callerName ? { callerName: request.callerName } : {}) };
      logger.info('browser call answered');
      void deps.run(party, call, media)
        .catch((error: unknown) => logger.error({ err: error }, 'browser call failed'))
        .finally(() => {
          leg.close();
          media.close();
          untrack();
          callers.delete(callId);
        });
      return { callId, answerSdp: leg.answerSdp };
    },
    async hangUp(callId, caller) {
      const entry = callers.get(callId);
      if (entry?.caller !== caller) throw new NotFoundError('No such call of yours is in progress', 'call_not_found');
      await entry.call.hangUp();
    },
  };
}

/**
 * The browser leg seen as the SIP dialog the conversation loop expects: hanging up closes the
 * leg, the leg closing (the browser left) ends the call. There is no re-INVITE, INFO, REFER or
 * NOTIFY on a browser leg: a transfer to a number by REFER is refused (the loop bridges instead).
 */
function browserSipCall(callId: string, leg: VisitorLeg): SipCall {
  const ended: ((reason: CallEndReason) => void)[] = [];
  let reason: CallEndReason | undefined;
  const end = (why: CallEndReason) => {
    if (reason) return;
    reason = why;
    for (const listener of ended) listener(why);
  };
  leg.onClosed(() => end('remote-bye'));
  return {
    callId,
    remote: { address: '127.0.0.1', port: 0, transport: 'tcp' },
    ackSdp: undefined,
    localSdp: leg.answerSdp,
    async hangUp() {
      end('local-bye');
      leg.close();
    },
    onEnded(listener) {
      if (reason) listener(reason);
      else ended.push(listener);
    },
    onReoffer: () => undefined,
    onInfo: () => undefined,
    onNotify: () => undefined,
    sendInfo: async () => undefined,
    refer: async () => 501,
    reoffer: async () => ({ status: undefined, sdpAnswer: undefined }),
    allows: (method) => method === 'BYE',
  };
}
