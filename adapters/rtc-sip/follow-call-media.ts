import type { CallMedia, NegotiatedAudio, SipCall } from '../../telephony/index.js';
import { negotiateAudio } from '../../telephony/index.js';
import type { CallVideo } from './call-video.js';

/**
 * Keeps a call's media in step with its signalling once it is up, whichever side placed it
 * (docs/channels/rtc-sip.md, "Media"): a re-offer (hold from the far end, a new address) is
 * negotiated against what was agreed and applied; one that cannot be used is refused (488) and
 * the call goes on as before. Key presses sent by SIP INFO reach the media as RFC 4733 ones do.
 */
export function followCallMedia(
  call: SipCall, media: CallMedia, agreed: NegotiatedAudio,
  options: { local: { address: string; port: number }; srtp?: boolean; video?: Pick<CallVideo, 'reanswer'> },
): { audio(): NegotiatedAudio } {
  let audio = agreed;
  media.apply(audio);
  call.onReoffer((offerSdp) => {
    const again = negotiateAudio(offerSdp, options.local, audio, { srtp: options.srtp ?? false });
    if (!again.ok) throw new Error(again.reason);
    audio = again.audio;
    media.apply(audio);
    // The call's video line is answered again too (call-video.ts); the audio answer declines it.
    return options.video ? options.video.reanswer(offerSdp, again.answerSdp) : again.answerSdp;
  });
  call.onInfo((contentType, body) => {
    const digit = infoDigit(contentType, body);
    if (digit) media.pressKey(digit);
  });
  return { audio: () => audio };
}

/** A key press sent by SIP INFO: `application/dtmf-relay` (`Signal=5`) or `application/dtmf` (`5`). */
export function infoDigit(contentType: string | undefined, body: string): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  const signal = type === 'application/dtmf-relay' ? /^\s*signal\s*=\s*([0-9*#A-D])\s*$/im.exec(body)?.[1]
    : type === 'application/dtmf' ? /^\s*([0-9*#A-D])\s*$/i.exec(body)?.[1] : undefined;
  return signal?.toUpperCase();
}
