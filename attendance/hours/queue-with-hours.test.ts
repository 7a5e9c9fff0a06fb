import { defaultBotConfig, type BotConfig } from '../../config/index.js';
import type { QueueHoursRow, QueueRow } from '../../db/index.js';
import type { OutboundMessage, SessionSnapshot } from '../../engine/index.js';
import { fakeConversations, fakeRepositories } from '../../test/support/attendance-fakes.js';
import { memoryHoursRepo } from '../../test/support/memory-sla.js';
import { queueConversation } from '../queue-conversation.js';
import { HOURS_OPEN_JOB } from './hours-jobs.js';

// A new cycle in a queue with business hours, on in-memory repositories
// (docs/attendance/business-hours.md, "What happens to a new conversation").

const QUEUE = '00000000-0000-4000-8000-0000000000b1';
const config: BotConfig = { ...defaultBotConfig(), 'attendance-auto-assign': false, 'attendance-max-wait-seconds': 300, language: 'en' };
const queue = { id: QUEUE, name: 'Support', channels: ['web'], is_active: true, priority_order: 0, bot_id: null, auto_assign: true, max_wait_seconds: 600 } as unknown as QueueRow;
const weekdays = [{ open: '09:00', close: '17:00' }];
const session: SessionSnapshot = { id: 's-1', bot_id: 'bot-1', user_id: 'u-1', channel: 'web', external_user_id: 'visitor-1', needs_human: true, context_data: {} };
const inbound = { channel: 'web' as const, bot: 'bot-1', customer: { external_id: 'v' }, text: 'my order is late', attachments: [], received_at: new Date(), raw: null };

function setup(hours: Partial<QueueHoursRow>, now: string, online: string[] = []) {
  const sent: string[] = [];
  const released: string[] = [];
  const jobs: { name: string; data: unknown; options: unknown }[] = [];
  const log: string[] = [];
  const conversations = fakeConversations([], {}, (type) => log.push(type));
  const repos = fakeRepositories({
    conversations,
    queues: { list: async () => [queue], listMembers: async () => [] },
    hours: memoryHoursRepo([{ queue_id: QUEUE, time_zone: 'UTC', weekly: { mon: weekdays, tue: weekdays, wed: weekdays, thu: weekdays, fri: weekdays }, ...hours }]),
    profiles: { list: async () => online.map((user_id) => ({ user_id, status: 'online' })) as never },
    events: { append: async (event) => { log.push(event.type); return undefined as never; } },
  });
  const deps = {
    repos, config: () => config, now: () => new Date(now),
    // Locale data may put a narrow space before AM: compared as plain spaces.
    notify: async (messages: OutboundMessage[]) => void sent.push(...messages.map((m) => m.text.replace(/\s/g, ' '))),
    release: async (id: string) => void released.push(id),
    jobs: { add: async (name: string, data: unknown, options: unknown) => void jobs.push({ name, data, options }) } as never,
  };
  return { deps, sent, released, jobs, conversations };
}

test('closed with action bot: the reply with the opening time, and the session goes back to the bot', async () => {
  const t = setup({ closed_action: 'bot', auto_replies: [{ kind: 'closed', channel: '*', language: '*', text: '{queue} opens {opens_at}.' }] }, '2026-01-10T12:00:00Z');
  const result = await queueConversation(t.deps, { session, inbound });
  expect(t.sent).toEqual(['Support opens Mon 9:00 AM.']);
  expect(t.released).toEqual(['s-1']);
  expect(result).toMatchObject({ kind: 'queued', item: { status: 'resolved' } });
  expect(t.jobs).toEqual([]);
});

test('closed with action wait: the built-in reply, the conversation waits, and a job is due at the opening', async () => {
  const t = setup({ closed_action: 'wait' }, '2026-01-09T18:00:00Z'); // Friday evening
  await queueConversation(t.deps, { session, inbound });
  expect(t.sent).toEqual(['We are closed right now. We open again Mon 9:00 AM; your message is with us.']);
  expect(t.conversations.rows.get('s-1')?.status).toBe('waiting');
  expect(t.released).toEqual([]);
  expect(t.jobs).toEqual([{
    name: HOURS_OPEN_JOB, data: { session_id: 's-1', waiting_since: new Date('2026-01-09T18:00:00Z').getTime() },
    options: { delay: 63 * 3600 * 1000, jobId: `hours-open-s-1-${new Date('2026-01-09T18:00:00Z').getTime()}` },
  }]);
});

test('open with someone online but no assignment: the all_busy reply with the position and expected wait', async () => {
  const t = setup({ auto_replies: [{ kind: 'all_busy', channel: 'web', language: 'en', text: 'Busy: #{position}, about {expected_wait_minutes} min.' }] }, '2026-01-05T10:00:00Z', ['ana']);
  await queueConversation(t.deps, { session, inbound });
  expect(t.sent).toEqual(['Busy: #1, about 5 min.']);
  expect(t.conversations.rows.get('s-1')?.status).toBe('waiting');
});
