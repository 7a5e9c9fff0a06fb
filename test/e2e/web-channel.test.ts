import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { sessions } from '../../db/schema/index.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { waitFor } from '../support/wait-for.js';

interface Reply { text: string; suggestions?: { key: string; label: string }[] }
interface Answer { session_id: string; session_token: string; replies: Reply[] }

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service.dispose(); });

const endpoint = (bot = 'default') => `${service.url}/api/channels/web/${bot}/messages`;

async function say(text: string, token?: string, extra: Record<string, unknown> = {}): Promise<Answer> {
  const res = await fetch(endpoint(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, ...(token ? { session_token: token } : {}), ...extra }),
  });
  if (res.status !== 200) throw new Error(`POST ${text}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Answer;
}

describe('web channel with the default bot', () => {
  test('a full conversation over HTTP: greeting, menu, order lookup, history in order', async () => {
    const first = await say('hi', undefined, { user_name: 'Ana' });
    expect(first.replies.map((r) => r.text)).toEqual(['Hello, Ana! I am the Switchboard demo bot.', 'How can I help you?']);
    expect(first.replies[1]!.suggestions?.map((s) => s.label)).toEqual(['Opening hours', 'Order status', 'Talk to a person']);

    const hours = await say('Opening hours', first.session_token);
    expect(hours.session_id).toBe(first.session_id);
    expect(hours.replies.map((r) => r.text)).toEqual(['We are open Monday to Friday, 9:00 to 18:00 (UTC).', 'How can I help you?']);

    await say('2', hours.session_token);
    const order = await say('1001', hours.session_token);
    expect(order.replies[0]!.text).toBe('Order 1001 is shipped: arrives in 2 working days.');

    const history = await fetch(`${endpoint()}?session_token=${encodeURIComponent(order.session_token)}`);
    expect(history.status).toBe(200);
    const { messages } = (await history.json()) as { messages: { direction: string; from: string; text: string; at: string }[] };
    expect(messages.map((m) => `${m.direction}:${m.text}`).slice(0, 5)).toEqual([
      'inbound:hi',
      'outbound:Hello, Ana! I am the Switchboard demo bot.',
      'outbound:How can I help you?',
      'inbound:Opening hours',
      'outbound:We are open Monday to Friday, 9:00 to 18:00 (UTC).',
    ]);
    expect(messages.every((m, i) => i === 0 || m.at >= messages[i - 1]!.at)).toBe(true);
  });

  test('the WebSocket pushes every outbound message of the session', async () => {
    const first = await say('hello');
    const ws = new WebSocket(`${service.url.replace('http', 'ws')}/ws/web?session_token=${encodeURIComponent(first.session_token)}`);
    const received: { type: string; from: string; text: string }[] = [];
    await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
    ws.on('message', (data: Buffer) => received.push(JSON.parse(data.toString()) as { type: string; from: string; text: string }));
    try {
      await say('Opening hours', first.session_token);
      await waitFor(() => received.length >= 2, 'both pushed replies');
      expect(received).toEqual([
        expect.objectContaining({ type: 'message', from: 'bot', text: 'We are open Monday to Friday, 9:00 to 18:00 (UTC).' }),
        expect.objectContaining({ type: 'message', from: 'bot', text: 'How can I help you?' }),
      ]);
    } finally {
      ws.close();
    }
  });

  test('a dialog waiting on HEAR resumes after the server restarts', async () => {
    const first = await say('hi');
    await say('Order status', first.session_token);
    service = await service.restart();
    const order = await say('1003', first.session_token);
    expect(order.session_id).toBe(first.session_id);
    expect(order.replies[0]!.text).toBe('Order 1003 is delivered: delivered last Monday.');
  });

  test('asking for a person hands the session to attendance: later messages get no bot reply', async () => {
    const first = await say('hi');
    const handoff = await say('Talk to a person', first.session_token);
    expect(handoff.replies.length).toBeGreaterThan(0); // the wait message
    const later = await say('hello?', first.session_token);
    expect(later.replies).toEqual([]);
    // The attendance engine queued the conversation (told by an event after the turn) and told the customer where they stand.
    await service.eventsHandled();
    const history = await fetch(`${endpoint()}?session_token=${encodeURIComponent(later.session_token)}`);
    const { messages } = (await history.json()) as { messages: { from: string; text: string }[] };
    expect(messages).toContainEqual(expect.objectContaining({ from: 'system', text: expect.stringMatching(/^You are number \d+ in the queue/) }));
  });
});

describe('the demo bot\'s menu and the transfer keywords (docs/architecture.md, "The routing rule")', () => {
  const reasonOf = async (sessionId: string) => {
    const [row] = await service.database.db.select({ context: sessions.context_data }).from(sessions).where(eq(sessions.id, sessionId));
    return (row!.context as { transfer_reason?: string }).transfer_reason;
  };
  test('"Talk to a person" from the menu is the bot\'s own TRANSFER TO HUMAN, with its reason', async () => {
    const first = await say('hi');
    await say('Talk to a person', first.session_token);
    await service.eventsHandled();
    expect(await reasonOf(first.session_id)).toBe('asked for a person from the menu');
  });

  test('the keyword in free text still hands over at once, whatever the bot would do', async () => {
    const first = await say('hi');
    await say('I need a person please', first.session_token);
    await service.eventsHandled();
    expect(await reasonOf(first.session_id)).toBe('keyword: person');
  });
});

describe('web channel errors', () => {
  test('unknown bot 404, empty or over-long text 400, bad token 401', async () => {
    const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const unknown = await post(endpoint('nobody'), { text: 'hi' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'bot_not_found' });
    expect((await post(endpoint(), { text: '' })).status).toBe(400);
    expect((await post(endpoint(), { text: 'x'.repeat(4097) })).status).toBe(400);
    const forged = await post(endpoint(), { text: 'hi', session_token: 'forged.token.value' });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ error: 'unauthorized' });
  });
});

describe('GET /api/session/:id', () => {
  test('admins see the session record with a dialog summary; others are refused', async () => {
    const first = await say('hi');
    const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const res = await fetch(`${service.url}/api/session/${first.session_id}`, { headers: admin });
    expect(res.status).toBe(200);
    const session = (await res.json()) as Record<string, unknown>;
    expect(session).toMatchObject({ id: first.session_id, channel: 'web', needs_human: false, status: 'open' });
    expect(JSON.stringify(session)).toContain('waiting');
    expect((await fetch(`${service.url}/api/session/${first.session_id}`)).status).toBe(401);
    expect((await fetch(`${service.url}/api/session/00000000-0000-4000-8000-000000000000`, { headers: admin })).status).toBe(404);
  });
});
