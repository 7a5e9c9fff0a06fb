// Sums a SUITE_CPU_LOG (test/support/cpu-accounting-environment.mjs): the run's CPU by tier and
// the costliest suites, so a CI log says where the cores went (docs/performance.md, "CI time").
// Usage: node scripts/suite-cpu.mjs <log> [how many suites, default 25]
import { readFileSync } from 'node:fs';
import console from 'node:console';
import process from 'node:process';

const [file, top = '25'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node scripts/suite-cpu.mjs <log> [top]\n');
  process.exit(2);
}
const rows = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
const cost = (row) => row.cpu_s + row.children_cpu_s;
const seconds = (n) => n.toFixed(0).padStart(7);
const tierOf = (suite) => (suite.startsWith('test/') ? suite.split('/').slice(0, 2).join('/') : 'unit (beside the code)');

const tiers = new Map();
for (const row of rows) {
  const tier = tiers.get(tierOf(row.suite)) ?? { suites: 0, cpu: 0, children: 0, wall: 0 };
  tiers.set(tierOf(row.suite), { suites: tier.suites + 1, cpu: tier.cpu + row.cpu_s, children: tier.children + row.children_cpu_s, wall: tier.wall + row.wall_s });
}
const total = [...tiers.values()].reduce((sum, t) => sum + t.cpu + t.children, 0);
console.log(`${rows.length} suites, ${total.toFixed(0)} s of CPU (jest workers + their child processes)`);
console.log('   CPU s  child s   wall s  suites  tier');
for (const [tier, t] of [...tiers].sort((a, b) => (b[1].cpu + b[1].children) - (a[1].cpu + a[1].children))) {
  console.log(`${seconds(t.cpu)}  ${seconds(t.children)}  ${seconds(t.wall)}  ${String(t.suites).padStart(6)}  ${tier}`);
}
console.log(`\nthe ${top} costliest suites:\n   CPU s  child s   wall s  suite`);
for (const row of rows.sort((a, b) => cost(b) - cost(a)).slice(0, Number(top))) {
  console.log(`${seconds(row.cpu_s)}  ${seconds(row.children_cpu_s)}  ${seconds(row.wall_s)}  ${row.suite}`);
}
