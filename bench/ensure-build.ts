import { spawnSync } from 'node:child_process';

/**
 * Brings `dist/` up to date the way `npm start` does (scripts/build.mjs rebuilds only the parts
 * whose sources changed, and says which), so a benchmark's server runs what users run.
 */
export function ensureBuilt(): void {
  const run = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`the build failed (exit ${run.status ?? run.signal}): the benchmark runs the built server`);
}
