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
  /** An attendant's browser receives the video from now (attendant-calls.ts); only the first time counts. */
  attended(at: Date): void;
  /** When an attendant's browser first received the video; the video KPIs time the video call from then. */
  attendedAt(): Date | undefined;
  /** Called once, when `attended` is first called. */
  onAttended(listener: (at: Date) => void): void;
  close(): void;
}

/**
 * What a call fact says of the call's video, for the video KPIs (docs/attendance/insights-and-survey.md):
 * the call has video when it starts; when it ends, the seconds since an attendant first received it.
 */
export function videoOfFact(kind: 'started' | 'queued' | 'ended' | 'video_started', video: CallVideo | undefined, at: Date): { video?: { seconds?: number } } {
  if (!video || kind === 'queued') return {};
  const since = video.attendedAt();
  if (kind === 'ended' && since) return { video: { seconds: Math.max(0, Math.round((at.getTime() - since.getTime()) / 1000)) } };
  return { video: {} };
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
  let attendedAt: Date | undefined;
  const attendedListeners: ((at: Date) => void)[] = [];
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
    attended(at) {
      if (attendedAt) return;
      attendedAt = at;
      for (const listener of attendedListeners) listener(at);
    },
    attendedAt: () => attendedAt,
    onAttended: (listener) => void attendedListeners.push(listener),
    close: () => media.close(),
  };
  return { answerSdp: answerWithVideo(input.audioAnswerSdp, offered, media.localPort), video };
}
