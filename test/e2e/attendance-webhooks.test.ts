import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { attendanceWebhookDeliveries } from '../../db/schema/index.js';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.js';
import { waitForValue } from '../support/wait-for.js';

// Attendance webhooks end to end (docs/attendance/webhooks.md): a bot with attendance-chatops-webhook
// and attendance-webhook-secret; a receiver that verifies each POST with the standardwebhooks library.

const SECRET = `whsec_${Buffer.from('attendance-webhook-secret-of-32-b').toString('base64')}`;
type Headers = { authorization: string };

let receiver: WebhookReceiver;
let bots: TestBots;
let service: TestService;
let admin: Headers;

beforeAll(async () => {
  receiver = await startWebhookReceiver(SECRET);
  bots = await createTestBots();
  await bots.add('hooks', { 'attendance-chatops-webhook': receiver.url, 'attendance-webhook-secret': SECRET });
  await bots.add('nohooks', {});
  // The receiver listens on 127.0.0.1: the chat-ops hook follows the process's setting (docs/architecture.md, "Outbound requests").
  service = await startTestService({ BOTS_DIR: bots.dir, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => {
  await service?.dispose();
  await bots?.remove();
  await receiver?.close();
});

async function call(method: string, path: string, headers: Headers, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${service.url}${path}`, {
    method, headers: { ...headers, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function attendant(username: string): Promise<{ id: string; headers: Headers }> {
  const password = 'password-for-tests';
  const { id } = await call('POST', '/api/users', admin, { username, email: `${username}@example.test`, password, roles: ['attendant'] });
  const headers = await bearerFor(service.url, username, password);
  await call('POST', '/api/attendance/commands', headers, { text: '/status online' });
  return { id: id as string, headers };
}

/** A web customer of `bot` who asks for a person; resolves to the session id once attendance heard of it. */
async function handoff(bot: string): Promise<string> {
  const first = await sayOnWeb(service.url, bot, 'hi');
  await sayOnWeb(service.url, bot, 'I want a person', first.session_token);
  await service.eventsHandled();
  return first.session_id;
}

const of = (session: string, type: string) => (r: ReceivedWebhook) => r.verified?.type === type && (r.verified.data.session_id === session
  || (r.verified.data.ticket as { session_id?: string } | undefined)?.session_id === session);

describe('attendance webhooks', () => {
  test('queued, assigned and resolved are POSTed signed; a failed attempt is retried with the same webhook-id and logged', async () => {
    const ana = await attendant('hookana');
    const session = await handoff('hooks');
    const got = await receiver.waitFor((r) => r.some(of(session, 'conversation.assigned')), 'queued and assigned');
    const queued = got.find(of(session, 'conversation.queued'))!;
    const assigned = got.find(of(session, 'conversation.assigned'))!;
    expect(queued.verified).toMatchObject({ type: 'conversation.queued', data: { session_id: session, from: 'none', to: 'waiting', channel: 'web' } });
    // The customer as attendants see them: the display name and the default attendance-customer-fields (docs/crm.md, "The customer view").
    expect(queued.verified!.data.customer).toEqual({ name: `web · ${session.slice(0, 6)}`, contact_id: null, email: null, phone: null, tier: null, ltv: null });
    expect(assigned.verified!.data).toMatchObject({ session_id: session, to: 'assigned', attendant_id: ana.id });
    expect(queued.headers['content-type']).toBe('application/json');
    expect(queued.id).toMatch(/^msg_[0-9a-f]{32}$/);
    // The receiver's library refuses the same bytes under another secret.
    const other = new Webhook(`whsec_${Buffer.from('another-secret-of-thirty-two-byte').toString('base64')}`);
    expect(() => other.verify(queued.raw, queued.headers)).toThrow();

    receiver.failNext(503);
    await call('POST', '/api/attendance/commands', ana.headers, { text: `/resolve ${session}` });
    const all = await receiver.waitFor((r) => r.filter(of(session, 'conversation.resolved')).length >= 2, 'resolved, after a retry');
    const attempts = all.filter(of(session, 'conversation.resolved'));
    expect(attempts.map((a) => a.answered)).toEqual([503, 204]);
    expect(attempts[1]!.id).toBe(attempts[0]!.id);
    expect(attempts[1]!.verified!.data).toMatchObject({ session_id: session, from: 'assigned', to: 'resolved' });

    // The job records the attempt after the receiver answered it.
    const stored = () => service.database.db.select().from(attendanceWebhookDeliveries).where(eq(attendanceWebhookDeliveries.id, attempts[0]!.id));
    const [row] = await waitForValue(stored, ([r]) => r?.status !== 'pending', { what: 'the attempt recorded', intervalMs: 20 });
    expect(row).toMatchObject({ event: 'conversation.resolved', status: 'delivered', attempts: 2, last_status: 204, last_error: null, url: receiver.url });
  });

  test('ticket changes are POSTed as ticket.*; a bot without the webhook sends nothing', async () => {
    const session = await handoff('hooks');
    const ticket = await call('POST', '/api/attendance/tickets', admin, { session_id: session, subject: 'Refund', category: 'billing' });
    await call('POST', `/api/attendance/tickets/${String(ticket.id)}/resolve`, admin, {});
    const got = await receiver.waitFor((r) => r.some(of(session, 'ticket.resolved')), 'ticket.created and ticket.resolved');
    expect(got.find(of(session, 'ticket.created'))!.verified!.data).toMatchObject({
      ticket: { id: ticket.id, session_id: session, subject: 'Refund', category: 'billing', status: 'open' }, bot_id: expect.any(String),
    });
    expect(got.find(of(session, 'ticket.resolved'))!.verified!.data).toMatchObject({ ticket: { id: ticket.id, status: 'resolved' }, previous_status: 'open' });

    const quiet = await handoff('nohooks');
    await call('POST', '/api/attendance/tickets', admin, { session_id: quiet, subject: 'Quiet' });
    const rows = await service.database.db.select().from(attendanceWebhookDeliveries);
    const bot = service.bots.find((b) => b.name === 'nohooks')!;
    expect(rows.filter((r) => r.bot_id === bot.id)).toEqual([]);
    expect(receiver.received.every((r) => r.verified !== undefined)).toBe(true);
  });
});
