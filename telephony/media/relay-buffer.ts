import { FRAME_SAMPLES } from './g711.js';

/** Frames held before the first goes out (and again after running dry): 40 ms against the other leg's jitter. */
const PREFILL_FRAMES = 2;
/** Frames held at most: beyond, the oldest are dropped, so the delay the other leg hears stays under 200 ms. */
const MAX_FRAMES = 10;

/**
 * The audio another leg relays into a call (an attendant's browser, docs/attendance/calls.md), as
 * the call's clock sends it: one 20 ms frame of G.711 bytes per tick, whatever the packet sizes it
 * came in. G.711 is one byte per sample, so frames are cut from the bytes as they are.
 */
export class RelayBuffer {
  private bytes = new Uint8Array(0);
  private primed = false;

  push(payload: Uint8Array): void {
    const joined = new Uint8Array(this.bytes.length + payload.length);
    joined.set(this.bytes);
    joined.set(payload, this.bytes.length);
    const excess = joined.length - MAX_FRAMES * FRAME_SAMPLES;
    this.bytes = excess > 0 ? joined.subarray(Math.ceil(excess / FRAME_SAMPLES) * FRAME_SAMPLES) : joined;
  }

  /** The next frame, or undefined (silence goes out) while too little has come. */
  next(): Uint8Array | undefined {
    if (!this.primed && this.bytes.length < PREFILL_FRAMES * FRAME_SAMPLES) return undefined;
    if (this.bytes.length < FRAME_SAMPLES) {
      this.primed = false;
      return undefined;
    }
    this.primed = true;
    const frame = this.bytes.slice(0, FRAME_SAMPLES);
    this.bytes = this.bytes.subarray(FRAME_SAMPLES);
    return frame;
  }
}
