import { spawn } from 'node:child_process';
import { appendFile, cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { Session, type Profiler } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CompiledScript, DialogState, EffectHost, ScriptLibrary, TurnResult } from '../basic-interpreter/index.js';
import type * as Main from '../app/main.js';
import type * as Config from '../config/index.js';
import type * as Logger from '../infra/logger.js';
import { compileTimes, describeCompileTimes } from './basic-compile.js';
import { builtInterpreter, importBuilt } from './built.js';
import { ensureBuilt } from './ensure-build.js';

/**
 * The BASIC interpreter's numbers (targets in docs/basic.md, "Performance"):
 * 1. Compile time (parse + AST + compile) of a generated 1,000-line script shaped like real bots,
 *    cold and in the steady state (basic-compile.ts). Target: under 50 ms in the steady state.
 * 2. The VM's time per turn of the default bot answering its menu (the turn the pipeline benchmark
 *    sends), with in-memory stores, the state going through JSON between turns as in the server.
 * 3. The VM's share of a web turn's CPU: the server runs here on the embedded database, a child
 *    process sends the same menu turns over HTTP, and the server is CPU-profiled; samples with
 *    interpreter code on the stack count for the interpreter. Target: under 5%.
 * 4. For reference, the VM against plain JavaScript on tight loops: a register VM interprets
 *    every instruction, so loops cost more than in JS; bot turns wait on people and services.
 */

/** The built interpreter (bench/built.ts), loaded by `run` once the build is up to date. */
let basic: Awaited<ReturnType<typeof builtInterpreter>>;

/** Median of `rounds` timings after one warm-up, in milliseconds. */
async function median(fn: () => unknown, rounds: number): Promise<number> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

function compile(source: string, file: string): CompiledScript {
  const result = basic.loadScript(source, file);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.script;
}

// ---------------------------------------------------------------- 2. the VM per turn

/** The default bot's dialogs, compiled as the server compiles them. */
async function defaultBot(): Promise<ScriptLibrary> {
  const dir = path.resolve('bots/default.gbai/default.gbdialog');
  const scripts = new Map<string, CompiledScript>();
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.bas'))) {
    const script = compile(await readFile(path.join(dir, file), 'utf8'), path.join(dir, file));
    scripts.set(script.name, script);
  }
  return { get: (name) => scripts.get(name) };
}

/** Data and memory in memory; the effects of a conversation answered as a quiet server would. */
function benchHost(): EffectHost {
  const data = basic.createInMemoryBotData();
  return basic.createStandardHost({
    tables: data.tables('bench'),
    botMemory: data.botMemory('bench'),
    userMemory: data.userMemory('bench', 'visitor'),
    http: () => Promise.reject(new Error('no HTTP in this benchmark')),
    conversation: async () => null,
  });
}

/** Median VM time of one menu turn of the default bot, in microseconds. */
async function defaultBotTurn(): Promise<number> {
  const library = await defaultBot();
  const host = benchHost();
  const variables = { company: 'Switchboard', user_name: 'Ana' };
  const waiting = (result: TurnResult): DialogState => {
    if (result.status !== 'waiting') throw new Error(`the default bot ended its turn with ${result.status}: ${JSON.stringify(result)}`);
    return result.state;
  };
  // The server keeps the state as JSON in the session row; each turn reads it back.
  let saved = JSON.stringify(waiting(await basic.startDialog({ library, host, entry: 'start', variables })));
  const turn = async () => {
    const result = await basic.resumeDialog({ library, host, state: JSON.parse(saved) as DialogState, input: 'Opening hours' });
    saved = JSON.stringify(waiting(result));
  };
  const turns = 200;
  const batch = await median(async () => {
    for (let i = 0; i < turns; i++) await turn();
  }, 9);
  return (batch / turns) * 1000;
}

// ---------------------------------------------------------------- 3. the VM's share of a web turn

const WEB_CLIENTS = 8;
const WEB_TURNS = Number(process.env.BENCH_WEB_TURNS ?? 1_000);
/**
 * The profiler's sampling interval, µs, and the profiled windows of WEB_TURNS turns whose median
 * is printed. With V8's default (1 ms) and one window of 400 turns, about 40 samples were the
 * interpreter's, and the share swung between 3% and 6% from run to run on the shared machine.
 */
const SAMPLING_INTERVAL_US = 100;
const WEB_WINDOWS = 3;

/**
 * The load generator, run as a separate process so the profile holds only the server: each
 * client starts a dialog, then answers its menu until `turns` menu turns are done in all.
 */
const LOAD = `
const [url, clients, turns] = [process.env.URL, Number(process.env.CLIENTS), Number(process.env.TURNS)];
const post = async (body) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(res.status + ' ' + await res.text());
  return res.json();
};
let left = turns;
await Promise.all(Array.from({ length: clients }, async () => {
  let { session_token } = await post({ text: 'hi' });
  while (left-- > 0) ({ session_token } = await post({ text: 'Opening hours', session_token }));
}));
`;

function sendTurns(url: string, turns: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', LOAD], {
      env: { ...process.env, URL: url, CLIENTS: String(WEB_CLIENTS), TURNS: String(turns) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`load generator exited with ${code}`))));
  });
}

/** Share of the server's busy CPU samples that have interpreter code on the stack. */
function interpreterShare(profile: Profiler.Profile): { share: number; busyMs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const inInterpreter = new Map<number, boolean>();
  const interpreterOnStack = (id: number): boolean => {
    const known = inInterpreter.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const up = parent.get(id);
    const result = node.callFrame.url.includes('/basic-interpreter/') || (up !== undefined && interpreterOnStack(up));
    inInterpreter.set(id, result);
    return result;
  };
  let busy = 0;
  let interpreter = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const dt = profile.timeDeltas?.[i] ?? 0;
    if (byId.get(id)?.callFrame.functionName === '(idle)') return;
    busy += dt;
    if (interpreterOnStack(id)) interpreter += dt;
  });
  return { share: busy === 0 ? 0 : interpreter / busy, busyMs: busy / 1000 };
}

