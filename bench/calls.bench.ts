import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freeUdpTcpPort } from '../test/support/baresip.js';
import { createTestBots } from '../test/support/bot-packages.js';
import { createChildServer } from '../test/support/child-server.js';
import { startFakeVoice, type FakeVoice } from '../test/support/fake-voice.js';
import { addPhoneBot } from '../test/support/phone-bot.js';
import { startSipp, type SippResult } from '../test/support/sipp.js';
import { summarizeProfiles } from './pipeline/cpu-profile.js';
import { processCpuMs } from './pipeline/process-cpu.js';
import { LATE_INTERVAL_MS, type StreamSummary } from './calls/stream-summary.js';

/**
 * `npm run bench -- calls`: concurrent phone calls on one instance (docs/performance.md, "Phone calls"). The real server
 * runs as a child process with a bot that talks and listens in a loop; SIPp (Debian's
 * `sip-tester`) places N calls at once; every call's audio goes to one RTP sink process
 * (bench/calls/rtp-sink.ts) that measures the service's packets (interval, sequence gaps) and
 * talks back at 20 ms. Per step: calls established, held to the end, clean (packet interval p99
 * < 30 ms, no lost frame), the intervals across all calls, lost frames, and the server's CPU per
 * call. What the numbers mean and the results: docs/performance.md, "Phone calls".
 *
 * BENCH_CALL_STEPS (default 25,50,100,150,200) concurrent calls per step, BENCH_SECONDS (default
 * 15) each call's length, BENCH_PROFILE=1 to print where the server's CPU went; the server takes
 * SIP_MEDIA_THREAD from the environment (`main` to compare with the default, `worker`). The ramp
 * stops after the first step that breaks.
 */
const STEPS = (process.env.BENCH_CALL_STEPS ?? '25,50,100,150,200').split(',').map(Number).filter((n) => n > 0);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PROFILE = process.env.BENCH_PROFILE === '1';
/** The target (docs/performance.md, "Phone calls"): at least this many concurrent calls per core. */
const TARGET_CALLS_PER_CORE = 100;
const NUMBER = '+15550100';
/** One SIPp per this many calls, each from its own 127/8 address: the service admits 20 INVITEs at once per source, then 5 a second (docs/channels/rtc-sip.md, "Security"). */
const CALLS_PER_SOURCE = 20;
/** New calls a second per SIPp. */
const RATE_PER_SOURCE = 5;
/** The steady part (CPU, steady intervals) runs from this long after the last call is placed to this long before the first hangs up. */
const SETTLE_MS = 2000;

// Talks, then listens; the sink's tone every 5 s is heard as an answer, so the bot keeps playing audio.
const SCRIPT = `
DO WHILE 1 = 1
  TALK "Thank you for calling the benchmark line. This is a long message that keeps the line busy while the caller listens, and then the bot listens in turn."
  HEAR answer
LOOP
`;

/** The sink's answer to `report`: the whole calls, their steady part (every call up), and how late its own timer fired (p99, ms). */
interface SinkReport {
  whole: StreamSummary;
  steady: StreamSummary;
  /** The share of the service's packets that carried sound, not silence: the bot was talking. */
  soundShare: number;
  sinkTimerLateP99: number;
}

interface Sink {
  port: number;
  reset(): Promise<void>;
  /** `from`/`to`: the steady window, epoch ms. */
  report(from: number, to: number): Promise<SinkReport>;
  stop(): void;
}

