/** The packet interval of a call's audio (a=ptime:20). */
export const FRAME_MS = 20;

/** Beyond this many overdue frames the clock stops catching up and starts afresh from now. */
const MAX_CATCH_UP_FRAMES = 5;

/**
 * The one 20 ms clock every call in the process sends by. Each tick is scheduled from the clock's
 * start time (start + n × 20 ms), not from the previous tick, so timer lateness does not add up;
 * a late tick is followed at once by the next, which catches up. One timer for all calls costs
 * less than one per call and sends every call's packets in the same turn of the event loop.
 */
export class MediaClock {
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private ticks = 0;

  /** Calls `listener` every 20 ms until the returned function is called. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.timer) {
      this.startedAt = performance.now();
      this.ticks = 0;
      this.schedule();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
      }
    };
  }

  private schedule(): void {
    this.ticks += 1;
    const delay = Math.max(0, this.startedAt + this.ticks * FRAME_MS - performance.now());
    this.timer = setTimeout(() => this.tick(), delay);
    // The calls' sockets keep the process alive; the clock alone should not.
    this.timer.unref();
  }

  private tick(): void {
    const now = performance.now();
    if (now - (this.startedAt + this.ticks * FRAME_MS) > MAX_CATCH_UP_FRAMES * FRAME_MS) {
      // A long stall (a blocked event loop): a burst of catch-up packets would overrun the far
      // end's jitter buffer, so the clock restarts from now instead.
      this.startedAt = now - this.ticks * FRAME_MS;
    }
    for (const listener of [...this.listeners]) listener();
    if (this.listeners.size > 0) this.schedule();
    else this.timer = undefined;
  }
}

/** The process's clock, shared by all calls. */
export const sharedMediaClock = new MediaClock();
