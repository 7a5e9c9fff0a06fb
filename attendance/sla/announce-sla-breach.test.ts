import { defaultBotConfig } from '../../config/index.js';
import { conversation, fakeRepositories } from '../../test/support/attendance-fakes.js';
import { EMAIL_JOBS } from '../notifications/email-jobs.js';
import { ATTENDANCE_WEBHOOK_JOB } from '../webhooks/attendance-webhook-jobs.js';
import { createBreachAnnouncer } from './announce-sla-breach.js';
import type { SlaBreach } from './sla-deps.js';

// One breach, three ways out (docs/attendance/sla.md, "Breaches"): the console frame, the
// attendance webhook and the existing sla_breach e-mail, each only published or enqueued.
const breach: SlaBreach = {
  id: 'c1', subject: 'conversation', subject_id: 's1', cycle_at: new Date('2026-01-05T10:00:00Z'), metric: 'first_response', bot_id: 'bot-1',
  queue_id: 'q1', attendant_id: 'ana', policy_id: 'p1', target_seconds: 600, business_hours: true, started_at: new Date('2026-01-05T10:00:00Z'),
  due_at: new Date('2026-01-05T10:10:00Z'), met_at: null, breached_at: new Date('2026-01-05T10:10:00Z'),
};

test('a breach is published to the holder and supervisors, POSTed as sla.breached, and mailed to the managers', async () => {
  const published: unknown[] = [];
  const jobs: { name: string; data: unknown }[] = [];
  const stored: { event: string; payload: unknown }[] = [];
  const config = {
    ...defaultBotConfig(), 'attendance-email-notify': true, 'attendance-chatops-webhook': 'https://hooks.example.test/a', 'attendance-webhook-secret': 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  };
  const repos = fakeRepositories({
    conversations: { get: async () => conversation('s1', { assigned_to: 'ana' }), attendantName: async () => 'Ana' },
    users: {
      list: async () => [{ email: 'boss@example.test', roles: ['supervisor'], is_admin: false, is_active: true }] as never,
      findById: async () => ({ id: 'ana', username: 'ana', email: 'ana@example.test' }) as never,
    },
    profiles: { get: async () => undefined },
    sessions: { findById: async () => undefined },
  });
  const announce = createBreachAnnouncer({
    repos, bus: { publish: async (_topic: string, message: unknown) => void published.push(message) },
    jobs: { add: async (name: string, data: unknown) => void jobs.push({ name, data }) } as never,
    webhooks: { create: async (row: { event: string; payload: unknown }) => void stored.push(row) } as never,
    config: () => config, now: () => new Date('2026-01-05T10:10:00Z'),
  });
  await announce(breach);
  expect(published).toEqual([{
    recipients: { user_ids: ['ana'], supervisors: true },
    frame: { type: 'sla_breached', clock: expect.objectContaining({ id: 'c1', metric: 'first_response', due_at: '2026-01-05T10:10:00.000Z' }) },
  }]);
  expect(stored.map((s) => s.event)).toEqual(['sla.breached']);
  expect(jobs.map((j) => j.name)).toEqual([ATTENDANCE_WEBHOOK_JOB, EMAIL_JOBS.send]);
  expect(jobs[1]!.data).toMatchObject({ kind: 'sla_breach', to: ['boss@example.test'], subject: expect.stringContaining('SLA breached') });
  expect((jobs[1]!.data as { text: string }).text).toContain('first-response target of 10 min');
});
