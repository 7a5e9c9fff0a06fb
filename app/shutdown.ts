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
  /** After it closed, in order, each by name: work in flight, then connections and pools. */
  close: Array<[name: string, close: () => unknown]>;
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
    // Each step gets a bound (twice SHUTDOWN_TIMEOUT_MS, past the jobs' own): one that hangs (a pool
    // that never drains) is named in the log and left behind, and the stop goes on, so a stop always ends.
    for (const [name, close] of deps.close) await bounded(name, close);
    logger.info('stopped');
  }
  async function bounded(name: string, close: () => unknown): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), 2 * deps.settings.SHUTDOWN_TIMEOUT_MS); });
    try {
      const outcome = await Promise.race([Promise.resolve(close()).then(() => 'done' as const), late]);
      if (outcome === 'late') logger.warn({ step: name, timeout_ms: 2 * deps.settings.SHUTDOWN_TIMEOUT_MS }, 'a shutdown step did not finish in time; stopping without it');
    } catch (err) {
      logger.error({ err, step: name }, 'a shutdown step failed; stopping without it');
    } finally {
      clearTimeout(timer);
    }
  }
  return () => (stopping ??= shutdown());
}
