/**
 * A real SIP phone for the call tests: Debian's baresip 1.0.0 (`apt-get install baresip`) in its
 * own config directory, with no sound card. It speaks WAV files and records what it hears, and
 * is driven over its `ctrl_tcp` module: netstring-framed JSON commands on a TCP port of ours,
 * answered by token, with the call's events (CALL_ESTABLISHED, CALL_CLOSED, CALL_DTMF_START…)
 * pushed on the same connection. That beats the stdin UIs (`stdio`, `cons`): every command gets
 * an answer to wait for, and events come as data rather than terminal text to scrape.
 *
 * How baresip 1.0.0 is set up here, and why:
 * - Audio out: `audio_source aufile,<wav>` — 8 kHz mono 16-bit files only (the `ausrc_srate`).
 *   `aufile` ends the call (the `menu` module hangs up on the source's "end of file" error) when
 *   its file runs out, so every file it plays is padded with silence to `maxCallSeconds`.
 * - Audio in: 1.0.0's `aufile` has no player. The `sndfile` filter dumps the decoded audio of
 *   each call (`<snd_path>/dump-<time>-dec.wav`) as packets arrive; the player is a silent
 *   `aubridge` device that nothing reads. So the recording holds what arrived over RTP: it has no
 *   samples for stretches when the far end sent no packets.
 * - Key presses: `sndcode` sends RFC 4733 telephone-events (baresip 1.0.0 cannot send SIP INFO
 *   digits); it queues them and sends each for ~180 ms, ~240 ms apart.
 * - No STUN/ICE/NAT modules are loaded; SIP listens on UDP and TCP on one port of 127.0.0.1 (and,
 *   with `tls`, TLS on the port above it: baresip 1.0.0 puts it there).
 * - SRTP: `mediaenc` loads the `srtp` module and sets the account's `mediaenc`; a call whose SRTP
 *   cannot be agreed is refused by baresip itself.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CALL_SAMPLE_RATE, soundMs } from './call-audio.js';

const run = promisify(execFile);
const BARESIP = process.env.BARESIP_BIN ?? '/usr/bin/baresip';
const MODULES = process.env.BARESIP_MODULES ?? '/usr/lib/baresip/modules';
/** How many lines of baresip's output and events are kept for failure messages. */
const EVENT_LINES = 400;

export interface BaresipOptions {
  /** The user part of the caller's address (`From: <sip:USER@127.0.0.1>`), e.g. a phone number. Default `caller`. */
  user?: string;
  /** The caller's name, sent as the From's display name (`From: "NAME" <sip:…>`), as a trunk passes a caller's name on. */
  displayName?: string;
  /** What it says from the start of each call (any WAV; converted to 8 kHz mono). Default: silence. */
  playWav?: string;
  /** Codecs offered, in order. Default PCMU then PCMA. */
  codecs?: ('PCMU' | 'PCMA')[];
  /** Transport for requests whose URI names none. Default `udp`; a dial URI's `;transport=` wins. */
  transport?: 'udp' | 'tcp';
  /** RTP ports to pick from on 127.0.0.1 (baresip picks at random and retries a busy one). Default 30000–39999. */
  rtpPorts?: { min: number; max: number };
  /** SIP over TLS: the CA file (PEM) it trusts; a dial URI with `;transport=tls` then goes over TLS. Its own TLS listener is on `sipPort + 1`. */
  tls?: { caFile: string };
  /** SRTP with SDES (its srtp module): `srtp` offers keys on RTP/AVP (best effort), `srtp-mand` offers RTP/SAVP only. */
  mediaenc?: 'srtp' | 'srtp-mand';
  /** `auto`: answer incoming calls at once (a far end for tests). Default `manual` (incoming calls ring unanswered). */
  answerMode?: 'manual' | 'auto';
  /** How long a played WAV keeps the call up before the source runs dry (silence padding). Default 120 s. */
  maxCallSeconds?: number;
  /**
   * A video phone: its `fakevideo` camera (a moving test picture) encoded as VP8 (`vp8` module),
   * offered on an m=video line beside the audio; what it receives goes to fakevideo's display,
   * which shows nothing; `snapshotReceived` saves the next frame it decodes (`snapshot` module).
   */
  video?: boolean;
}

