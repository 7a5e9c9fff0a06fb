/**
 * The metrics port: what domain code reports about its work (docs/metrics.md). The engine and
 * the outbox call these methods and never import prom-client, so counting stays one line at the
 * call site and a service without metrics (a unit test, the CLI) passes {@link noopMetrics}.
 */

/** How a customer message ended: answered by a committed turn, dropped as a redelivery, or failed. */
export const TURN_OUTCOMES = ['processed', 'duplicate', 'error'] as const;
export type TurnOutcome = (typeof TURN_OUTCOMES)[number];

/** What one delivery attempt of an outbox row did: sent, given up for good, or left for a retry. */
export const DELIVERY_STATUSES = ['delivered', 'failed', 'retried'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One inbound message through the engine, from receipt to its answer (or its error). */
export interface TurnFinished {
  channel: string;
  outcome: TurnOutcome;
  /** Wall time of the whole turn, lock wait included. Only `processed` turns are timed. */
  seconds: number;
}

/** One attempt to deliver an outbox row through its channel's adapter. */
export interface DeliveryAttempted {
  channel: string;
  status: DeliveryStatus;
}

/**
 * Counters and timings domain code reports. Every method is synchronous, cheap and never
 * throws, so a call can sit on the hot path without a try/catch.
 */
export interface MetricsPort {
  /** A customer message was handled (or refused); call once per inbound message. */
  turnFinished(event: TurnFinished): void;
  /** A conversation was handed to attendance (queued for a human) after its turn committed. */
  handedOff(channel: string): void;
  /** An outbox delivery attempt ended. */
  delivered(event: DeliveryAttempted): void;
}

/** The default port: counts nothing, for code built without a metrics registry. */
export const noopMetrics: MetricsPort = {
  turnFinished: () => undefined,
  handedOff: () => undefined,
  delivered: () => undefined,
};