async function startSink(): Promise<Sink> {
  const script = fileURLToPath(new URL('./calls/rtp-sink.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: Interface = createInterface({ input: child.stdout! });
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  const { port } = JSON.parse(await next()) as { port: number };
  const ask = async (command: string) => {
    const answer = next();
    child.stdin!.write(`${command}\n`);
    return JSON.parse(await answer) as unknown;
  };
  return {
    port,
    reset: async () => void (await ask('reset')),
    report: async (from, to) => (await ask(`report ${from} ${to}`)) as SinkReport,
    stop: () => child.stdin!.end(),
  };
}

interface StepResult {
  calls: number;
  established: number;
  held: number;
  failed: number;
  media: SinkReport;
  /** What the bots did during the step: speech played (TTS requests) and answers heard (transcriptions). */
  spoken: number;
  heard: number;
  /** Server CPU over the steady part of the step, as a share of one core (1 = 100%). */
  cores: number | undefined;
  /** Of which its main thread's: the bots' turns, and the calls' media unless SIP_MEDIA_THREAD=main moved them there. */
  mainCores: number | undefined;
  load: number;
}

const ms = (value: number) => value.toFixed(1);

/** A step holds when every call was set up and held to the end, with steady interval p99 under 30 ms and no lost packet. */
const holds = (r: StepResult) => r.held === r.calls && r.established === r.calls
  && r.media.steady.intervalP99 < LATE_INTERVAL_MS && r.media.whole.lostPackets === 0;

export async function run(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-calls-bench-'));
  const voice = await startFakeVoice({ speechSound: 'tone' });
  voice.transcript = 'yes';
  const bots = await createTestBots('sb-calls-bench-');
  const sink = await startSink();
  let server: Awaited<ReturnType<typeof createChildServer>> | undefined;
  try {
    const trunks = await addPhoneBot(bots, dir, {
      number: NUMBER, voiceUrl: voice.url, script: SCRIPT, keys: { 'sip-max-calls': '10000' }, trunkAddresses: ['127.0.0.0/8'],
    });
    const sipPort = await freeUdpTcpPort();
    const profileDir = PROFILE ? path.join(dir, 'profile') : undefined;
    server = await createChildServer({
      botsDir: bots.dir,
      ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
      env: { SIP_TRUNKS_FILE: trunks, SIP_PORT: String(sipPort), SIP_TCP_PORT: 'off', RTP_PORT_MIN: '30000', RTP_PORT_MAX: '39999' },
    });
    await server.start();
    const scenario = await readFile(fileURLToPath(new URL('./calls/call-to-sink.xml', import.meta.url)), 'utf8');
    const xml = scenario.replaceAll('{{SINK_PORT}}', String(sink.port));
    const idle = await idleCores(server.pid());
    console.log(`${os.cpus().length} cores, ${SECONDS} s calls, server on ${server.drivers} drivers, media on the ${process.env.SIP_MEDIA_THREAD ?? 'worker'} thread (SIP_MEDIA_THREAD), idle server CPU ${idle?.toFixed(3) ?? 'n/a'} cores`);
    console.log('calls | set up | held | clean whole call | interval p50 / p99 / max ms | clean steady | steady p50 / p99 / max ms | lost packets | short frames | server CPU (cores) | main thread CPU (cores) | CPU per call | CPU per call above idle | calls per core | sound share | speech / transcriptions | sink timer p99 late | load');
    const results: StepResult[] = [];
    for (const [index, calls] of STEPS.entries()) {
      const result = await step(index, calls, xml, sipPort, sink, server.pid(), voice);
      results.push(result);
      const { whole, steady } = result.media;
      const perCall = result.cores === undefined ? 'n/a' : `${((result.cores / calls) * 100).toFixed(2)}%`;
      const aboveIdle = result.cores === undefined || idle === undefined ? 'n/a' : `${(((result.cores - idle) / calls) * 100).toFixed(2)}%`;
      const perCore = result.cores ? (calls / result.cores).toFixed(0) : 'n/a';
      const intervals = (m: StreamSummary) => `${ms(m.intervalP50)} / ${ms(m.intervalP99)} / ${ms(m.intervalMax)}`;
      console.log([
        calls, result.established, result.held, whole.clean, intervals(whole), steady.clean, intervals(steady), whole.lostPackets, whole.shortFrames,
        result.cores?.toFixed(2) ?? 'n/a', result.mainCores?.toFixed(2) ?? 'n/a', perCall, aboveIdle, perCore, `${(result.media.soundShare * 100).toFixed(0)}%`, `${result.spoken} / ${result.heard}`, ms(result.media.sinkTimerLateP99), result.load.toFixed(2),
      ].join(' | '));
      // Broken: a call dropped or never set up, or the packet interval p99 of the steady part at 30 ms or over.
      if (!holds(result)) {
        console.log(`stopped: ${calls - result.held} of ${calls} calls not held to the end, steady interval p99 ${ms(steady.intervalP99)} ms`);
        break;
      }
    }
    // The target has two halves: CPU enough for 100 calls a core, and those calls' audio on time.
    const best = results.filter(holds).at(-1);
    const largest = results.at(-1);
    const perCore = largest?.cores ? largest.calls / largest.cores : undefined;
    console.log(`CPU: ${perCore?.toFixed(0) ?? 'n/a'} calls per core of server CPU at ${largest?.calls ?? 0} calls (target ${TARGET_CALLS_PER_CORE}: ${perCore !== undefined && perCore >= TARGET_CALLS_PER_CORE ? 'met' : 'NOT met'})`);
    console.log(`timing: ${best ? `${best.calls} concurrent calls held` : 'no step held all its calls'} with steady p99 under ${LATE_INTERVAL_MS} ms and no lost packet (target ${TARGET_CALLS_PER_CORE}: ${(best?.calls ?? 0) >= TARGET_CALLS_PER_CORE ? 'met' : 'NOT met'})`);
    if (profileDir) {
      await server.stop();
      console.log('server CPU by package or folder (self time, all steps):');
      for (const [where, share] of await summarizeProfiles(profileDir)) console.log(`  ${(share * 100).toFixed(1)}% ${where}`);
    }
  } catch (error) {
    if (server) console.error(server.output());
    throw error;
  } finally {
    sink.stop();
    await server?.dispose();
    await voice.close();
    await bots.remove();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One step: `calls` calls at once for SECONDS, from ceil(calls / 20) SIPps on addresses of their own. */
async function step(index: number, calls: number, xml: string, sipPort: number, sink: Sink, pid: number | undefined, voice: FakeVoice): Promise<StepResult> {
  await sink.reset();
  const requestsBefore = voice.requests.length;
  const sources = Math.ceil(calls / CALLS_PER_SOURCE);
  const callMs = SECONDS * 1000;
  const rampMs = (Math.min(calls, CALLS_PER_SOURCE) / RATE_PER_SOURCE) * 1000;
  const runs = await Promise.all(Array.from({ length: sources }, (_, i) => {
    const count = Math.min(CALLS_PER_SOURCE, calls - i * CALLS_PER_SOURCE);
    return startSipp({
      scenario: { xml }, target: `127.0.0.1:${sipPort}`, sourceAddress: `127.0.${index + 1}.${i + 1}`, service: NUMBER,
      calls: count, concurrent: count, rate: RATE_PER_SOURCE, callMs, timeoutMs: callMs + rampMs + 30_000, traceMessages: false,
    });
  }));
  // CPU over the part of the step where every call is up.
  await delay(rampMs + SETTLE_MS);
  const before = await processCpuMs(pid);
  const steadyFrom = performance.timeOrigin + performance.now();
  await delay(Math.max(1000, callMs - rampMs - 2 * SETTLE_MS));
  const after = await processCpuMs(pid);
  const steadyTo = performance.timeOrigin + performance.now();
  const elapsed = steadyTo - steadyFrom;
  const load = os.loadavg()[0]!;
  const done: SippResult[] = await Promise.all(runs.map((r) => r.done));
  const media = await sink.report(steadyFrom, steadyTo);
  const requests = voice.requests.slice(requestsBefore);
  const count = (field: string) => done.reduce((sum, r) => sum + Number(r.stats[field] ?? 0), 0);
  const failures = done.filter((r) => r.exitCode !== 0).map((r) => r.errors.trim().split('\n').slice(0, 3).join('\n')).filter(Boolean);
  if (failures.length) console.log(`  SIPp errors (first lines): ${failures[0]}`);
  return {
    calls,
    established: media.whole.calls,
    held: count('SuccessfulCall(C)'),
    failed: count('FailedCall(C)'),
    media,
    spoken: requests.filter((r) => r.path === '/v1/audio/speech').length,
    heard: requests.filter((r) => r.path === '/v1/audio/transcriptions').length,
    cores: before && after ? (after.total - before.total) / elapsed : undefined,
    mainCores: before && after ? (after.main - before.main) / elapsed : undefined,
    load,
  };
}

/** The server's CPU with no call, as a share of one core, over 3 s after a 2 s pause. */
async function idleCores(pid: number | undefined): Promise<number | undefined> {
  await delay(2000);
  const before = await processCpuMs(pid);
  const from = performance.now();
  await delay(3000);
  const after = await processCpuMs(pid);
  return before && after ? (after.total - before.total) / (performance.now() - from) : undefined;
}

const delay = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
