import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';
import { createChildServer } from '../test/support/child-server.js';
import { startScratchRedis } from '../test/support/scratch-redis.js';

/**
 * `npm run bench -- faults`: what a Redis outage costs the people writing in
 * (docs/operations/high-availability.md, "Faults"). The server runs as a child process on the
 * embedded database and a Redis of the bench's own, which is killed for OUTAGE seconds under steady
 * web traffic and started again, empty. Each visitor writes, waits for the answer, pauses 100 ms and
 * writes again; every tenth message asks for a human (a handoff) and the visitor starts a new
 * conversation. Printed per phase (before, during, after the outage): answers, failures, p50, p99,
 * and how many answers during the outage were slower than the normal p99 + 100 ms (target: 0).
 *
 * BENCH_VISITORS (default 20), BENCH_PHASE_SECONDS (default 10).
 */
const VISITORS = Number(process.env.BENCH_VISITORS ?? 20);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 10);

type Phase = 'before' | 'during' | 'after';
interface Answer { phase: Phase; ms: number; ok: boolean }

export async function run(): Promise<void> {
  const redis = await startScratchRedis();
  const server = await createChildServer({ botsDir: path.resolve('bench/bots'), env: { REDIS_URL: redis.url } });
  const answers: Answer[] = [];
  let phase: Phase = 'before';
  let running = true;
  try {
    await server.start();
    const url = `${server.url}/api/channels/web/echo/messages`;
    const visitor = async () => {
      let token: string | undefined;
      for (let n = 1; running; n++) {
        const handoff = n % 10 === 0;
        const at = phase;
        const started = performance.now();
        let ok: boolean;
        try {
          const res = await fetch(url, {
            method: 'POST', headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ text: handoff ? 'a human please' : `hello ${n}`, ...(token ? { session_token: token } : {}) }),
            signal: AbortSignal.timeout(30_000),
          });
          ok = res.status === 200;
          const body = (await res.json()) as { session_token?: string };
          token = handoff ? undefined : (body.session_token ?? token);
        } catch {
          ok = false;
        }
        answers.push({ phase: at, ms: performance.now() - started, ok });
        await pause(100);
      }
    };
    const visitors = Array.from({ length: VISITORS }, () => visitor());
    await pause(PHASE_SECONDS * 1000);
    phase = 'during';
    await redis.kill();
    await pause(PHASE_SECONDS * 1000);
    phase = 'after';
    await redis.restart();
    await pause(PHASE_SECONDS * 1000);
    running = false;
    await Promise.all(visitors);
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    running = false;
    await server.dispose();
    await redis.stop();
  }
  report(answers);
}

function report(answers: Answer[]): void {
  const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const rows = (['before', 'during', 'after'] as const).map((phase) => {
    const of = answers.filter((a) => a.phase === phase);
    const times = of.filter((a) => a.ok).map((a) => a.ms).sort((a, b) => a - b);
    return { phase, answers: of.length, failed: of.filter((a) => !a.ok).length, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times.at(-1) ?? NaN };
  });
  console.log(`  ${VISITORS} visitors, ${PHASE_SECONDS} s per phase, Redis killed during the middle one`);
  console.log('  | phase | answers | failed | p50 ms | p99 ms | max ms |');
  console.log('  |---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`  | ${r.phase} | ${r.answers} | ${r.failed} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} |`);
  const limit = rows[0]!.p99 + 100;
  const slow = answers.filter((a) => a.phase === 'during' && (!a.ok || a.ms > limit)).length;
  console.log(`  during the outage: ${slow} answers slower than the normal p99 + 100 ms (${limit.toFixed(1)} ms) or failed (target 0)`);
}
