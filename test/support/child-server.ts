import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { copyMigratedPglite } from './pglite-template.js';
import { createScratchDatabase } from './postgres.js';
import { deleteRedisKeys, uniquePrefix } from './redis.js';
import { TEST_CACHE_DIR } from './test-cache-dir.js';
import { testDrivers, testDriversLabel } from './drivers.js';
import { TEST_PASSWORD_HASH_MEMORY_KIB } from './test-passwords.js';

/**
 * How long a start may take before the suite gives up. A deadline for a start that hangs, not a
 * speed target: on two cores shared with both CI passes, a restart after SIGKILL measured 38–59 s
 * and sometimes passed 90 (docs/performance.md, "CI time").
 */
const READY_TIMEOUT_MS = 180_000;
/** How long a SIGTERM may take before the process is killed instead. */
const STOP_TIMEOUT_MS = 15_000;
/** How many lines of the child's output are kept for failure messages. */
const OUTPUT_LINES = 200;

/**
 * The real server (`node --import tsx bin/switchboard.ts start`) as a child process, for the
 * suites that must kill it: a process can only be SIGKILLed from outside. Its data outlives
 * the process: DATA_DIR (and so the embedded database), the scratch PostgreSQL database and the
 * Redis prefix stay the same across `kill()`/`start()`, and `dispose()` removes them.
 */
export interface ChildServer {
  /** The base URL; the same port on every start, so clients keep one address across restarts. */
  readonly url: string;
  /** Which drivers the child runs on, for the log: `embedded`, `postgresql` or `postgresql+redis`. */
  readonly drivers: string;
  /** The running process's id (undefined while stopped), for the pipeline benchmark's CPU time per turn. */
  pid(): number | undefined;
  /** Spawns the process and resolves when `GET /readyz` answers 200; rejects if it exits first or the deadline passes. */
  start(): Promise<void>;
  /** SIGKILL (no shutdown code runs), resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful stop); SIGKILL after a deadline. Resolves to the exit code (null when killed). */
  stop(): Promise<number | null>;
  /** The last lines the child wrote, prefixed with the number of its start, for failure messages. */
  output(): string;
  /** Kills the process if it still runs and removes its data (temp dir, scratch database, Redis keys). */
  dispose(): Promise<void>;
}

/** What the child runs with: the bots it serves and single variables to add or override. */
export interface ChildServerOptions {
  botsDir: string;
  env?: Record<string, string>;
  /** Options for node itself, before the script (the pipeline benchmark's `--cpu-prof`). */
  nodeArgs?: string[];
  /**
   * Run the build (`node dist/bin/switchboard.js start`, what `npm start` runs) instead of the
   * sources through tsx: the benchmarks measure the code users run, without tsx's transform
   * (whose kept function names add a call per closure). The caller builds first (`ensureBuilt`).
   */
  fromBuild?: boolean;
  /** A PostgreSQL database shared with other children (instances of one deployment); its owner drops it. Unset: a database of its own. */
  databaseUrl?: string;
}

/**
 * Prepares a child server on the drivers this run is configured for, as `startTestService`
 * does in process: the embedded database (copied from the migrated template) in a temp DATA_DIR
 * and in-process jobs by default; a scratch PostgreSQL database when DATABASE_URL is set and
 * Redis under a private prefix when REDIS_URL is set (CI's second pass). Nothing runs until
 * `start()`.
 */
export async function createChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-child-'));
  const redisUrl = testDrivers.redisUrl;
  const prefix = uniquePrefix('sbchild');
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  try {
    scratch = !options.databaseUrl && testDrivers.databaseUrl ? await createScratchDatabase(testDrivers.databaseUrl) : undefined;
    if (!scratch && !options.databaseUrl) await copyMigratedPglite(path.join(dataDir, 'pglite'));
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    BOTS_DIR: options.botsDir,
    CACHE_DIR: TEST_CACHE_DIR,
    // The admin of test/support/service.ts (not imported: that would load the whole service here).
    ADMIN_USERNAME: 'admin',
    ADMIN_EMAIL: 'admin@example.test',
    ADMIN_PASSWORD: 'admin-password-1',
    SHUTDOWN_TIMEOUT_MS: '5000',
    PASSWORD_HASH_MEMORY_KIB: TEST_PASSWORD_HASH_MEMORY_KIB,
    // The logger is silent under jest (JEST_WORKER_ID): warnings and errors help explain a failure.
    LOG_LEVEL: 'warn',
    // Empty means unset (config/process-settings.ts), so the embedded run never reaches a server.
    DATABASE_URL: options.databaseUrl ?? scratch?.url ?? '',
    REDIS_URL: redisUrl ?? '',
    REDIS_PREFIX: prefix,
    ...options.env,
  };

  const lines: string[] = [];
  let starts = 0;
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);

  const record = (stream: NodeJS.ReadableStream, label: string) => {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) if (line.trim()) lines.push(`[${label}] ${line}`);
      lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES));
    });
  };

  const server: ChildServer = {
    url,
    drivers: options.databaseUrl ? `postgresql${redisUrl ? '+redis' : ''}` : testDriversLabel(),
    pid: () => child?.pid,
    async start() {
      if (child) throw new Error('the child server is already running');
      starts += 1;
      const entry = options.fromBuild ? ['dist/bin/switchboard.js'] : ['--import', 'tsx', 'bin/switchboard.ts'];
      const proc = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry, 'start'], {
        cwd: process.cwd(),
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      record(proc.stdout!, `${starts} out`);
      record(proc.stderr!, `${starts} err`);
      exited = new Promise((resolve) => {
        proc.once('exit', (code) => {
          if (child === proc) child = undefined;
          resolve(code);
        });
      });
      await waitUntilReady(url, exited, () => server.output());
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const proc = child;
      if (!proc) return exited;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_TIMEOUT_MS);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
    output: () => lines.join('\n'),
    async dispose() {
      await server.kill();
      await scratch?.drop().catch((error: unknown) => console.warn(`scratch database not dropped: ${String(error)}`));
      if (redisUrl) await deleteRedisKeys(redisUrl, prefix).catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Polls `GET /readyz` until it answers 200; fails when the process exits first or the deadline passes. */
async function waitUntilReady(url: string, exited: Promise<number | null>, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone: number | null | undefined;
  void exited.then((code) => (gone = code));
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(`the server exited (code ${gone}) before it was ready:\n${output()}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = String(error);
    }
    // Not a synchronisation sleep: the poll interval of a readiness check bounded by the deadline.
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), exited]);
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS} ms (last: ${last}):\n${output()}`);
}

/** A port nothing listens on right now: bound on 127.0.0.1, then released. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
