import { sql } from 'drizzle-orm';
import { createLiveCallsRepo, type LiveCallsRepo } from '../../db/index.js';
import { bots, messages, sessions, tenants } from '../../db/schema/index.js';
import { runAsTenant } from '../../tenancy/index.js';
import { openTestDatabase, testDriversLabel, type TestDatabase } from '../support/drivers.js';

// The shared registry of phone calls (docs/operations/kamailio.md) on the database this run uses:
// which instance holds a call, who is dead by the database's clock, each dropped call claimed once
// even by two survivors at the same moment, with its session's state and the bot's last words.

const TIMEOUT = 15;
let database: TestDatabase;
let repo: LiveCallsRepo;
let botId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  repo = createLiveCallsRepo(database.db);
  const [bot] = await database.db.insert(bots).values({ name: 'phone' }).returning();
  botId = bot!.id;
});

afterAll(async () => {
  await database?.close();
});

const instance = (id: string) => ({ id, sip_address: `10.0.0.${id.length}:5060`, http_url: `http://10.0.0.${id.length}:8080` });
/** Ages an instance's heartbeat by `seconds`, as if it had stopped beating that long ago. */
const silence = (id: string, seconds: number) =>
  database.db.execute(sql`update call_instances set heartbeat_at = now() - make_interval(secs => ${seconds}) where id = ${id}`);

async function openSession(caller: string, fields: { needs_human?: boolean; status?: 'open' | 'closed' } = {}): Promise<string> {
  const [row] = await database.db.insert(sessions).values({ bot_id: botId, channel: 'rtc_sip', external_user_id: caller, ...fields }).returning();
  return row!.id;
}

describe(`live calls repository (${testDriversLabel()})`, () => {
  test('a call is found by its Call-ID or its session with the instance that holds it; it goes when it ends', async () => {
    await repo.beat(instance('alpha'));
    await repo.add({ call_id: 'call-1@host', instance_id: 'alpha', bot: 'phone', caller: '+15555550101' });
    expect(await repo.holder({ callId: 'call-1@host' }, TIMEOUT)).toEqual({
      call_id: 'call-1@host', session_id: null, bot: 'phone', caller: '+15555550101', alive: true, instance: instance('alpha'),
    });
    const session = await openSession('+15555550101');
    await repo.identify('call-1@host', session);
    expect(await repo.holder({ sessionId: session }, TIMEOUT)).toMatchObject({ call_id: 'call-1@host', session_id: session, alive: true });
    await repo.remove('call-1@host');
    expect(await repo.holder({ sessionId: session }, TIMEOUT)).toBeUndefined();
    await repo.leave('alpha');
  });

  test('the calls of an instance silent longer than the threshold are claimed once, with their session and the bot\'s last words', async () => {
    await repo.beat(instance('dead'));
    await repo.beat(instance('survivor-1'));
    await repo.beat(instance('survivor-2'));
    const talking = await openSession('+15555550102');
    const waiting = await openSession('+15555550103', { needs_human: true });
    await database.db.insert(messages).values([
      { session_id: talking, bot_id: botId, channel: 'rtc_sip', direction: 'outbound', sender: 'bot', text: 'Hello.', delivery_state: 'delivered' },
      { session_id: talking, bot_id: botId, channel: 'rtc_sip', direction: 'outbound', sender: 'bot', text: 'Which department would you like?', delivery_state: 'delivered' },
      { session_id: talking, bot_id: botId, channel: 'rtc_sip', direction: 'inbound', sender: 'customer', text: '', delivery_state: 'received' },
    ]);
    await repo.add({ call_id: 'talking', instance_id: 'dead', bot: 'phone', caller: '+15555550102' });
    await repo.identify('talking', talking);
    await repo.add({ call_id: 'waiting', instance_id: 'dead', bot: 'phone', caller: '+15555550103' });
    await repo.identify('waiting', waiting);
    await repo.add({ call_id: 'starting', instance_id: 'dead', bot: 'phone', caller: '+15555550104' });
    await repo.add({ call_id: 'kept', instance_id: 'survivor-1', bot: 'phone', caller: '+15555550105' });

    await silence('dead', 10);
    expect(await repo.takeDropped('survivor-1', TIMEOUT, 10)).toEqual([]);
    await silence('dead', 20);
    expect(await repo.holder({ callId: 'talking' }, TIMEOUT)).toMatchObject({ alive: false, instance: { id: 'dead' } });

    // Two survivors sweep at the same moment: every dropped call goes to exactly one of them.
    const [one, two] = await Promise.all([repo.takeDropped('survivor-1', TIMEOUT, 10), repo.takeDropped('survivor-2', TIMEOUT, 10)]);
    const all = [...one!, ...two!].sort((a, b) => a.call_id.localeCompare(b.call_id));
    expect(all).toEqual([
      { call_id: 'starting', instance_id: 'dead', bot: 'phone', caller: '+15555550104', session_id: null, session: null },
      { call_id: 'talking', instance_id: 'dead', bot: 'phone', caller: '+15555550102', session_id: talking,
        session: { status: 'open', needs_human: false, last_prompt: 'Which department would you like?' } },
      { call_id: 'waiting', instance_id: 'dead', bot: 'phone', caller: '+15555550103', session_id: waiting,
        session: { status: 'open', needs_human: true, last_prompt: null } },
    ]);
    // Claimed calls are no longer anyone's to hold, and are not claimed again.
    expect(await repo.holder({ callId: 'talking' }, TIMEOUT)).toBeUndefined();
    expect(await repo.takeDropped('survivor-1', TIMEOUT, 10)).toEqual([]);
    for (const call of all) await repo.forget(call.call_id);
    // The dead instance, holding nothing now, is forgotten on the next sweep; the live one's call stays.
    expect(await repo.takeDropped('survivor-2', TIMEOUT, 10)).toEqual([]);
    const left = await database.db.execute(sql`select id from call_instances order by id`);
    expect((left as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual(['survivor-1', 'survivor-2']);
    expect(await repo.holder({ callId: 'kept' }, TIMEOUT)).toMatchObject({ alive: true, instance: { id: 'survivor-1' } });
  });

  test('a tenant\'s call is its own: a sweep claims it only in that tenant\'s scope (docs/operations/tenants.md, "Phone calls")', async () => {
    const [acme] = await database.db.insert(tenants).values({ slug: 'calls-acme', name: 'ACME' }).returning();
    await repo.beat(instance('gamma'));
    await runAsTenant(acme!.id, () => repo.add({ call_id: 'acme-call@host', instance_id: 'gamma', bot: 'acme-phone', caller: '+15555550111' }));
    await silence('gamma', TIMEOUT + 5);
    expect((await repo.takeDropped('delta', TIMEOUT, 10)).map((c) => c.call_id)).not.toContain('acme-call@host');
    expect((await runAsTenant(acme!.id, () => repo.takeDropped('delta', TIMEOUT, 10))).map((c) => c.call_id)).toEqual(['acme-call@host']);
  });
});
