import type { CallMedia, PlaybackOutcome } from '../../telephony/index.js';

/**
 * What a call plays, one sound at a time: the replies of the caller's turns and the messages
 * delivered from outside them (live-calls.ts) take turns instead of cutting each other off, and
 * the hold music (`background`) plays whenever nothing else does, pausing for what is said.
 */
export interface CallSpeaker {
  /** Plays after whatever is playing or waiting; resolves with how it ended. */
  play(pcm: Int16Array, options?: { bargeIn?: boolean }): Promise<PlaybackOutcome>;
  /** Loops `pcm` while nothing else plays; undefined stops it. */
  background(pcm: Int16Array | undefined): void;
}

export function callSpeaker(media: CallMedia): CallSpeaker {
  let queue: Promise<unknown> = Promise.resolve();
  let playing = 0;
  let music: Int16Array | undefined;
  let loop: { stop(): void } | undefined;
  const resume = () => {
    loop?.stop();
    loop = music && playing === 0 ? media.loop(music) : undefined;
  };
  return {
    play(pcm, options = {}) {
      playing += 1;
      const turn = queue.then(async () => {
        loop?.stop();
        loop = undefined;
        return media.play(pcm, options);
      }).finally(() => {
        playing -= 1;
        resume();
      });
      queue = turn.catch(() => undefined);
      return turn;
    },
    background(pcm) {
      music = pcm;
      resume();
    },
  };
}
