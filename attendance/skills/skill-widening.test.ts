import { jest } from '@jest/globals';
import { defaultBotConfig, type BotConfig } from '../../config/index.js';
import type { AttendantProfileRow, QueueRow } from '../../db/index.js';
import type { SessionSnapshot } from '../../engine/index.js';
import { inTheCurrentTenant } from '../../infra/jobs/index.js';
import { createInProcessJobQueue } from '../../infra/jobs/in-process-jobs.js';
import { createLogger } from '../../infra/logger.js';
import { conversation, fakeConversations, fakeRepositories } from '../../test/support/attendance-fakes.js';
import { memoryHoursRepo } from '../../test/support/memory-sla.js';
import { assignConversation } from '../assign-conversation.js';
import { backfillWaiting } from '../backfill-waiting.js';
import { queueConversation } from '../queue-conversation.js';
import { createSkillWideningListener, registerSkillWideningJobs, WIDEN_JOB } from './skill-widening.js';

// Skills-based routing end to end on in-memory stores, with the clock faked
// (docs/attendance/skills-routing.md): a Spanish speaker's conversation waits for an attendant
// with spanish at level 3, then takes any level after attendance-skills-widen-seconds, then
// anyone after twice that. The wake-ups are real in-process jobs on fake timers.

const WIDEN = 60;
const session: SessionSnapshot = {
  id: 's-1', bot_id: 'bot-1', user_id: 'u-1', channel: 'web', external_user_id: 'visitor-1', needs_human: true,
  context_data: { customer_language: 'es-MX' },
};
const inbound = { channel: 'web' as const, bot: 'bot-1', customer: { external_id: 'v' }, text: 'ayuda', attachments: [], received_at: new Date(), raw: null };

function profile(user_id: string, skills: { name: string; level: number }[], status: AttendantProfileRow['status'] = 'online'): AttendantProfileRow {
  return {
    user_id, name: user_id, channel: 'all', preferences: null, department: null, aliases: [], skills, phone: null, email: null, status,
    updated_at: new Date(0),
  };
}

/** A service on in-memory stores: the bot's rule asks for spanish:3 for Spanish-speaking customers. */
function start(profiles: AttendantProfileRow[], held: Record<string, number> = {}, widen = WIDEN, contactTier: string | null = null, queueRows: QueueRow[] = []) {
  const config: BotConfig = {
    ...defaultBotConfig(),
    'attendance-skill-rules': [{ source: 'language', value: 'es', skill: 'spanish', min_level: 3 }, { source: 'tier', value: 'gold', skill: 'vip', min_level: 2 }],
    'attendance-skills-widen-seconds': widen,
  };
  const conversations = Object.assign(fakeConversations(), {
    heldCounts: async () => new Map(Object.entries(held)),
    lastAssigned: async () => ({}),
    claim: async (id: string, from: { status: 'waiting' }, next: 'assigned', attendantId: string) => conversations.apply(id, from, next, { assigned_to: attendantId }),
    listWaiting: async () => [...conversations.rows.values()].filter((r) => r.status === 'waiting'),
  });
  const repos = fakeRepositories({
    conversations,
    queues: {
      list: async () => queueRows, get: async (id: string) => queueRows.find((q) => q.id === id), listAllMemberships: async () => [], listMemberships: async () => [],
      openQueueIds: async () => [],
    },
    profiles: { list: async () => profiles, get: async (id: string) => profiles.find((p) => p.user_id === id) },
    sessions: { findById: async () => ({ context_data: session.context_data, external_user_id: 'visitor-1', customer_id: contactTier ? 'c-1' : null }) as never },
    users: { list: async () => [] },
    events: { append: async () => undefined as never },
    crm: { findContactByPhone: async () => undefined, getContact: async () => (contactTier ? { tier: contactTier } : undefined) as never },
    hours: memoryHoursRepo(), // no queue keeps business hours here (docs/attendance/business-hours.md)
  });
  const jobs = createInProcessJobQueue({ logger: createLogger({ pretty: false }) });
  // Every widening job scheduled, by id (the in-process port, watched).
  const scheduled: string[] = [];
  const add = jobs.add.bind(jobs);
  jobs.add = async (name, data, options) => {
    if (name === WIDEN_JOB) scheduled.push(options?.jobId ?? '');
    return add(name, data, options);
  };
  const now = () => new Date();
  const widening = createSkillWideningListener({ jobs, config: () => config, now, repos });
  const deps = {
    repos, config: () => config, now, notify: async () => undefined,
    listener: { ...widening, customerMessage: async () => undefined },
  };
  return { deps, jobs, conversations, scheduled, widening };
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2026-03-02T09:00:00Z'));
});
afterEach(() => jest.useRealTimers());

