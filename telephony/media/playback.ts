import { FRAME_SAMPLES } from './g711.js';

/** How a playback ended: played to the end, cut by the caller (barge-in), or stopped by us. */
export type PlaybackOutcome = 'finished' | 'interrupted' | 'stopped';

/**
 * One sound being played into the call, 20 ms at a time: the call's clock takes a frame from it
 * every tick. `done` settles once: 'finished' on the tick after its last frame (so the last frame
 * has gone out), or with whatever `settle` is given first.
 */
export class Playback {
  readonly done: Promise<PlaybackOutcome>;
  private position = 0;
  private finished = false;
  private resolve: (outcome: PlaybackOutcome) => void = () => undefined;

  constructor(
    private readonly pcm: Int16Array,
    readonly options: { loop: boolean; bargeIn: boolean },
  ) {
    this.done = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  get settled(): boolean {
    return this.finished;
  }

  /** The next 20 ms (the last one padded with silence), or undefined once it has ended. */
  nextFrame(): Int16Array | undefined {
    if (this.finished) return undefined;
    if (this.position >= this.pcm.length) {
      if (!this.options.loop) {
        this.settle('finished');
        return undefined;
      }
      if (this.pcm.length === 0) return undefined;
      this.position = 0;
    }
    let frame = this.pcm.subarray(this.position, this.position + FRAME_SAMPLES);
    if (frame.length < FRAME_SAMPLES) {
      const padded = new Int16Array(FRAME_SAMPLES);
      padded.set(frame);
      frame = padded;
    }
    this.position += FRAME_SAMPLES;
    return frame;
  }

  settle(outcome: PlaybackOutcome): void {
    if (this.finished) return;
    this.finished = true;
    this.resolve(outcome);
  }
}
