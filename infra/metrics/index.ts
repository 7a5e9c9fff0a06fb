/**
 * Metrics: the port domain code reports through (no prom-client outside this folder), its no-op
 * default, and the prom-client implementation that `/metrics` exposes (docs/metrics.md).
 */
export {
  DELIVERY_STATUSES, noopMetrics, TURN_OUTCOMES,
  type DeliveryAttempted, type DeliveryStatus, type MetricsPort, type TurnFinished, type TurnOutcome,
} from './metrics-port.js';
export {
  createPromMetrics, METRIC_NAMES, TURN_SECONDS_BUCKETS,
  type MetricsExposition, type OutboxWatchedState, type PromMetrics, type ScrapeSources,
} from './prom-metrics.js';
export { METRIC_PREFIX } from './process-metrics.js';
