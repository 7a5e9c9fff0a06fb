import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { createUser } from '../../auth/index.js';
import { createS3Client } from '../../content/index.js';
import { createUsersRepo } from '../../db/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { startS3Server, type TestS3 } from '../support/s3.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { testPasswords } from '../support/test-passwords.js';

// CREATE TASK into the content tasks store, and the bot drive on S3-compatible storage
// (docs/basic.md, "Compatibility"; docs/content.md, "The bot drive"), through the real service
// with STORAGE_URL pointing at s3rver.

const BUCKET = 'content';
const BINARY = Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i));

const SCRIPT = [
  't = CREATE TASK "Call the supplier", "About invoice 42", "ana@example.test", "2026-12-01", "high"',
  'TALK t.title & " due " & t.due_at & " by " & t.owner_id',
  'u = CREATE TASK "Check the stock", "", "Maria from sales", "", ""',
  'TALK u.notes',
  'logo = READ "in/logo.bin"',
  'WRITE "out/logo.bin", logo',
  'COPY "out/logo.bin", "out/copy.bin"',
  'MOVE "out/copy.bin", "moved/logo.bin"',
  'WRITE "out/note.txt", "olá"',
  'files = LIST "out"',
  'TALK JOIN(files, ", ")',
  'back = READ "moved/logo.bin"',
  'TALK back.size & " bytes, " & READ "out/note.txt"',
  '',
].join('\n');

let s3: TestS3;
let bots: TestBots;
let service: TestService;
const client = () => createS3Client({ url: s3.url, accessKey: s3.accessKey, secretKey: s3.secretKey, region: 'us-east-1', outbound: { allowPrivateNetworks: true } });
const object = async (key: string) => Buffer.from(await (await (await client()).send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToByteArray());

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  bots = await createTestBots('sb-tasks-drive-');
  await bots.add('tasker', {}, SCRIPT);
  await (await client()).send(new PutObjectCommand({ Bucket: BUCKET, Key: 'tasker.gbdrive/in/logo.bin', Body: BINARY }));
  service = await startTestService({
    BOTS_DIR: bots.dir, STORAGE_URL: s3.url, STORAGE_BUCKET: BUCKET, STORAGE_ACCESS_KEY: s3.accessKey, STORAGE_SECRET_KEY: s3.secretKey,
    // s3rver listens on 127.0.0.1 (docs/architecture.md, "Outbound requests").
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  await createUser({ users: createUsersRepo(service.database.db), passwords: testPasswords }, { username: 'ana', email: 'ana@example.test', password: 'ana-password-1', roles: [] });
});
afterAll(async () => {
  await service?.dispose();
  await s3?.stop();
  await bots?.remove();
});

test('CREATE TASK makes tasks in the tasks store, owned by the assignee when it is a user, else by the administrator; the drive keywords work on the bucket', async () => {
  const answer = await sayOnWeb(service.url, 'tasker', 'hi');
  const auth = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const users = createUsersRepo(service.database.db);
  const [admin, ana] = [(await users.findByLogin(TEST_ADMIN.username))!, (await users.findByLogin('ana@example.test'))!];

  // The tasks, as the REST mapping lists them (to an administrator: every task).
  const listed = (await (await fetch(`${service.url}/api/tasks`, { headers: auth })).json()) as { tasks: { title: string; notes: string; due_at: string | null; status: string; owner_id: string }[] };
  expect(listed.tasks).toEqual([
    expect.objectContaining({ title: 'Check the stock', notes: 'Assignee: Maria from sales', due_at: null, status: 'open', owner_id: admin.id }),
    expect.objectContaining({ title: 'Call the supplier', notes: 'About invoice 42\nPriority: high', due_at: '2026-12-01T00:00:00.000Z', status: 'open', owner_id: ana.id }),
  ]);

  // The drive: objects <bot>.gbdrive/<path> in the bucket, bytes kept exactly through READ, WRITE, COPY and MOVE.
  expect(answer.replies.map((r) => r.text)).toEqual([
    `Call the supplier due 2026-12-01T00:00:00.000Z by ${ana.id}`,
    'Assignee: Maria from sales',
    'out/logo.bin, out/note.txt',
    '256 bytes, olá',
  ]);
  const keys = (await (await client()).send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'tasker.gbdrive/' }))).Contents?.map((o) => o.Key).sort();
  expect(keys).toEqual(['tasker.gbdrive/in/logo.bin', 'tasker.gbdrive/moved/logo.bin', 'tasker.gbdrive/out/logo.bin', 'tasker.gbdrive/out/note.txt']);
  expect((await object('tasker.gbdrive/out/logo.bin')).equals(BINARY)).toBe(true);
  expect((await object('tasker.gbdrive/moved/logo.bin')).equals(BINARY)).toBe(true);
  expect((await object('tasker.gbdrive/out/note.txt')).toString('utf8')).toBe('olá');
});
