import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { testDriversLabel } from '../support/drivers.js';
import { callService, type TestService } from '../support/service.js';
import { memberPassword, startServiceWithTenant, type Headers } from '../support/tenant-kit.js';
import { waitFor } from '../support/wait-for.js';
import { sayOnWeb } from '../support/web-customer.js';

/**
 * HEAR x AS LOGIN in a tenant's bot (docs/operations/tenants.md, "Members"; docs/basic.md, "HEAR
 * AS LOGIN"): the sign-in link names the tenant, so its page runs there and sees the session; the
 * tenant's members sign in with their roles there, and anyone else is refused. On the embedded
 * drivers and, in CI's second pass, on PostgreSQL and Redis.
 */

const SCRIPT = [
  'HEAR user AS LOGIN',
  'TALK "Welcome, " + user.name + "! Roles: " + JOIN(user.roles, ",")',
].join('\n');

let bots: TestBots;
let service: TestService;

const call = (method: string, path: string, headers: Headers, body?: unknown) => callService(service, method, path, headers, body);

beforeAll(async () => {
  bots = await createTestBots('sb-tenant-login-');
  await bots.add('desk', {}, SCRIPT, { tenant: 'acme' });
  const started = await startServiceWithTenant({ env: { BOTS_DIR: bots.dir }, slug: 'acme' });
  ({ service } = started);
  const { admin, tenantId } = started;
  for (const [username, member] of [['ana', true], ['olga', false]] as const) {
    // Both are supervisors of the installation: in the tenant, only the membership's roles count.
    const user = await call('POST', '/api/users', admin, { username, email: `${username}@example.test`, password: memberPassword(username), roles: ['supervisor'] });
    expect(user.status).toBe(201);
    if (member) expect((await call('PUT', `/api/tenants/${tenantId}/members/${user.body.id as string}`, admin, { roles: ['attendant'] })).status).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
});

const signIn = (link: string, identifier: string, password: string) =>
  fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ identifier, password }) });

async function botSays(token: string): Promise<string[]> {
  const res = await fetch(`${service.url}/api/channels/web/desk/messages?session_token=${encodeURIComponent(token)}`);
  return ((await res.json()) as { messages: { direction: string; text: string }[] }).messages.filter((m) => m.direction === 'outbound').map((m) => m.text);
}

describe(`HEAR AS LOGIN in a tenant's bot (${testDriversLabel()})`, () => {
  test('its link opens the sign-in form; a non-member is refused, a member answers the HEAR with the tenant\'s roles', async () => {
    const first = await sayOnWeb(service.url, 'desk', 'hi');
    const link = /(http:\/\/\S+\/bot-login\/[\w.-]+)$/.exec(first.replies.at(-1)?.text ?? '')?.[1] ?? '';
    expect(link).not.toBe('');

    const page = await fetch(link);
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('The bot <strong>desk</strong> asks you to sign in')]);

    const outsider = await signIn(link, 'olga', 'olga-password-1');
    expect([outsider.status, await outsider.text()]).toEqual([403, expect.stringContaining('not a member of the bot&#39;s organization')]);
    expect(await botSays(first.session_token)).toHaveLength(first.replies.length);

    const member = await signIn(link, 'ana', 'ana-password-1');
    expect([member.status, await member.text()]).toEqual([200, expect.stringContaining('You are signed in as ana.')]);
    await waitFor(async () => (await botSays(first.session_token)).includes('Welcome, ana! Roles: attendant'), 'the bot\'s answer to the sign-in');
  });
});
