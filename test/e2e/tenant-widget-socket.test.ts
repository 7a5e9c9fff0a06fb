import type { WebSocket } from 'ws';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { testDriversLabel } from '../support/drivers.js';
import { connectFrameSocket } from '../support/frame-socket.js';
import { callService, type TestService } from '../support/service.js';
import { startServiceWithTenant, type Headers } from '../support/tenant-kit.js';
import { waitFor } from '../support/wait-for.js';

/**
 * The widget's socket is its tenant's (docs/operations/tenants.md, "Routing"): a visitor of a
 * tenant's bot, connected at `/ws/web` or at the tenant's own `/t/{tenant}/ws/web`, has its typing
 * notice reach the tenant's attendant holding the conversation. An unknown tenant's address is
 * closed with 4404, a suspended tenant's sockets with 4403. On the embedded drivers and, in CI's
 * second pass, on PostgreSQL and Redis.
 */

let bots: TestBots;
let service: TestService;
let tenantId: string;
let admin: Headers;
let supervisor: Headers;
const sockets: WebSocket[] = [];

const call = (method: string, path: string, headers: Headers, body?: unknown) => callService(service, method, path, headers, body);

const wsUrl = (path: string) => `${service.url.replace(/^http/, 'ws')}${path}`;

/** The code a socket at `path` is closed with right after its handshake; 0 when it stays open (closed by the test after 2 s). */
async function closeCodeAt(path: string): Promise<number> {
  const socket = connectFrameSocket(wsUrl(path), sockets);
  const stayedOpen = new Promise<number>((resolve) => setTimeout(() => resolve(0), 2000));
  const code = await Promise.race([socket.closed.then((c) => c.code), stayedOpen]);
  socket.ws.terminate();
  return code;
}

/** A visitor of acme's bot handed to a human, and taken by acme's supervisor. */
async function takenConversation(): Promise<{ sessionId: string; token: string }> {
  const first = (await call('POST', '/api/channels/web/acme-desk/messages', {}, { text: 'hi' })).body as { session_id: string; session_token: string };
  await call('POST', '/api/channels/web/acme-desk/messages', {}, { text: 'I want to talk to a human', session_token: first.session_token });
  // The handoff reaches the tenant's queue after the turn (an event, handed out under the session's
  // lock: on PostgreSQL, on a connection of the tenant), and /take answers ok once it is there.
  let last: Awaited<ReturnType<typeof call>> | undefined;
  const take = async () => (last = await call('POST', '/api/attendance/commands', supervisor, { text: '/take', session_id: first.session_id })).body.ok === true;
  await waitFor(take, { what: () => `the conversation to be taken (last answer: ${JSON.stringify(last)})`, timeoutMs: 30_000, intervalMs: 100 });
  return { sessionId: first.session_id, token: first.session_token };
}

beforeAll(async () => {
  bots = await createTestBots();
  await bots.add('acme-desk', {}, undefined, { tenant: 'acme' });
  ({ service, tenantId, admin, member: supervisor } = await startServiceWithTenant({
    env: { BOTS_DIR: bots.dir }, slug: 'acme', member: { username: 'acme-sue', roles: ['supervisor'] },
  }));
}, 120_000);

afterAll(async () => {
  sockets.forEach((ws) => ws.terminate());
  await service?.dispose();
  await bots?.remove();
});

describe(`the widget's socket of a tenant's bot (${testDriversLabel()})`, () => {
  test.each(['/ws/web', '/t/acme/ws/web'])('a typing notice on %s reaches the tenant\'s attendant who holds the conversation', async (path) => {
    const { sessionId, token } = await takenConversation();
    const consoleSocket = connectFrameSocket(wsUrl(`/ws/attendance?token=${supervisor.authorization!.slice('Bearer '.length)}`), sockets);
    const visitor = connectFrameSocket(wsUrl(`${path}?session_token=${encodeURIComponent(token)}`), sockets);
    await Promise.all([consoleSocket.opened, visitor.opened]);
    visitor.send({ type: 'typing' });
    expect(await consoleSocket.next((f) => f.type === 'customer_typing', 'customer_typing', 10_000)).toMatchObject({ type: 'customer_typing', session_id: sessionId });
    // The supervisor's reply reaches the visitor's socket too.
    consoleSocket.send({ type: 'message', session_id: sessionId, text: 'Hello from acme', request_id: 'reply-1' });
    expect(await visitor.next((f) => f.type === 'message' && f.from === 'attendant', 'the attendant\'s message', 10_000)).toMatchObject({ text: 'Hello from acme' });
  });

  test('an unknown tenant\'s address is closed with 4404; a suspended tenant\'s sockets with 4403, until it is resumed', async () => {
    const { token } = await takenConversation();
    const query = `?session_token=${encodeURIComponent(token)}`;
    expect(await closeCodeAt(`/ws/web${query}`)).toBe(0);
    expect(await closeCodeAt(`/t/nobody/ws/web${query}`)).toBe(4404);
    expect((await call('POST', `/api/tenants/${tenantId}/suspend`, admin)).status).toBe(200);
    try {
      // The tenant's status is trusted for a few seconds (app/tenant-lookup.ts), by its id and by its
      // slug apart: wait for the suspension to show at each address.
      for (const path of ['/ws/web', '/t/acme/ws/web']) {
        await waitFor(async () => (await closeCodeAt(`${path}${query}`)) === 4403, { what: `the socket at ${path} to be refused`, timeoutMs: 30_000, intervalMs: 500 });
      }
    } finally {
      expect((await call('POST', `/api/tenants/${tenantId}/resume`, admin)).status).toBe(200);
    }
  });
});
