import { conversation, fakeConversations, fakeRepositories } from '../test/support/attendance-fakes.js';
import { endLeftConversation } from './end-left-conversation.js';

// A caller who hangs up while waiting or talking to a person (docs/channels/rtc-sip.md), on in-memory repositories.

const now = () => new Date('2026-01-01T12:00:00Z');

function setup(rows = [conversation('s-1')]) {
  const conversations = fakeConversations(rows, {});
  const log: { type: string; session_id: string }[] = [];
  const backfilled: string[] = [];
  const repos = fakeRepositories({
    conversations,
    // The attendant who held it is offered the next waiting one; here Ann is offline, so nothing more happens.
    profiles: { get: async (id: string) => { backfilled.push(id); return undefined; } },
    events: { append: async (event) => { log.push({ type: event.type, session_id: event.session_id ?? '' }); return undefined as never; } },
    sessions: { findById: async () => undefined },
  });
  return { conversations, log, backfilled, deps: { repos, now, config: () => undefined } };
}

test('a waiting conversation leaves the queue resolved, logged as resolved', async () => {
  const { conversations, log, deps } = setup();
  await endLeftConversation(deps, 's-1');
  expect(conversations.rows.get('s-1')).toMatchObject({ status: 'resolved', resolved_at: now() });
  expect(log).toEqual([{ type: 'resolved', session_id: 's-1' }]);
});

test('one held by an attendant ends too; resolved or unknown ones are left alone', async () => {
  const { conversations, log, backfilled, deps } = setup([
    conversation('s-1', { status: 'active', assigned_to: 'ann-id' }), conversation('s-2', { status: 'resolved' }),
  ]);
  await endLeftConversation(deps, 's-1');
  await endLeftConversation(deps, 's-2');
  await endLeftConversation(deps, 's-3');
  expect(conversations.rows.get('s-1')?.status).toBe('resolved');
  expect(log.map((l) => l.session_id)).toEqual(['s-1']);
  expect(backfilled).toEqual(['ann-id']);
});
