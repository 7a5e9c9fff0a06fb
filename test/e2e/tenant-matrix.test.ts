import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { rowsOf } from '../../db/connection.js';
import { createTenantsRepo } from '../../db/index.js';
import { ATTENDANCE_SOCKET_PATH } from '../../http/attendance-socket.js';
import { DEFAULT_TENANT_ID, runAsTenant } from '../../tenancy/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { testDriversLabel } from '../support/drivers.js';
import { connectFrameSocket, type FrameSocket } from '../support/frame-socket.js';
import { sampleOf, UNKNOWN_UUID, type OpenApiDocument, type Operation } from '../support/openapi-samples.js';
import { TEST_ADMIN, type TestService } from '../support/service.js';
import { startServiceWithTenant } from '../support/tenant-kit.js';

/**
 * Two tenants, each with data made through the API by its own admin (docs/operations/tenants.md,
 * "Isolation"). Then, both ways round and over every operation of the live OpenAPI document: no
 * read made as one tenant shows an id or a text of the other's; no write addressed at the other's
 * ids — in the path, in every id field of the body, or at its bot under the tenant's own address —
 * changes a row of the other's; and a console of one hears none of the other's events. On the
 * embedded drivers and, in CI's second pass, on PostgreSQL and Redis.
 */

interface Side {
  slug: string;
  id: string;
  bot: string;
  /** Text only this tenant's data holds. */
  marker: string;
  headers: Record<string, string>;
  console?: FrameSocket;
}

/** Doors whose work is not a tenant's data, or that reach outside the test (phones, mail), or change the sides themselves. */
const NOT_SEEDED = /^\/api\/(tenants|auth|users|calls|email)|^\/webhooks\/|^\/api\/channels\/|^\/api\/v1\/notifications\/broadcast/;
/**
 * Not attempted: the operator's routes, which are the installation's and span tenants by design,
 * and the sign-in doors, whose failures count against the address: a thousand of them would lock
 * the test's own sign-ins out (README, "Security model").
 */
const NOT_ATTEMPTED = /^\/api\/(tenants|auth)\//;
const PARALLEL = 8;

let bots: TestBots;
let service: TestService;
let document: OpenApiDocument;
const sockets: WebSocket[] = [];
const sides: Side[] = [];

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${service.url}${path}`, {
    method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL) await Promise.all(items.slice(i, i + PARALLEL).map(run));
}

const operations = () => Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
const pathParams = (operation: Operation) => (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
const bodyOf = (operation: Operation, text: string) => {
  const schema = operation.requestBody?.content['application/json']?.schema;
  return schema ? sampleOf(document, schema, text) : undefined;
};

/** The tables with a tenant_id, each tenant's rows of them (as the policies show them in its scope). */
async function rowsOfTenant(tenantId: string): Promise<Record<string, string[]>> {
  const tables = await createTenantsRepo(service.database.db).tenantTables();
  return runAsTenant(tenantId, async () => {
    const rows: Record<string, string[]> = {};
    for (const table of tables) {
      const found = rowsOf<{ row: string }>(await service.database.db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`));
      rows[table] = found.map((r) => r.row).sort();
    }
    return rows;
  });
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * The ids a tenant's rows hold that the other's do not: every UUID in them (`all`, what no answer
 * to the other may show), and the id of one row of each table (`rows`, what the other's requests
 * are addressed at). Left out: ids in both tenants' rows, and the installation's (the tenants'
 * own, the users', as people may belong to both).
 */
async function idsOf(tenant: Side, other: Side): Promise<{ all: Set<string>; rows: string[] }> {
  const [mine, theirs] = [await rowsOfTenant(tenant.id), await rowsOfTenant(other.id)];
  const users = rowsOf<{ id: string }>(await service.database.db.execute(sql`select id::text as id from users`)).map((u) => u.id);
  const notOnlyMine = new Set([...Object.values(theirs).flat().flatMap((row) => row.match(UUID) ?? []), ...users, tenant.id, other.id, UNKNOWN_UUID]);
  const all = new Set(Object.values(mine).flat().flatMap((row) => row.match(UUID) ?? []).filter((id) => !notOnlyMine.has(id)));
  // One row of each table: every kind of thing the other tenant could address.
  const rows = Object.values(mine).map((table) => table.map((row) => (JSON.parse(row) as { id?: unknown }).id).find((id): id is string => typeof id === 'string' && all.has(id)));
  return { all, rows: rows.filter((id): id is string => id !== undefined) };
}

/** A tenant's rows but the reports' roll-up bookmark, which the minute's tick of each tenant rewrites on its own. */
const withoutTicks = (rows: Record<string, string[]>) => ({ ...rows, attendance_report_rollup: [] });

/** `path` addressed at the other tenant: their id in every parameter, their bot's name under my own tenant's address. */
function addressed(path: string, me: Side, them: Side, id: string): string {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'bot' ? them.bot : id));
  return path.includes('{bot}') ? `/t/${me.slug}${filled}` : filled;
}

