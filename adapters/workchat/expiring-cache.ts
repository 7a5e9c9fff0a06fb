/**
 * Values loaded on demand and kept until their own expiry (the provider's OpenID metadata, the
 * bot's connector tokens): concurrent callers share one load, and a failed load is not kept, so
 * the next caller tries again.
 */
export function expiringCache<T>(load: (key: string) => Promise<T>, expiresAt: (value: T) => number, now: () => number = Date.now) {
  const entries = new Map<string, Promise<{ value: T; until: number }>>();
  return async function get(key: string): Promise<T> {
    const cached = await entries.get(key)?.catch(() => undefined);
    if (cached && now() < cached.until) return cached.value;
    const loading = load(key).then((value) => ({ value, until: expiresAt(value) }));
    entries.set(key, loading);
    loading.catch(() => {
      if (entries.get(key) === loading) entries.delete(key);
    });
    return (await loading).value;
  };
}
