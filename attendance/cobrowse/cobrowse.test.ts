import { conversation, fakeConversations, fakeRepositories } from '../../test/support/attendance-fakes.js';
import { sessionOutboundTopic } from '../../engine/index.js';
import { ATTENDANCE_LIVE_TOPIC } from '../live/live-events-listener.js';
import { isRecipient, type LiveDelivery } from '../live/live-events.js';
import { endCobrowse, pointCobrowse, requestCobrowse, resyncCobrowse } from './attendant-cobrowse.js';
import { acceptCobrowse, declineCobrowse, relayCobrowseEvents } from './visitor-cobrowse.js';

// Who may start, steer and see a co-browse (docs/attendance/co-browse.md), on in-memory repositories.

const now = () => new Date('2026-01-01T12:00:00Z');
const ANA = { user_id: 'ana', roles: ['attendant'] };
const BOB = { user_id: 'bob', roles: ['attendant'] };
const SUE = { user_id: 'sue', roles: ['supervisor'] };
const ID = '11111111-2222-4333-8444-555555555555';

function setup(rows = [conversation('s-web', { status: 'active', assigned_to: 'ana' }), conversation('s-sms', { channel: 'sms', status: 'active', assigned_to: 'ana' })]) {
  const conversations = fakeConversations(rows);
  const repos = fakeRepositories({
    conversations,
    users: { findById: async (id: string) => ({ id, username: id, display_name: id === 'ana' ? 'Ana' : '' }) as never },
    queues: { listMemberships: async () => [], openQueueIds: async () => [] },
  });
  const published: { topic: string; message: unknown }[] = [];
  const bus = { publish: async (topic: string, message: unknown) => void published.push({ topic, message }) };
  return { conversations, published, deps: { repos, bus, now, newId: () => ID } };
}

describe('the attendant side', () => {
  test('the holder of a web conversation asks: the request, with their name, goes to the visitor only', async () => {
    const { published, deps } = setup();
    await expect(requestCobrowse(deps, { actor: ANA, sessionId: 's-web' })).resolves.toEqual({ cobrowse_id: ID });
    expect(published).toEqual([{
      topic: sessionOutboundTopic('s-web'),
      message: { type: 'cobrowse', action: 'request', cobrowse_id: ID, attendant_id: 'ana', attendant_name: 'Ana', at: now().toISOString() },
    }]);
  });

  test.each([
    ['another attendant', BOB, 's-web', 'not_holder'],
    ['a supervisor who does not hold it', SUE, 's-web', 'not_holder'],
    ['the holder, on a channel without a page', ANA, 's-sms', 'cobrowse_unavailable'],
  ])('%s may not ask, point or resync', async (_who, actor, sessionId, code) => {
    const { published, deps } = setup();
    await expect(requestCobrowse(deps, { actor, sessionId })).rejects.toMatchObject({ code });
    await expect(pointCobrowse(deps, { actor, sessionId, cobrowseId: ID, x: 1, y: 2 })).rejects.toMatchObject({ code });
    await expect(resyncCobrowse(deps, { actor, sessionId, cobrowseId: ID })).rejects.toMatchObject({ code });
    expect(published).toEqual([]);
  });

  test('a waiting conversation (nobody holds it) cannot be co-browsed', async () => {
    const { deps } = setup([conversation('s-web')]);
    await expect(requestCobrowse(deps, { actor: ANA, sessionId: 's-web' })).rejects.toMatchObject({ code: 'not_holder' });
  });

  test('pointing names the attendant, so the page can tell it from anyone else', async () => {
    const { published, deps } = setup();
    await pointCobrowse(deps, { actor: ANA, sessionId: 's-web', cobrowseId: ID, x: 10, y: 20 });
    expect(published[0]!.message).toMatchObject({ action: 'pointer', attendant_id: 'ana', x: 10, y: 20 });
  });

  test('ending tells the page, and the attendant\'s own consoles only', async () => {
    const { published, deps } = setup();
    await endCobrowse(deps, { actor: ANA, sessionId: 's-web', cobrowseId: ID });
    expect(published.map((p) => p.topic)).toEqual([sessionOutboundTopic('s-web'), ATTENDANCE_LIVE_TOPIC]);
    const delivery = published[1]!.message as LiveDelivery;
    expect(delivery.frame).toMatchObject({ type: 'cobrowse_ended', by: 'attendant' });
    expect([ANA, BOB, SUE].filter((u) => isRecipient(delivery.recipients, u))).toEqual([ANA]);
  });
});

describe('the visitor side', () => {
  const party = { sessionId: 's-web', cobrowseId: ID, attendantId: 'ana' };
  const part = { seq: 0, part: 0, parts: 1, data: '[]' };

  test('consent and the page\'s events reach the attendant who asked, and nobody else (not supervisors)', async () => {
    const { published, deps } = setup();
    await expect(acceptCobrowse(deps, party)).resolves.toBe(true);
    await expect(relayCobrowseEvents(deps, party, part)).resolves.toBe(true);
    await declineCobrowse(deps, party);
    const deliveries = published.map((p) => p.message as LiveDelivery);
    expect(published.every((p) => p.topic === ATTENDANCE_LIVE_TOPIC)).toBe(true);
    expect(deliveries.map((d) => d.frame.type)).toEqual(['cobrowse_started', 'cobrowse_events', 'cobrowse_declined']);
    expect(deliveries[1]!.frame).toEqual({ type: 'cobrowse_events', session_id: 's-web', cobrowse_id: ID, ...part });
    for (const d of deliveries) expect([ANA, BOB, SUE].filter((u) => isRecipient(d.recipients, u))).toEqual([ANA]);
  });

  test('an attendant who no longer holds the conversation gets nothing more: consent does not start, events end it', async () => {
    const { conversations, published, deps } = setup();
    conversations.rows.get('s-web')!.assigned_to = 'bob'; // transferred
    await expect(acceptCobrowse(deps, party)).resolves.toBe(false);
    expect(published).toEqual([]);
    await expect(relayCobrowseEvents(deps, party, part)).resolves.toBe(false);
    const deliveries = published.map((p) => p.message as LiveDelivery);
    expect(deliveries.map((d) => d.frame)).toEqual([{ type: 'cobrowse_ended', session_id: 's-web', cobrowse_id: ID, by: 'system', at: now().toISOString() }]);
    expect([ANA, BOB, SUE].filter((u) => isRecipient(deliveries[0]!.recipients, u))).toEqual([ANA]);
  });

  test('a resolved conversation ends it too', async () => {
    const { conversations, deps } = setup();
    conversations.rows.get('s-web')!.status = 'resolved';
    await expect(relayCobrowseEvents(deps, party, part)).resolves.toBe(false);
  });
});