/** A refused or failed call: the SIP status when there was one (403, 486…), and baresip's reason text. */
export class CallFailedError extends Error {
  constructor(readonly status: number | undefined, readonly reason: string, events: string[]) {
    super(`call failed: ${reason}\n${events.slice(-30).join('\n')}`);
    this.name = 'CallFailedError';
  }
}

export interface BaresipCaller {
  /** The SIP port it listens on (UDP and TCP), on 127.0.0.1. */
  readonly sipPort: number;
  /** Its address as a SIP URI, for calling it: `sip:USER@127.0.0.1:PORT`. */
  readonly uri: string;
  /** Places a call (`sip:+15550100@127.0.0.1:5070;transport=udp`); resolves when answered, rejects with CallFailedError (e.g. status 403, 486). */
  dial(uri: string, options?: { timeoutMs?: number }): Promise<void>;
  /** Answers a call ringing in (answer mode manual); resolves when established. */
  answer(options?: { timeoutMs?: number }): Promise<void>;
  /** Sends key presses (0-9, *, #, A-D) as RFC 4733 events, one after another; resolves once baresip has queued them. */
  sendDigits(digits: string): Promise<void>;
  /** From now on the call speaks this WAV (any WAV; converted, then silence until `maxCallSeconds`). Applies to later calls too. */
  play(wavPath: string): Promise<void>;
  /**
   * With `video`: resolves to the PNG of a video frame baresip decoded from the far end (its
   * `snapshot_recv` command, asked again until a frame comes), or rejects after `timeoutMs`.
   */
  snapshotReceived(options?: { timeoutMs?: number }): Promise<string>;
  /** Ends the current call; resolves once it is closed. */
  hangUp(): Promise<void>;
  /** Resolves when the current (or last) call is closed, with baresip's reason (`Connection reset by peer` when the far end hung up). */
  waitForClosed(options?: { timeoutMs?: number }): Promise<{ reason: string }>;
  /** Resolves when a call is established: an incoming one it answered itself (answer mode auto), or the outgoing one. */
  waitForEstablished(options?: { timeoutMs?: number }): Promise<void>;
  /** Resolves once the far end's key presses received during the current call include `digits`. */
  waitForDigits(digits: string, options?: { timeoutMs?: number }): Promise<void>;
  /**
   * Resolves once the current call's recording holds `minMs` of sound (20 ms frames above
   * call-audio's threshold): "the greeting was heard". Checks the growing file every 100 ms.
   */
  waitForSound(minMs: number, options?: { timeoutMs?: number; threshold?: number }): Promise<void>;
  /** Key presses received (RFC 4733 or SIP INFO) during the current or last call. */
  readonly digitsReceived: string;
  /** What it heard in the current or last call (8 kHz mono WAV; during a call, still being written). */
  readonly recordingPath: string;
  /** Its events and log lines, newest last, for failure messages. */
  readonly events: string[];
  /** Stops baresip (quit, then SIGKILL if it lingers) and removes its directory. */
  close(): Promise<void>;
}

interface BaresipEvent {
  event?: boolean;
  type?: string;
  param?: string;
  direction?: string;
  response?: boolean;
  ok?: boolean;
  data?: string;
  token?: string;
}