/** What a tenant's people make, one of each kind, its texts the side's marker. */
function seedsOf(side: Side, sessionId: string): [string, unknown][] {
  const m = side.marker;
  return [
    ['/api/attendance/queues', { name: `${m} queue` }],
    ['/api/attendance/canned-responses', { shortcut: `${side.slug}-hello`, title: `${m} hello`, content: `${m} canned`, scope: 'team' }],
    ['/api/attendance/tickets', { session_id: sessionId, subject: `${m} ticket` }],
    ['/api/crm/contacts', { first_name: `${m} Ann`, email: `ann@${side.slug}.test`, phone: '+14155550100' }],
    ['/api/crm/stages', { name: `${m} stage` }],
    ['/api/crm/deals', { name: `${m} deal`, value: 100 }],
    ['/api/files/write', { path: `${side.slug}/notes.txt`, content: `${m} file`, content_type: 'text/plain' }],
    ['/api/calendar/events', { summary: `${m} event`, start: '2026-12-01T10:00:00Z', end: '2026-12-01T11:00:00Z' }],
    ['/api/tasks', { title: `${m} task` }],
    ['/api/groups/create', { name: `${m} group` }],
    ['/api/meet/conversations/create', { title: `${m} chat`, members: [] }],
    // The same name in both tenants (migration 0037).
    ['/api/v1/notifications/templates', { name: 'welcome', title: `${m} title`, body: `${m} body`, channels: ['in_app'] }],
    ['/api/v1/notifications/webhooks', { url: `https://${side.slug}.example.test/hook`, events: ['notification.delivered'] }],
  ];
}

beforeAll(async () => {
  bots = await createTestBots();
  await bots.add('home-desk', {});
  await bots.add('acme-desk', {}, undefined, { tenant: 'acme' });
  // The first admin is the installation's operator: it creates the tenant, whose bots load at the next start.
  const started = await startServiceWithTenant({ env: { BOTS_DIR: bots.dir }, slug: 'acme', member: { username: 'acme-boss', roles: ['admin', 'supervisor', 'attendant'] } });
  service = started.service;
  sides.push(
    { slug: 'default', id: DEFAULT_TENANT_ID, bot: 'home-desk', marker: 'HOMEMARK', headers: started.admin },
    { slug: 'acme', id: started.tenantId, bot: 'acme-desk', marker: 'ACMEMARK', headers: started.member },
  );
  document = JSON.parse((await call('GET', '/api/openapi.json', {})).text) as OpenApiDocument;

  // Each side's console listens from here on.
  for (const side of sides) {
    const token = side.headers.authorization!.slice('Bearer '.length);
    side.console = connectFrameSocket(`${service.url.replace(/^http/, 'ws')}${ATTENDANCE_SOCKET_PATH}?token=${encodeURIComponent(token)}`, sockets);
    await side.console.opened;
  }
  // Each side's data: a customer's conversation with its bot, the things its people make, then every other creation the
  // document offers with sampled values (those that pass its rules), each text the side's marker.
  for (const side of sides) {
    const chat = await call('POST', `/api/channels/web/${side.bot}/messages`, {}, { text: `${side.marker} hello` });
    expect(chat.status).toBe(200);
    const sessionId = (JSON.parse(chat.text) as { session_id: string }).session_id;
    const made = await Promise.all(seedsOf(side, sessionId).map(async ([path, body]) => {
      const { status, text } = await call('POST', path, side.headers, body);
      return [path, status, text.slice(0, 160)] as const;
    }));
    expect(made.filter(([, status]) => status >= 300)).toEqual([]);
    const sampled = operations().filter((o) => o.method === 'POST' && pathParams(o.operation).length === 0 && !NOT_SEEDED.test(o.path));
    for (const { path, operation } of sampled) await call('POST', path, side.headers, bodyOf(operation, `${side.marker} ${path}`));
  }
  await service.eventsHandled();
}, 240_000);
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await service?.dispose();
  await bots?.remove();
});

