import { collectDefaultMetrics, Registry } from 'prom-client';

/** Prefix of every series Switchboard exposes, process metrics included (docs/metrics.md). */
export const METRIC_PREFIX = 'switchboard_';

let shared: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, handles, event-loop lag, GC), collected once per
 * process into a registry of their own — not prom-client's global default one. They describe the
 * process, not a service, so every service in the process exposes the same series; collecting
 * them per service would start another GC observer and event-loop monitor each time a service
 * starts (tests start many), and nothing can stop those.
 */
export function processMetricsRegistry(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared, prefix: METRIC_PREFIX });
  }
  return shared;
}
