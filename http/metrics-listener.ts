import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { MetricsExposition } from '../infra/metrics/index.js';
import type { Logger } from '../infra/logger.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { METRICS_PATH, sendExposition } from './routes/metrics.js';

/** The metrics port while it listens. */
export interface MetricsListener {
  /** `http://host:port` of the listener (the port is the real one when 0 was asked for). */
  readonly url: string;
  /** Stops listening and cuts open scrapes; Prometheus simply retries on the next interval. */
  close(): Promise<void>;
}

/** Where the metrics listener binds: `METRICS_PORT` and `METRICS_HOST`. */
export interface MetricsListenerOptions {
  port: number;
  host: string;
  logger: Logger;
}

/**
 * A second HTTP listener that serves only `GET /metrics`, without a token (docs/metrics.md): for
 * a Prometheus scraper on a private network, which should not hold an admin's access token. It
 * binds to `METRICS_HOST` (127.0.0.1 unless set), never to the public interface by default.
 */
export async function listenForMetrics(exposition: MetricsExposition, options: MetricsListenerOptions): Promise<MetricsListener> {
  const app = express();
  app.disable('x-powered-by');
  app.get(METRICS_PATH, (_req, res) => sendExposition(res, exposition));
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port, options.host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' ? '127.0.0.1' : options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
