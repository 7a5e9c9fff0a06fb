/**
 * Backfill order: when an attendant frees a slot or comes online, the waiting item to hand out
 * next is the highest priority, then the oldest. The same order gives the customer's
 * queue position and serves `/take` without an id.
 */

export interface WaitingItem {
  session_id: string;
  priority: number;
  waiting_since: Date;
}

/** Sort comparator: higher priority first, then earlier `waiting_since`, then session id for stability. */
export function compareForBackfill(a: WaitingItem, b: WaitingItem): number {
  return (
    b.priority - a.priority ||
    a.waiting_since.getTime() - b.waiting_since.getTime() ||
    (a.session_id < b.session_id ? -1 : a.session_id > b.session_id ? 1 : 0)
  );
}

/** A sorted copy of `items` in backfill order; the input is left untouched. */
export function backfillOrder<T extends WaitingItem>(items: readonly T[]): T[] {
  return [...items].sort(compareForBackfill);
}

/** The item to assign next, or undefined when nothing waits. */
export function nextForBackfill<T extends WaitingItem>(items: readonly T[]): T | undefined {
  return backfillOrder(items)[0];
}

/** The 1-based position of `sessionId` in the queue, or undefined when it is not waiting. */
export function queuePosition(items: readonly WaitingItem[], sessionId: string): number | undefined {
  const index = backfillOrder(items).findIndex((i) => i.session_id === sessionId);
  return index < 0 ? undefined : index + 1;
}
