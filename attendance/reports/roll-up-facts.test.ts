import type { ReportFactRow, RollupEvent } from '../../db/index.js';
import { rollUpFacts, SETTLE_MS, type RollUpDeps } from './roll-up-facts.js';

// The roll-up recomputes every session the new events touch and moves its mark only past events
// old enough that nothing with a lower seq can still commit (docs/attendance/reports.md, "The facts").

const NOW = new Date('2026-11-28T12:00:00Z');
const old = new Date(NOW.getTime() - SETTLE_MS - 1000);
const fresh = new Date(NOW.getTime() - 1000);

function memory(log: RollupEvent[]) {
  let mark = 0;
  const facts = new Map<string, ReportFactRow[]>();
  const reads: number[] = [];
  const reports: RollUpDeps['reports'] = {
    rollupMark: async () => mark,
    setRollupMark: async (seq) => { mark = seq; },
    eventsAfter: async (seq, limit) => {
      reads.push(seq);
      return log.filter((e) => e.seq > seq).slice(0, limit).map((e) => ({ seq: e.seq, session_id: e.session_id, at: e.at }));
    },
    sessionEvents: async (ids) => log.filter((e) => ids.includes(e.session_id)),
    replaceFacts: async (ids, rows) => {
      for (const id of ids) facts.set(id, rows.filter((r) => r.session_id === id));
    },
  };
  return { reports, facts, reads, mark: () => mark };
}

const event = (seq: number, session_id: string, type: string, at: Date): RollupEvent => ({
  seq, session_id, bot_id: 'b', channel: 'web', campaign_id: null, tags: [], queue_id: null, attendant_id: null, type, data: {}, at,
});

test('the mark stops before the first fresh event; the next run reads it again and finishes the cycle', async () => {
  const log = [event(1, 's1', 'queued', old), event(2, 's1', 'resolved', old), event(3, 's2', 'queued', fresh), event(4, 's1', 'queued', old)];
  const store = memory(log);
  expect(await rollUpFacts({ reports: store.reports, now: () => NOW })).toBe(2);
  expect(store.mark()).toBe(2);
  expect(store.facts.get('s1')).toHaveLength(2);
  expect(store.facts.get('s2')).toEqual([expect.objectContaining({ resolved_at: null })]);

  log.push(event(5, 's2', 'resolved', fresh));
  expect(await rollUpFacts({ reports: store.reports, now: () => new Date(NOW.getTime() + 2 * SETTLE_MS) })).toBe(2);
  expect(store.reads).toEqual([0, 2]); // the second run starts at the mark, before the fresh event
  expect(store.mark()).toBe(5);
  expect(store.facts.get('s2')).toEqual([expect.objectContaining({ resolved_at: fresh })]);
});
