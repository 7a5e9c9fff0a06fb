// `npm run test:times`: runs the tests (extra arguments go to jest) and records how long each
// suite took in test/suite-times.json, the order test/support/slowest-first-sequencer.mjs runs
// them in on a clean clone. `--from <jest --json file>` records an earlier run's times instead,
// and `--from-log <file>` those of a run's printed output (a CI log): jest prints a suite's time
// when it passes its slow threshold (5 s), so a suite named without one is recorded as 1 s.
// Times from a loaded machine are fine: only their order matters.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import console from 'node:console';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIMES_FILE = path.join(root, 'test/suite-times.json');

function jestResults(args) {
  const from = args.indexOf('--from');
  if (from >= 0) return JSON.parse(readFileSync(args[from + 1], 'utf8'));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'suite-times-'));
  try {
    const output = path.join(dir, 'results.json');
    const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
    spawnSync(process.execPath, ['--experimental-vm-modules', jest, '--json', `--outputFile=${output}`, ...args], { cwd: root, stdio: 'inherit' });
    return JSON.parse(readFileSync(output, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `PASS test/e2e/x.test.ts (12.3 s)` lines of jest's output. */
function loggedTimes(file) {
  const lines = readFileSync(file, 'utf8').matchAll(/^(?:PASS|FAIL) (\S+\.test\.ts)(?: \(([\d.]+) s\))?/gm);
  return Object.fromEntries([...lines].map(([, suite, seconds]) => [suite, seconds ? Number(seconds) : 1]));
}

const args = process.argv.slice(2);
const fromLog = args.indexOf('--from-log');
const measured = fromLog >= 0
  ? loggedTimes(args[fromLog + 1])
  : Object.fromEntries(jestResults(args).testResults.map((suite) => [
    path.relative(root, suite.name).split(path.sep).join('/'),
    Math.round((suite.endTime - suite.startTime) / 100) / 10,
  ]));
const previous = JSON.parse(readFileSync(TIMES_FILE, 'utf8')).seconds;
// A run of some suites keeps the others' times; a deleted suite's time goes.
const seconds = Object.fromEntries(Object.entries({ ...previous, ...measured })
  .filter(([file]) => existsSync(path.join(root, file)))
  .sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(TIMES_FILE, `${JSON.stringify({ seconds }, null, 2)}\n`);
console.log(`test/suite-times.json: ${Object.keys(measured).length} suites measured, ${Object.keys(seconds).length} recorded`);
