import type { Logger } from '../../infra/logger.js';
import { answerWithVideo, offeredVideo, type NegotiatedVideo, type VideoMedia } from '../../telephony/index.js';

/**
 * A phone call's video (docs/channels/rtc-sip.md, "Video"): the caller's camera, relayed to the
 * attendant's browser once one takes the call (attendant-video.ts), never shown to the bot.
 */
export interface CallVideo {
  readonly media: VideoMedia;
  /** What the SDP agrees now; the codec stays for the call. */
  negotiated(): NegotiatedVideo;
  /**
   * The answer to a re-offer, with its video line answered again when it still offers the call's
   * codec (a new address, hold), else declined as the audio answer has it (the video then stops).
   */
  reanswer(offerSdp: string, audioAnswerSdp: string): string;
  close(): void;
}

/**
 * Answers an INVITE's video line when the call may reach an attendant and the offer has a codec a
 * browser plays as it comes (VP8, or H.264 packetization-mode 1): a video port is opened on the
 * media thread and the audio answer gets the line answered. Otherwise the answer stays as it was,
 * the video line declined with port 0 (sdp-negotiation.ts).
 */
export async function answerCallVideo(input: {
  offerSdp: string; audioAnswerSdp: string; mayReachAttendant: boolean; open: () => Promise<VideoMedia>; logger: Logger;
}): Promise<{ answerSdp: string; video?: CallVideo }> {
  const offered = input.mayReachAttendant ? offeredVideo(input.offerSdp) : undefined;
  if (!offered) return { answerSdp: input.audioAnswerSdp };
  const media = await input.open();
  let current = offered.video;
  media.apply(current);
  input.logger.info({ codec: current.codec, direction: current.direction }, 'phone call: the caller\'s video is accepted');
  const video: CallVideo = {
    media,
    negotiated: () => current,
    reanswer(offerSdp, audioAnswerSdp) {
      const again = offeredVideo(offerSdp);
      if (!again || again.video.codec !== current.codec) {
        current = { ...current, direction: 'inactive' };
        media.apply(current);
        return audioAnswerSdp;
      }
      current = again.video;
      media.apply(current);
      return answerWithVideo(audioAnswerSdp, again, media.localPort);
    },
    close: () => media.close(),
  };
  return { answerSdp: answerWithVideo(input.audioAnswerSdp, offered, media.localPort), video };
}