async function webTurnShare(): Promise<{ share: number; cpuPerTurnMs: number; database: string }> {
  const [{ startService }, { readProcessSettings }, { createLogger }] = await Promise.all([
    importBuilt<typeof Main>('app/main.js'),
    importBuilt<typeof Config>('config/index.js'),
    importBuilt<typeof Logger>('infra/logger.js'),
  ]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-bench-basic-'));
  const botsDir = path.join(dataDir, 'bots');
  await cp(path.resolve('bots/default.gbai'), path.join(botsDir, 'default.gbai'), { recursive: true });
  await appendFile(path.join(botsDir, 'default.gbai/default.gbot/config.csv'), '\nweb-rate-limit,1000000000\n');
  const settings = readProcessSettings({
    ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, BOTS_DIR: botsDir, ADMIN_PASSWORD: 'bench-password',
  });
  const service = await startService(settings, createLogger({ level: 'silent' }));
  const session = new Session();
  try {
    const url = `${service.url}/api/channels/web/default/messages`;
    await sendTurns(url, 100); // warm-up
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    const windows: { share: number; busyMs: number }[] = [];
    for (let i = 0; i < WEB_WINDOWS; i++) {
      await session.post('Profiler.start');
      await sendTurns(url, WEB_TURNS);
      const { profile } = await session.post('Profiler.stop');
      windows.push(interpreterShare(profile));
    }
    const { share, busyMs } = windows.sort((a, b) => a.share - b.share)[Math.floor(WEB_WINDOWS / 2)]!;
    return { share, cpuPerTurnMs: busyMs / (WEB_TURNS + WEB_CLIENTS), database: service.database.kind };
  } finally {
    session.disconnect();
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- 4. VM against plain JS

const N = 200_000;

const CASES: { name: string; basic: string; js: () => unknown }[] = [
  {
    name: 'loop',
    basic: `total = 0\nFOR i = 1 TO ${N}\n  total = total + i\nNEXT\nRETURN total`,
    js: () => { let total = 0; for (let i = 1; i <= N; i++) total = total + i; return total; },
  },
  {
    name: 'arithmetic',
    basic: `x = 7\nFOR i = 1 TO ${N}\n  x = (x * 31 + i) MOD 1000003\n  y = x / 3 - i * 2\nNEXT\nRETURN x + y`,
    js: () => { let x = 7; let y = 0; for (let i = 1; i <= N; i++) { x = (x * 31 + i) % 1000003; y = x / 3 - i * 2; } return x + y; },
  },
  {
    name: 'string-building',
    basic: `s = ""\nFOR i = 1 TO ${N}\n  s = s & "x"\nNEXT\nRETURN LEN(s)`,
    js: () => { let s = ''; for (let i = 1; i <= N; i++) s = s + 'x'; return s.length; },
  },
  {
    name: 'function-call',
    basic: `total = 0\nFOR i = 1 TO ${N}\n  total = add(total, i)\nNEXT\nRETURN total\nFUNCTION add(a, b)\n  RETURN a + b\nEND FUNCTION`,
    js: () => { const add = (a: number, b: number) => a + b; let total = 0; for (let i = 1; i <= N; i++) total = add(total, i); return total; },
  },
];

const noEffects: EffectHost = { perform: () => Promise.reject(new Error('no effects in benchmarks')) };

async function runVm(script: CompiledScript): Promise<unknown> {
  const result = await basic.startDialog({
    library: { get: (name) => (name === script.name ? script : undefined) },
    host: noEffects,
    entry: script.name,
    limits: { maxSteps: 1e9, maxWallMs: 600_000 },
  });
  if (result.status !== 'done') throw new Error(`benchmark script ended with ${result.status}: ${JSON.stringify(result)}`);
  return result.value;
}

export async function run(): Promise<void> {
  ensureBuilt();
  basic = await builtInterpreter();
  console.log(describeCompileTimes(await compileTimes()));

  const turnUs = await defaultBotTurn();
  console.log(`VM time of one default-bot menu turn (state through JSON, in-memory stores): ${turnUs.toFixed(0)} µs (median).`);
  const web = await webTurnShare();
  console.log(
    `Interpreter share of a web turn's server CPU (default bot, ${web.database}, median of ${WEB_WINDOWS} windows of ${WEB_TURNS} menu turns from ${WEB_CLIENTS} clients): ` +
      `${(web.share * 100).toFixed(1)}% of ${web.cpuPerTurnMs.toFixed(2)} ms per turn (target < 5%).\n`,
  );

  console.log(`VM against plain JavaScript, ${N.toLocaleString('en')} iterations, median of 7 runs after a warm-up:\n`);
  console.log('| case | VM (ms) | plain JS (ms) | VM / JS |');
  console.log('|---|---:|---:|---:|');
  for (const c of CASES) {
    const script = compile(c.basic, `${c.name.replace('-', '_')}.bas`);
    const vmValue = await runVm(script);
    const jsValue = c.js();
    if (vmValue !== jsValue) throw new Error(`${c.name}: VM gave ${String(vmValue)}, JS gave ${String(jsValue)}`);
    const vm = await median(() => runVm(script), 7);
    const js = await median(c.js, 7);
    console.log(`| ${c.name} | ${vm.toFixed(2)} | ${js.toFixed(3)} | ${(vm / js).toFixed(1)}× |`);
  }
}
