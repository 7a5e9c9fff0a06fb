// jest's test order (jest.config.js): the slowest suites first, so the last minutes of a run are
// not one long suite on one worker while the other waits. jest orders by the durations in its
// cache, which a clean clone (CI) does not have, and then by file size, which puts small but slow
// suites (a browser, a phone call) last. So durations come from test/suite-times.json, written by
// `npm run test:times` (docs/performance.md, "CI time"), and the cache wins when it knows more.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Sequencer from '@jest/test-sequencer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const recorded = JSON.parse(readFileSync(path.join(root, 'test/suite-times.json'), 'utf8')).seconds;
// A suite the file does not know yet: those that start servers, browsers or phones are slow.
const UNKNOWN_SLOW_SECONDS = 60;
const UNKNOWN_SECONDS = 2;
const SLOW_FOLDERS = /^test\/(browser|e2e)\//;

export default class SlowestFirstSequencer extends Sequencer {
  sort(tests) {
    const seconds = (test) => {
      const cached = this._getCache(test)[test.path]?.[1];
      if (cached !== undefined) return cached / 1000;
      const relative = path.relative(root, test.path).split(path.sep).join('/');
      return recorded[relative] ?? (SLOW_FOLDERS.test(relative) ? UNKNOWN_SLOW_SECONDS : UNKNOWN_SECONDS);
    };
    return [...tests].sort((a, b) => seconds(b) - seconds(a) || a.path.localeCompare(b.path));
  }
}
