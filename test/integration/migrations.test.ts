import { sql } from 'drizzle-orm';
import { listTables, rowsOf, type DatabaseHandle } from '../../db/connection.js';
import { bots, messages, sessions } from '../../db/schema/index.js';
import { emptyDatabaseDrivers, type EmptyDatabase } from '../support/empty-databases.js';

const TABLES = ['bots', 'messages', 'outbox', 'sessions', 'users'];

const drivers = await emptyDatabaseDrivers();

describe.each(drivers)('migrations on %s', (_name, open) => {
  let opened: EmptyDatabase;
  beforeAll(async () => { opened = await open(); });
  afterAll(async () => { await opened.dispose(); });

  const run = (title: string, fn: (h: DatabaseHandle) => Promise<void>) => test(title, () => fn(opened.handle));

  run('creates every table and is idempotent', async (h) => {
    await h.migrate();
    await h.migrate();
    expect(await listTables(h.db)).toEqual(expect.arrayContaining(TABLES));
  });

  run('sessions default to needs_human false, open, empty context', async (h) => {
    const [bot] = await h.db.insert(bots).values({ name: 'mig-defaults' }).returning();
    const [session] = await h.db.insert(sessions).values({ bot_id: bot!.id, channel: 'web', external_user_id: 'v1' }).returning();
    expect(session).toMatchObject({ needs_human: false, status: 'open', context_data: {} });
    expect(session!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(session!.created_at).toBeInstanceOf(Date);
  });

  run('a provider message id is unique per channel and bot', async (h) => {
    const [bot] = await h.db.insert(bots).values({ name: 'mig-dedupe' }).returning();
    const [session] = await h.db.insert(sessions).values({ bot_id: bot!.id, channel: 'sms', external_user_id: '+15550001' }).returning();
    const row = { session_id: session!.id, bot_id: bot!.id, channel: 'sms', direction: 'inbound' as const, sender: 'customer' as const, text: 'hi', provider_message_id: 'SM1', delivery_state: 'received' as const };
    await h.db.insert(messages).values(row);
    await expect(h.db.insert(messages).values(row)).rejects.toThrow();
    // Same id on another channel is a different message.
    await h.db.insert(messages).values({ ...row, channel: 'web' });
    const rows = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from messages where bot_id = ${bot!.id}`));
    expect(rows[0]!.n).toBe(2);
  });

  run('only one open session per customer of a bot on a channel', async (h) => {
    const [bot] = await h.db.insert(bots).values({ name: 'mig-open' }).returning();
    const s = { bot_id: bot!.id, channel: 'web', external_user_id: 'v2' };
    await h.db.insert(sessions).values(s);
    await expect(h.db.insert(sessions).values(s)).rejects.toThrow();
    await h.db.insert(sessions).values({ ...s, status: 'closed' });
  });
});
