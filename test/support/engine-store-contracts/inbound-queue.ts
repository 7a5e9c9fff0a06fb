import type { InboundQueueWrite } from '../../../db/index.js';
import { unique, useFixture, type OpenEngineStore } from './fixture.js';

/**
 * The contract of the inbound queue (db/inbound-queue-repo.ts, docs/architecture.md "Provider
 * webhooks"): a provider message id is queued once per channel and bot, whatever became of it;
 * a customer's messages come back in arrival order until removed, screened or given up.
 */
export function describeInboundQueueContract(open: OpenEngineStore): void {
  describe('inbound queue contract', () => {
    const store = useFixture(open);
    const write = (bot: string, customer: string, text: string, providerId?: string, channel = 'sms'): InboundQueueWrite => ({
      channel, bot, external_user_id: customer, ...(providerId === undefined ? {} : { provider_message_id: providerId }),
      message: { text, received_at: '2026-01-01T10:00:00.000Z', customer: { external_id: customer } },
    });
    const texts = async (bot: string, customer: string, channel = 'sms') =>
      (await store().repos.inbound.listPending({ channel, bot, external_user_id: customer })).map((q) => q.message.text);

    test('accepted messages wait per customer in arrival order; each customer is named once', async () => {
      const { inbound } = store().repos;
      const bot = unique('bot');
      const customers = await inbound.accept([
        write(bot, 'ana', 'one', unique('p')), write(bot, 'bob', 'alpha', unique('p')), write(bot, 'ana', 'two', unique('p')), write(bot, 'ana', 'three'),
      ]);
      expect(customers.map((c) => c.external_user_id).sort()).toEqual(['ana', 'bob']);
      expect(customers[0]).toEqual({ channel: 'sms', bot, external_user_id: expect.any(String) });
      expect(await texts(bot, 'ana')).toEqual(['one', 'two', 'three']);
      const [first] = await inbound.listPending({ channel: 'sms', bot, external_user_id: 'ana' });
      expect(first).toEqual({
        id: expect.any(String), attempts: 0,
        message: { text: 'one', received_at: '2026-01-01T10:00:00.000Z', customer: { external_id: 'ana' } },
      });
      expect(await inbound.accept([])).toEqual([]);
    });

    test('a provider message id is queued once per channel and bot, within one call too; messages without one always are', async () => {
      const { inbound } = store().repos;
      const bot = unique('bot');
      const id = unique('p');
      expect(await inbound.accept([write(bot, 'ana', 'once', id), write(bot, 'ana', 'copy in the same call', id)])).toHaveLength(1);
      expect(await inbound.accept([write(bot, 'ana', 'redelivered', id)])).toEqual([]);
      expect(await inbound.accept([write(bot, 'ana', 'other channel', id, 'mobile_msg')])).toHaveLength(1);
      expect(await inbound.accept([write(unique('bot'), 'ana', 'other bot', id)])).toHaveLength(1);
      await inbound.accept([write(bot, 'ana', 'no id'), write(bot, 'ana', 'no id')]);
      expect(await texts(bot, 'ana')).toEqual(['once', 'no id', 'no id']);
    });

    test('a removed message leaves the queue, and its id may be queued again', async () => {
      const { inbound } = store().repos;
      const bot = unique('bot');
      const id = unique('p');
      await inbound.accept([write(bot, 'ana', 'first', id), write(bot, 'ana', 'second')]);
      const [first] = await inbound.listPending({ channel: 'sms', bot, external_user_id: 'ana' });
      await inbound.remove(first!.id);
      expect(await texts(bot, 'ana')).toEqual(['second']);
      expect(await inbound.accept([write(bot, 'ana', 'again', id)])).toHaveLength(1);
    });

    test('a screened message leaves the pending ones, and its id still keeps redeliveries out', async () => {
      const { inbound } = store().repos;
      const bot = unique('bot');
      const id = unique('p');
      await inbound.accept([write(bot, 'ana', 'from the attendant\'s phone', id)]);
      const [queued] = await inbound.listPending({ channel: 'sms', bot, external_user_id: 'ana' });
      await inbound.markScreened(queued!.id);
      expect(await texts(bot, 'ana')).toEqual([]);
      expect(await inbound.accept([write(bot, 'ana', 'redelivered', id)])).toEqual([]);
    });

    test('a failed attempt is counted and the message stays; the final one sets it aside, its id still taken', async () => {
      const { inbound } = store().repos;
      const bot = unique('bot');
      const id = unique('p');
      await inbound.accept([write(bot, 'ana', 'flaky', id), write(bot, 'ana', 'next')]);
      const [flaky] = await inbound.listPending({ channel: 'sms', bot, external_user_id: 'ana' });
      await inbound.recordFailure(flaky!.id, 'turn failed', false);
      expect((await inbound.listPending({ channel: 'sms', bot, external_user_id: 'ana' }))[0]).toMatchObject({ id: flaky!.id, attempts: 1 });
      await inbound.recordFailure(flaky!.id, 'turn failed for good', true);
      expect(await texts(bot, 'ana')).toEqual(['next']);
      expect(await inbound.accept([write(bot, 'ana', 'redelivered', id)])).toEqual([]);
    });

    test('customers with pending messages are each listed once', async () => {
      const { inbound } = store().repos;
      const bot = unique('bot');
      await inbound.accept([write(bot, 'ana', 'a1'), write(bot, 'ana', 'a2'), write(bot, 'bob', 'b1'), write(bot, 'eve', 'e1')]);
      const [eve] = await inbound.listPending({ channel: 'sms', bot, external_user_id: 'eve' });
      await inbound.remove(eve!.id);
      const listed = (await inbound.customersWithPending()).filter((c) => c.bot === bot);
      expect(listed.map((c) => c.external_user_id).sort()).toEqual(['ana', 'bob']);
      expect(listed[0]).toEqual({ channel: 'sms', bot, external_user_id: expect.any(String) });
    });
  });
}
