/**
 * The one way tests wait for something that happens after the call they made (a job, a push, a
 * process coming up): poll until it holds, or fail after a deadline saying what never happened.
 * Never a fixed sleep: a sleep is too short on a loaded CI machine and too long everywhere else.
 * Code driven by timers of its own is tested with jest's fake timers instead.
 */

export interface WaitOptions {
  /**
   * What is awaited, for the timeout's message ("timed out waiting for <what>"); a function is
   * asked at the timeout, so the message can tell what there was instead.
   */
  what?: string | (() => string);
  /** Give up after this long; default 10 s (patience for CI's two loaded cores, not a speed check). */
  timeoutMs?: number;
  /** Pause between two looks; default 10 ms. */
  intervalMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_INTERVAL_MS = 10;

/** Resolves once `predicate` holds; `options` may be just the `what`. */
export async function waitFor(predicate: () => boolean | Promise<boolean>, options: WaitOptions | string = {}): Promise<void> {
  await waitForValue(predicate, (held) => held, options);
}

/**
 * Reads until `done` accepts what was read, and resolves to that value; the timeout's message
 * shows the last value read.
 */
export async function waitForValue<T>(read: () => T | Promise<T>, done: (value: T) => boolean, options: WaitOptions | string = {}): Promise<T> {
  const { what = 'a condition', timeoutMs = DEFAULT_TIMEOUT_MS, intervalMs = DEFAULT_INTERVAL_MS } = typeof options === 'string' ? { what: options } : options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      const last = typeof value === 'boolean' ? '' : ` (last: ${describe(value)})`;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}${last}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 500) ?? String(value);
  } catch {
    return String(value);
  }
}
