import { defaultBotConfig, type BotConfig } from '../../config/index.js';
import type { AttendantProfileRow, QueueRow } from '../../db/index.js';
import { conversation, fakeRepositories } from '../../test/support/attendance-fakes.js';
import type { ConversationEvent } from '../conversation-events.js';
import { createMobileMsgDestination } from '../mobile-msg/mobile-msg-destination.js';
import { createWorkchatDestination } from '../workchat/workchat-destination.js';

// The notices of the channel destinations go only to the attendants automatic assignment would
// consider, skills and widening included (docs/attendance/skills-routing.md, "Who gets it").

const WIDEN = 60;
const config: BotConfig = { ...defaultBotConfig(), 'attendance-skills-widen-seconds': WIDEN };
const queued: ConversationEvent[] = [{ name: 'conversation.queued', payload: { session_id: 's-1', priority: 1 } } as ConversationEvent];
const billingQueue = { id: 'q-billing', required_skills: [{ name: 'billing', min_level: 2 }] } as Partial<QueueRow> as QueueRow;

function profile(user_id: string, skills: { name: string; level: number }[], phone: string): AttendantProfileRow {
  return {
    user_id, name: user_id, channel: 'all', preferences: null, department: null, aliases: [], skills, phone, email: null, status: 'online',
    updated_at: new Date(0),
  };
}
const attendants = [
  profile('ana', [{ name: 'spanish', level: 4 }, { name: 'billing', level: 1 }], '+5511987654301'),
  profile('bea', [{ name: 'spanish', level: 1 }, { name: 'billing', level: 3 }], '+5511987654302'),
  profile('nil', [], '+5511987654303'),
];
const repos = fakeRepositories({
  profiles: { list: async () => attendants },
  queues: { get: async (id: string) => (id === billingQueue.id ? billingQueue : undefined), listMembers: async () => [] },
  sessions: { findById: async () => undefined },
});

/** The phones a mobile_msg notice of `row` reaches at `now`. */
async function phonesNotified(row: ReturnType<typeof conversation>, now: Date): Promise<string[]> {
  const phones: string[] = [];
  const destination = createMobileMsgDestination({ repos, notify: async (_bot, phone) => void phones.push(phone), config: () => config, now: () => now });
  await destination.conversationChanged!(row, queued);
  return phones;
}

const since = new Date('2026-03-02T09:00:00Z');
const later = (seconds: number) => new Date(since.getTime() + seconds * 1000);

test('without skills every attendant who may take it hears of it', async () => {
  expect(await phonesNotified(conversation('s-1', { waiting_since: since }), since)).toEqual(['+5511987654301', '+5511987654302', '+5511987654303']);
});

test('mobile_msg: only those with the conversation\'s skills at their level, then any level, then everyone, as it waits', async () => {
  const row = conversation('s-1', { required_skills: [{ name: 'spanish', min_level: 3 }], waiting_since: since });
  expect(await phonesNotified(row, since)).toEqual(['+5511987654301']);
  expect(await phonesNotified(row, later(WIDEN))).toEqual(['+5511987654301', '+5511987654302']);
  expect(await phonesNotified(row, later(2 * WIDEN))).toHaveLength(3);
});

test('mobile_msg: the queue\'s requirement counts too, and what the handoff read is used instead of reading it', async () => {
  const row = conversation('s-1', { queue_id: billingQueue.id, waiting_since: since });
  expect(await phonesNotified(row, since)).toEqual(['+5511987654302']);
  const phones: string[] = [];
  const destination = createMobileMsgDestination({
    repos: fakeRepositories({
      profiles: { list: async () => attendants }, queues: { get: async () => { throw new Error('read again'); }, listMembers: async () => [] },
      sessions: { findById: async () => undefined },
    }),
    notify: async (_bot, phone) => void phones.push(phone), config: () => config, now: () => since,
  });
  await destination.conversationChanged!(row, queued, { queues: [billingQueue] });
  expect(phones).toEqual(['+5511987654302']);
});

test('workchat: the cards go only to attendants with the skills', async () => {
  const offered: string[] = [];
  const destination = createWorkchatDestination({
    repos, config: () => config, now: () => since,
    desk: { offer: async (_bot, attendant) => { offered.push(attendant.user_id); return true; }, tell: async () => true },
  });
  await destination.conversationChanged!(conversation('s-1', { required_skills: [{ name: 'spanish', min_level: 3 }], queue_id: billingQueue.id, waiting_since: since }), queued);
  // spanish:3 from the conversation and billing:2 from its queue: nobody has both.
  expect(offered).toEqual([]);
  await destination.conversationChanged!(conversation('s-1', { required_skills: [{ name: 'spanish', min_level: 1 }], waiting_since: since }), queued);
  expect(offered).toEqual(['ana', 'bea']);
});
