/**
 * Run in a fresh process by the compile benchmark (basic-compile.ts): times the process's first
 * compile of the benchmark script, before the JIT has seen any, and prints it as JSON.
 */
import { performance } from 'node:perf_hooks';
import { builtInterpreter } from './built.js';
import { realisticScript } from './basic-script.js';

const { loadScript } = await builtInterpreter();
const source = realisticScript(1000);
const cpu = process.cpuUsage();
const start = performance.now();
const result = loadScript(source, 'support.bas');
const wallMs = performance.now() - start;
const used = process.cpuUsage(cpu);
if (!result.ok) throw new Error(result.errors.join('\n'));
console.log(JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000 }));
