/**
 * Points taken from a shared counter ahead of use (docs/operations/high-availability.md, "Rate
 * limits across instances"). Counting every web message in Redis costs a round trip per message;
 * instead, an instance that saw a key with plenty of points left takes a few at once and spends
 * them locally until they run out or the window ends.
 *
 * The shared counter counts the points taken, so no key is ever allowed more than the rule's
 * points in a window, across all instances together. What a lease can do is refuse a little early:
 * a visitor whose messages move to another instance finds the points this one still holds spent.
 * A lease is never more than a quarter of what was left when it was taken (and at most
 * {@link MAX_LEASE}), so near the limit every message is counted in Redis one by one, exactly.
 */
const MAX_LEASE = 16;
/** A lease takes at most this share of the points that were left. */
const LEASE_DIVISOR = 4;
/** Keys remembered; the oldest are forgotten beyond it (their next message asks Redis again). */
const REMEMBERED_KEYS = 10_000;

interface Lease {
  /** Points taken and not spent yet. */
  left: number;
  /** Points left in the shared counter after the lease was taken. */
  remaining: number;
  /** When the window ends (ms since the epoch): the lease is void from then on. */
  endsAt: number;
}

export interface PointLeases {
  /** Spends a leased point of `id`; the points left (shared plus leased), or undefined when none is held. */
  spend(id: string): number | undefined;
  /** How many points to take from the shared counter for `id` now: 1 unless a past answer showed plenty left. */
  sizeFor(id: string): number;
  /** The shared counter granted `size` points (one spent now) and has `remaining` left, for `msBeforeNext` more. */
  granted(id: string, size: number, remaining: number, msBeforeNext: number): void;
  /** The shared counter refused, or the key was reset: take one point at a time again. */
  forget(id: string): void;
}

export function createPointLeases(now: () => number = Date.now): PointLeases {
  const leases = new Map<string, Lease>();
  const current = (id: string): Lease | undefined => {
    const lease = leases.get(id);
    if (lease && lease.endsAt <= now()) {
      leases.delete(id);
      return undefined;
    }
    return lease;
  };
  return {
    spend(id) {
      const lease = current(id);
      if (!lease || lease.left === 0) return undefined;
      lease.left -= 1;
      return lease.remaining + lease.left;
    },
    sizeFor(id) {
      const lease = current(id);
      return lease ? Math.max(1, Math.min(MAX_LEASE, Math.floor(lease.remaining / LEASE_DIVISOR))) : 1;
    },
    granted(id, size, remaining, msBeforeNext) {
      leases.delete(id); // re-inserted last: the map forgets the least recently granted first
      leases.set(id, { left: size - 1, remaining, endsAt: now() + msBeforeNext });
      if (leases.size > REMEMBERED_KEYS) leases.delete(leases.keys().next().value as string);
    },
    forget(id) {
      leases.delete(id);
    },
  };
}
