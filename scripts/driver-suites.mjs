// The suites of CI's second pass (`npm run test:drivers`, .ci/run): those that import
// test/support/drivers.ts or the engine harness test/support/engine-kit.ts themselves, so their
// behaviour depends on the database and the queue they run on. Every other suite runs once, on the
// embedded defaults: what it tests is logic, the same on either driver (README, "Set-up", on running the tests).
// Prints one path per line, or with --run runs jest on them with the remaining arguments.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED = new Set(['node_modules', 'dist', 'data', '.git', 'browser']);
const DRIVER_IMPORT = /(?:from|import) '(?:\.\.?\/)+(?:test\/)?support\/(?:drivers|engine-kit)\.js'|(?:from|import) '\.\/(?:drivers|engine-kit)\.js'/;

/** Test files under `dir` (relative to the root), the browser suites left out as in the first pass's drivers run. */
function suites(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : suites(relative);
    return entry.name.endsWith('.test.ts') ? [relative] : [];
  });
}

export function driverSuites() {
  return suites('.').map((file) => file.replace(/^\.\//, '')).filter((file) => DRIVER_IMPORT.test(readFileSync(path.join(root, file), 'utf8'))).sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = driverSuites();
  if (!process.argv.includes('--run')) {
    process.stdout.write(`${files.join('\n')}\n`);
  } else {
    const extra = process.argv.slice(2).filter((arg) => arg !== '--run');
    const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
    const run = spawnSync(process.execPath, ['--experimental-vm-modules', '--wasm-lazy-compilation', jest, ...extra, '--runTestsByPath', ...files], { cwd: root, stdio: 'inherit' });
    process.exit(run.status ?? 1);
  }
}
