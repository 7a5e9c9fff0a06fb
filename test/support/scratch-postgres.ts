import { execFile } from 'node:child_process';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './child-server.js';

const run = promisify(execFile);

/** Where Debian puts the server's programs; PG_BIN overrides it on another layout. */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** How long a start or stop may take before the suite gives up (crash recovery after `kill()` included). */
const PG_CTL_TIMEOUT_S = 60;

/**
 * A PostgreSQL server of the test's own, for fault tests that stop and kill it (docs/operations/
 * high-availability.md, "Faults"): never the shared server on 5432. Initialised in a temp folder,
 * on a free port of 127.0.0.1 with its socket in that folder, fsync off (its data is thrown away).
 * As root (CI) it runs as the `postgres` user through `runuser`, since PostgreSQL refuses root.
 */
export interface ScratchPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: trust authentication, the same on every start. */
  readonly url: string;
  readonly port: number;
  /** Starts the server (again) on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** A clean fast shutdown (`pg_ctl stop -m fast`): sessions are ended with 57P01, then the port refuses. */
  stop(): Promise<void>;
  /** SIGKILL to the postmaster, as a crash: the next `start()` runs crash recovery. */
  kill(): Promise<void>;
  /** Stops the server if it runs and removes its folder. */
  dispose(): Promise<void>;
}

/** Initialises and starts a scratch server; `dispose()` removes it. */
export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-scratch-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = await postgresIds();
    await chown(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  // Every program runs in the folder it owns: as `postgres`, the caller's working directory may be unreadable.
  const pg = (program: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, program), ...args]] : [path.join(PG_BIN, program), args];
    return run(file, argv, { cwd: dir, timeout: (PG_CTL_TIMEOUT_S + 10) * 1000 });
  };
  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off',
  ].join(' ');

  let running = false;
  const server: ScratchPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      // After a kill, the old backends may still hold the shared memory for a moment: the start is tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          await pg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', String(PG_CTL_TIMEOUT_S), 'start']);
          running = true;
          return;
        } catch (error) {
          if (attempt >= 5) throw new Error(`scratch PostgreSQL did not start: ${String(error)}\n${await readFile(path.join(dir, 'log'), 'utf8').catch(() => '')}`, { cause: error });
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        }
      }
    },
    async stop() {
      if (!running) return;
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', String(PG_CTL_TIMEOUT_S), 'stop']);
      running = false;
    },
    async kill() {
      const pid = Number((await readFile(path.join(data, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
      running = false;
    },
    async dispose() {
      await server.stop().catch(() => server.kill().catch(() => undefined));
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
