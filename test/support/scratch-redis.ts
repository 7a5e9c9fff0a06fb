import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './child-server.js';

/** How long a start may take before the suite gives up. */
const START_TIMEOUT_MS = 15_000;

/**
 * A Redis server of the test's own, for fault tests that kill it (docs/operations/
 * high-availability.md, "Faults"): never the shared server on 6379. On a free port of
 * 127.0.0.1, nothing persisted, so a restart comes back empty as after a crash without a disk.
 */
export interface ScratchRedis {
  /** `redis://127.0.0.1:<port>`, the same on every start. */
  readonly url: string;
  readonly port: number;
  /** Starts the server on the port; resolves once it answers PING. */
  start(): Promise<void>;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
  /** Kills the server if it runs and starts it again on the same port. */
  restart(): Promise<void>;
  /** Kills the server if it runs and removes its folder. */
  stop(): Promise<void>;
}

/** A started scratch Redis; `stop()` removes it. */
export async function startScratchRedis(): Promise<ScratchRedis> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-scratch-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const server: ScratchRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (child) throw new Error('the scratch Redis is already running');
      const proc = spawn(process.env.REDIS_SERVER ?? 'redis-server', [
        '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir,
      ], { stdio: 'ignore' });
      child = proc;
      exited = new Promise((resolve) => proc.once('exit', () => {
        if (child === proc) child = undefined;
        resolve();
      }));
      await answersPing(port, exited);
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited;
    },
    async restart() {
      await server.kill();
      await server.start();
    },
    async stop() {
      await server.kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** Polls PING on the port until `+PONG`; fails when the process exits first or the deadline passes. */
async function answersPing(port: number, exited: Promise<void>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the scratch Redis on port ${port} exited before it answered`);
    if (await ping(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the scratch Redis on port ${port} did not answer PING within ${START_TIMEOUT_MS} ms`);
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer.startsWith('+PONG')));
  });
}
