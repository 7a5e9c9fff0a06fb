/**
 * Readiness that means "can serve" (docs/operations/high-availability.md, "Probes"): every
 * dependency is pinged in the background, each on its own loop with its own timeout, and a probe
 * answers from the last results at once — a dependency that hangs never makes the probe hang.
 */

/** A dependency the service uses; `ping` throws (or hangs) when it is down. */
export interface ReadinessCheck {
  name: string;
  ping(): Promise<void>;
  /**
   * Whether turns cannot be committed without it (the database): down makes the instance not
   * ready. Any other dependency down (Redis, files, SMTP) leaves it ready but degraded.
   */
  required?: boolean;
}

/** What `/readyz` reports. */
export interface ReadinessState {
  /** `ok`; `degraded` (a dependency that is not required is down); `unavailable` (a required one is down, or shutting down). */
  status: 'ok' | 'degraded' | 'unavailable';
  /** `ok` or `error: <why>` per dependency, from its last check. */
  checks: Record<string, string>;
  /** The dependencies whose last check failed. */
  failed: string[];
  shutting_down: boolean;
}

/** The cached checks: started once, read by every probe, stopped at shutdown. */
export interface Readiness {
  /** Runs the first round of checks (each bounded by its timeout), then keeps refreshing them. */
  start(): Promise<void>;
  state(): ReadinessState;
  /** Whether each dependency answered its last check (the `switchboard_dependency_up` gauge). */
  dependencies(): { name: string; up: boolean }[];
  /** From now on not ready (shutting down); the refresh loops end. */
  stop(): void;
}

/** Options of {@link createReadiness}. */
export interface ReadinessOptions {
  /** Pause between two checks of one dependency. */
  intervalMs?: number;
  /** A check not answered within this is failed. */
  timeoutMs?: number;
}

const DEFAULT_INTERVAL_MS = 1000;
const DEFAULT_TIMEOUT_MS = 2000;

export function createReadiness(checks: readonly ReadinessCheck[], options: ReadinessOptions = {}): Readiness {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Until its first check answers, a dependency counts as down: nothing has shown it up yet.
  const results = new Map<string, string>(checks.map((c) => [c.name, 'error: not checked yet']));
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const check = async (c: ReadinessCheck): Promise<void> => {
    results.set(c.name, await pingWithTimeout(c, timeoutMs));
  };
  const loop = (c: ReadinessCheck): void => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void check(c).finally(() => loop(c));
    }, intervalMs);
    timer.unref();
    timers.add(timer);
  };

  return {
    async start() {
      await Promise.all(checks.map(check));
      for (const c of checks) loop(c);
    },
    state() {
      const failed = checks.filter((c) => results.get(c.name) !== 'ok');
      const status = stopped || failed.some((c) => c.required) ? 'unavailable' : failed.length ? 'degraded' : 'ok';
      return { status, checks: Object.fromEntries(results), failed: failed.map((c) => c.name), shutting_down: stopped };
    },
    dependencies() {
      return checks.map((c) => ({ name: c.name, up: results.get(c.name) === 'ok' }));
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

async function pingWithTimeout(check: ReadinessCheck, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check.ping(), timeout]);
    return 'ok';
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}
