import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createTokenIssuer } from '../../auth/index.js';
import { loadScript, startDialog, type CompiledScript } from '../../basic-interpreter/index.js';
import { createBotsRepo, createSessionsRepo } from '../../db/index.js';
import { sessions } from '../../db/schema/index.js';
import { createLogger } from '../../infra/logger.js';
import { openTestDatabase, type TestDatabase } from '../../test/support/drivers.js';
import { createAuthorizer } from '../auth-middleware.js';
import { errorHandler } from '../error-handler.js';
import { buildOpenApiDocument, createOpenApiRegistry } from '../openapi.js';
import { mountRoutes } from '../route.js';
import { sessionRoutes, summarizeDialog } from './sessions.js';

const secret = new TextEncoder().encode('session-route-test-secret-0123456789abc');
const issuer = createTokenIssuer(secret, 600);
let database: TestDatabase;
let server: Server;
let base: string;
let admin: Record<string, string>;
let attendant: Record<string, string>;
let botId: string;

/** A real suspended dialog: start.bas calls ask.bas, which waits on HEAR. */
async function waitingDialog() {
  const library = new Map<string, CompiledScript>();
  for (const [file, source] of [['start.bas', 'TALK "hi"\nx = ask()\n'], ['ask.bas', 'HEAR answer\nRETURN answer\n']] as const) {
    const loaded = loadScript(source, file);
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    library.set(loaded.script.name, loaded.script);
  }
  const result = await startDialog({ library, host: { perform: async () => null }, entry: 'start' });
  if (result.status !== 'waiting') throw new Error(`expected a waiting dialog, got ${result.status}`);
  return { status: 'waiting', state: result.state, waiting_for: result.waiting_for };
}

beforeAll(async () => {
  // The migrated template's copy (test/support/drivers.ts), not a migration of its own: quicker on loaded cores.
  database = await openTestDatabase();
  botId = (await createBotsRepo(database.db).ensure('default')).id;
  const app = express();
  const router = express.Router();
  const registry = createOpenApiRegistry();
  const sessionsRepo = createSessionsRepo(database.db);
  mountRoutes(router, registry, createAuthorizer(issuer), sessionRoutes({ findSession: (id) => sessionsRepo.findById(id) }));
  buildOpenApiDocument(registry, 'test');
  app.use(router);
  app.use(errorHandler(createLogger()));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bearer = async (roles: ('admin' | 'attendant')[]) =>
    ({ authorization: `Bearer ${(await issuer.issue({ user_id: crypto.randomUUID(), username: roles[0]!, roles })).access_token}` });
  admin = await bearer(['admin']);
  attendant = await bearer(['attendant']);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

const get = async (id: string, headers: Record<string, string> = admin) => {
  const res = await fetch(`${base}/api/session/${id}`, { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('GET /api/session/:session_id', () => {
  test('admins get the session record and a dialog summary, not the VM internals', async () => {
    const [row] = await database.db
      .insert(sessions)
      .values({
        bot_id: botId,
        channel: 'web',
        external_user_id: 'visitor-1',
        context_data: { transfer_reason: 'asked', queue_position: 2 },
        dialog_state: await waitingDialog(),
      })
      .returning();
    const res = await get(row!.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: row!.id,
      bot_id: botId,
      user_id: row!.user_id,
      channel: 'web',
      needs_human: false,
      assigned_to: null,
      queue_id: null,
      customer_id: null,
      call_type: null,
      context_data: { transfer_reason: 'asked', queue_position: 2 },
      status: 'open',
      created_at: row!.created_at.toISOString(),
      updated_at: row!.updated_at.toISOString(),
      dialog: { status: 'waiting', waiting_for: 'answer', entry: 'start', scripts: ['start', 'ask'], resume_at: null },
    });
  });

  test('unknown or malformed ids are 404 session_not_found', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await get(id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'session_not_found' });
    }
  });

  test('only admins may look', async () => {
    expect((await get('00000000-0000-4000-8000-000000000000', {})).status).toBe(401);
    expect((await get('00000000-0000-4000-8000-000000000000', attendant)).status).toBe(403);
  });
});

describe('summarizeDialog', () => {
  test('no stored dialog is status none', () => {
    for (const stored of [null, undefined, 'x', [], {}]) {
      expect(summarizeDialog(stored)).toEqual({ status: 'none', waiting_for: null, entry: null, scripts: [], resume_at: null });
    }
  });

  test('a sleeping dialog says when it wakes', () => {
    const stored = { status: 'sleeping', resume_at: '2026-03-10T12:00:30Z', state: { version: 1, entry: 'start', frames: [{ script: 'start', pc: 7 }] } };
    expect(summarizeDialog(stored)).toEqual({
      status: 'sleeping',
      waiting_for: null,
      entry: 'start',
      scripts: ['start'],
      resume_at: '2026-03-10T12:00:30.000Z',
    });
  });

  test('a bare VM state (no envelope) is read too', () => {
    const bare = { version: 1, status: 'waiting', entry: 'start', frames: [{ script: 'start' }, { script: 'menu' }] };
    expect(summarizeDialog(bare)).toMatchObject({ status: 'waiting', entry: 'start', scripts: ['start', 'menu'], waiting_for: null });
  });
});