async function queued(service: ReturnType<typeof start>, who: SessionSnapshot = session) {
  await registerSkillWideningJobs({ ...service.deps, jobs: service.jobs, assign: (input) => assignConversation(service.deps, input), eachTenant: inTheCurrentTenant });
  return queueConversation(service.deps, { session: who, inbound, expectNew: true });
}
const holder = (service: ReturnType<typeof start>) => service.conversations.rows.get('s-1')?.assigned_to ?? null;

test('the skilled attendant gets it at once, by level then load, over a less loaded one without the level', async () => {
  const service = start([profile('ana', [{ name: 'spanish', level: 2 }]), profile('bea', [{ name: 'Spanish', level: 4 }]), profile('cruz', [{ name: 'spanish', level: 5 }])], { bea: 1, cruz: 3 });
  const result = await queued(service);
  expect(result).toMatchObject({ kind: 'queued', assigned_to: 'cruz' });
  expect(service.conversations.rows.get('s-1')?.required_skills).toEqual([{ name: 'spanish', min_level: 3 }]);
  await service.jobs.close({ timeoutMs: 0 });
});

test('nobody with the level: it waits; after the wait any level will do, the least loaded of those first', async () => {
  const service = start([profile('ana', [{ name: 'spanish', level: 1 }]), profile('bea', [{ name: 'spanish', level: 2 }]), profile('nil', [])], { ana: 2, bea: 2 });
  expect(await queued(service)).toMatchObject({ kind: 'queued', assigned_to: null });
  await jest.advanceTimersByTimeAsync(WIDEN * 1000 - 1);
  expect(holder(service)).toBeNull();
  await jest.advanceTimersByTimeAsync(1);
  // Level first: bea (2) over ana (1), though both hold two and nil holds none.
  expect(holder(service)).toBe('bea');
  await service.jobs.close({ timeoutMs: 0 });
});

test('nobody with the skill at all: after twice the wait anyone online takes it', async () => {
  const service = start([profile('nil', []), profile('off', [{ name: 'spanish', level: 5 }], 'offline')]);
  await queued(service);
  await jest.advanceTimersByTimeAsync(WIDEN * 1000);
  expect(holder(service)).toBeNull();
  await jest.advanceTimersByTimeAsync(WIDEN * 1000);
  expect(holder(service)).toBe('nil');
  await service.jobs.close({ timeoutMs: 0 });
});

test('attendance-skills-widen-seconds 0: it waits for the skill however long it takes', async () => {
  const service = start([profile('nil', [])], {}, 0);
  await queued(service);
  await jest.advanceTimersByTimeAsync(24 * 3600 * 1000);
  expect(holder(service)).toBeNull();
  await service.jobs.close({ timeoutMs: 0 });
});

test('backfill hands a waiting conversation only to an attendant with its skills, as far as its wait widened them', async () => {
  const service = start([profile('low', [{ name: 'spanish', level: 1 }]), profile('high', [{ name: 'spanish', level: 3 }])]);
  service.conversations.rows.set('s-2', conversation('s-2', { required_skills: [{ name: 'spanish', min_level: 3 }], waiting_since: new Date() }));
  const { deps } = service;
  expect(await backfillWaiting(deps, { attendantId: 'low' })).toEqual([]);
  jest.setSystemTime(new Date(Date.now() + WIDEN * 1000));
  expect((await backfillWaiting(deps, { attendantId: 'low' })).map((r) => r.session_id)).toEqual(['s-2']);
  await service.jobs.close({ timeoutMs: 0 });
});

