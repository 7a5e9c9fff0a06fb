import type { IRouter } from 'express';
import type { Readiness } from '../readiness.js';

/**
 * `/healthz` says the process is alive (for restarts); `/readyz` says whether it can serve (for
 * load balancers): 200 `ok`, 200 `degraded` while a dependency it can serve without is down
 * (Redis: turns still commit, jobs catch up when it returns), 503 `unavailable` when the database
 * is down or the instance is shutting down. It answers from the cached checks of
 * http/readiness.ts, never waiting for a ping (docs/operations/high-availability.md, "Probes").
 */
export function mountHealthRoutes(router: IRouter, readiness: Readiness): void {
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    const state = readiness.state();
    res.status(state.status === 'unavailable' ? 503 : 200).json({
      status: state.status,
      checks: state.checks,
      ...(state.failed.length ? { failed: state.failed } : {}),
      ...(state.shutting_down ? { shutting_down: true } : {}),
    });
  });
}
