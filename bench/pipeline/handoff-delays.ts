import path from 'node:path';
import { openDatabase } from '../../db/connection.js';
import { createChildServer } from '../../test/support/child-server.js';
import { createScratchDatabase } from '../../test/support/postgres.js';
import { startDelayProxy } from './delay-proxy.js';
import { HANDOFF_WARM_UP, handoffLatency, type HandoffResult } from './handoff.js';

/** Added delay per direction, in ms: a round trip to the database costs twice this more. */
export const HANDOFF_DELAYS_MS = [0, 5, 20] as const;

/** One row of the table: the delay each way and the handoff latency measured through it. */
export interface DelayedHandoff extends HandoffResult {
  delayMs: number;
}

/**
 * Handoff latency (bench/pipeline/handoff.ts) on PostgreSQL + Redis with every database
 * connection of the server — its pool, its locks — going through a delaying proxy
 * (bench/pipeline/delay-proxy.ts): the cost of each sequential round trip of a handoff made
 * visible (docs/performance.md, "Handoff round trips"). Redis is not delayed. Each delay gets a
 * server of its own on a scratch database, migrated before the proxy is put in front of it.
 */
export async function handoffLatencyByDelay(options: {
  postgresUrl: string; redisUrl: string; admin: { username: string; password: string }; count: number; botsDir: string;
}): Promise<DelayedHandoff[]> {
  const rows: DelayedHandoff[] = [];
  for (const delayMs of HANDOFF_DELAYS_MS) {
    const scratch = await createScratchDatabase(options.postgresUrl);
    const direct = await openDatabase({ databaseUrl: scratch.url });
    try {
      await direct.migrate();
    } finally {
      await direct.close();
    }
    const target = new URL(scratch.url);
    const proxy = await startDelayProxy({ host: target.hostname, port: Number(target.port || 5432) }, delayMs);
    const proxied = new URL(scratch.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    // Created without DATABASE_URL so the child makes no scratch database of its own; it gets the proxied one.
    const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
    process.env.DATABASE_URL = '';
    process.env.REDIS_URL = options.redisUrl;
    const server = await createChildServer({ botsDir: path.resolve(options.botsDir), fromBuild: true, env: { DATABASE_URL: proxied.toString() } })
      .finally(() => restoreEnv(saved));
    try {
      process.stdout.write(`  handoffs at +${delayMs} ms each way… `);
      await server.start();
      // A first handoff warms the pools up (connections through the proxy cost several round trips to open).
      await handoffLatency(server.url, options.admin, HANDOFF_WARM_UP);
      const result = await handoffLatency(server.url, options.admin, options.count);
      process.stdout.write(`p50 ${result.p50.toFixed(1)} ms\n`);
      rows.push({ delayMs, ...result });
      await server.stop();
    } catch (error) {
      console.error(server.output());
      throw error;
    } finally {
      await server.dispose();
      await proxy.close();
      await scratch.drop();
    }
  }
  return rows;
}

function restoreEnv(saved: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}
