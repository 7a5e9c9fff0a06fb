// `npm start` and `npm run build` (README, "Set-up"): builds the parts whose sources changed since
// the last build (or all of them with --force), one after the other, saying which one is building,
// and records each finished part in dist/.build-stamp.json. Plain JavaScript: see build-plan.mjs.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { BUILD_PARTS, STAMP_FILE, decideParts, inspectParts, readStamp, summaryLine } from './build-plan.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const requireHere = createRequire(path.join(root, 'package.json'));

/** The file a package's command runs (`tsc`, `vite`), or null when the package is not installed. */
function toolScript(pkg) {
  try {
    const manifestPath = requireHere.resolve(`${pkg === 'tsc' ? 'typescript' : pkg}/package.json`);
    const bin = JSON.parse(readFileSync(manifestPath, 'utf8')).bin;
    return path.join(path.dirname(manifestPath), typeof bin === 'string' ? bin : bin[pkg]);
  } catch {
    return null;
  }
}

const decisions = decideParts({ parts: inspectParts(root), stamp: readStamp(root), force });
console.log(summaryLine(decisions));
const toBuild = BUILD_PARTS.filter((part) => decisions.find((d) => d.name === part.name)?.build);

// `npm install --omit=dev` leaves no tsc or vite: serve the build there is, or say what is missing.
const missingTools = [...new Set(toBuild.map((part) => part.tool).filter((tool) => toolScript(tool) === null))];
if (missingTools.length > 0) {
  const unbuilt = decisions.filter((d) => d.reason === 'no_build').map((d) => d.name);
  if (force || unbuilt.length > 0) {
    console.error(`cannot build (${toBuild.map((p) => p.name).join(', ')}): ${missingTools.join(' and ')} not installed; run npm install with the dev dependencies`);
    process.exit(1);
  }
  console.log(`${missingTools.join(' and ')} not installed (npm install --omit=dev): starting the existing build`);
  process.exit(0);
}

const started = Date.now();
for (const [i, part] of toBuild.entries()) {
  console.log(`[${i + 1}/${toBuild.length}] building ${part.label}…`);
  const partStarted = Date.now();
  const run = spawnSync(process.execPath, [toolScript(part.tool), ...part.args], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`[${i + 1}/${toBuild.length}] ${part.name} failed (exit ${run.status ?? run.signal})`);
    process.exit(run.status || 1);
  }
  // Recorded per part, so a later part's failure does not rebuild the ones that finished.
  const stamp = readStamp(root) ?? { parts: {} };
  stamp.parts = { ...stamp.parts, [part.name]: { started_at: partStarted, built_at: new Date().toISOString() } };
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
  console.log(`[${i + 1}/${toBuild.length}] ${part.name} built in ${((Date.now() - partStarted) / 1000).toFixed(1)} s`);
}
if (toBuild.length > 0) console.log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
