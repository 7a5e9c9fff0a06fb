import { randomUUID } from 'node:crypto';
import type { QueueHoursRepo, QueueHoursRow, SlaClockRow, SlaPolicyRow, SlaRepo } from '../../db/index.js';

/**
 * In-memory stand-ins for the SLA and business-hours repositories (db/attendance-sla-repo.ts,
 * db/attendance-hours-repo.ts), with the same conditional writes: a clock starts once per cycle,
 * breaches once, and is met only while running. For the clock logic's tests under fake timers.
 */
export function memorySlaRepo(policies: Partial<SlaPolicyRow>[] = []): SlaRepo & { clocks: SlaClockRow[] } {
  const stored: SlaPolicyRow[] = policies.map((p) => ({
    id: randomUUID(), name: 'policy', queue_id: null, tier: null, first_response_seconds: null, resolution_seconds: null, business_hours: true,
    created_at: new Date(), updated_at: new Date(), ...p,
  }));
  const clocks: SlaClockRow[] = [];
  const repo = {
    clocks,
    listPolicies: async () => stored,
    getPolicy: async (id: string) => stored.find((p) => p.id === id),
    createPolicy: async () => undefined,
    updatePolicy: async () => undefined,
    deletePolicy: async () => false,
    startClocks: async (rows) => {
      const started: SlaClockRow[] = [];
      for (const row of rows) {
        const same = clocks.some((c) => c.subject === row.subject && c.subject_id === row.subject_id && c.metric === row.metric && c.cycle_at.getTime() === row.cycle_at.getTime());
        if (same) continue;
        const clock = {
          id: randomUUID(), bot_id: null, queue_id: null, attendant_id: null, policy_id: null, due_at: null, met_at: null, breached_at: null, ...row,
        } as SlaClockRow;
        clocks.push(clock);
        started.push({ ...clock });
      }
      return started;
    },
    meet: async (subject, subjectId, metrics, at, attendantId) => {
      const met = clocks.filter((c) => c.subject === subject && c.subject_id === subjectId && metrics.includes(c.metric) && !c.met_at);
      for (const c of met) Object.assign(c, { met_at: at, ...(attendantId ? { attendant_id: attendantId } : {}) });
      return met.map((c) => ({ ...c }));
    },
    cancel: async (subject, subjectId) => {
      const running = clocks.filter((c) => c.subject === subject && c.subject_id === subjectId && !c.met_at && !c.breached_at);
      for (const c of running) clocks.splice(clocks.indexOf(c), 1);
      return running.length;
    },
    breach: async (id, at, attendantId) => {
      const c = clocks.find((x) => x.id === id && !x.met_at && !x.breached_at);
      if (!c) return undefined;
      Object.assign(c, { breached_at: at, ...(attendantId ? { attendant_id: attendantId } : {}) });
      return { ...c };
    },
    getClock: async (id) => clocks.find((c) => c.id === id),
    listRunning: async () => clocks.filter((c) => !c.met_at),
    listPending: async () => clocks.filter((c) => !c.met_at && !c.breached_at && c.due_at),
    attainment: async () => [],
  } satisfies SlaRepo & { clocks: SlaClockRow[] };
  return repo;
}

/** Business hours by queue id, in memory. */
export function memoryHoursRepo(rows: Partial<QueueHoursRow>[] = []): QueueHoursRepo {
  const byQueue = new Map(rows.map((r) => [r.queue_id!, {
    time_zone: 'UTC', weekly: null, holidays: [], closed_action: 'wait', auto_replies: [], updated_at: new Date(), ...r,
  } as QueueHoursRow]));
  return {
    get: async (id) => byQueue.get(id),
    getMany: async (ids) => new Map(ids.filter((id) => byQueue.has(id)).map((id) => [id, byQueue.get(id)!])),
    put: async (row) => {
      const stored = { ...row, updated_at: new Date() };
      byQueue.set(row.queue_id, stored);
      return stored;
    },
  };
}
