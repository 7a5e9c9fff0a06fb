/**
 * `npm run bench -- <name>`: runs one benchmark (or all without a name). Benchmarks print what
 * they measure; speed and memory targets live here, never in timed tests.
 */
const BENCHES: Record<string, () => Promise<unknown>> = {
  basic: () => import('./basic.bench.js').then((m) => m.run()),
  pipeline: () => import('./pipeline.bench.js').then((m) => m.run()),
  handoff: () => import('./pipeline.bench.js').then((m) => m.runHandoff()),
  broadcast: () => import('./broadcast.bench.js').then((m) => m.run()),
  faults: () => import('./faults.bench.js').then((m) => m.run()),
  'crm-import': () => import('./crm-import.bench.js').then((m) => m.run()),
  'campaign-send': () => import('./campaign-send.bench.js').then((m) => m.run()),
  calls: () => import('./calls.bench.js').then((m) => m.run()),
  reports: () => import('./reports.bench.js').then((m) => m.run()),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in BENCHES));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
for (const name of wanted.length ? wanted : Object.keys(BENCHES)) {
  console.log(`\n## ${name}`);
  await BENCHES[name]!();
}
