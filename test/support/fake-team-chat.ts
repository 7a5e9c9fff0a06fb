/**
 * A Slack-style Web API on 127.0.0.1 (port 0) for the team_chat destination's tests, speaking the
 * documented wire format: `POST /api/<method>` with form (or JSON) parameters and the bot token as
 * a bearer, answered `{ok: true, …}` or `{ok: false, error}`. It records every call, answers
 * chat.postMessage with a channel and a fresh `ts`, and knows the users a test registers (users.info).
 * Also builds the signed requests the workspace sends to the app's request URLs.
 */
import type { AddressInfo } from 'node:net';
import { signTeamChatRequest } from '../../adapters/index.js';
import { createFakeProviderServer } from './fake-provider-server.js';
import { waitFor } from './wait-for.js';

export interface TeamChatCall {
  method: string;
  token: string;
  params: Record<string, unknown>;
}

export interface FakeTeamChat {
  /** The Web API root for `team-chat-api-url`. */
  readonly apiUrl: string;
  readonly calls: TeamChatCall[];
  callsOf(method: string): TeamChatCall[];
  /** A workspace user users.info knows. */
  addUser(id: string, email: string, name: string): void;
  /** Resolves once `predicate` holds for the calls (every 20 ms; 15 s at most). */
  waitFor(predicate: (calls: TeamChatCall[]) => boolean, what: string): Promise<TeamChatCall[]>;
  close(): Promise<void>;
}

export async function startFakeTeamChat(): Promise<FakeTeamChat> {
  const calls: TeamChatCall[] = [];
  const users = new Map<string, { email: string; name: string }>();
  let next = 100;
  const server = createFakeProviderServer(async (req, res, body) => {
    const method = /^\/api\/([\w.]+)$/.exec(req.url ?? '')?.[1];
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const raw = body.toString('utf8');
    const params: Record<string, unknown> = (req.headers['content-type'] ?? '').includes('json')
      ? (JSON.parse(raw || '{}') as Record<string, unknown>)
      : Object.fromEntries([...new URLSearchParams(raw)].map(([k, v]) => [k, k === 'blocks' ? JSON.parse(v) : v]));
    const answer = (value: Record<string, unknown>): void => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.method !== 'POST' || !method) return void res.writeHead(404).end();
    calls.push({ method, token, params });
    if (!token.startsWith('xoxb-')) return answer({ ok: false, error: 'not_authed' });
    switch (method) {
      case 'chat.postMessage': {
        const ts = `1760000000.${String(next++).padStart(6, '0')}`;
        return answer({ ok: true, channel: params.channel, ts, message: { text: params.text, ts } });
      }
      case 'chat.update':
        return answer({ ok: true, channel: params.channel, ts: params.ts, text: params.text });
      case 'chat.postEphemeral':
        return answer({ ok: true, message_ts: `1760000000.${String(next++).padStart(6, '0')}` });
      case 'users.info': {
        const user = users.get(String(params.user));
        return user
          ? answer({ ok: true, user: { id: params.user, name: user.name, real_name: user.name, profile: { email: user.email } } })
          : answer({ ok: false, error: 'user_not_found' });
      }
      default:
        return answer({ ok: false, error: 'unknown_method' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/`,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method),
    addUser: (id, email, name) => void users.set(id, { email, name }),
    async waitFor(predicate, what) {
      await waitFor(() => predicate(calls), {
        what: () => `fake team_chat: ${what} (calls: ${calls.map((c) => c.method).join(', ')})`, timeoutMs: 15_000, intervalMs: 20,
      });
      return calls;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body and headers of a request the workspace signs with `secret` (at `at`, default now). */
export function signedTeamChatRequest(secret: string, body: string, contentType: string, at = new Date()): { headers: Record<string, string>; body: string } {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    body,
    headers: { 'content-type': contentType, 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signTeamChatRequest(secret, timestamp, body) },
  };
}

/** Request bodies as the workspace sends them. */
export const teamChatRequests = {
  /** A press of a notice's Take button (`interactions`, form field `payload`). */
  take(user: string, channel: string, sessionId: string, actionId = 'take_conversation'): string {
    const payload = {
      type: 'block_actions', user: { id: user, username: user.toLowerCase() }, channel: { id: channel },
      container: { type: 'message', channel_id: channel, message_ts: '1760000000.000100' },
      actions: [{ type: 'button', action_id: actionId, value: sessionId, action_ts: '1760000001.000001' }],
    };
    return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  },
  /** A slash command (`commands`). */
  command(user: string, channel: string, command: string, text: string): string {
    return new URLSearchParams({ command, text, user_id: user, user_name: user.toLowerCase(), channel_id: channel, team_id: 'T1' }).toString();
  },
  /** A message event (`events`); in a thread when `threadTs` is given. */
  message(user: string, channel: string, text: string, threadTs?: string, extra: Record<string, unknown> = {}): string {
    return JSON.stringify({
      type: 'event_callback', team_id: 'T1', event_id: `Ev${Math.random().toString(36).slice(2)}`,
      event: { type: 'message', user, channel, text, ts: `1760000100.${Math.floor(Math.random() * 1e6)}`, ...(threadTs ? { thread_ts: threadTs } : {}), ...extra },
    });
  },
};
