import { createProfileCache } from './profile-cache.js';

// The customer profile cache (docs/crm.md, "Names from every channel"): one call per customer per
// TTL, a failure remembered for a shorter while, bounded in size.

let clock = 0;
const options = { maxEntries: 3, ttlMs: 1_000, failureTtlMs: 100, now: () => clock };
beforeEach(() => {
  clock = 0;
});

/** A load that counts its calls. */
function counted<T>(answer: (call: number) => Promise<T>) {
  const load = () => answer(++load.calls);
  load.calls = 0;
  return load;
}

test('a hit is answered from memory; after the TTL the provider is asked again', async () => {
  const cache = createProfileCache<string>(options);
  const load = counted(async (call) => `name ${call}`);
  expect(await cache.lookup('a', load)).toEqual({ value: 'name 1' });
  clock = 999;
  expect(await cache.lookup('a', load)).toEqual({ value: 'name 1' });
  clock = 1_000;
  expect(await cache.lookup('a', load)).toEqual({ value: 'name 2' });
  expect(load.calls).toBe(2);
});

test('lookups while a call is under way share it', async () => {
  const cache = createProfileCache<string>(options);
  let release: (name: string) => void = () => undefined;
  const load = counted(() => new Promise<string>((resolve) => (release = resolve)));
  const both = Promise.all([cache.lookup('a', load), cache.lookup('a', load)]);
  release('Maria');
  expect(await both).toEqual([{ value: 'Maria' }, { value: 'Maria' }]);
  expect(load.calls).toBe(1);
});

test('a failure resolves without a value, says why once, and is remembered for the failure TTL only', async () => {
  const cache = createProfileCache<string>(options);
  const failing = counted(async (): Promise<string> => {
    throw new Error('provider down');
  });
  const first = await cache.lookup('a', failing);
  expect(first.value).toBeUndefined();
  expect((first.error as Error).message).toBe('provider down');
  expect(await cache.lookup('a', failing)).toEqual({ value: undefined });
  expect(failing.calls).toBe(1);
  clock = 100;
  expect(await cache.lookup('a', async () => 'Maria')).toEqual({ value: 'Maria' });
});

test('at most maxEntries are kept; the least recently used goes first', async () => {
  const cache = createProfileCache<string>(options);
  const load = counted(async () => 'x');
  for (const key of ['a', 'b', 'c']) await cache.lookup(key, load);
  await cache.lookup('a', load); // a is used again: b is now the oldest
  await cache.lookup('d', load);
  expect(cache.size).toBe(3);
  await cache.lookup('a', load);
  await cache.lookup('b', load);
  expect(load.calls).toBe(5); // a, b, c, d, then b again
});
