import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { waitForValue } from '../support/wait-for.js';

interface Answer { session_id: string; session_token: string; replies: { text: string }[] }
interface CommandResult { ok: boolean; reply: string; session_id?: string }
interface QueueItem { session_id: string; status: string; assigned_to: string | null; user_name: string }
type Headers = { authorization: string };

let service: TestService;
let admin: Headers;
beforeAll(async () => {
  service = await startTestService();
  admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
});
afterAll(async () => { await service.dispose(); });

const web = () => `${service.url}/api/channels/web/default/messages`;
const json = (headers: Partial<Headers> = {}) => ({ 'content-type': 'application/json', ...headers });

// Attendance hears of the message from a job after the turn: wait for it, as a console would see it.
const say = async (text: string, token?: string): Promise<Answer> => {
  const answer = await sayOnWeb(service.url, 'default', text, token);
  await service.eventsHandled();
  return answer;
};

async function history(token: string): Promise<{ from: string; text: string }[]> {
  const res = await fetch(`${web()}?session_token=${encodeURIComponent(token)}`);
  return ((await res.json()) as { messages: { from: string; text: string }[] }).messages;
}

async function createUser(username: string, roles: string[]): Promise<{ id: string; headers: Headers }> {
  const password = 'password-for-tests';
  const res = await fetch(`${service.url}/api/users`, {
    method: 'POST', headers: json(admin), body: JSON.stringify({ username, email: `${username}@example.test`, password, roles }),
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { id, headers: await bearerFor(service.url, username, password) };
}

const api = (path: string, headers: Partial<Headers>, body?: unknown) =>
  fetch(`${service.url}${path}`, body === undefined ? { headers } : { method: 'POST', headers: json(headers), body: JSON.stringify(body) });

async function command(headers: Headers, text: string, sessionId?: string): Promise<CommandResult> {
  const res = await api('/api/attendance/commands', headers, { text, ...(sessionId ? { session_id: sessionId } : {}) });
  expect(res.status).toBe(200);
  return (await res.json()) as CommandResult;
}

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => waitForValue(read, done, { intervalMs: 20 });

describe('attendant commands over REST', () => {
  test('handoff → queue → /take → reply reaches the customer → /resolve → back to the bot; race and access rules', async () => {
    const ana = await createUser('ana', ['attendant']);
    const bob = await createUser('bob', ['attendant']);
    const author = await createUser('carl', ['author']);
    expect(await command(ana.headers, '/status online')).toMatchObject({ ok: true, reply: expect.stringContaining('online') });

    const first = await say('hi');
    const handoff = await say('I want a person', first.session_token);
    expect(handoff.replies.length).toBeGreaterThan(0);
    const session = first.session_id;

    const queueRes = await api('/api/attendance/queue', ana.headers);
    expect(queueRes.status).toBe(200);
    const item = ((await queueRes.json()) as QueueItem[]).find((i) => i.session_id === session);
    // With no queues configured the attendant-list rule may already have given it to the only online attendant.
    expect(item).toBeDefined();
    if (item!.status === 'assigned') expect(item!.assigned_to).toBe(ana.id);
    else expect(item).toMatchObject({ status: 'waiting', assigned_to: null });
    expect((await command(ana.headers, '/queue')).reply).toContain(session);

    const take = await command(ana.headers, '/take');
    expect(take).toMatchObject({ ok: true, session_id: session });
    expect((await command(ana.headers, '/context')).reply).toMatch(/Channel: web[\s\S]*Last message: I want a person/);

    const sent = await api(`/api/attendance/sessions/${session}/messages`, ana.headers, { text: 'Hello from a human' });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ ok: true, session_id: session, status: 'pending' });
    const messages = await until(() => history(first.session_token), (m) => m.some((x) => x.from === 'attendant'));
    expect(messages).toContainEqual(expect.objectContaining({ from: 'attendant', text: 'Hello from a human' }));
    // Kanban pending until the customer answers; the answer makes it active again (not for the bot).
    const answer = await say('My order is 123', first.session_token);
    expect(answer.replies).toEqual([]);
    const items = (await (await api('/api/attendance/queue', ana.headers)).json()) as (QueueItem & { last_message: string })[];
    expect(items.find((i) => i.session_id === session)).toMatchObject({ status: 'active', last_message: 'My order is 123' });

    const lost = await command(bob.headers, `/take ${session}`);
    expect(lost.ok).toBe(false);
    expect(lost.reply).toContain('ana');
    const notHolder = await api(`/api/attendance/sessions/${session}/messages`, bob.headers, { text: 'me too' });
    expect(notHolder.status).toBe(409);
    expect(await notHolder.json()).toMatchObject({ error: 'not_holder' });

    const attendants = (await (await api('/api/attendance/attendants', admin)).json()) as { id: string; status: string; active_conversations: number }[];
    expect(attendants).toContainEqual(expect.objectContaining({ id: ana.id, status: 'online', active_conversations: 1 }));

    expect(await command(ana.headers, '/resolve')).toMatchObject({ ok: true, session_id: session });
    const after = await say('hi', first.session_token);
    expect(after.replies.length).toBeGreaterThan(0);
    const again = await api(`/api/attendance/resolve/${session}`, ana.headers, {});
    expect(again.status).toBe(409);

    expect((await api('/api/attendance/queue', author.headers)).status).toBe(403);
    expect((await api('/api/attendance/queue', {})).status).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await api(`/api/attendance/resolve/${unknown}`, ana.headers, {});
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'session_not_found' });
    expect((await api(`/api/attendance/sessions/${unknown}/messages`, ana.headers, { text: 'x' })).status).toBe(404);
  });

  test('placeholders, help and unknown commands answer in words', async () => {
    // Assist needs a conversation to work on.
    expect(await command(admin, '/tips')).toMatchObject({ ok: false, reply: expect.stringContaining('no active conversation') });
    expect(await command(admin, '/video')).toMatchObject({ ok: false, reply: expect.stringContaining('no active conversation') });
    expect((await command(admin, '/help')).reply).toContain('/transfer @username');
    expect(await command(admin, '/dance')).toMatchObject({ ok: false, reply: expect.stringContaining('/help') });
    expect(await command(admin, 'hello?')).toMatchObject({ ok: false, reply: expect.stringContaining('no active conversation') });
  });
});
