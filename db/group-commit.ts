/**
 * Group commit (docs/performance.md, "Group commit"): the commits asked for in the same turn of
 * the event loop leave together, as one batch, instead of one round trip each. Under load many
 * turns become ready together (their HTTP requests arrived in one read, their Redis answers in
 * one reply), so one statement, one round trip and one commit of the database serve all of them;
 * alone, a commit waits for nothing but the end of the current tick.
 *
 * A batch is all or nothing as a whole. When it fails, its items are committed again one by one,
 * so an item that cannot be written fails alone and its neighbours are written as if it had never
 * been batched with them.
 *
 * A batch holds one tenant's items and runs in that tenant's scope (docs/operations/tenants.md):
 * its statement is checked by the tenant's row-level security policies like any other.
 */
import { currentTenant, runAsTenant } from '../tenancy/index.js';

export interface GroupCommitOptions<W, R> {
  /** Commits one item on its own: used for a batch of one and for each item of a failed batch. */
  single(item: W): Promise<R>;
  /** Commits several items as one unit, resolving to their results in order; throws having written nothing. */
  batch(items: readonly W[]): Promise<R[]>;
  /** Items with the same key never share a batch: a later one goes in another, sent alongside, as if nothing were batched. */
  keyOf(item: W): string;
  /** The most items in one batch. */
  maxBatch?: number;
}

interface Pending<W, R> {
  item: W;
  /** The tenant of the work that asked for the commit. */
  tenant: string;
  resolve(result: R): void;
  reject(error: unknown): void;
}

const DEFAULT_MAX_BATCH = 64;

/** A function that commits one item, sharing the statement with the items asked for in the same tick. */
export function createGroupCommit<W, R>(options: GroupCommitOptions<W, R>): (item: W) => Promise<R> {
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  let queue: Pending<W, R>[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    let rest = queue;
    queue = [];
    while (rest.length > 0) {
      const batch: Pending<W, R>[] = [];
      const later: Pending<W, R>[] = [];
      const keys = new Set<string>();
      const tenant = rest[0]!.tenant;
      for (const pending of rest) {
        const key = options.keyOf(pending.item);
        if (batch.length >= maxBatch || keys.has(key) || pending.tenant !== tenant) later.push(pending);
        else {
          keys.add(key);
          batch.push(pending);
        }
      }
      void runAsTenant(tenant, () => run(batch));
      rest = later;
    }
  };

  const run = async (batch: readonly Pending<W, R>[]) => {
    if (batch.length === 1) {
      settle(batch[0]!, options.single(batch[0]!.item));
      return;
    }
    let results: R[];
    try {
      results = await options.batch(batch.map((p) => p.item));
    } catch {
      // Nothing of the batch was written: each item again on its own, so only a failing one fails.
      for (const pending of batch) settle(pending, options.single(pending.item));
      return;
    }
    batch.forEach((pending, i) => pending.resolve(results[i]!));
  };

  return (item: W) => new Promise<R>((resolve, reject) => {
    queue.push({ item, tenant: currentTenant(), resolve, reject });
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  });
}

function settle<W, R>(pending: Pending<W, R>, result: Promise<R>): void {
  result.then(pending.resolve, pending.reject);
}
