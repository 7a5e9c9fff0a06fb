import { RateLimitError } from '../../infra/errors.js';
import type { Logger } from '../../infra/logger.js';
import type { RateLimiter } from '../../infra/rate-limit/index.js';
import {
  createAudioOffer, OutgoingCallFailed, readAudioAnswer, resolveSipDestination, type CallMedia, type SipCall, type SipUserAgent,
} from '../../telephony/index.js';
import { followCallMedia } from './follow-call-media.js';
import { allowOutboundCall } from './outbound-policy.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';

/** A call's own leg, as a transfer bridges it: its dialog and its media. */
export interface BridgedLeg {
  call: SipCall;
  media: CallMedia;
}

/**
 * Transfers to a number the trunk would not carry out itself (docs/attendance/calls.md, "What
 * happens on the line"): a new call from the bot to the number, bridged to the caller's leg.
 */
export interface TransferLegs {
  /**
   * Places a call from `bot` to `number` through the bot's outbound route (its allow list, limits
   * and rate, as any call it places); once answered, the two legs' RTP are relayed to each other
   * and a BYE on either side hangs up the other. 'failed': the new call was not answered.
   */
  bridge(input: { bot: string; number: string; caller: BridgedLeg; onAnswered?: () => void }): Promise<'bridged' | 'failed'>;
}

export function createTransferLegs(deps: {
  agent: SipUserAgent;
  bots: () => readonly RtcSipBotSettings[];
  openMedia: () => Promise<CallMedia>;
  rateLimiter: RateLimiter;
  logger: Logger;
}): TransferLegs {
  const legs = new Map<string, number>();
  return {
    async bridge({ bot, number, caller, onAnswered }) {
      const allowed = allowOutboundCall(deps.bots(), { bot, to: number }, (name) => legs.get(name) ?? 0);
      const rule = { points: allowed.outbound.perMinute, durationSeconds: 60 };
      const decision = await deps.rateLimiter.consume(`sip-outbound:${allowed.bot.bot}`, rule);
      if (!decision.allowed) {
        throw new RateLimitError(decision.limit, decision.window, decision.retryAfterSeconds, `Bot ${bot} may place ${rule.points} calls a minute (sip-outbound-calls-per-minute)`);
      }
      const { outbound } = allowed;
      const destination = await resolveSipDestination(outbound.trunk.outboundProxy, outbound.trunk.transport);
      const media = await deps.openMedia();
      const local = { address: media.sdpAddress, port: media.localPort };
      const offer = createAudioOffer(local);
      legs.set(bot, (legs.get(bot) ?? 0) + 1);
      const release = () => legs.set(bot, Math.max(0, (legs.get(bot) ?? 1) - 1));
      let leg: SipCall;
      let sdpAnswer: string | undefined;
      try {
        ({ call: leg, sdpAnswer } = await deps.agent.placeCall({
          target: `sip:${allowed.to}@${destination.host}${destination.port === 5060 ? '' : `:${destination.port}`}`,
          destination, from: { user: allowed.callerId }, sdpOffer: offer.offerSdp,
          ...(outbound.trunk.credentials ? { credentials: outbound.trunk.credentials } : {}),
        }).answered);
      } catch (error) {
        media.close();
        release();
        if (!(error instanceof OutgoingCallFailed)) throw error;
        deps.logger.info({ bot, status: error.status, outcome: error.outcome }, 'transfer: the new call to the number was not answered');
        return 'failed';
      }
      const agreed = sdpAnswer === undefined ? undefined : readAudioAnswer(sdpAnswer, offer);
      if (!agreed?.ok) {
        media.close();
        release();
        await leg.hangUp();
        return 'failed';
      }
      followCallMedia(leg, media, agreed.audio, { local });
      onAnswered?.();
      // Each leg's packets go to the other as they came (converted only between PCMU and PCMA), on its clock.
      caller.media.holdRelay(false);
      caller.media.startRelay((codec, payload) => media.relay(codec, payload));
      media.startRelay((codec, payload) => caller.media.relay(codec, payload));
      leg.onEnded(() => {
        media.close();
        release();
        void caller.call.hangUp();
      });
      caller.call.onEnded(() => void leg.hangUp());
      deps.logger.info({ bot, to: allowed.to }, 'transfer: the caller is bridged to the number');
      return 'bridged';
    },
  };
}
