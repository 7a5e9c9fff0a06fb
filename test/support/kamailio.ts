import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freeUdpTcpPort } from './baresip.js';

const KAMAILIO = process.env.KAMAILIO_BIN ?? '/usr/sbin/kamailio';
const MODULES = process.env.KAMAILIO_MODULES ?? '/usr/lib/x86_64-linux-gnu/kamailio/modules';
const CONFIG = path.resolve('deploy/kamailio/kamailio.cfg');
const OUTPUT_LINES = 400;

/** Debian's Kamailio running deploy/kamailio/kamailio.cfg on 127.0.0.1 (docs/operations/kamailio.md). */
export interface KamailioProxy {
  /** Its SIP port (UDP) on 127.0.0.1. */
  readonly port: number;
  /** Its log lines (stderr), newest last. */
  readonly lines: string[];
  output(): string;
  close(): Promise<void>;
}

export interface KamailioOptions {
  /** The instances' SIP addresses (`127.0.0.1:5071`), written as dispatcher.list. */
  instances: string[];
  /** Seconds between OPTIONS probes; the test's is short so a killed instance is seen quickly. */
  pingIntervalSeconds?: number;
  /** Failed probes before an instance is taken out. */
  probingThreshold?: number;
  /** How long an instance may stay silent on a probe or an INVITE (ms). */
  frTimerMs?: number;
}

/**
 * Starts Kamailio in the foreground (`-DD -E`) on a free port, with the repository's own
 * kamailio.cfg: the listen address, the list and the probing given as `-A` defines, exactly as the
 * deployment page says an operator may. Resolves once it has bound its port.
 */
export async function startKamailio(options: KamailioOptions): Promise<KamailioProxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-kamailio-'));
  const list = path.join(dir, 'dispatcher.list');
  await writeFile(list, options.instances.map((address, i) => `1 sip:${address} 0 0 duid=switchboard-${i + 1}\n`).join(''));
  const port = await freeUdpTcpPort();
  const lines: string[] = [];
  const proc: ChildProcess = spawn(KAMAILIO, [
    '-f', CONFIG, '-DD', '-E', '-L', MODULES, '-Y', dir, '-w', dir, '-m', '64', '-M', '8',
    '-A', `LISTEN=udp:127.0.0.1:${port}`,
    '-A', `DISPATCHER_LIST="${list}"`,
    '-A', `DS_PING_INTERVAL=${options.pingIntervalSeconds ?? 1}`,
    '-A', `DS_PROBING_THRESHOLD=${options.probingThreshold ?? 1}`,
    '-A', `FR_TIMER_MS=${options.frTimerMs ?? 1000}`,
  ], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  let partial = '';
  const record = (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter((l) => l.trim()));
    lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES));
  };
  proc.stdout!.on('data', record);
  proc.stderr!.on('data', record);
  const output = () => lines.join('\n');
  // Ready once it answers an OPTIONS of its own (kamailio.cfg answers those itself).
  let gone: number | null | undefined;
  void exited.then((code) => { gone = code; });
  const deadline = Date.now() + 20_000;
  while (!(await answersOptions(port))) {
    if (gone !== undefined) throw new Error(`kamailio exited (code ${gone}) before it was ready:\n${output()}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`kamailio did not answer OPTIONS within 20 s:\n${output()}`);
    }
  }
  return {
    port, lines, output,
    async close() {
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Sends one OPTIONS to 127.0.0.1:`port`; true when a 200 comes back within 300 ms. */
async function answersOptions(port: number): Promise<boolean> {
  const socket = createSocket('udp4');
  try {
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const local = socket.address().port;
    const id = randomBytes(6).toString('hex');
    const message = [
      `OPTIONS sip:127.0.0.1:${port} SIP/2.0`, `Via: SIP/2.0/UDP 127.0.0.1:${local};branch=z9hG4bK${id};rport`, 'Max-Forwards: 70',
      `From: <sip:probe@127.0.0.1>;tag=${id}`, `To: <sip:127.0.0.1:${port}>`, `Call-ID: ${id}@127.0.0.1`, 'CSeq: 1 OPTIONS', 'Content-Length: 0', '', '',
    ].join('\r\n');
    const answered = new Promise<boolean>((resolve) => {
      socket.on('message', (data) => resolve(data.toString().startsWith('SIP/2.0 200')));
      setTimeout(() => resolve(false), 300);
    });
    socket.send(message, port, '127.0.0.1');
    return await answered;
  } finally {
    socket.close();
  }
}
