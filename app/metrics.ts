import type { ProcessSettings } from '../config/index.js';
import { createMetricsRepo, type Database } from '../db/index.js';
import { listenForMetrics, type MetricsListener } from '../http/metrics-listener.js';
import type { Logger } from '../infra/logger.js';
import { createPromMetrics, type MetricsExposition, type MetricsPort } from '../infra/metrics/index.js';

/** Something that knows how many WebSocket clients it holds (the handles of http/web-socket.ts and http/attendance-socket.ts). */
interface CountsConnections {
  readonly connections: number;
}

/** What the service attaches once built: its sockets, and its readiness checks' last results. */
interface Attached {
  web: CountsConnections;
  attendance: CountsConnections;
  dependencies?(): readonly { name: string; up: boolean }[];
}

/** The service's metrics as the composition root wires them. */
export interface ServiceMetrics {
  /** What the engine and the outbox report through (docs/metrics.md lists the call sites). */
  readonly port: MetricsPort;
  /** What the main port serves at `GET /metrics` for admins; undefined when `METRICS_PORT` serves it instead. */
  readonly onMainPort: MetricsExposition | undefined;
  /** Counts these sockets (and reports these dependencies) from now on and, when `METRICS_PORT` is set, starts the metrics listener. */
  serve(attached: Attached): Promise<MetricsListener | undefined>;
}

/**
 * Builds the metrics of one service (docs/metrics.md): a registry of its own, scrape-time
 * gauges read through db/metrics-repo.ts and the socket handles, and the choice of where
 * `/metrics` is served — the main port behind the admin token, or its own listener.
 */
export function createServiceMetrics(deps: {
  db: Database;
  settings: Pick<ProcessSettings, 'METRICS_PORT' | 'METRICS_HOST'>;
  /** Channels with an adapter: their series start at 0. */
  channels: readonly string[];
  logger: Logger;
}): ServiceMetrics {
  const repo = createMetricsRepo(deps.db);
  // The sockets are attached after the app is built; until then nobody can be connected.
  let sockets: Attached | undefined;
  const { port, exposition } = createPromMetrics({
    countWaiting: () => repo.countWaiting(),
    outboxCounts: () => repo.outboxCounts(),
    socketClients: () => ({ web: sockets?.web.connections ?? 0, attendance: sockets?.attendance.connections ?? 0 }),
    dependencies: () => sockets?.dependencies?.() ?? [],
    channels: deps.channels,
    onCollectError: (source, err) => deps.logger.warn({ err, source }, 'a metrics gauge could not be read; it is left out of this scrape'),
  });
  const separate = deps.settings.METRICS_PORT !== undefined;
  return {
    port,
    onMainPort: separate ? undefined : exposition,
    async serve(attached) {
      sockets = attached;
      if (deps.settings.METRICS_PORT === undefined) return undefined;
      const listener = await listenForMetrics(exposition, { port: deps.settings.METRICS_PORT, host: deps.settings.METRICS_HOST, logger: deps.logger });
      deps.logger.info({ url: `${listener.url}/metrics` }, 'metrics listening');
      return listener;
    },
  };
}
