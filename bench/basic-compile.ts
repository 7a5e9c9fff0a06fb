/**
 * The compile benchmark (docs/basic.md, "Performance"): parse + AST + compile of the generated
 * 1,000-line support bot (basic-script.ts), timed two ways. Cold is a process's first compile,
 * with the JIT not yet warm; steady is what a running server sees, since it compiles many
 * scripts and recompiles them when they change. The 50 ms target is for the steady state.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { builtInterpreter } from './built.js';
import { realisticScript } from './basic-script.js';

/** Fresh processes timed for the cold compile (their median is printed). */
const COLD_PROCESSES = 5;
/** Compiles before the steady state is timed: enough for the JIT to settle. */
const WARM_UP = 20;
const STEADY_RUNS = 30;

export interface CompileTimes {
  cold: { wallMs: number; cpuMs: number };
  /** Medians of the timed runs after the warm-up. */
  steady: { wallMs: number; cpuMs: number };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The first compile of a fresh process (basic-compile-cold.ts), as that process measured it. */
function coldCompile(): Promise<{ wallMs: number; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/basic-compile-cold.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as { wallMs: number; cpuMs: number });
      else reject(new Error(`the cold compile process exited with ${String(code)}`));
    });
  });
}

type LoadScript = Awaited<ReturnType<typeof builtInterpreter>>['loadScript'];

function compileOnce(loadScript: LoadScript, source: string): void {
  const result = loadScript(source, 'support.bas');
  if (!result.ok) throw new Error(result.errors.join('\n'));
}

/**
 * Wall and CPU time of the steady state. CPU time (process.cpuUsage, all of the process's
 * threads, so the garbage collector's helpers count too) says more than wall time on a machine
 * other work shares: waiting for a core is not counted.
 */
function steadyCompile(loadScript: LoadScript, source: string): { wallMs: number; cpuMs: number } {
  for (let i = 0; i < WARM_UP; i++) compileOnce(loadScript, source);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < STEADY_RUNS; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    compileOnce(loadScript, source);
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wallMs: median(wall), cpuMs: median(cpu) };
}

export async function compileTimes(): Promise<CompileTimes> {
  const colds: { wallMs: number; cpuMs: number }[] = [];
  for (let i = 0; i < COLD_PROCESSES; i++) colds.push(await coldCompile());
  const cold = { wallMs: median(colds.map((c) => c.wallMs)), cpuMs: median(colds.map((c) => c.cpuMs)) };
  const { loadScript } = await builtInterpreter();
  return { cold, steady: steadyCompile(loadScript, realisticScript(1000)) };
}

/** The benchmark's lines of output. */
export function describeCompileTimes({ cold, steady }: CompileTimes): string {
  return [
    `Compile (parse + AST + compile) of a 1,000-line bot script:`,
    `  steady state: ${steady.wallMs.toFixed(1)} ms wall, ${steady.cpuMs.toFixed(1)} ms CPU ` +
      `(medians of ${STEADY_RUNS} after ${WARM_UP} warm-up compiles; target < 50 ms);`,
    `  cold: ${cold.wallMs.toFixed(1)} ms wall, ${cold.cpuMs.toFixed(1)} ms CPU ` +
      `(a process's first compile, median of ${COLD_PROCESSES} fresh processes).`,
  ].join('\n');
}
