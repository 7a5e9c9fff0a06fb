import express, { type Router } from 'express';

/** A dependency the service needs to do useful work (database, Redis); ping throws when it is down. */
export interface ReadinessCheck {
  name: string;
  ping(): Promise<void>;
}

const PING_TIMEOUT_MS = 2000;

/**
 * `/healthz` says the process is alive (for restarts); `/readyz` says its dependencies answer (for
 * load balancers), naming the ones that failed.
 */
export function healthRoutes(checks: ReadinessCheck[]): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(checks.map(async (c) => [c.name, await pingWithTimeout(c)] as const));
    const failed = results.filter(([, r]) => r !== 'ok').map(([name]) => name);
    res.status(failed.length ? 503 : 200).json({
      status: failed.length ? 'unavailable' : 'ok',
      checks: Object.fromEntries(results),
      ...(failed.length ? { failed } : {}),
    });
  });
  return router;
}

async function pingWithTimeout(check: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([check.ping(), timeout]);
    return 'ok';
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}
