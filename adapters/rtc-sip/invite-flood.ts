/**
 * INVITEs per source address (docs/channels/rtc-sip.md, "Security"): a token bucket each, so a
 * trunk's bursts pass while a flood from one address is answered 503 without touching a bot or
 * opening media. Buckets of quiet sources are forgotten.
 */
export interface InviteFlood {
  /** Whether one more INVITE from `address` may be looked at now. */
  allow(address: string): boolean;
}

export function inviteFlood(options: { perSecond: number; burst: number; now?: () => number }): InviteFlood {
  const now = options.now ?? Date.now;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    allow(address) {
      const t = now();
      const bucket = buckets.get(address) ?? { tokens: options.burst, at: t };
      bucket.tokens = Math.min(options.burst, bucket.tokens + ((t - bucket.at) / 1000) * options.perSecond);
      bucket.at = t;
      buckets.set(address, bucket);
      if (buckets.size > 10_000) forgetFull(buckets, options, t);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}

function forgetFull(buckets: Map<string, { tokens: number; at: number }>, options: { perSecond: number; burst: number }, t: number): void {
  for (const [address, bucket] of buckets) {
    if (bucket.tokens + ((t - bucket.at) / 1000) * options.perSecond >= options.burst) buckets.delete(address);
  }
}
