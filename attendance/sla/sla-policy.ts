/**
 * Which SLA policy applies (docs/attendance/sla.md, "Policies"): pure, so the order of precedence
 * is a table test.
 */

/** The part of a policy that decides whether it applies. */
export interface PolicyScope {
  queue_id: string | null;
  tier: string | null;
}

/**
 * The most specific policy for a queue and a customer tier: queue and tier, then the queue for
 * every tier, then the tier on every queue, then the policy for everything. Undefined when none
 * applies (the subject is not measured).
 */
export function pickPolicy<P extends PolicyScope>(policies: readonly P[], queueId: string | null, tier: string | null): P | undefined {
  const rank = (p: P): number => {
    if (p.queue_id !== null && p.queue_id !== queueId) return -1;
    if (p.tier !== null && p.tier !== tier) return -1;
    return (p.queue_id !== null ? 2 : 0) + (p.tier !== null ? 1 : 0);
  };
  let best: { policy: P; rank: number } | undefined;
  for (const policy of policies) {
    const r = rank(policy);
    if (r >= 0 && (!best || r > best.rank)) best = { policy, rank: r };
  }
  return best?.policy;
}
