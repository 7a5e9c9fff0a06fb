import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

let checked: { url: string | undefined } | undefined;

// Runs in a child process so the answer is available synchronously, while jest collects tests.
const PING_SCRIPT = `
const { Redis } = require('ioredis');
const r = new Redis(process.env.PING_URL, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
let first;
r.on('error', (e) => { first = first || e; });
r.connect().then(() => r.ping()).then(() => { r.disconnect(); process.exit(0); }, (e) => { console.error(String(first || e)); process.exit(1); });
`;

/**
 * Where the Redis-driver tests connect: REDIS_URL, else the local server. Returns undefined when
 * nothing answers PING (the Redis half of a contract suite is then skipped, with a warning),
 * unless REQUIRE_SERVICES=1, where it throws so the test file fails. Checked once per process.
 */
export function redisUrlForTests(): string | undefined {
  if (checked) return checked.url;
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  try {
    execFileSync(process.execPath, ['-e', PING_SCRIPT], {
      env: { ...process.env, PING_URL: url },
      timeout: 5000,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    checked = { url };
  } catch (error) {
    const why = (error as { stderr?: Buffer }).stderr?.toString().trim() || String(error);
    if (process.env.REQUIRE_SERVICES === '1') {
      throw new Error(`Redis required (REQUIRE_SERVICES=1) but ${url} did not answer PING: ${why}`, { cause: error });
    }
    console.warn(`Redis not reachable at ${url}; skipping the Redis-driver tests (${why})`);
    checked = { url: undefined };
  }
  return checked.url;
}

/** A key/channel prefix no other test run shares, so parallel suites never see each other's data. */
export function uniquePrefix(label = 'sbtest'): string {
  return `${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Deletes every `prefix:*` key (a suite's final cleanup; the drivers add the `:`); returns how many there were. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<number> {
  // ioredis loads only in runs on Redis: every suite's service imports this file (docs/performance.md, "CI time").
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let deleted = 0;
    for await (const keys of client.scanStream({ match: `${prefix}:*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) deleted += await client.del(...keys);
    }
    return deleted;
  } finally {
    client.disconnect();
  }
}
