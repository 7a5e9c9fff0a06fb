/** How long the customer profile cache keeps what it learnt (docs/crm.md, "Names from every channel"). */
export interface ProfileCacheOptions {
  /** Most entries kept; the least recently used goes first. */
  maxEntries: number;
  /** How long a fetched profile is kept. */
  ttlMs: number;
  /** How long a failed fetch is remembered, so a provider that refuses is not asked on every message. */
  failureTtlMs: number;
  now?: () => number;
}

export const DEFAULT_PROFILE_CACHE: ProfileCacheOptions = { maxEntries: 10_000, ttlMs: 24 * 60 * 60_000, failureTtlMs: 5 * 60_000 };

/** A profile's lookup: the value, or `undefined` when the fetch failed (and `error` says why, the first time). */
export interface ProfileLookup<T> {
  value: T | undefined;
  /** Set only on the lookup that made the failing call; remembered failures come back without it. */
  error?: unknown;
}

interface Entry<T> {
  until: number;
  pending: Promise<ProfileLookup<T>>;
}

/**
 * A bounded, expiring memory of customer profiles fetched from a provider: one call per customer
 * per `ttlMs` at most, concurrent lookups share one call, and a failure is an answer too (kept
 * for `failureTtlMs`), so a message never waits on a provider that is down more than once.
 * A Map keeps insertion order, which makes it the LRU list: a hit moves its key to the end.
 */
export function createProfileCache<T>(options: ProfileCacheOptions = DEFAULT_PROFILE_CACHE) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();

  const remember = (key: string, entry: Entry<T>) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
  };

  return {
    /** The profile under `key`, fetched with `load` when not known or expired; never rejects. */
    lookup(key: string, load: () => Promise<T>): Promise<ProfileLookup<T>> {
      const known = entries.get(key);
      if (known && now() < known.until) {
        remember(key, known);
        return known.pending.then((found) => ({ value: found.value }));
      }
      const entry: Entry<T> = { until: Number.POSITIVE_INFINITY, pending: Promise.resolve({ value: undefined }) };
      entry.pending = load().then(
        (value) => {
          entry.until = now() + options.ttlMs;
          return { value };
        },
        (error: unknown) => {
          entry.until = now() + options.failureTtlMs;
          return { value: undefined, error };
        },
      );
      remember(key, entry);
      return entry.pending;
    },
    get size(): number {
      return entries.size;
    },
  };
}

export type ProfileCache<T> = ReturnType<typeof createProfileCache<T>>;
