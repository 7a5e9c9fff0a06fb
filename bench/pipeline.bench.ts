import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CloudAdapter } from '@microsoft/agents-hosting';
import express from 'express';
import { readProcessSettings } from '../config/index.js';
import { createLogger } from '../infra/logger.js';
import { startService } from '../service.js';

/**
 * Bot turns per second and latency over HTTP on the web channel with the default bot, next to
 * (a) a bare express handler that echoes the text and (b) an echo agent on
 * @microsoft/agents-hosting's CloudAdapter (auth disabled, expectReplies so the answer comes back
 * in the HTTP response, like ours). Same machine, same client, same concurrency.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

interface Target {
  name: string;
  /** Sends one customer message for virtual user `user`; resolves when the answer is in. */
  send(user: number, turn: number): Promise<void>;
}

interface Result {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
}

async function measure(target: Target): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, user) => {
      for (let turn = 0; next < REQUESTS; turn++) {
        next++;
        const t = performance.now();
        await target.send(user, turn);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { name: target.name, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

async function postJson(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

function listen(app: express.Express): Promise<{ url: string; server: Server }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }));
  });
}

async function switchboardTarget(): Promise<Target & { close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-bench-'));
  // The default bot as shipped, with the per-visitor rate limit lifted: the benchmark is one busy visitor per client.
  const botsDir = path.join(dataDir, 'bots');
  await cp(path.resolve('bots/default.gbai'), path.join(botsDir, 'default.gbai'), { recursive: true });
  await appendFile(path.join(botsDir, 'default.gbai/default.gbot/config.csv'), '\nweb-rate-limit,1000000000\n');
  const settings = readProcessSettings({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BOTS_DIR: botsDir,
    ADMIN_PASSWORD: 'bench-password',
  });
  const service = await startService(settings, createLogger({ level: 'silent' }));
  console.log(`Switchboard on ${service.database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL (DATABASE_URL)'}, jobs and events ${settings.REDIS_URL ? 'on Redis' : 'in-process'}.`);
  const tokens = new Map<number, string>();
  const endpoint = `${service.url}/api/channels/web/default/messages`;
  return {
    name: 'Switchboard, default bot (web channel)',
    async send(user) {
      const token = tokens.get(user);
      // The first message starts the dialog; every later one answers its menu (a full bot turn).
      const answer = (await postJson(endpoint, token ? { text: 'Opening hours', session_token: token } : { text: 'hi' })) as {
        session_token: string;
        replies: unknown[];
      };
      if (answer.replies.length === 0) throw new Error('the bot did not answer');
      tokens.set(user, answer.session_token);
    },
    async close() {
      await service.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function expressEchoTarget(): Promise<Target & { close(): Promise<void> }> {
  const app = express();
  app.use(express.json());
  app.post('/echo', (req, res) => {
    res.json({ replies: [{ text: String((req.body as { text?: unknown }).text) }] });
  });
  const { url, server } = await listen(app);
  return {
    name: '(a) bare express echo',
    send: async (user, turn) => { await postJson(`${url}/echo`, { text: `hello ${user} ${turn}` }); },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function cloudAdapterTarget(): Promise<Target & { close(): Promise<void> }> {
  // An empty client id disables authentication: acceptable for a local benchmark only, never in production.
  const adapter = new CloudAdapter({ clientId: '' } as never);
  const app = express();
  app.use(express.json());
  app.post('/api/messages', async (req, res) => {
    await adapter.process(req as never, res as never, async (context) => {
      await context.sendActivity(`echo: ${context.activity.text}`);
    });
  });
  const { url, server } = await listen(app);
  return {
    name: '(b) agents-hosting CloudAdapter echo',
    send: async (user, turn) => {
      await postJson(`${url}/api/messages`, {
        type: 'message',
        id: `${user}-${turn}`,
        channelId: 'web',
        serviceUrl: 'http://127.0.0.1:9/',
        deliveryMode: 'expectReplies',
        from: { id: `user-${user}` },
        recipient: { id: 'bot' },
        conversation: { id: `conversation-${user}` },
        text: `hello ${turn}`,
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function run(): Promise<void> {
  console.log(`${REQUESTS} requests per target, ${CONCURRENCY} concurrent clients, one warm-up pass each.\n`);
  const results: Result[] = [];
  for (const make of [switchboardTarget, expressEchoTarget, cloudAdapterTarget]) {
    const target = await make();
    try {
      await measure({ ...target, send: (u, t) => target.send(u + 1000, t) }); // warm-up on other users
      results.push(await measure(target));
    } finally {
      await target.close();
    }
  }
  const ours = results[0]!;
  console.log('| target | turns/s | p50 (ms) | p99 (ms) | Switchboard throughput as a share of it |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${((ours.perSecond / r.perSecond) * 100).toFixed(0)}% |`);
  }
}
