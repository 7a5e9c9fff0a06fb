import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { testDriversLabel } from '../support/drivers.js';
import { startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';

/**
 * A tenant's max_storage_bytes counts its bots' drives (docs/operations/tenants.md, "Quotas"): a
 * BASIC WRITE and a web visitor's upload into the drive pass while they fit, and one that would
 * pass the quota is refused, 409 `quota_exceeded` as for the files, with nothing written. On the
 * embedded drivers and, in CI's second pass, on PostgreSQL and Redis.
 */

const QUOTA = 30;
const SCRIPT = [
  'WRITE "notes/small.txt", "0123456789"',
  'TALK "small written"',
  'WRITE "notes/big.txt", "0123456789012345678901234567890123456789"',
  'TALK "big written"',
  '',
].join('\n');

let bots: TestBots;
let dataDir: string;
let service: TestService;
let drive: string;

beforeAll(async () => {
  bots = await createTestBots();
  await bots.add('acme-desk', {}, SCRIPT, { tenant: 'acme' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-drive-quota-'));
  service = await startTestService({ BOTS_DIR: bots.dir, DATA_DIR: dataDir });
  const json = async (method: string, url: string, headers: Record<string, string>, body: unknown) => (await fetch(`${service.url}${url}`, {
    method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body),
  })).json() as Promise<Record<string, unknown>>;
  const login = await json('POST', '/api/auth/login', {}, { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
  const operator = { authorization: `Bearer ${login.access_token as string}` };
  const tenant = await json('POST', '/api/tenants', operator, { slug: 'acme', max_storage_bytes: QUOTA });
  // The tenant's bots load at the next start; its drive is in its folder of the data directory.
  service = await service.restart();
  drive = path.join(dataDir, 'drive', 'tenants', tenant.id as string, 'acme-desk.gbdrive');
}, 120_000);
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await rm(dataDir, { recursive: true, force: true });
});

/** The drive's files, by path, and their text. */
async function driveFiles(): Promise<Record<string, string>> {
  const entries = await readdir(drive, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Object.fromEntries(await Promise.all(files.map(async (f) => [path.relative(drive, f).split(path.sep).join('/'), await readFile(f, 'utf8')])));
}

describe(`a tenant's drive writes against its max_storage_bytes (${testDriversLabel()})`, () => {
  test('a WRITE that fits is written; one that would pass the quota ends the dialog, written nowhere', async () => {
    const answer = await sayOnWeb(service.url, 'acme-desk', 'hi');
    // 10 bytes fit in 30; 40 more would not: the dialog ends at that WRITE (docs/basic.md, a runtime error).
    expect(answer.replies.map((r) => r.text)).toEqual(['small written']);
    expect(await driveFiles()).toEqual({ 'notes/small.txt': '0123456789' });
  });

  test("a visitor's upload that fits is kept; one past the quota is 409 quota_exceeded and not kept", async () => {
    const { session_token } = await sayOnWeb(service.url, 'acme-desk', 'hi again');
    const upload = async (name: string, text: string) => {
      const res = await fetch(`${service.url}/api/channels/web/acme-desk/uploads?name=${name}`, {
        method: 'POST', headers: { authorization: `Bearer ${session_token}`, 'content-type': 'text/plain' }, body: text,
      });
      return { status: res.status, body: await res.json() as Record<string, unknown> };
    };
    // The dialog's small.txt counts: 10 + 15 fit, 10 + 15 + 10 do not.
    expect((await upload('fits.txt', 'fifteen bytes!!')).status).toBe(201);
    const refused = await upload('over.txt', 'ten bytes!');
    expect(refused).toEqual({ status: 409, body: expect.objectContaining({ error: 'quota_exceeded', quota: 'max_storage_bytes', limit: QUOTA, used: 25 }) });
    const kept = Object.keys(await driveFiles());
    expect(kept.filter((f) => f.startsWith('received/web/')).map((f) => f.replace(/^.*-/, ''))).toEqual(['fits.txt']);
  });
});
