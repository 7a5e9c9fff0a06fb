import { jest } from '@jest/globals';
import { inTheCurrentTenant } from '../../infra/jobs/index.js';
import { createInProcessJobQueue } from '../../infra/jobs/in-process-jobs.js';
import { createLogger } from '../../infra/logger.js';
import { conversation, fakeRepositories } from '../../test/support/attendance-fakes.js';
import { memoryHoursRepo, memorySlaRepo } from '../../test/support/memory-sla.js';
import { CONVERSATION_EVENTS, type ConversationEvent } from '../conversation-events.js';
import type { SlaBreach } from './sla-deps.js';
import { registerSlaJobs } from './register-sla-jobs.js';
import { scheduleDueChecks } from './sla-jobs.js';
import { createSlaListener } from './sla-listener.js';

// The clocks on a business-hours queue, with the in-process job driver under fake timers: the due
// job is the only thing that breaches (no polling), and it waits through closed hours.
const QUEUE = '00000000-0000-4000-8000-0000000000a1';
const weekdays = [{ open: '09:00', close: '18:00' }];
const hours = { queue_id: QUEUE, time_zone: 'Europe/Lisbon', weekly: { mon: weekdays, tue: weekdays, wed: weekdays, thu: weekdays, fri: weekdays }, holidays: [] };
const MIN = 60_000;

function setup(policy: { first_response_seconds?: number; resolution_seconds?: number; business_hours?: boolean; tier?: string | null }) {
  const sla = memorySlaRepo([{ queue_id: QUEUE, tier: null, first_response_seconds: null, resolution_seconds: null, ...policy }]);
  const row = conversation('s1', { queue_id: QUEUE, assigned_to: 'ana', waiting_since: new Date() });
  const repos = fakeRepositories({
    sla, hours: memoryHoursRepo([hours]),
    sessions: { findById: async () => undefined },
    conversations: { get: async () => row },
    tickets: { get: async () => undefined },
  });
  const jobs = createInProcessJobQueue({ logger: createLogger({ pretty: false, level: 'silent' }) });
  const breaches: SlaBreach[] = [];
  const deps = { repos, jobs, eachTenant: inTheCurrentTenant, now: () => new Date(), onBreach: async (b: SlaBreach) => void breaches.push(b) };
  return { sla, row, jobs, breaches, deps, listener: createSlaListener(deps).listener };
}

const queued = (at: Date): ConversationEvent[] => [{
  name: CONVERSATION_EVENTS.queued, payload: { session_id: 's1', from: 'none', to: 'waiting', at: at.toISOString() },
}];

describe('SLA clocks', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a first-response target started on Friday evening runs out on Monday morning, once', async () => {
    jest.setSystemTime(new Date('2026-01-09T17:45:00Z')); // Friday 17:45 in Lisbon (UTC+0)
    const t = setup({ first_response_seconds: 30 * 60 });
    await registerSlaJobs(t.deps);
    await t.listener.conversationChanged(t.row, queued(new Date()));
    expect(t.sla.clocks).toHaveLength(1);
    expect(t.sla.clocks[0]!.due_at).toEqual(new Date('2026-01-12T09:15:00Z'));

    await jest.advanceTimersByTimeAsync(new Date('2026-01-12T09:14:00Z').getTime() - Date.now());
    expect(t.breaches).toEqual([]);
    await jest.advanceTimersByTimeAsync(MIN);
    expect(t.breaches).toHaveLength(1);
    expect(t.breaches[0]).toMatchObject({ metric: 'first_response', subject_id: 's1', attendant_id: 'ana' });
    // A repeated event and a restart's recovery do not breach it again.
    await t.listener.conversationChanged(t.row, queued(t.row.waiting_since!));
    await scheduleDueChecks(t.jobs, await t.sla.listPending(), new Date());
    await jest.advanceTimersByTimeAsync(60 * MIN);
    expect(t.breaches).toHaveLength(1);
    await t.jobs.close({ timeoutMs: 0 });
  });

  test("the attendant's first reply meets the first response; the resolve meets the resolution", async () => {
    jest.setSystemTime(new Date('2026-01-05T10:00:00Z'));
    const t = setup({ first_response_seconds: 10 * 60, resolution_seconds: 60 * 60 });
    await registerSlaJobs(t.deps);
    await t.listener.conversationChanged(t.row, queued(new Date()));
    await jest.advanceTimersByTimeAsync(5 * MIN);
    await t.listener.conversationChanged(t.row, [{ name: CONVERSATION_EVENTS.answered, payload: { session_id: 's1', from: 'active', to: 'pending', at: new Date().toISOString() } }]);
    await jest.advanceTimersByTimeAsync(20 * MIN);
    expect(t.breaches).toEqual([]);
    await jest.advanceTimersByTimeAsync(40 * MIN);
    expect(t.breaches.map((b) => b.metric)).toEqual(['resolution']);
    await t.listener.conversationChanged(t.row, [{ name: CONVERSATION_EVENTS.resolved, payload: { session_id: 's1', from: 'active', to: 'resolved', at: new Date().toISOString() } }]);
    expect(t.sla.clocks.every((c) => c.met_at)).toBe(true);
    await t.jobs.close({ timeoutMs: 0 });
  });

  test('a policy measured on the wall clock ignores business hours', async () => {
    jest.setSystemTime(new Date('2026-01-09T17:45:00Z'));
    const t = setup({ first_response_seconds: 30 * 60, business_hours: false });
    await t.listener.conversationChanged(t.row, queued(new Date()));
    expect(t.sla.clocks[0]!.due_at).toEqual(new Date('2026-01-09T18:15:00Z'));
    await t.jobs.close({ timeoutMs: 0 });
  });

  test('a conversation released unattended (closed, nobody online) drops its running clocks', async () => {
    jest.setSystemTime(new Date('2026-01-05T10:00:00Z'));
    const t = setup({ first_response_seconds: 600, resolution_seconds: 3600 });
    await registerSlaJobs(t.deps);
    await t.listener.conversationChanged(t.row, queued(new Date()));
    expect(t.sla.clocks).toHaveLength(2);
    await t.listener.conversationChanged(t.row, [{ name: CONVERSATION_EVENTS.resolved, payload: { session_id: 's1', from: 'waiting', to: 'resolved', at: new Date().toISOString(), reason: 'closed' } }]);
    expect(t.sla.clocks).toEqual([]);
    await jest.advanceTimersByTimeAsync(2 * 3600_000);
    expect(t.breaches).toEqual([]);
    await t.jobs.close({ timeoutMs: 0 });
  });

  test('no applicable policy starts no clock', async () => {
    jest.setSystemTime(new Date('2026-01-05T10:00:00Z'));
    const t = setup({ first_response_seconds: 60, tier: 'gold' });
    await t.listener.conversationChanged(t.row, queued(new Date()));
    expect(t.sla.clocks).toEqual([]);
    await t.jobs.close({ timeoutMs: 0 });
  });
});
