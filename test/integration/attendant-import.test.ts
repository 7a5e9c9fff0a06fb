import type { DatabaseHandle } from '../../db/connection.js';
import { createAttendantProfilesRepo, createQueuesRepo, createUsersRepo } from '../../db/index.js';
import { prepareBots } from '../../app/bots.js';
import { captureLogger, tempDir } from '../fixtures/config/helpers.js';
import { TEST_CACHE_DIR } from '../support/test-cache-dir.js';
import { openTestDatabase } from '../support/drivers.js';

// A legacy attendant.csv is imported onto attendant profiles when the bot loads.
let handle: DatabaseHandle;
let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  handle = await openTestDatabase();
  dir = await tempDir();
});
afterAll(async () => {
  await handle.close();
  await dir.remove();
});

async function user(username: string, email: string): Promise<string> {
  return (await createUsersRepo(handle.db).insert({ username, email, password_hash: 'x', roles: ['attendant'] })).id;
}

test('both column forms are imported onto the matching users; unknown ids are reported, presence is kept', async () => {
  const ana = await user('att-ana', 'ana@example.test');
  const bruno = await user('bruno', 'bruno@example.test');
  const carla = await user('att-carla', 'carla@example.test');
  await createAttendantProfilesRepo(handle.db).setStatus(ana, 'online');
  await dir.write('shop.gbai/shop.gbdialog/start.bas', 'TALK "hi"\n');
  await dir.write('shop.gbai/attendant.csv', [
    'id,name,channel,preferences,department,aliases,phone,email',
    'att-ana,Ana Souza,all,sales,commercial,ana;souza,+5511999990001,ana@example.test',
    // Matched by email: the file's id is not a username.
    'att-02,Bruno Lima,mobile_msg,support,,bruno,,bruno@example.test',
    'att-ghost,Nobody,web,,,,,ghost@example.test',
  ].join('\n'));
  await dir.write('legacy.gbai/legacy.gbdialog/start.bas', 'TALK "hi"\n');
  await dir.write('legacy.gbai/attendant.csv', 'id,name,channel,phone\natt-carla,Carla Dias,sms,+5511999990003\n');
  const { logger, warnings } = captureLogger();

  const bots = await prepareBots(dir.path, handle, logger, { cacheDir: TEST_CACHE_DIR });

  expect(bots.map((b) => b.name).sort()).toEqual(['legacy', 'shop']);
  const profiles = createAttendantProfilesRepo(handle.db);
  expect(await profiles.get(ana)).toMatchObject({
    name: 'Ana Souza', channel: 'all', preferences: 'sales', department: 'commercial', aliases: ['ana', 'souza'],
    phone: '+5511999990001', email: 'ana@example.test', status: 'online',
  });
  expect(await profiles.get(bruno)).toMatchObject({ name: 'Bruno Lima', channel: 'mobile_msg', preferences: 'support', department: null, status: 'offline' });
  expect(await profiles.get(carla)).toMatchObject({ name: 'Carla Dias', channel: 'sms', preferences: null, aliases: [], phone: '+5511999990003' });
  expect(warnings().map((w) => w.msg).join('\n')).toContain('no user for att-ghost');

  // Loading again (a restart) changes nothing.
  const before = await profiles.list();
  await prepareBots(dir.path, handle, logger, { cacheDir: TEST_CACHE_DIR });
  expect((await profiles.list()).map(({ updated_at: _, ...p }) => p)).toEqual(before.map(({ updated_at: _, ...p }) => p));
});

test('a broken attendant.csv is reported and the bot still loads', async () => {
  await dir.write('broken.gbai/broken.gbdialog/start.bas', 'TALK "hi"\n');
  await dir.write('broken.gbai/attendant.csv', 'id,nickname\nx,y\n');
  const { logger, lines } = captureLogger();
  const bots = await prepareBots(dir.path, handle, logger, { cacheDir: TEST_CACHE_DIR });
  expect(bots.map((b) => b.name)).toContain('broken');
  expect(lines.filter((l) => l.level === 50).map((l) => l.msg).join('\n')).toMatch(/attendant\.csv not imported: .*unknown column "nickname"/);
});

test('the queues a package declares (attendance-queues) exist after it loads, once, for that bot', async () => {
  await dir.write('desk.gbai/desk.gbdialog/start.bas', 'TRANSFER TO HUMAN "support"\n');
  await dir.write('desk.gbai/desk.gbot/config.csv', 'name,value\nattendance-queues,support,Billing\n');
  const { logger } = captureLogger();
  const bots = await prepareBots(dir.path, handle, logger, { cacheDir: TEST_CACHE_DIR });
  const desk = bots.find((b) => b.name === 'desk')!;
  const queues = createQueuesRepo(handle.db);
  const names = async () => (await queues.list({ bot_id: desk.id })).map((q) => q.name).sort();
  expect(await names()).toEqual(['Billing', 'support']);
  // A restart creates no second one.
  await prepareBots(dir.path, handle, logger, { cacheDir: TEST_CACHE_DIR });
  expect(await names()).toEqual(['Billing', 'support']);
});