test('the CRM contact\'s tier adds what the bot\'s tier rule asks: a gold customer waits for vip at level 2 too', async () => {
  const service = start([profile('ana', [{ name: 'spanish', level: 5 }]), profile('bea', [{ name: 'spanish', level: 3 }, { name: 'vip', level: 2 }])], { bea: 2 }, WIDEN, 'gold');
  expect(await queued(service)).toMatchObject({ kind: 'queued', assigned_to: 'bea' });
  expect(service.conversations.rows.get('s-1')?.required_skills).toEqual([{ name: 'spanish', min_level: 3 }, { name: 'vip', min_level: 2 }]);
  await service.jobs.close({ timeoutMs: 0 });
});

/** A queue of the web channel that nobody staffs, asking for `required`. */
function queueRow(id: string, required: QueueRow['required_skills']): QueueRow {
  return {
    id, name: id, bot_id: null, channels: ['web'], is_active: true, auto_assign: true, priority_order: 0, required_skills: required,
  } as Partial<QueueRow> as QueueRow;
}
const english: SessionSnapshot = { ...session, context_data: { customer_language: 'en' } };

describe('which waiting conversations get widening jobs', () => {
  test('none without skills: a plain handoff, also in a queue that asks for nothing, schedules no job', async () => {
    const service = start([], {}, WIDEN, null, [queueRow('q-plain', [])]);
    expect(await queued(service, english)).toMatchObject({ kind: 'queued', assigned_to: null, item: { queue_id: 'q-plain', required_skills: [] } });
    expect(service.scheduled).toEqual([]);
    await service.jobs.close({ timeoutMs: 0 });
  });

  test('two with the conversation\'s own skills, at one and two periods', async () => {
    const service = start([]);
    await queued(service);
    const since = Date.now();
    expect(service.scheduled).toEqual([`skills-widen-s-1-${since}-1`, `skills-widen-s-1-${since}-2`]);
    await service.jobs.close({ timeoutMs: 0 });
  });

  test('two when only its queue asks for skills', async () => {
    const service = start([], {}, WIDEN, null, [queueRow('q-billing', [{ name: 'billing', min_level: 2 }])]);
    expect(await queued(service, english)).toMatchObject({ item: { queue_id: 'q-billing', required_skills: [] } });
    expect(service.scheduled).toHaveLength(2);
    await service.jobs.close({ timeoutMs: 0 });
  });

  test('none when the bot never widens', async () => {
    const service = start([], {}, 0);
    await queued(service);
    expect(service.scheduled).toEqual([]);
    await service.jobs.close({ timeoutMs: 0 });
  });

  test('at start-up only the waiting conversations with skills (their own or their queue\'s) get them again', async () => {
    const service = start([], {}, WIDEN, null, [queueRow('q-plain', []), queueRow('q-billing', [{ name: 'billing', min_level: 2 }])]);
    const since = new Date();
    service.conversations.rows.set('plain', conversation('plain', { queue_id: 'q-plain', required_skills: [], waiting_since: since }));
    service.conversations.rows.set('no-queue', conversation('no-queue', { queue_id: null, required_skills: [], waiting_since: since }));
    service.conversations.rows.set('own', conversation('own', { queue_id: null, required_skills: [{ name: 'spanish', min_level: 3 }], waiting_since: since }));
    service.conversations.rows.set('queue', conversation('queue', { queue_id: 'q-billing', required_skills: [], waiting_since: since }));
    await registerSkillWideningJobs({ ...service.deps, jobs: service.jobs, assign: async () => undefined, eachTenant: inTheCurrentTenant });
    expect(service.scheduled.map((id) => id.split('-')[2]).sort()).toEqual(['own', 'own', 'queue', 'queue']);
    await service.jobs.close({ timeoutMs: 0 });
  });

  test('a queue that starts asking for skills schedules them for what already waits in it', async () => {
    const service = start([], {}, WIDEN, null, [queueRow('q-plain', [])]);
    await queued(service, english);
    expect(service.scheduled).toEqual([]);
    const waiting = [...service.conversations.rows.values()];
    await service.widening.queueSkillsChanged!({ ...queueRow('q-plain', [{ name: 'billing', min_level: 1 }]) }, waiting);
    expect(service.scheduled).toHaveLength(2);
    await service.jobs.close({ timeoutMs: 0 });
  });
});
