import { backfillOrder, nextForBackfill, queuePosition } from './backfill-order.js';

const t = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
const items = [
  { session_id: 'normal-old', priority: 1, waiting_since: t(0) },
  { session_id: 'urgent-new', priority: 3, waiting_since: t(9) },
  { session_id: 'normal-new', priority: 1, waiting_since: t(5) },
  { session_id: 'urgent-old', priority: 3, waiting_since: t(2) },
  { session_id: 'low', priority: 0, waiting_since: t(-30) },
  { session_id: 'b-tie', priority: 1, waiting_since: t(5) },
];

describe('backfill order', () => {
  test('highest priority first, then oldest, then session id', () => {
    expect(backfillOrder(items).map((i) => i.session_id)).toEqual(['urgent-old', 'urgent-new', 'normal-old', 'b-tie', 'normal-new', 'low']);
  });

  test('does not mutate the input', () => {
    const before = items.map((i) => i.session_id);
    backfillOrder(items);
    expect(items.map((i) => i.session_id)).toEqual(before);
  });

  test('next and queue position', () => {
    expect(nextForBackfill(items)?.session_id).toBe('urgent-old');
    expect(nextForBackfill([])).toBeUndefined();
    expect(queuePosition(items, 'normal-old')).toBe(3);
    expect(queuePosition(items, 'missing')).toBeUndefined();
  });
});
