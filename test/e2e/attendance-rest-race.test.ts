import { startKit, type Kit, type User } from '../support/attendance-kit.js';
import { waitForValue } from '../support/wait-for.js';
import { testDriversLabel } from '../support/drivers.js';

let kit: Kit;
beforeAll(async () => { kit = await startKit(); });
afterAll(async () => { await kit.service.dispose(); });

const settle = <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => waitForValue(read, done, { intervalMs: 20 });

describe(`attendance over HTTP under contention (${testDriversLabel()})`, () => {
  // Runs first: no queue exists yet, so every attendant sees the conversation and nobody is online to get it automatically.
  test('20 attendants send /take for the same conversation at once: exactly one wins, the others are told who has it', async () => {
    const takers: User[] = await Promise.all(Array.from({ length: 20 }, (_, i) => kit.user(`taker${String(i).padStart(2, '0')}`, ['attendant'])));
    const { sessionId } = await kit.handoff();
    expect(await kit.item(sessionId)).toMatchObject({ status: 'waiting', assigned_to: null });

    const answers = await Promise.all(takers.map((t) => kit.command(t.headers, `/take ${sessionId}`)));
    const winners = answers.map((a, i) => ({ a, t: takers[i]! })).filter(({ a }) => a.ok);
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.t;
    const losers = answers.filter((a) => !a.ok);
    expect(losers).toHaveLength(19);
    for (const lost of losers) expect(lost.reply).toContain(winner.username);
    expect(await kit.item(sessionId)).toMatchObject({ status: 'active', assigned_to: winner.id, assigned_to_name: winner.username });
  }, 120_000); // twenty accounts with hashed passwords take a while on a busy machine

  test('capacity: a member with max_conversations 1 gets one conversation, the second waits and is backfilled after /resolve', async () => {
    const sup = await kit.user('sue', ['supervisor']);
    const eve = await kit.user('eve', ['attendant']);
    const queue = await kit.call('POST', '/api/attendance/queues', sup.headers, { name: 'Web', channels: ['web'] });
    expect((await kit.call('POST', `/api/attendance/queues/${queue.body.id}/members`, sup.headers, { user_id: eve.id, max_conversations: 1 })).status).toBe(201);
    expect((await kit.command(eve.headers, '/status online')).ok).toBe(true);

    const first = await kit.handoff();
    expect(await settle(() => kit.item(first.sessionId), (i) => i?.status === 'assigned'))
      .toMatchObject({ status: 'assigned', assigned_to: eve.id, queue_id: queue.body.id });
    const second = await kit.handoff();
    expect(await kit.item(second.sessionId)).toMatchObject({ status: 'waiting', assigned_to: null, queue_id: queue.body.id });

    expect((await kit.command(eve.headers, `/take ${first.sessionId}`)).ok).toBe(true);
    expect(await kit.item(second.sessionId)).toMatchObject({ status: 'waiting' }); // still full
    expect((await kit.call('POST', `/api/attendance/resolve/${first.sessionId}`, eve.headers, {})).status).toBe(200);
    expect(await settle(() => kit.item(second.sessionId), (i) => i?.status === 'assigned'))
      .toMatchObject({ status: 'assigned', assigned_to: eve.id });

    // Raising her limit hands her the next waiting one at once (adding or changing a member backfills).
    const third = await kit.handoff();
    expect(await kit.item(third.sessionId)).toMatchObject({ status: 'waiting' });
    expect((await kit.call('POST', `/api/attendance/queues/${queue.body.id}/members`, sup.headers, { user_id: eve.id, max_conversations: 2 })).status).toBe(200);
    expect(await kit.item(third.sessionId)).toMatchObject({ status: 'assigned', assigned_to: eve.id });
  });
});
