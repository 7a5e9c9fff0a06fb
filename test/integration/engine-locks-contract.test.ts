import { createInProcessLocks, createPostgresLocks, type LockPort } from '../../infra/locks/index.js';
import { createLogger } from '../../infra/logger.js';
import { postgresUrlForTests } from '../support/postgres.js';
import { waitFor } from '../support/wait-for.js';

// One contract, both lock drivers . The PostgreSQL row is skipped (with a
// warning) only when no server answers and REQUIRE_SERVICES is unset.
const logger = createLogger({ pretty: false });
const pgUrl = await postgresUrlForTests();

interface Driver {
  name: string;
  skip?: string;
  /** Handles that must exclude each other: one shared handle in-process, separate pools (instances) for PostgreSQL. */
  open(count: number): LockPort[];
}

const drivers: Driver[] = [
  {
    name: 'in-process',
    open: (count) => {
      const locks = createInProcessLocks();
      return Array.from({ length: count }, () => locks);
    },
  },
  {
    name: 'postgres advisory',
    skip: pgUrl ? undefined : 'PostgreSQL not reachable',
    open: (count) => Array.from({ length: count }, () => createPostgresLocks({ databaseUrl: pgUrl!, logger, poolSize: 5 })),
  },
];

// Holders "work" for a few ms so that callers overlap; not synchronisation.
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const key = (label: string) => `contract-${label}-${process.pid}-${Math.random().toString(36).slice(2)}`;

describe.each(drivers)('locks contract: $name', (driver) => {
  if (driver.skip) {
    test.skip(`skipped: ${driver.skip}`, () => undefined);
    return;
  }
  let opened: LockPort[] = [];
  const open = (count = 1) => (opened = [...opened, ...driver.open(count)]).slice(-count);
  afterEach(async () => {
    await Promise.all([...new Set(opened)].map((l) => l.close()));
    opened = [];
  });

  test('callers of one key run one at a time, in call order', async () => {
    const [locks] = open();
    const k = key('order');
    const log: string[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(Array.from({ length: 20 }, (_, i) => locks!.withLock(k, async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`start ${i}`);
      await sleep(i % 3);
      log.push(`end ${i}`);
      running -= 1;
    })));
    expect(most).toBe(1);
    expect(log).toEqual(Array.from({ length: 20 }, (_, i) => [`start ${i}`, `end ${i}`]).flat());
  });

  test('different keys run in parallel', async () => {
    const [locks] = open();
    let running = 0;
    let most = 0;
    // Each holder waits for the others to be inside too: on a busy machine a fixed sleep could
    // end before the last one got its lock, which would prove nothing either way.
    await Promise.all(['a', 'b', 'c'].map((label) => locks!.withLock(key(label), async () => {
      running += 1;
      most = Math.max(most, running);
      await waitFor(() => most === 3, { what: 'all three holders inside at once', timeoutMs: 5000 });
      running -= 1;
    })));
    expect(most).toBe(3);
  });

  test('a throwing caller releases the lock and its error reaches it', async () => {
    const [locks] = open();
    const k = key('throw');
    await expect(locks!.withLock(k, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    await expect(locks!.withLock(k, async () => 42)).resolves.toBe(42);
  });

  test('two handles (instances) exclude each other on one key', async () => {
    const [a, b] = open(2);
    const k = key('instances');
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await sleep(20);
      running -= 1;
    };
    await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a! : b!).withLock(k, work)));
    expect(most).toBe(1);
  });
});
