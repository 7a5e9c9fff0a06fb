import type { Response } from 'express';
import type { MetricsExposition } from '../../infra/metrics/index.js';
import { defineRoute } from '../route.js';

/** Where Prometheus scrapes, on the main port (admin token) or on the metrics port (no token). */
export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics` on the main port, for admins only (docs/metrics.md): the counts say how busy
 * each bot and channel is, which is not for visitors or attendants. Mounted only when
 * `METRICS_PORT` is unset; with it, the metrics listener serves the same text without a token.
 */
export function metricsRoutes(exposition: MetricsExposition) {
  return [
    defineRoute({
      method: 'get', path: METRICS_PATH, tag: 'metrics', access: ['admin'],
      summary: 'Prometheus metrics in the text exposition format (docs/metrics.md)',
      response: { description: 'text/plain; version=0.0.4 — turns, latency, handoffs, queue, outbox, deliveries, WebSockets, process' },
      handle: ({ res }) => sendExposition(res, exposition),
    }),
  ];
}

/** Renders the exposition (running its scrape-time queries) and sends it with its content type. */
export async function sendExposition(res: Response, exposition: MetricsExposition): Promise<void> {
  const text = await exposition.render();
  res.set('Content-Type', exposition.contentType).send(text);
}
