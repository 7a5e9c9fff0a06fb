import { jest } from '@jest/globals';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import { conversation, fakeConversations, fakeRepositories } from '../test/support/attendance-fakes.js';
import { takeConversation } from './take-conversation.js';

// /take on in-memory repositories: the status rules and the optimistic claim, no database.

const now = () => new Date('2026-01-01T12:00:00Z');

function setup(rows = [conversation('s-1')]) {
  const conversations = fakeConversations(rows, { 'ann-id': 'Ann' });
  const log: { type: string; attendant_id: string | null }[] = [];
  const repos = fakeRepositories({
    conversations,
    events: { append: async (event) => { log.push({ type: event.type, attendant_id: event.attendant_id ?? null }); return undefined as never; } },
    sessions: { findById: async () => undefined },
  });
  return { conversations, log, deps: { repos, now } };
}

test('taking a waiting conversation accepts it: active, held by the taker, accepted_at, one accepted event', async () => {
  const { conversations, log, deps } = setup();
  const row = await takeConversation(deps, { attendantId: 'bob-id', sessionId: 's-1' });
  expect(row).toMatchObject({ status: 'active', assigned_to: 'bob-id', accepted_at: now() });
  expect(conversations.rows.get('s-1')).toMatchObject({ status: 'active', assigned_to: 'bob-id' });
  expect(log).toEqual([{ type: 'accepted', attendant_id: 'bob-id' }]);
});

test('a conversation held by someone else is refused with already_assigned and who holds it', async () => {
  const { deps } = setup([conversation('s-1', { status: 'active', assigned_to: 'ann-id' })]);
  const error = await takeConversation(deps, { attendantId: 'bob-id', sessionId: 's-1' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConflictError);
  expect(error).toMatchObject({ code: 'already_assigned', details: { assigned_to: 'ann-id', assigned_to_name: 'Ann' } });
});

test('taking one\'s own active conversation again changes nothing', async () => {
  const { log, deps } = setup([conversation('s-1', { status: 'active', assigned_to: 'bob-id' })]);
  expect(await takeConversation(deps, { attendantId: 'bob-id', sessionId: 's-1' })).toMatchObject({ status: 'active' });
  expect(log).toEqual([]);
});

test('a row the caller already read is used as it is: nothing reads the conversation again', async () => {
  const { conversations, deps } = setup();
  const reads = jest.spyOn(conversations, 'get');
  await takeConversation(deps, { attendantId: 'bob-id', sessionId: 's-1', current: conversation('s-1') });
  expect(reads).not.toHaveBeenCalled();
});

test('when another taker wins between the read and the claim, the fresh row decides: already_assigned', async () => {
  const { conversations, deps } = setup();
  const stale = conversation('s-1');
  await conversations.apply('s-1', { status: 'waiting' }, 'active', { assigned_to: 'ann-id' });
  await expect(takeConversation(deps, { attendantId: 'bob-id', sessionId: 's-1', current: stale }))
    .rejects.toMatchObject({ code: 'already_assigned' });
});

test('an unknown conversation is session_not_found', async () => {
  const { deps } = setup([]);
  await expect(takeConversation(deps, { attendantId: 'bob-id', sessionId: 'nope' })).rejects.toBeInstanceOf(NotFoundError);
});

test('an auto-assignment to the taker landing between /take\'s reads is still taken, not "nothing waiting"', async () => {
  const { conversations, deps } = setup();
  // The fake's only listing by holder; the claim (waiting → assigned to bob) lands right after /take's first read, whichever it is.
  let claimed = false;
  const claimAfter = <T>(rows: T): T => {
    if (!claimed) {
      claimed = true;
      conversations.rows.set('s-1', conversation('s-1', { status: 'assigned', assigned_to: 'bob-id' }));
    }
    return rows;
  };
  const listWaiting = conversations.listWaiting;
  const repos = fakeRepositories({
    conversations: {
      ...conversations,
      listWaiting: async (filter) => claimAfter(await listWaiting(filter)),
      listItems: async (filter: { assigned_to?: string }) => claimAfter([...conversations.rows.values()]
        .filter((r) => r.status === 'assigned' && r.assigned_to === filter.assigned_to)
        .map((r) => ({ ...r, user_id: 'u', external_user_id: 'v', context_data: {}, contact_first_name: null, contact_last_name: null, contact_email: null, contact_phone: null, assigned_to_name: null, queue_required_skills: [] }))),
    },
    queues: { listMemberships: async () => [], openQueueIds: async () => [] },
    events: { append: async () => undefined as never },
    sessions: { findById: async () => undefined },
  });
  const row = await takeConversation({ ...deps, repos }, { attendantId: 'bob-id' });
  expect(row).toMatchObject({ session_id: 's-1', status: 'active', assigned_to: 'bob-id' });
});
