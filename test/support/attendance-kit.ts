/** What the attendance REST e2e suites share: a started service, users, a customer on the web channel, JSON calls. */
import { bearerFor, callService, startTestService, TEST_ADMIN, type TestService } from './service.js';
import { sayOnWeb } from './web-customer.js';
import { waitFor, waitForValue } from './wait-for.js';

export type Headers = { authorization: string };
export interface User { id: string; username: string; headers: Headers }
export interface Reply { status: number; body: Record<string, unknown> & { error?: string } }
export interface QueueItem { session_id: string; status: string; assigned_to: string | null; assigned_to_name: string | null; queue_id: string | null; bot_id: string }

/** A started service for one suite, with the admin's bearer header. */
export interface Kit {
  service: TestService;
  admin: Headers;
  call(method: string, path: string, headers?: Partial<Headers>, body?: unknown): Promise<Reply>;
  user(username: string, roles: string[]): Promise<User>;
  /** A new web customer who asks for a person; resolves to the session id once the item is in the queue. */
  handoff(): Promise<{ sessionId: string; token: string }>;
  say(text: string, token?: string): Promise<{ session_id: string; session_token: string; replies: { text: string }[] }>;
  /** The web visitor's transcript, oldest first. */
  history(token: string): Promise<{ from: string; text: string }[]>;
  /** The admin's view of one queue item (any status but resolved), or undefined. */
  item(sessionId: string): Promise<QueueItem | undefined>;
  command(headers: Headers, text: string, sessionId?: string): Promise<{ ok: boolean; reply: string; session_id?: string }>;
  defaultBotId(): string;
}

/** `env` overrides single variables of the service (e.g. BOTS_DIR for bots with their own config). */
export async function startKit(env: Record<string, string> = {}): Promise<Kit> {
  const service = await startTestService(env);
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);

  const call = (method: string, path: string, headers: Partial<Headers> = {}, body?: unknown): Promise<Reply> =>
    callService<Reply['body']>(service, method, path, headers as Record<string, string>, body);

  // Attendance hears of the message from a job after the turn: wait for it, as a console would see it.
  const say: Kit['say'] = async (text, token) => {
    const answer = await sayOnWeb(service.url, 'default', text, token);
    await service.eventsHandled();
    return answer;
  };

  const item: Kit['item'] = async (sessionId) => {
    const res = await call('GET', '/api/attendance/queue', admin);
    return (res.body as unknown as QueueItem[]).find((i) => i.session_id === sessionId);
  };

  const history: Kit['history'] = async (token) => {
    const res = await call('GET', `/api/channels/web/default/messages?session_token=${encodeURIComponent(token)}`);
    return (res.body as { messages: { from: string; text: string }[] }).messages;
  };

  return {
    service, admin, call, say, item, history,
    async user(username, roles) {
      const password = 'password-for-tests';
      const res = await call('POST', '/api/users', admin, { username, email: `${username}@example.test`, password, roles });
      if (res.status !== 201) throw new Error(`create ${username}: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.id as string, username, headers: await bearerFor(service.url, username, password) };
    },
    async handoff() {
      const first = await say('hi');
      await say('I want a person', first.session_token);
      await waitFor(async () => (await item(first.session_id)) !== undefined, 'the handoff to reach the queue');
      return { sessionId: first.session_id, token: first.session_token };
    },
    async command(headers, text, sessionId) {
      const res = await call('POST', '/api/attendance/commands', headers, { text, ...(sessionId ? { session_id: sessionId } : {}) });
      if (res.status !== 200) throw new Error(`command ${text}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as never;
    },
    defaultBotId: () => service.bots.find((b) => b.name === 'default')!.id,
  };
}

/**
 * The id of the queue called `name` (the demo bot declares "support": bots/default.gbai), read
 * through the REST API with `headers` of a supervisor or admin.
 */
export async function queueIdNamed(url: string, headers: { authorization: string }, name: string): Promise<string> {
  const res = await fetch(`${url}/api/attendance/queues`, { headers });
  const queue = ((await res.json()) as { id: string; name: string }[]).find((q) => q.name === name);
  if (!queue) throw new Error(`no queue named ${name}`);
  return queue.id;
}

/** Whether the conversation of `sessionId` is among the queue items `headers` (a supervisor's or admin's) see. */
export async function isQueued(url: string, headers: { authorization: string }, sessionId: string): Promise<boolean> {
  const res = await fetch(`${url}/api/attendance/queue`, { headers });
  return ((await res.json()) as { session_id: string }[]).some((i) => i.session_id === sessionId);
}

/** A UUID no row has. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Reads until `done` holds and returns that value: for effects that land after a response (test/support/wait-for.ts). */
export function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  return waitForValue(read, done, { what: 'an effect that lands after the response', intervalMs: 20 });
}
