import { GraphApiError } from './graph-error.js';

/** How a call to a Graph-style API is retried (one policy for every call, docs/channels/README.md). */
export interface GraphRetryPolicy {
  /** Attempts, the first included. */
  attempts: number;
  /** First backoff in ms, doubled on each retry, when the provider names no `Retry-After`. */
  backoffMs: number;
  /**
   * The longest wait honoured in-process. A longer `Retry-After` ends the call with the transient
   * error, so the outbox's own retry (with its backoff) takes over instead of holding a worker.
   */
  maxWaitMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_GRAPH_RETRY: GraphRetryPolicy = {
  attempts: 3, backoffMs: 500, maxWaitMs: 10_000, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Runs `call`, retrying transient failures (429 and throughput codes honouring `Retry-After`,
 * 5xx, transport errors) with backoff; permanent errors and the last failure are rethrown.
 */
export async function withGraphRetries<T>(call: () => Promise<T>, policy: GraphRetryPolicy = DEFAULT_GRAPH_RETRY): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof GraphApiError) || !error.transient || attempt >= policy.attempts) throw error;
      const wait = error.options.retryAfterMs ?? policy.backoffMs * 2 ** (attempt - 1);
      if (wait > policy.maxWaitMs) throw error;
      await policy.sleep(wait);
    }
  }
}