/** Starts a baresip user agent on 127.0.0.1 with a private config; resolves once its control port answers. */
export async function startBaresipCaller(options: BaresipOptions = {}): Promise<BaresipCaller> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-baresip-'));
  const heardDir = path.join(dir, 'heard');
  await mkdir(heardDir);
  const maxCallSeconds = options.maxCallSeconds ?? 120;
  const user = options.user ?? 'caller';
  let played = 0;
  const padded = async (wavPath: string | undefined): Promise<string> => {
    const out = path.join(dir, `play-${++played}.wav`);
    // Silence after the clip: aufile's end of file would end the call (see the header).
    const input = wavPath ? [wavPath] : ['-n'];
    const effects = wavPath ? ['pad', '0', String(maxCallSeconds)] : ['trim', '0', String(maxCallSeconds)];
    await run('sox', [...input, '-r', String(CALL_SAMPLE_RATE), '-c', '1', '-b', '16', '-e', 'signed-integer', out, ...effects]);
    return out;
  };
  const firstSource = await padded(options.playWav);

  const events: string[] = [];
  const note = (line: string) => {
    if (!line.trim()) return;
    events.push(line);
    if (events.length > EVENT_LINES) events.splice(0, events.length - EVENT_LINES);
    if (process.env.BARESIP_DEBUG) process.stderr.write(`[baresip ${user}] ${line}\n`);
  };
  // The ports are free when picked, not reserved: if one is taken before baresip binds it, it exits; pick again.
  let launched: Launched | undefined;
  for (let attempt = 1; !launched; attempt++) {
    try {
      launched = await launch(dir, { ...options, user, source: firstSource, heardDir }, note, events);
    } catch (error) {
      if (attempt >= 3 || (error as { code?: string }).code === 'ENOENT') {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const { child, exited, control, sipPort } = launched;

  // The call's state, updated by the events.
  let calls = 0;
  let state: 'idle' | 'calling' | 'ringing' | 'established' | 'closed' = 'idle';
  let closeReason = '';
  let digits = '';
  let recording: string | undefined;
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((check) => check());
  const waitUntil = <T>(what: string, timeoutMs: number, check: () => T | undefined): Promise<T> => new Promise((resolve, reject) => {
    const attempt = () => {
      let value: T | undefined;
      try {
        value = check();
      } catch (error) {
        done();
        reject(error as Error);
        return;
      }
      if (value !== undefined) {
        done();
        resolve(value);
      }
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`baresip (${user}): no ${what} within ${timeoutMs} ms\n${events.slice(-30).join('\n')}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      waiters.delete(attempt);
    };
    waiters.add(attempt);
    attempt();
  });

  const pending = new Map<string, (answer: BaresipEvent) => void>();
  let tokens = 0;
  let closing: Promise<void> = Promise.resolve();
  control.onMessage((message) => {
    if (message.response && message.token) {
      pending.get(message.token)?.(message);
      pending.delete(message.token);
      return;
    }
    if (!message.event || !message.type) return;
    if (!['CALL_RTCP', 'CALL_LOCAL_SDP', 'CALL_REMOTE_SDP'].includes(message.type)) note(`event ${message.type}${message.param ? ` ${message.param}` : ''}`);
    switch (message.type) {
      case 'CALL_INCOMING':
        digits = '';
        state = 'ringing';
        break;
      case 'CALL_ESTABLISHED':
        state = 'established';
        break;
      case 'CALL_DTMF_START':
        digits += message.param ?? '';
        break;
      case 'CALL_CLOSED': {
        // Set the recording aside before anyone learns the call closed, so a next call starts a new one.
        // One at a time: a transferred call closes two calls in a row, and both would take the same file.
        const n = ++calls;
        closing = closing.then(() => keepRecording(n)).then((kept) => {
          recording = kept;
          closeReason = message.param ?? '';
          state = 'closed';
          changed();
        });
        return;
      }
      default:
        break;
    }
    changed();
  });
  const keepRecording = async (n: number): Promise<string | undefined> => {
    const live = liveRecording();
    if (!live) return undefined;
    const kept = path.join(dir, `heard-${n}.wav`);
    await rename(live, kept);
    // libsndfile writes the data length on close, just after the event: wait a little for it.
    for (let i = 0; i < 25 && !(await headerFinished(kept)); i++) await delay(20);
    return kept;
  };
  const liveRecording = () => {
    const dump = readdirSync(heardDir).filter((name) => name.endsWith('-dec.wav')).sort().at(-1);
    return dump ? path.join(heardDir, dump) : undefined;
  };
  // If baresip dies, whoever waits learns it now rather than at a timeout.
  void exited.then(() => {
    note(`baresip exited (code ${child.exitCode})`);
    pending.forEach((answer) => answer({ response: true, ok: false, data: 'baresip exited' }));
    pending.clear();
    if (state !== 'idle' && state !== 'closed') {
      closeReason = 'baresip exited';
      state = 'closed';
    }
    changed();
  });
  const command = (name: string, params?: string): Promise<BaresipEvent> => new Promise((resolve, reject) => {
    if (child.exitCode !== null) {
      reject(new Error(`baresip ${name}: baresip has exited\n${events.slice(-30).join('\n')}`));
      return;
    }
    const token = `t${++tokens}`;
    pending.set(token, (answer) => (answer.ok ? resolve(answer) : reject(new Error(`baresip ${name} ${params ?? ''}: ${answer.data ?? 'failed'}`))));
    note(`command ${name}${params ? ` ${params}` : ''}`);
    control.send({ command: name, ...(params === undefined ? {} : { params }), token });
  });

  const caller: BaresipCaller = {
    sipPort,
    uri: `sip:${user}@127.0.0.1:${sipPort}`,
    async dial(uri, dialOptions = {}) {
      await closing;
      if (state === 'calling' || state === 'ringing' || state === 'established') throw new Error(`baresip (${user}): a call is already up`);
      digits = '';
      state = 'calling';
      await command('dial', uri);
      await waitUntil('answer', dialOptions.timeoutMs ?? 20_000, () => {
        if (state === 'established') return true;
        if (state === 'closed') throw new CallFailedError(statusOf(closeReason), closeReason, events);
        return undefined;
      });
    },
    async answer(answerOptions = {}) {
      await waitUntil('incoming call', answerOptions.timeoutMs ?? 20_000, () => (state === 'ringing' ? true : undefined));
      await command('accept');
      await caller.waitForEstablished(answerOptions);
    },
    async sendDigits(keys) {
      if (!/^[0-9*#A-D]*$/.test(keys)) throw new Error(`not key presses: ${keys}`);
      for (const key of keys) await command('sndcode', key);
    },
    async play(wavPath) {
      await command('ausrc', `aufile,${await padded(wavPath)}`);
    },
    async snapshotReceived(snapshotOptions = {}) {
      const file = path.join(dir, `received-${Date.now()}.png`);
      const deadline = Date.now() + (snapshotOptions.timeoutMs ?? 20_000);
      // The filter saves the next frame decoded after the command; none yet, ask again.
      while (!existsSync(file)) {
        if (Date.now() > deadline) throw new Error(`baresip (${user}): no video frame received\n${events.slice(-30).join('\n')}`);
        await command('snapshot_recv', file);
        await delay(200);
      }
      return file;
    },
    async hangUp() {
      if (state === 'idle' || state === 'closed') return;
      await command('hangup');
      await caller.waitForClosed();
    },
    async waitForClosed(waitOptions = {}) {
      const reason = await waitUntil('closed call', waitOptions.timeoutMs ?? 20_000, () => (state === 'closed' ? closeReason : undefined));
      await closing;
      return { reason };
    },
    async waitForEstablished(waitOptions = {}) {
      await waitUntil('established call', waitOptions.timeoutMs ?? 20_000, () => (state === 'established' ? true : undefined));
    },
    async waitForDigits(expected, waitOptions = {}) {
      await waitUntil(`digits ${expected} (got "${digits}")`, waitOptions.timeoutMs ?? 10_000, () => (digits.includes(expected) ? true : undefined));
    },
    async waitForSound(minMs, soundOptions = {}) {
      const deadline = Date.now() + (soundOptions.timeoutMs ?? 20_000);
      for (;;) {
        const file = caller.recordingPath;
        const heard = existsSync(file) ? await soundMs(file, soundOptions.threshold) : 0;
        if (heard >= minMs) return;
        if (Date.now() > deadline) throw new Error(`baresip (${user}): heard ${heard} ms of sound, not ${minMs}\n${events.slice(-30).join('\n')}`);
        await delay(100);
      }
    },
    get digitsReceived() {
      return digits;
    },
    get recordingPath() {
      const live = state === 'closed' || state === 'idle' ? undefined : liveRecording();
      return live ?? recording ?? path.join(dir, 'heard-none.wav');
    },
    events,
    async close() {
      if (child.exitCode === null) {
        // `quit` ends calls and exits at once; a kill after a second in case it does not.
        const quit = command('quit').catch(() => undefined);
        const killer = setTimeout(() => child.kill('SIGKILL'), 1000);
        await Promise.race([quit.then(() => exited), exited]);
        await exited;
        clearTimeout(killer);
      }
      control.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return caller;
}

interface Launched {
  child: ChildProcess;
  exited: Promise<void>;
  control: ControlConnection;
  sipPort: number;
}

/** Writes the config for two fresh ports, starts baresip and connects to its control port. */
async function launch(
  dir: string,
  options: BaresipOptions & { user: string; source: string; heardDir: string },
  note: (line: string) => void,
  events: string[],
): Promise<Launched> {
  const [sipPort, ctrlPort] = [await freeUdpTcpPort(), await freeUdpTcpPort()];
  const rtp = options.rtpPorts ?? { min: 30000, max: 39999 };
  await writeFile(path.join(dir, 'config'), [
    'poll_method epoll',
    `sip_listen 127.0.0.1:${sipPort}`,
    'net_interface 127.0.0.1', // "lo" is not found by name: baresip looks loopback up by address
    'call_local_timeout 30',
    'call_max_calls 4',
    `audio_source aufile,${options.source}`,
    'audio_player aubridge,heard', // a player nothing reads: the sndfile filter records instead
    'audio_alert aubridge,alert',
    'ausrc_srate 8000', 'auplay_srate 8000', 'ausrc_channels 1', 'auplay_channels 1',
    'audio_buffer 20',
    `rtp_ports ${rtp.min}-${rtp.max}`,
    'rtcp_mux no',
    'jitter_buffer_delay 1-5',
    `module_path ${MODULES}`,
    'module g711.so', 'module aufile.so', 'module aubridge.so', 'module sndfile.so',
    ...(options.mediaenc ? ['module srtp.so'] : []),
    ...(options.video
      ? ['module fakevideo.so', 'module vp8.so', 'module snapshot.so', 'video_source fakevideo,nil', 'video_display fakevideo,nil', 'video_size 320x240', 'video_fps 15', 'video_bitrate 300000']
      : []),
    ...(options.tls ? [`sip_cafile ${options.tls.caFile}`] : []),
    'module_tmp account.so',
    'module_app menu.so', 'module_app ctrl_tcp.so',
    `ctrl_tcp_listen 127.0.0.1:${ctrlPort}`,
    `snd_path ${options.heardDir}`,
    'ringback_disabled yes', 'menu_bell no', 'redial_attempts 0', 'statmode_default off',
    '',
  ].join('\n'));
  const codecs = (options.codecs ?? ['PCMU', 'PCMA']).join(',');
  const transport = options.transport === 'tcp' ? ';transport=tcp' : '';
  const mediaenc = options.mediaenc ? `;mediaenc=${options.mediaenc}` : '';
  const video = options.video ? ';video_codecs=vp8' : '';
  const name = options.displayName ? `"${options.displayName}" ` : '';
  await writeFile(path.join(dir, 'accounts'), `${name}<sip:${options.user}@127.0.0.1${transport}>;answermode=${options.answerMode ?? 'manual'};audio_codecs=${codecs};regint=0;ptime=20${mediaenc}${video}\n`);
  await writeFile(path.join(dir, 'contacts'), '');

  const child = spawn(BARESIP, ['-f', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let spawnError: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      spawnError = error;
      resolve();
    });
  });
  // The status line is redrawn with carriage returns: split on them too.
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => chunk.toString().split(/[\r\n]+/).forEach(note));
  try {
    const control = await connectControl(ctrlPort, () => child.exitCode !== null || spawnError !== undefined, events);
    return { child, exited, control, sipPort };
  } catch (error) {
    if (spawnError) throw Object.assign(new Error(`cannot run ${BARESIP} (apt-get install baresip-core): ${spawnError.message}`), { code: (spawnError as { code?: string }).code });
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
}

/** 486 from baresip's "486 Busy Here"; undefined when the call ended without a SIP status. */
function statusOf(reason: string): number | undefined {
  const match = /^([3-6]\d\d) /.exec(reason);
  return match ? Number(match[1]) : undefined;
}

/** True once a WAV file's data length is filled in (libsndfile leaves 0 until it closes the file). */
async function headerFinished(wavPath: string): Promise<boolean> {
  if (!existsSync(wavPath)) return true;
  const file = await open(wavPath, 'r');
  try {
    const header = Buffer.alloc(44);
    await file.read(header, 0, 44, 0);
    return header.readUInt32LE(4) > 36;
  } finally {
    await file.close();
  }
}

interface ControlConnection {
  send(message: object): void;
  onMessage(handler: (message: BaresipEvent) => void): void;
  close(): void;
}

/** Connects to ctrl_tcp (retrying while baresip starts) and frames its netstrings: `<length>:<json>,`. */
async function connectControl(port: number, died: () => boolean, events: string[]): Promise<ControlConnection> {
  const deadline = Date.now() + 10_000;
  let socket: Socket | undefined;
  while (!socket) {
    socket = await new Promise<Socket | undefined>((resolve) => {
      const attempt = connect(port, '127.0.0.1');
      attempt.once('connect', () => resolve(attempt));
      attempt.once('error', () => resolve(undefined));
    });
    if (socket) break;
    if (died()) throw new Error(`baresip exited before its control port opened\n${events.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`baresip's control port did not open within 10 s\n${events.join('\n')}`);
    await delay(20);
  }
  const open = socket;
  let handler: (message: BaresipEvent) => void = () => undefined;
  let buffer = Buffer.alloc(0);
  open.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const colon = buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(buffer.toString('latin1', 0, colon));
      if (buffer.length < colon + 1 + length + 1) return;
      const json = buffer.toString('utf8', colon + 1, colon + 1 + length);
      buffer = buffer.subarray(colon + 1 + length + 1);
      try {
        handler(JSON.parse(json) as BaresipEvent);
      } catch {
        events.push(`unreadable control message: ${json}`);
      }
    }
  });
  open.on('error', () => undefined);
  return {
    send(message) {
      const json = Buffer.from(JSON.stringify(message));
      open.write(Buffer.concat([Buffer.from(`${json.length}:`), json, Buffer.from(',')]));
    },
    onMessage(next) {
      handler = next;
    },
    close() {
      open.destroy();
    },
  };
}

/** A port free for both UDP and TCP on 127.0.0.1 (baresip's SIP listens on both; cannot listen on 0 and report it). */
export async function freeUdpTcpPort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const udpFree = await new Promise<boolean>((resolve) => {
      const udp = createSocket('udp4');
      udp.once('error', () => resolve(false));
      udp.bind(port, '127.0.0.1', () => udp.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
