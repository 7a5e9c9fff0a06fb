import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, connect } from 'node:net';

/** The redis-server binary the fault tests start (docs/operations/high-availability.md, "Faults"). */
const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
/** How long a starting server may take to accept connections before the helper gives up. */
const START_TIMEOUT_MS = 10_000;

/**
 * A Redis server of the test's own, on a free port of 127.0.0.1, without persistence: a fault
 * test kills it and starts it again (empty, like a Redis that lost its data) without ever
 * touching the shared server of the run.
 */
export interface ScratchRedis {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`, the same across restarts. */
  readonly url: string;
  /** Whether the server is running now. */
  readonly running: boolean;
  /** SIGKILL, as a crash would: clients see their connections drop. Resolves once it has exited. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty); resolves once it answers PING. */
  restart(): Promise<void>;
  /** Kills it if it runs; the end of a suite. */
  stop(): Promise<void>;
}

/** Starts a scratch Redis on a free port; resolves once it answers PING. */
export async function startScratchRedis(): Promise<ScratchRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (data: Buffer) => { stderr += data.toString(); });
    const exited = once(child, 'exit').then(([code]) => { throw new Error(`redis-server exited with ${String(code)} before answering: ${stderr}`); });
    await Promise.race([waitForPing(port), exited]);
    exited.catch(() => undefined);
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get running() { return child !== undefined; },
    kill,
    async restart() {
      await kill();
      await launch();
    },
    stop: kill,
  };
}

/** A port nothing listens on now: bound on 0, then closed. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls with a raw PING until the server answers PONG. */
async function waitForPing(port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (await pings(port)) return;
    if (Date.now() > deadline) throw new Error(`scratch redis on ${port} did not answer PING within ${START_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      answer += data.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}