describe(`two tenants over every operation (${testDriversLabel()})`, () => {
  test.each([[0, 1], [1, 0]])('no read as one tenant shows the other\'s ids or texts (%i reads, %i is read)', async (reader, owner) => {
    const [me, them] = [sides[reader]!, sides[owner]!];
    const theirs = await idsOf(them, me);
    expect(theirs.rows.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    const ownShown = new Set<string>();
    const reads = operations().filter((o) => o.method === 'GET' && !NOT_ATTEMPTED.test(o.path)).flatMap(({ path, operation }) =>
      // A list: read once. A thing by id: read with each of their ids.
      (pathParams(operation).length === 0 ? [path] : theirs.rows.map((id) => addressed(path, me, them, id))));
    await inBatches(reads, async (path) => {
      const { status, text } = await call('GET', path, me.headers);
      // An error may name the id it was asked for; an answer must hold nothing of theirs.
      const shown = [them.marker, ...theirs.all].filter((value) => text.includes(value));
      if (status < 300 && shown.length > 0) leaks.push(`GET ${path} → ${status} shows ${shown.join(', ')}`);
      if (status < 300 && text.includes(me.marker)) ownShown.add(path);
    });
    // The check can see: the same reads show the reader's own data.
    expect(ownShown.size).toBeGreaterThan(8);
    expect(reads.length).toBeGreaterThan(500);
    expect(leaks).toEqual([]);
  }, 240_000);

  test.each([[0, 1], [1, 0]])('no write as one tenant changes a row of the other\'s (%i writes, %i is written to)', async (writer, owner) => {
    const [me, them] = [sides[writer]!, sides[owner]!];
    const theirs = await idsOf(them, me);
    const [before, mineBefore] = [await rowsOfTenant(them.id), await rowsOfTenant(me.id)];
    const writes = operations().filter((o) => o.method !== 'GET' && !NOT_ATTEMPTED.test(o.path)).flatMap(({ method, path, operation }) =>
      theirs.rows.map((id) => {
        const body = bodyOf(operation, `${me.marker} write`);
        // Their id in every id field of the body too.
        return { method, path: addressed(path, me, them, id), body: body === undefined ? undefined : JSON.parse(JSON.stringify(body).replaceAll(UNKNOWN_UUID, id)) as unknown };
      }));
    await inBatches(writes, async ({ method, path, body }) => { await call(method, path, me.headers, body); });
    await service.eventsHandled();
    expect(writes.length).toBeGreaterThan(1000);
    expect(withoutTicks(await rowsOfTenant(them.id))).toEqual(withoutTicks(before));
    // The check can see: the same writes did change the writer's own rows.
    expect(await rowsOfTenant(me.id)).not.toEqual(mineBefore);
  }, 480_000);

  test("a tenant's admin creates its members, not the default tenant's users, and lists its members only", async () => {
    const [home, acme] = [sides[0]!, sides[1]!];
    const created = await call('POST', '/api/users', acme.headers, { username: 'acme-agent', email: 'agent@acme.test', password: 'agent-password-1', roles: ['admin', 'attendant'] });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.text)).toMatchObject({ username: 'acme-agent', roles: ['admin', 'attendant'], is_admin: true });
    const names = async (side: Side) => (JSON.parse((await call('GET', '/api/users', side.headers)).text) as { users: { username: string }[] }).users.map((u) => u.username);
    const members = await names(acme);
    expect(members).toEqual(expect.arrayContaining(['acme-boss', 'acme-agent']));
    expect(members).not.toContain(TEST_ADMIN.username);
    expect(await names(home)).toEqual(expect.arrayContaining([TEST_ADMIN.username, 'acme-boss', 'acme-agent']));
    const me = JSON.parse((await call('GET', '/api/users/me', acme.headers)).text) as { username: string; roles: string[] };
    expect(me).toMatchObject({ username: 'acme-boss', roles: ['admin', 'supervisor', 'attendant'] });
    // In the default tenant the new user holds no role: acme's admin handed out acme's roles only.
    const signIn = await call('POST', '/api/auth/login', {}, { username: 'acme-agent', password: 'agent-password-1' });
    expect(signIn.status).toBe(200);
    const inDefault = JSON.parse(signIn.text) as { access_token: string };
    expect((await call('GET', '/api/users', { authorization: `Bearer ${inDefault.access_token}` })).status).toBe(403);
  });

  test("each side's console heard its own tenant's events and none of the other's", () => {
    for (const [mine, theirs] of [[sides[0]!, sides[1]!], [sides[1]!, sides[0]!]] as const) {
      const heard = JSON.stringify(mine.console!.frames);
      expect(heard).not.toContain(theirs.marker);
    }
    // The sides did hear something: each customer's conversation, queued in its own tenant.
    expect(sides.every((s) => s.console!.frames.length > 0)).toBe(true);
  });
});
