import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DELIVERY_STATUSES, TURN_OUTCOMES, type MetricsPort } from './metrics-port.js';
import { METRIC_PREFIX, processMetricsRegistry } from './process-metrics.js';

/** The series of docs/metrics.md, by what they measure; tests and dashboards use the same names. */
export const METRIC_NAMES = {
  turns: `${METRIC_PREFIX}turns_total`,
  turnSeconds: `${METRIC_PREFIX}turn_duration_seconds`,
  handoffs: `${METRIC_PREFIX}handoffs_total`,
  deliveries: `${METRIC_PREFIX}deliveries_total`,
  queueLength: `${METRIC_PREFIX}attendance_queue_length`,
  outboxMessages: `${METRIC_PREFIX}outbox_messages`,
  websocketConnections: `${METRIC_PREFIX}websocket_connections`,
  collectErrors: `${METRIC_PREFIX}metrics_collect_errors_total`,
  dependencyUp: `${METRIC_PREFIX}dependency_up`,
} as const;

/** Turn latency buckets, in seconds: a cached answer (5 ms) up to a dialog's time limit (30 s). */
export const TURN_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

/** Outbox rows still worth watching: waiting for delivery, or given up on. */
export type OutboxWatchedState = 'pending' | 'failed';

/**
 * Where the gauges read the present at scrape time. The composition root builds these from the
 * repositories and the socket handles, so this folder imports neither the database nor HTTP.
 */
export interface ScrapeSources {
  /** Waiting conversations per bot name; every bot should appear, with 0 when its queue is empty. */
  countWaiting(): Promise<readonly { bot: string; waiting: number }[]>;
  /** Outbox rows per channel in the pending and failed states (states with no rows may be left out). */
  outboxCounts(): Promise<readonly { channel: string; state: OutboxWatchedState; count: number }[]>;
  /** Open WebSocket connections of each endpoint, now. */
  socketClients(): { web: number; attendance: number };
  /** Whether each dependency (database, redis, files, smtp) answered its last readiness check. */
  dependencies?(): readonly { name: string; up: boolean }[];
  /** Channels whose series are shown at 0 before anything happens on them, so dashboards see them from the start. */
  channels?: readonly string[];
  /** Told when a scrape-time query fails; that gauge is left empty for this scrape. */
  onCollectError?(source: string, error: unknown): void;
}

/** What HTTP serves at `/metrics`: the text exposition and its content type. */
export interface MetricsExposition {
  readonly contentType: string;
  render(): Promise<string>;
}

/** A service's metrics: the port domain code reports through, and the exposition HTTP serves. */
export interface PromMetrics {
  readonly port: MetricsPort;
  readonly exposition: MetricsExposition;
}

/**
 * The prom-client implementation of the metrics port, on a registry of its own (never the global
 * default one), so several services in one process — as in the test suites — keep separate
 * counts. Gauges of the present (queue length, outbox backlog, sockets) are not updated by events
 * but computed when Prometheus scrapes, so they are right on every instance and after restarts.
 */
export function createPromMetrics(sources: ScrapeSources): PromMetrics {
  const registry = new Registry();
  const registers = [registry];

  const turns = new Counter({
    name: METRIC_NAMES.turns, help: 'Inbound customer messages handled, by channel and outcome (processed, duplicate, error).',
    labelNames: ['channel', 'outcome'] as const, registers,
  });
  const turnSeconds = new Histogram({
    name: METRIC_NAMES.turnSeconds, help: 'Wall time of processed turns, from receipt to committed answer, in seconds.',
    labelNames: ['channel'] as const, buckets: [...TURN_SECONDS_BUCKETS], registers,
  });
  const handoffs = new Counter({
    name: METRIC_NAMES.handoffs, help: 'Conversations handed to attendance, by channel.', labelNames: ['channel'] as const, registers,
  });
  const deliveries = new Counter({
    name: METRIC_NAMES.deliveries, help: 'Outbox delivery attempts, by channel and status (delivered, failed, retried).',
    labelNames: ['channel', 'status'] as const, registers,
  });
  const collectErrors = new Counter({
    name: METRIC_NAMES.collectErrors, help: 'Scrape-time queries that failed, by source; the gauge of that source was left empty.',
    labelNames: ['source'] as const, registers,
  });

  /** Runs one scrape-time query; a failure empties the gauge instead of failing the whole scrape. */
  async function refresh(source: string, gauge: { reset(): void }, fill: () => Promise<void>): Promise<void> {
    gauge.reset();
    try {
      await fill();
    } catch (error) {
      gauge.reset();
      collectErrors.inc({ source });
      sources.onCollectError?.(source, error);
    }
  }

  new Gauge({
    name: METRIC_NAMES.queueLength, help: 'Conversations waiting in the attendance queue for a human, by bot.',
    labelNames: ['bot'] as const, registers,
    async collect() {
      await refresh('attendance_queue', this, async () => {
        for (const row of await sources.countWaiting()) this.set({ bot: row.bot }, row.waiting);
      });
    },
  });
  new Gauge({
    name: METRIC_NAMES.outboxMessages, help: 'Outbox rows not delivered, by channel and state (pending, failed).',
    labelNames: ['channel', 'state'] as const, registers,
    async collect() {
      await refresh('outbox', this, async () => {
        const rows = await sources.outboxCounts();
        for (const channel of sources.channels ?? []) for (const state of ['pending', 'failed'] as const) this.set({ channel, state }, 0);
        for (const row of rows) this.set({ channel: row.channel, state: row.state }, row.count);
      });
    },
  });
  new Gauge({
    name: METRIC_NAMES.websocketConnections, help: 'Open WebSocket connections, by endpoint (web visitors, attendance consoles).',
    labelNames: ['endpoint'] as const, registers,
    collect() {
      const open = sources.socketClients();
      this.set({ endpoint: 'web' }, open.web);
      this.set({ endpoint: 'attendance' }, open.attendance);
    },
  });

  new Gauge({
    name: METRIC_NAMES.dependencyUp, help: 'Whether a dependency answered its last readiness check (1) or not (0), by dependency.',
    labelNames: ['dependency'] as const, registers,
    collect() {
      this.reset();
      for (const { name, up } of sources.dependencies?.() ?? []) this.set({ dependency: name }, up ? 1 : 0);
    },
  });

  // Known channels start at 0, so their series exist (and rate() works) before the first event.
  for (const channel of sources.channels ?? []) {
    for (const outcome of TURN_OUTCOMES) turns.inc({ channel, outcome }, 0);
    for (const status of DELIVERY_STATUSES) deliveries.inc({ channel, status }, 0);
    handoffs.inc({ channel }, 0);
    turnSeconds.zero({ channel });
  }

  const port: MetricsPort = {
    turnFinished({ channel, outcome, seconds }) {
      turns.inc({ channel, outcome });
      if (outcome === 'processed' && Number.isFinite(seconds) && seconds >= 0) turnSeconds.observe({ channel }, seconds);
    },
    handedOff(channel) {
      handoffs.inc({ channel });
    },
    delivered({ channel, status }) {
      deliveries.inc({ channel, status });
    },
  };

  const exposed = Registry.merge([processMetricsRegistry(), registry]);
  return { port, exposition: { contentType: exposed.contentType, render: () => exposed.metrics() } };
}
