import type { ProcessSettings } from '../config/index.js';
import type { Logger } from '../infra/logger.js';
import type { HttpWiring } from './http.js';

/**
 * Graceful stop, in the reverse order of start-up: no new work (recovery, readiness, sockets,
 * the listener, whose open requests get SHUTDOWN_TIMEOUT_MS before they are cut), then the work in
 * flight (`drain`: listeners, jobs), then the pools (`close`, in order). Called twice, it stops once.
 */
export function createShutdown(deps: {
  settings: Pick<ProcessSettings, 'SHUTDOWN_TIMEOUT_MS'>; http: HttpWiring; logger: Logger;
  /** Before the listener closes: what must start nothing new (the recovery sweep). */
  quiet: Array<() => void>;
  /** After it closed, in order: work in flight, then connections and pools. */
  close: Array<() => unknown>;
}): () => Promise<void> {
  const { http, logger } = deps;
  let stopping: Promise<void> | undefined;
  async function shutdown(): Promise<void> {
    logger.info('shutting down');
    for (const quiet of deps.quiet) quiet();
    http.readiness.stop();
    await http.metricsListener?.close();
    for (const socket of http.sockets) await socket.close();
    const closed = new Promise<void>((resolve) => http.server.close(() => resolve()));
    http.server.closeIdleConnections();
    // Requests and sockets still open after the bound are cut, upgraded ones included, so shutdown always ends.
    let force: NodeJS.Timeout | undefined;
    const forced = new Promise<void>((resolve) => {
      force = setTimeout(() => {
        logger.warn({ open: http.connections.size }, 'shutdown timeout reached: closing the remaining connections');
        http.server.closeAllConnections();
        for (const socket of http.connections) socket.destroy();
        resolve();
      }, deps.settings.SHUTDOWN_TIMEOUT_MS);
    });
    await Promise.race([closed, forced]);
    clearTimeout(force);
    for (const close of deps.close) await close();
    logger.info('stopped');
  }
  return () => (stopping ??= shutdown());
}
