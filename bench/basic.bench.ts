import { performance } from 'node:perf_hooks';
import { loadScript, startDialog, type CompiledScript, type EffectHost } from '../basic-interpreter/index.js';

/**
 * The VM against plain JavaScript doing the same work in the same process, and the time to
 * compile a 1,000-line script. Target (issue 3): within 5× of plain JS; the table says what we reach.
 */
const N = 200_000;

interface Case {
  name: string;
  basic: string;
  js: () => unknown;
}

const CASES: Case[] = [
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

function compile(source: string, file: string): CompiledScript {
  const result = loadScript(source, file);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.script;
}

async function runVm(script: CompiledScript): Promise<unknown> {
  const result = await startDialog({
    library: { get: (name) => (name === script.name ? script : undefined) },
    host: noEffects,
    entry: script.name,
    limits: { maxSteps: 1e9, maxWallMs: 600_000 },
  });
  if (result.status !== 'done') throw new Error(`benchmark script ended with ${result.status}: ${JSON.stringify(result)}`);
  return result.value;
}

/** Median of `rounds` timings after one warm-up, in milliseconds. */
async function time(fn: () => unknown, rounds = 7): Promise<number> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

function thousandLineScript(): string {
  const lines: string[] = ['total = 0'];
  // Whole 8-line blocks, then single TALK lines up to exactly 1,000.
  for (let i = 0; lines.length + 8 <= 1000; i++) {
    lines.push(
      `IF total > ${i} THEN`,
      `  total = total - ${i} * 2 + LEN("line ${i}")`,
      'ELSE',
      `  TALK "Item ${i}: \${total}"`,
      'END IF',
      `FOR j${i} = 1 TO 3`,
      `  total = total + j${i}`,
      'NEXT',
    );
  }
  while (lines.length < 1000) lines.push(`TALK "padding \${total}"`);
  return lines.join('\n');
}

export async function run(): Promise<void> {
  console.log(`Each case runs ${N.toLocaleString('en')} iterations; median of 7 runs after a warm-up.\n`);
  console.log('| case | VM (ms) | plain JS (ms) | VM / JS |');
  console.log('|---|---:|---:|---:|');
  for (const c of CASES) {
    const script = compile(c.basic, `${c.name.replace('-', '_')}.bas`);
    const vmValue = await runVm(script);
    const jsValue = c.js();
    if (vmValue !== jsValue) throw new Error(`${c.name}: VM gave ${String(vmValue)}, JS gave ${String(jsValue)}`);
    const vm = await time(() => runVm(script));
    const js = await time(c.js);
    console.log(`| ${c.name} | ${vm.toFixed(2)} | ${js.toFixed(3)} | ${(vm / js).toFixed(1)}× |`);
  }
  const source = thousandLineScript();
  const compileMs = await time(() => compile(source, 'thousand.bas'), 9);
  console.log(`\nCompile (parse + AST + compile) of a 1,000-line script: ${compileMs.toFixed(1)} ms (median of 9).`);
}
