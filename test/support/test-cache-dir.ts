import os from 'node:os';
import path from 'node:path';

/**
 * One CACHE_DIR for every service the tests start (README, "Configuration"): the first start of
 * a run computes the BASIC parser's lookahead paths, the others restore them, as a second
 * `npm start` does (docs/performance.md, "Start-up").
 */
export const TEST_CACHE_DIR = path.join(os.tmpdir(), 'switchboard-test-cache');
