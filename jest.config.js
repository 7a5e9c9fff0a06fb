import os from 'node:os';

/**
 * Native-ESM TypeScript under jest (run through `node --experimental-vm-modules`, see package.json).
 * test/support/esbuild-transform.mjs strips the types, file by file; `npm run typecheck` checks them.
 * @type {import('jest').Config}
 */
export default {
  // jest's node environment; with SUITE_CPU_LOG it also logs each file's CPU (.ci/run prints the costliest).
  testEnvironment: '<rootDir>/test/support/cpu-accounting-environment.mjs',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': '<rootDir>/test/support/esbuild-transform.mjs' },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // Only @microsoft/agents-hosting's unused JWT middleware requires it, and it requires ESM-only jose (test/support/cjs/).
    '^jwks-rsa$': '<rootDir>/test/support/cjs/jwks-rsa-unused.cjs',
    // chevrotain's own one-file build of the same version: its modular entry pulls in ~680 files
    // (lodash-es among them) that jest resolves and compiles again for every suite.
    '^chevrotain$': '<rootDir>/node_modules/chevrotain/lib/chevrotain.mjs',
  },
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/data/'],
  // The slowest suites first, by test/suite-times.json when jest's cache knows nothing (a clean clone).
  testSequencer: '<rootDir>/test/support/slowest-first-sequencer.mjs',
  // Patience, not a speed check (speed lives in `npm run bench`): suites start real servers and
  // child processes, which take seconds on CI's two loaded cores — and CI's machine is at times
  // twice as slow as on other runs (docs/performance.md, "CI time"), so a minute was too short for
  // a browser's or a service's start and stop there.
  testTimeout: 120000,
  // Four workers on CI's two cores (two a core, at most eight): the slowest suites wait on phones,
  // browsers and child servers for most of their time — the 30 slowest used 556 s of CPU in
  // 2,428 s of wall time (docs/performance.md, "CI time") — so fewer left the cores idle. Each is
  // restarted once it holds 1.5 GB: in one long-lived process the module graphs of ~150 files pile
  // up and every later file runs slower.
  maxWorkers: Math.min(8, os.availableParallelism() * 2),
  workerIdleMemoryLimit: '1536MB',
};
