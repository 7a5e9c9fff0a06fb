import type { FailureEventOf, OutboundWrite } from '../../../db/index.js';
import { turnRows, unique, useFixture, type OpenEngineStore } from './fixture.js';

/**
 * The contract of the outbox (db/outbox-repo.ts): rows committed with their turn wait as
 * `pending`, oldest first; a row and its transcript message change state together and only
 * once; a failure is told by its event, written in the same step, once.
 */
export function describeOutboxContract(open: OpenEngineStore): void {
  describe('outbox contract', () => {
    const store = useFixture(open);
    const rows = () => turnRows(store().botId);
    const outboxId = (write: OutboundWrite) => (write.delivery.kind === 'outbox' ? write.delivery.outbox_id : '');
    const eventOf: FailureEventOf = (failed) => ({ ...rows().event(failed.session_id, 'message.delivery_failed'), payload: { ...failed } });

    /** A session whose turn committed `texts` as replies delivered by the outbox; their writes, in order. */
    async function committed(texts: string[]) {
      const session = rows().create(unique('outbox'), {}, 'sms');
      const id = session.row.id;
      const message = rows().message(id, 'hello', null, 'sms');
      const replies = texts.map((text) => rows().reply(id, text, { replyTo: message.id }));
      const result = await store().repos.turns.commit({ session, inbound: message, outbound: replies, events: [] });
      if (result.kind !== 'committed') throw new Error(result.kind);
      return { id, replies };
    }
    const transcriptOf = async (sessionId: string, text: string) => (await store().repos.messages.listBySession(sessionId)).find((m) => m.text === text)!;

    test('rows wait as pending, oldest first', async () => {
      const { outbox } = store().repos;
      const first = await committed(['a1', 'a2']);
      const second = await committed(['b1']);
      const pending = (await outbox.listPending()).filter((r) => r.session_id === first.id || r.session_id === second.id);
      expect(pending.slice(2)).toEqual([{ id: outboxId(second.replies[0]!), session_id: second.id }]);
      expect(pending.slice(0, 2).map((r) => r.id).sort()).toEqual(first.replies.map(outboxId).sort());
    });

    test('a retried attempt is counted with its reason and next time; the row stays pending', async () => {
      const { outbox } = store().repos;
      const { id, replies } = await committed(['retry me']);
      const next = new Date(Date.now() + 60_000);
      await outbox.recordAttempt(outboxId(replies[0]!), 'provider answered 503', next);
      await outbox.recordAttempt(outboxId(replies[0]!), 'provider answered 502', next);
      expect(await outbox.findById(outboxId(replies[0]!))).toMatchObject({ state: 'pending', attempts: 2, last_error: 'provider answered 502', next_attempt_at: next });
      expect((await outbox.listPending()).some((r) => r.session_id === id)).toBe(true);
    });

    test('delivered: the row and its message, with the provider\'s id; only once', async () => {
      const { outbox } = store().repos;
      const { id, replies } = await committed(['deliver me']);
      const rowId = outboxId(replies[0]!);
      const providerId = unique('provider');
      expect(await outbox.markDelivered(rowId, providerId)).toBe(true);
      expect(await outbox.findById(rowId)).toMatchObject({ state: 'delivered', attempts: 1, delivered_at: expect.any(Date) });
      expect(await transcriptOf(id, 'deliver me')).toMatchObject({ delivery_state: 'delivered', provider_message_id: providerId, delivered_at: expect.any(Date) });
      expect(await outbox.markDelivered(rowId, unique('provider'))).toBe(false);
      expect(await outbox.markFailed(rowId, 'too late', eventOf)).toBe(false);
      expect(await outbox.findById(rowId)).toMatchObject({ state: 'delivered', attempts: 1 });
      expect((await outbox.listPending()).some((r) => r.session_id === id)).toBe(false);
      expect((await store().repos.events.pendingUnderLock(id).read()).events).toEqual([]);
    });

    test('failed: the row and its message keep the reason, and the failure is told by its event, once', async () => {
      const { outbox, events } = store().repos;
      const { id, replies } = await committed(['fail me']);
      const rowId = outboxId(replies[0]!);
      expect(await outbox.markFailed(rowId, 'recipient blocked the bot', eventOf)).toBe(true);
      expect(await outbox.findById(rowId)).toMatchObject({ state: 'failed', attempts: 1, last_error: 'recipient blocked the bot' });
      const message = await transcriptOf(id, 'fail me');
      expect(message).toMatchObject({ delivery_state: 'failed', payload: { delivery_error: 'recipient blocked the bot' } });
      expect((await events.pendingUnderLock(id).read()).events).toEqual([expect.objectContaining({
        name: 'message.delivery_failed',
        payload: { message_id: message.id, session_id: id, channel: 'sms', sender: 'bot', text: 'fail me', reason: 'recipient blocked the bot' },
      })]);
      expect(await outbox.markFailed(rowId, 'again', eventOf)).toBe(false);
      expect((await events.pendingUnderLock(id).read()).events).toHaveLength(1);
    });

    test('a provider\'s statuses: unknown ids are not found, a status never goes back, a failure fails the message once', async () => {
      const { outbox, events } = store().repos;
      const { id, replies } = await committed(['status']);
      const providerId = unique('provider');
      const known = { channel: 'sms', bot_id: store().botId, provider_message_id: providerId };
      expect(await outbox.applyProviderStatus({ ...known, provider_message_id: unique('unknown') }, 'delivered')).toBe(false);
      await outbox.markDelivered(outboxId(replies[0]!), providerId);

      expect(await outbox.applyProviderStatus(known, 'read')).toBe(true);
      expect(await outbox.applyProviderStatus(known, 'delivered')).toBe(true);
      expect((await transcriptOf(id, 'status')).payload).toEqual({ provider_status: 'read' });

      expect(await outbox.applyProviderStatus(known, 'failed', '131026: Message undeliverable', eventOf)).toBe(true);
      expect(await outbox.applyProviderStatus(known, 'failed', '131026: Message undeliverable', eventOf)).toBe(true);
      const message = await transcriptOf(id, 'status');
      expect(message).toMatchObject({ delivery_state: 'failed', payload: { provider_status: 'failed', delivery_error: '131026: Message undeliverable' } });
      expect(await outbox.findById(outboxId(replies[0]!))).toMatchObject({ state: 'failed', last_error: '131026: Message undeliverable' });
      expect((await events.pendingUnderLock(id).read()).events.map((e) => e.payload)).toEqual([
        { message_id: message.id, session_id: id, channel: 'sms', sender: 'bot', text: 'status', reason: '131026: Message undeliverable' },
      ]);
    });
  });
}
