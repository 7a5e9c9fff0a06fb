import type { WebSocket } from 'ws';
import { connectFrameSocket } from '../support/frame-socket.js';
import { notificationsClient, type TestUser } from '../support/notifications-client.js';
import { startTestService, type TestService } from '../support/service.js';
import { waitForValue } from '../support/wait-for.js';
import { testDriversLabel } from '../support/drivers.js';

const BASE = '/api/v1/notifications';
let service: TestService;
let client: ReturnType<typeof notificationsClient>;
let attendant: TestUser;
let author: TestUser;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  service = await startTestService();
  client = notificationsClient(service.url);
  [attendant, author] = await Promise.all([client.createUser('att1', ['attendant']), client.createUser('auth1', ['author'])]);
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await service?.dispose();
});

const broadcast = async (body: Record<string, unknown>, auth?: { authorization: string }) =>
  client.call('POST', `${BASE}/broadcast`, auth ?? (await client.adminAuth()), body);
async function sent(id: string) {
  const read = async () => (await client.call('GET', `${BASE}/broadcast/${id}`, await client.adminAuth())).body;
  return waitForValue(read, (body) => body.status === 'sent', { what: `broadcast ${id} sent`, timeoutMs: 15_000, intervalMs: 25 });
}

describe(`broadcast (${testDriversLabel()})`, () => {
  it('reaches every active user in their inbox, pushed live in batches', async () => {
    const socket = connectFrameSocket(`${service.url.replace('http', 'ws')}/ws/notifications?token=${attendant.headers.authorization.slice(7)}`, sockets);
    await socket.next((f) => f.type === 'ready', 'ready');
    const res = await broadcast({ target: 'all', message: { title: 'Hello all', body: 'News', image_url: 'https://example.test/i.png' } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'sending', target_count: 3, scheduled_for: null, broadcast_id: expect.stringMatching(/^brd_/) });
    const frame = await socket.next((f) => f.type === 'notification', 'notification');
    expect(frame.notification).toMatchObject({ title: 'Hello all', data: { image_url: 'https://example.test/i.png' } });
    await sent(res.body.broadcast_id);
    const n = await client.call('GET', `${BASE}/${res.body.notification_id}`, await client.adminAuth());
    expect(n.body).toMatchObject({ type: 'broadcast', status: 'delivered', recipients_count: 3, delivery: { in_app: 'delivered' } });
    expect(new Set(n.body.delivery_details.map((d: { recipient: string }) => d.recipient)).size).toBe(3);
    expect((await client.call('GET', `${BASE}/${res.body.notification_id}`, author.headers)).body.title).toBe('Hello all');
  });

  it('targets a segment (users by role) and filters by last activity', async () => {
    const segment = await broadcast({ target: 'segment', segment_id: 'attendants', message: { title: 'Team', body: 'b' } });
    expect(segment.body.target_count).toBe(1);
    await sent(segment.body.broadcast_id);
    expect((await client.call('GET', `${BASE}/${segment.body.notification_id}`, author.headers)).status).toBe(404);
    expect((await client.call('GET', `${BASE}/${segment.body.notification_id}`, attendant.headers)).status).toBe(200);
    expect((await broadcast({ target: 'segment:authors', message: { title: 'x', body: 'b' } })).body.target_count).toBe(1);
    // Only the attendant has used the notifications API (the socket above): the author never has; the admin has (these calls).
    expect((await broadcast({ target: 'all', filters: { last_active: '1d' }, message: { title: 'Active', body: 'b' } })).body.target_count).toBe(2);
  });

  it('goes out on the channel of filters.channel through the deliver job', async () => {
    const res = await broadcast({ target: 'segment:authors', filters: { channel: 'sms' }, message: { title: 'SMS', body: 'b' } });
    await sent(res.body.broadcast_id);
    const n = await waitForValue(async () => client.call('GET', `${BASE}/${res.body.notification_id}`, await client.adminAuth()), (r) => r.body.status !== 'queued', {
      what: 'the notification delivered or failed', timeoutMs: 15_000, intervalMs: 25,
    });
    expect(n.body).toMatchObject({ status: 'failed', delivery_details: [{ channel: 'sms', status: 'failed', reason: 'channel_not_configured' }] });
  });

  it('reaches a group\'s members through the identity provider, for admins and members only', async () => {
    const admin = await client.adminAuth();
    const created = await client.call('POST', '/api/groups/create', admin, { name: 'Night shift', description: '', domain: 'night.example.test' });
    const groupId = created.body.id as string;
    expect((await client.call('POST', `/api/groups/${groupId}/members/add`, admin, { user_id: author.id, role: 'member' })).status).toBe(200);
    const res = await broadcast({ target: 'group', group_id: groupId, message: { title: 'Shift change', body: 'b' } });
    expect(res.body).toMatchObject({ status: 'sending', target_count: 2 }); // the creator (owner) and the member
    await sent(res.body.broadcast_id);
    expect((await client.call('GET', `${BASE}/${res.body.notification_id}`, author.headers)).body.title).toBe('Shift change');
    expect((await client.call('GET', `${BASE}/${res.body.notification_id}`, attendant.headers)).status).toBe(404);
    expect((await broadcast({ target: 'group', group_id: groupId, message: { title: 'x', body: 'b' } }, author.headers)).status).toBe(202);
    expect((await broadcast({ target: 'group', group_id: groupId, message: { title: 'x', body: 'b' } }, attendant.headers)).status).toBe(403);
    const unknown = await broadcast({ target: 'group', group_id: '00000000-0000-4000-8000-000000000000', message: { title: 'x', body: 'b' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('group_not_found');
  });

  it('refuses other users and bad targets', async () => {
    expect((await broadcast({ target: 'all', message: { title: 'x', body: 'b' } }, author.headers)).status).toBe(403);
    expect((await broadcast({ target: 'segment', message: { title: 'x', body: 'b' } })).status).toBe(400);
    expect((await broadcast({ target: 'everyone', message: { title: 'x', body: 'b' } })).status).toBe(400);
    expect((await broadcast({ target: 'all', filters: { last_active: 'week' }, message: { title: 'x', body: 'b' } })).status).toBe(400);
  });

  it('cancels a scheduled broadcast; a sent one cannot be cancelled', async () => {
    const schedule = new Date(Date.now() + 3600_000).toISOString();
    const res = await broadcast({ target: 'all', schedule, message: { title: 'Later', body: 'b' } });
    expect(res.body).toMatchObject({ status: 'scheduled', scheduled_for: schedule });
    expect((await client.call('GET', `${BASE}/${res.body.notification_id}`, await client.adminAuth())).body.status).toBe('scheduled');
    expect((await client.call('DELETE', `${BASE}/broadcast/${res.body.broadcast_id}`, author.headers)).status).toBe(404);
    const cancelled = await client.call('DELETE', `${BASE}/broadcast/${res.body.broadcast_id}`, await client.adminAuth());
    expect(cancelled.body.status).toBe('cancelled');
    expect((await client.call('DELETE', `${BASE}/broadcast/${res.body.broadcast_id}`, await client.adminAuth())).status).toBe(409);
    expect((await client.call('GET', `${BASE}/${res.body.notification_id}`, await client.adminAuth())).status).toBe(404);
  });

  it('sends a scheduled broadcast at its time, across a restart', async () => {
    const schedule = new Date(Date.now() + 1500).toISOString();
    const res = await broadcast({ target: 'segment:attendants', schedule, message: { title: 'Scheduled', body: 'b' } });
    expect(res.body).toMatchObject({ status: 'scheduled', scheduled_for: schedule });
    service = await service.restart();
    client = notificationsClient(service.url);
    const done = await sent(res.body.broadcast_id);
    expect(done.status).toBe('sent');
    const n = await client.call('GET', `${BASE}/${res.body.notification_id}`, attendant.headers);
    expect(n.body).toMatchObject({ title: 'Scheduled', status: 'delivered' });
    expect(new Date(n.body.delivery_details[0].delivered_at).getTime()).toBeGreaterThanOrEqual(new Date(schedule).getTime());
  });
});
