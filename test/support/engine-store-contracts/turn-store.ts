import { randomUUID } from 'node:crypto';
import type { TurnCommit } from '../../../db/index.js';
import { turnRows, unique, useFixture, type OpenEngineStore } from './fixture.js';

/**
 * The contract of the turn store (db/turn-store.ts, docs/architecture.md "one turn, one
 * transaction"): a turn writes its session, message, replies, outbox rows and events together or
 * not at all; a session moved on since it was read makes the turn `stale`, a provider message id
 * already taken makes it a `duplicate`, and neither writes anything.
 */
export function describeTurnStoreContract(open: OpenEngineStore): void {
  describe('turn store contract', () => {
    const store = useFixture(open);
    const rows = () => turnRows(store().botId);
    const key = (customer: string, channel = 'web') => ({ bot_id: store().botId, channel, external_user_id: customer });
    const committed = (result: TurnCommit) => {
      if (result.kind !== 'committed') throw new Error(`expected the turn committed, got ${result.kind}`);
      return result;
    };

    /** A customer's first turn: their message and one reply. */
    async function opened(customer: string, providerId: string | null = null) {
      const { turns } = store().repos;
      const session = rows().create(customer);
      const message = rows().message(session.row.id, 'hello', providerId);
      committed(await turns.commit({ session, inbound: message, outbound: [rows().reply(session.row.id, 'hi', { replyTo: message.id, inline: true })], events: [] }));
      return { id: session.row.id, message };
    }

    test('an unknown customer has no session and no message taken', async () => {
      expect(await store().repos.turns.load(key(unique('nobody')), 'never-seen')).toEqual({ session: undefined, duplicate_of: undefined });
    });

    test('a first message creates the session with its message, replies, outbox rows and events, in order', async () => {
      const { turns, messages, outbox, events } = store().repos;
      const customer = unique('first');
      const session = rows().create(customer, { needs_human: true, context_patch: { lang: 'en' }, dialog_state: { step: 1 } });
      const id = session.row.id;
      const message = rows().message(id, 'hello', unique('p'));
      const web = rows().reply(id, 'one', { replyTo: message.id, inline: true, channel: 'web' });
      const sms = rows().reply(id, 'two', { replyTo: message.id });
      const result = committed(await turns.commit({ session, inbound: message, outbound: [web, sms], events: [rows().event(id, 'session.handed_off', { n: 1 })] }));

      expect([...result.created_at.keys()].sort()).toEqual([web.id, sms.id].sort());
      // (Not `instanceof Date`: the embedded database's rows come from its worker thread, another realm under jest.)
      expect([...result.created_at.values()].every((at) => Object.prototype.toString.call(at) === '[object Date]')).toBe(true);
      const loaded = await turns.load(key(customer), undefined);
      expect(loaded.duplicate_of).toBeUndefined();
      expect(loaded.session).toMatchObject({
        id, bot_id: store().botId, channel: 'web', external_user_id: customer, user_id: session.row.user_id, status: 'open', version: 1,
        needs_human: true, context_data: { lang: 'en' }, dialog_state: { step: 1 },
      });
      expect(await turns.session(id)).toEqual(loaded.session);
      const transcript = await messages.listBySession(id);
      expect(transcript.map((m) => [m.direction, m.sender, m.text, m.delivery_state, m.reply_to])).toEqual([
        ['inbound', 'customer', 'hello', 'received', null],
        ['outbound', 'bot', 'one', 'delivered', message.id],
        ['outbound', 'bot', 'two', 'pending', message.id],
      ]);
      expect(transcript[0]).toMatchObject({ provider_message_id: message.provider_message_id, payload: { received: 'hello' } });
      expect(transcript[1]!.delivered_at).toBeInstanceOf(Date);
      expect(transcript[2]!.delivered_at).toBeNull();
      expect(await turns.repliesTo(message.id)).toEqual([{ sender: 'bot', text: 'one', payload: {} }, { sender: 'bot', text: 'two', payload: {} }]);
      // Only the reply a job delivers has an outbox row.
      expect(await outbox.findById(sms.delivery.kind === 'outbox' ? sms.delivery.outbox_id : '')).toMatchObject({
        message_id: sms.id, session_id: id, channel: 'sms', state: 'pending', attempts: 0, last_error: null, payload: { text: 'two' },
      });
      expect((await outbox.listPending()).filter((r) => r.session_id === id)).toHaveLength(1);
      expect((await events.pendingUnderLock(id).read()).events).toEqual([expect.objectContaining({ session_id: id, name: 'session.handed_off', payload: { n: 1 }, attempts: 0 })]);
    });

    test('a call opens its session as a voice call; a text channel\'s has no call type', async () => {
      const { turns } = store().repos;
      const call = rows().create(unique('caller'), {}, 'rtc_sip');
      const chat = rows().create(unique('visitor'));
      for (const session of [call, chat]) committed(await turns.commit({ session, inbound: rows().message(session.row.id, 'hello'), outbound: [], events: [] }));
      expect((await turns.session(call.row.id))?.call_type).toBe('voice');
      expect((await turns.session(chat.row.id))?.call_type).toBeNull();
    });

    test('a closed session is no longer the customer\'s: their next first message opens a new one', async () => {
      const { turns } = store().repos;
      const customer = unique('closing');
      const { id } = await opened(customer);
      committed(await turns.commit({ session: rows().update(id, 1, { closed: true, dialog_state: null }), outbound: [], events: [] }));
      expect(await turns.session(id)).toMatchObject({ status: 'closed', version: 2, dialog_state: null });
      expect((await turns.load(key(customer), undefined)).session).toBeUndefined();
      const next = rows().create(customer);
      committed(await turns.commit({ session: next, inbound: rows().message(next.row.id, 'again'), outbound: [], events: [] }));
      expect((await turns.load(key(customer), undefined)).session?.id).toBe(next.row.id);
    });

    test('a write at the version read moves the version on and merges context_data key by key', async () => {
      const { turns } = store().repos;
      const customer = unique('update');
      const session = rows().create(customer, { context_patch: { a: 1, b: 1 }, dialog_state: { step: 1 } });
      committed(await turns.commit({ session, inbound: rows().message(session.row.id, 'one'), outbound: [], events: [] }));
      const id = session.row.id;

      committed(await turns.commit({ session: rows().update(id, 1, { context_patch: { b: 2, c: 3 } }), inbound: rows().message(id, 'two'), outbound: [], events: [] }));
      expect(await turns.session(id)).toMatchObject({ version: 2, needs_human: false, context_data: { a: 1, b: 2, c: 3 }, dialog_state: { step: 1 } });
      // Without a message (a dialog waking up), and `null` clears the stored dialog.
      committed(await turns.commit({ session: rows().update(id, 2, { needs_human: true, dialog_state: null }), outbound: [], events: [] }));
      expect(await turns.session(id)).toMatchObject({ version: 3, needs_human: true, context_data: { a: 1, b: 2, c: 3 }, dialog_state: null });
    });

    test('a turn links the session to its CRM contact: on the first message, or later; a later turn without one keeps it', async () => {
      const { turns } = store().repos;
      const [first, second] = [randomUUID(), randomUUID()];
      const created = rows().create(unique('contact-a'), { customer_id: first });
      committed(await turns.commit({ session: created, inbound: rows().message(created.row.id, 'one'), outbound: [], events: [] }));
      expect(await turns.session(created.row.id)).toMatchObject({ customer_id: first });
      committed(await turns.commit({ session: rows().update(created.row.id, 1, { context_patch: { a: 1 } }), inbound: rows().message(created.row.id, 'two'), outbound: [], events: [] }));
      expect(await turns.session(created.row.id)).toMatchObject({ customer_id: first, version: 2 });

      const { id } = await opened(unique('contact-b'));
      expect(await turns.session(id)).toMatchObject({ customer_id: null });
      committed(await turns.commit({ session: rows().update(id, 1, { customer_id: second }), inbound: rows().message(id, 'later'), outbound: [], events: [] }));
      expect(await turns.session(id)).toMatchObject({ customer_id: second });
    });

    test('a session changed since it was read: stale, and nothing of the turn is written', async () => {
      const { turns, messages, events } = store().repos;
      const { id } = await opened(unique('stale'));
      const message = rows().message(id, 'late', unique('p'));
      const reply = rows().reply(id, 'never', { replyTo: message.id });
      const result = await turns.commit({ session: rows().update(id, 0, { context_patch: { x: 1 } }), inbound: message, outbound: [reply], events: [rows().event(id, 'customer.messaged')] });
      expect(result).toEqual({ kind: 'stale' });
      expect((await messages.listBySession(id)).map((m) => m.text)).toEqual(['hello', 'hi']);
      expect(await turns.session(id)).toMatchObject({ version: 1, context_data: {} });
      expect((await events.pendingUnderLock(id).read()).events).toEqual([]);
      expect(await turns.repliesTo(message.id)).toEqual([]);
    });

    test('a second first message of one customer (another instance opened the session meanwhile): stale', async () => {
      const { turns, messages } = store().repos;
      const customer = unique('twice');
      const { id } = await opened(customer);
      const other = rows().create(customer);
      expect(await turns.commit({ session: other, inbound: rows().message(other.row.id, 'me too'), outbound: [], events: [] })).toEqual({ kind: 'stale' });
      expect(await turns.session(other.row.id)).toBeUndefined();
      expect((await turns.load(key(customer), undefined)).session?.id).toBe(id);
      expect(await messages.listBySession(other.row.id)).toEqual([]);
    });

    test('a provider message id already taken: duplicate, naming the stored message, and nothing is written', async () => {
      const { turns, messages, events } = store().repos;
      const providerId = unique('p');
      const customer = unique('dup');
      const { id, message } = await opened(customer, providerId);
      expect(await turns.load(key(customer), providerId)).toMatchObject({ session: { id }, duplicate_of: message.id });

      const copy = rows().message(id, 'hello', providerId);
      const result = await turns.commit({
        session: rows().update(id, 1, { context_patch: { again: true } }), inbound: copy, outbound: [rows().reply(id, 'again', { replyTo: copy.id })],
        events: [rows().event(id, 'customer.messaged')],
      });
      expect(result).toEqual({ kind: 'duplicate', duplicate_of: message.id });
      expect(await turns.session(id)).toMatchObject({ version: 1, context_data: {} });
      expect((await messages.listBySession(id)).map((m) => m.text)).toEqual(['hello', 'hi']);
      expect((await events.pendingUnderLock(id).read()).events).toEqual([]);

      // A copy that would open a session (the same id from another customer) is a duplicate too, and opens none.
      const elsewhere = rows().create(unique('dup-other'));
      expect(await turns.commit({ session: elsewhere, inbound: rows().message(elsewhere.row.id, 'hello', providerId), outbound: [], events: [] }))
        .toEqual({ kind: 'duplicate', duplicate_of: message.id });
      expect(await turns.session(elsewhere.row.id)).toBeUndefined();
    });

    test('provider message ids are unique per channel and bot; messages without one never collide', async () => {
      const { turns } = store().repos;
      const providerId = unique('p');
      await opened(unique('id-web'), providerId);
      const sms = rows().create(unique('id-sms'), {}, 'sms');
      committed(await turns.commit({ session: sms, inbound: rows().message(sms.row.id, 'hello', providerId, 'sms'), outbound: [], events: [] }));
      const { id } = await opened(unique('no-id'));
      committed(await turns.commit({ session: rows().update(id, 1), inbound: rows().message(id, 'hello'), outbound: [], events: [] }));
      expect((await turns.session(id))?.version).toBe(2);
    });

    test('turns committed at the same moment: each writes all of its rows; of two at one version, one commits and the other is stale', async () => {
      const { turns, messages } = store().repos;
      const customers = [unique('burst'), unique('burst'), unique('burst')];
      const writes = customers.map((customer) => {
        const session = rows().create(customer);
        const message = rows().message(session.row.id, `from ${customer}`);
        return { session, inbound: message, outbound: [rows().reply(session.row.id, `to ${customer}`, { replyTo: message.id, inline: true })], events: [] };
      });
      const results = await Promise.all(writes.map((write) => turns.commit(write)));
      expect(results.map((r) => r.kind)).toEqual(['committed', 'committed', 'committed']);
      for (const [i, write] of writes.entries()) {
        expect((await messages.listBySession(write.session.row.id)).map((m) => m.text)).toEqual([`from ${customers[i]}`, `to ${customers[i]}`]);
      }

      const { id } = await opened(unique('race'));
      const race = await Promise.all(['a', 'b'].map((text) => turns.commit({ session: rows().update(id, 1), inbound: rows().message(id, text), outbound: [], events: [] })));
      expect(race.map((r) => r.kind).sort()).toEqual(['committed', 'stale']);
      expect(await messages.listBySession(id)).toHaveLength(3);
      expect(await turns.session(id)).toMatchObject({ version: 2 });
    });

    test('replies and events outside a turn are appended together; nothing to append is a no-op', async () => {
      const { turns, messages, outbox, events } = store().repos;
      const { id } = await opened(unique('append'));
      expect(await turns.append([], [])).toEqual(new Map());
      const reply = { ...rows().reply(id, 'from an attendant'), sender: 'attendant' as const };
      const created = await turns.append([reply], [rows().event(id, 'message.sent')]);
      expect([...created.keys()]).toEqual([reply.id]);
      expect((await messages.listBySession(id)).at(-1)).toMatchObject({ sender: 'attendant', text: 'from an attendant', delivery_state: 'pending' });
      expect((await outbox.listPending()).filter((r) => r.session_id === id)).toHaveLength(1);
      expect((await events.pendingUnderLock(id).read()).events.map((e) => e.name)).toEqual(['message.sent']);
      expect(await turns.session(id)).toMatchObject({ version: 1 });
    });

    test('rows of a session that does not exist are refused, and nothing is written', async () => {
      const { turns, events } = store().repos;
      const ghost = rows().create(unique('ghost')).row.id;
      await expect(turns.append([rows().reply(ghost, 'to nobody')], [rows().event(ghost, 'x')])).rejects.toThrow();
      expect((await events.pendingUnderLock(ghost).read()).events).toEqual([]);
    });

    test('a session is only created by a customer message', async () => {
      await expect(store().repos.turns.commit({ session: rows().create(unique('empty')), outbound: [], events: [] })).rejects.toThrow();
    });
  });
}
