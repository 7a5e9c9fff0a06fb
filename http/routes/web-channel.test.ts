import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createChannelAdapters, createVisitorTokens, createWebChannel, type TranscriptRow } from '../../adapters/index.js';
import { createTokenIssuer } from '../../auth/index.js';
import type { Engine, ReceiveOutcome } from '../../engine/engine-api.js';
import type { InboundMessage, OutboundMessage } from '../../engine/messages.js';
import { NotFoundError } from '../../infra/errors.js';
import { createLogger } from '../../infra/logger.js';
import { createMemoryRateLimiter } from '../../infra/rate-limit/index.js';
import { createAuthorizer } from '../auth-middleware.js';
import { errorHandler } from '../error-handler.js';
import { buildOpenApiDocument, createOpenApiRegistry } from '../openapi.js';
import { mountRoutes } from '../route.js';
import { webChannelRoutes } from './web-channel.js';

const secret = new TextEncoder().encode('web-channel-route-test-secret-0123456789');
const visitorTokens = createVisitorTokens(secret);

/** Just enough engine for route behaviour: one session per visitor, an echo reply, a duplicate check that replays the replies. */
class EchoEngine implements Pick<Engine, 'receive'> {
  readonly received: InboundMessage[] = [];
  readonly sessions = new Map<string, string>();
  private readonly answered = new Map<string, OutboundMessage[]>();
  withHuman = false;

  async receive(message: InboundMessage): Promise<ReceiveOutcome> {
    const session_id = this.sessions.get(message.customer.external_id) ?? randomUUID();
    this.sessions.set(message.customer.external_id, session_id);
    const earlier = message.provider_message_id ? this.answered.get(message.provider_message_id) : undefined;
    if (earlier) return { status: 'duplicate', session_id, replies: earlier };
    this.received.push(message);
    const reply = (text: string, suggestions?: { key: string; label: string }[]) =>
      ({ session_id, channel: 'web' as const, to: message.customer.external_id, from: 'bot' as const, text, ...(suggestions ? { suggestions } : {}) });
    const replies = this.withHuman ? [] : [reply(`echo: ${message.text}`, [{ key: 'a', label: 'A' }]), reply('anything else?', [])];
    if (message.provider_message_id) this.answered.set(message.provider_message_id, replies);
    return { status: 'processed', session_id, needs_human: this.withHuman, replies };
  }
}

/** The rtc_sip channel's browser calls as the web channel sees them: the bot `other` takes calls; each call is its caller's. */
class FakeCalls {
  readonly started: { bot: string; caller: string; offerSdp: string }[] = [];
  readonly callers = new Map<string, string>();
  takes = (bot: string) => bot === 'other';
  async start(request: { bot: string; caller: string; offerSdp: string }) {
    this.started.push(request);
    const callId = `web-${this.started.length}`;
    this.callers.set(callId, request.caller);
    return { callId, answerSdp: `answer to ${request.offerSdp}` };
  }
  async hangUp(callId: string, caller: string) {
    if (this.callers.get(callId) !== caller) throw new NotFoundError('No such call of yours is in progress', 'call_not_found');
    this.callers.delete(callId);
  }
}

let server: Server;
let base: string;
let engine: EchoEngine;
let calls: FakeCalls;
const transcripts = new Map<string, TranscriptRow[]>();
const RULE = { points: 3, durationSeconds: 60 };

beforeEach(async () => {
  engine = new EchoEngine();
  calls = new FakeCalls();
  const app = express();
  app.use(express.json());
  const router = express.Router();
  const registry = createOpenApiRegistry();
  const routes = webChannelRoutes(createWebChannel({
    engine,
    adapter: createChannelAdapters({ visitorTokens }).web,
    visitorTokens,
    botExists: (bot) => bot === 'default' || bot === 'other',
    rateLimiter: createMemoryRateLimiter(),
    limitFor: async () => RULE,
    history: async (sessionId) => transcripts.get(sessionId) ?? [],
    languageOf: (bot) => (bot === 'other' ? 'pt-BR' : undefined),
    prechatFormOf: (bot) => bot === 'other',
    calls,
  }));
  mountRoutes(router, registry, createAuthorizer(createTokenIssuer(secret, 60)), routes);
  app.use(router);
  app.use(errorHandler(createLogger()));
  buildOpenApiDocument(registry, 'test'); // the schemas must describe themselves
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const post = async (body: unknown, bot = 'default') => {
  const res = await fetch(`${base}/api/channels/web/${bot}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
};

describe('POST /api/channels/web/:bot/messages', () => {
  test('a new visitor gets a session, a token and the turn\'s replies', async () => {
    const res = await post({ text: 'hi', user_name: 'Ana' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      session_id: expect.any(String),
      session_token: expect.any(String),
      replies: [{ text: 'echo: hi', suggestions: [{ key: 'a', label: 'A' }] }, { text: 'anything else?' }],
    });
    const claims = await visitorTokens.verify(res.body.session_token as string, 'default');
    expect(claims).toEqual({ bot: 'default', visitor_id: engine.received[0]!.customer.external_id, session_id: res.body.session_id });
    expect(engine.received[0]).toMatchObject({ channel: 'web', bot: 'default', text: 'hi', customer: { display_name: 'Ana' } });
  });

  test('the visitor\'s name and e-mail (the pre-chat form) reach the engine; an e-mail that is not one is 400', async () => {
    const res = await post({ text: 'hi', user_name: ' Maria Silva ', user_email: 'maria@example.test' });
    expect(res.status).toBe(200);
    expect(engine.received.at(-1)!.customer).toMatchObject({ display_name: 'Maria Silva', email: 'maria@example.test' });
    const bad = await post({ text: 'hi', user_email: 'not an address' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'validation_error' } });
  });

  test('the token brings the visitor back to their session', async () => {
    const first = await post({ text: 'hi' });
    const second = await post({ text: 'again', session_token: first.body.session_token });
    expect(second.status).toBe(200);
    expect(second.body.session_id).toBe(first.body.session_id);
    expect(second.body.session_token).toBe(first.body.session_token);
    expect(new Set(engine.received.map((m) => m.customer.external_id)).size).toBe(1);
  });

  test('replies are empty while a human has the session', async () => {
    engine.withHuman = true;
    expect((await post({ text: 'hello?' })).body.replies).toEqual([]);
  });

  test('a retried client_message_id is not processed twice and answers with the first answer\'s replies', async () => {
    const first = await post({ text: 'hi', client_message_id: 'm-1' });
    const retry = await post({ text: 'hi', client_message_id: 'm-1', session_token: first.body.session_token });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ ...first.body, session_token: expect.any(String) });
    expect(engine.received).toHaveLength(1);
  });

  test('an unknown bot is 404 bot_not_found', async () => {
    const res = await post({ text: 'hi' }, 'nobody');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'bot_not_found' });
  });

  test('empty, blank or over-long text is 400; 4096 characters is fine', async () => {
    for (const text of ['', '   ', 'x'.repeat(4097)]) {
      const res = await post({ text });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_error' });
    }
    expect((await post({})).status).toBe(400);
    expect((await post({ text: 'x'.repeat(4096) })).status).toBe(200);
  });

  test('a forged token, or another bot\'s, is 401 unauthorized', async () => {
    const forged = await post({ text: 'hi', session_token: 'forged.token.value' });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ error: 'unauthorized' });
    const mine = await post({ text: 'hi' }, 'other');
    expect((await post({ text: 'hi', session_token: mine.body.session_token })).status).toBe(401);
    expect(engine.received).toHaveLength(1);
  });

  test('each visitor is rate limited: 429 with the rate-limit body and Retry-After', async () => {
    const first = await post({ text: '1' });
    const token = first.body.session_token;
    for (const text of ['2', '3']) expect((await post({ text, session_token: token })).status).toBe(200);
    const limited = await post({ text: '4', session_token: token });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'rate_limit_exceeded',
      message: expect.stringContaining('3 per 1m'),
      limit: 3,
      window: '1m',
      retry_after: expect.any(Number),
      request_id: expect.any(String),
    });
    expect(Number(limited.headers.get('retry-after'))).toBe(limited.body.retry_after);
    expect(engine.received).toHaveLength(3);
    // Another visitor (who already has a token) is not affected.
    const other = await post({ text: 'x', session_token: await visitorTokens.issue({ bot: 'default', visitor_id: 'someone-else' }) });
    expect(other.status).toBe(200);
  });

  test('first messages (no token yet) are limited per client address', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await post({ text: `new ${i}` })).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});

describe('GET /api/channels/web/:bot/messages', () => {
  const get = async (token: string | undefined, bot = 'default') => {
    const query = token === undefined ? '' : `?session_token=${encodeURIComponent(token)}`;
    const res = await fetch(`${base}/api/channels/web/${bot}/messages${query}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  test('lists the token\'s session transcript in order', async () => {
    const first = await post({ text: 'hi' });
    transcripts.set(first.body.session_id as string, [
      { direction: 'inbound', sender: 'customer', text: 'hi', created_at: new Date('2026-03-10T12:00:00.000Z') },
      { direction: 'outbound', sender: 'bot', text: 'echo: hi', created_at: new Date('2026-03-10T12:00:00.001Z') },
    ]);
    const res = await get(first.body.session_token as string);
    expect(res).toEqual({
      status: 200,
      body: {
        messages: [
          { direction: 'inbound', from: 'customer', text: 'hi', at: '2026-03-10T12:00:00.000Z' },
          { direction: 'outbound', from: 'bot', text: 'echo: hi', at: '2026-03-10T12:00:00.001Z' },
        ],
      },
    });
  });

  test('needs a valid token of that bot, and a known bot', async () => {
    expect((await get(undefined)).status).toBe(400);
    expect(await get('forged.token.value')).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    const token = await visitorTokens.issue({ bot: 'other', visitor_id: 'v' });
    expect((await get(token)).status).toBe(401);
    expect(await get(token, 'nobody')).toMatchObject({ status: 404, body: { error: 'bot_not_found' } });
    expect(await get(token, 'other')).toEqual({ status: 200, body: { messages: [] } });
  });
});

describe('GET /api/channels/web/:bot/info', () => {
  const info = async (bot: string) => {
    const res = await fetch(`${base}/api/channels/web/${bot}/info`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  test('tells the widget the bot\'s language, null when it sets none, and whether it asks name and e-mail first; an unknown bot is 404', async () => {
    expect(await info('other')).toEqual({ status: 200, body: { bot: 'other', language: 'pt-BR', prechat_form: true, voice: false, call: true } });
    expect(await info('default')).toEqual({ status: 200, body: { bot: 'default', language: null, prechat_form: false, voice: false, call: false } });
    expect(await info('nobody')).toMatchObject({ status: 404, body: { error: 'bot_not_found' } });
  });
});

describe('POST /api/channels/web/:bot/calls and …/hangup', () => {
  const call = async (body: unknown, bot = 'other') => {
    const res = await fetch(`${base}/api/channels/web/${bot}/calls`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const hangUp = async (callId: string, token: string) => {
    const res = await fetch(`${base}/api/channels/web/other/calls/${callId}/hangup`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session_token: token }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  test('a visitor\'s offer is answered by the bot\'s call, as their own caller; only they hang it up', async () => {
    const token = await visitorTokens.issue({ bot: 'other', visitor_id: 'v1' });
    expect(await call({ session_token: token, sdp: 'v=0 offer' })).toEqual({ status: 201, body: { call_id: 'web-1', sdp: 'answer to v=0 offer' } });
    expect(calls.started).toEqual([{ bot: 'other', caller: 'web:v1', offerSdp: 'v=0 offer' }]);
    const someoneElse = await visitorTokens.issue({ bot: 'other', visitor_id: 'v2' });
    expect(await hangUp('web-1', someoneElse)).toMatchObject({ status: 404, body: { error: 'call_not_found' } });
    expect(await hangUp('web-1', token)).toEqual({ status: 200, body: { ok: true } });
  });

  test('refused: no valid token (401), a bot that takes no calls (404), no SDP (400), over the visitor\'s rate limit (429)', async () => {
    expect((await call({ session_token: 'forged', sdp: 'v=0' })).status).toBe(401);
    const elsewhere = await visitorTokens.issue({ bot: 'default', visitor_id: 'v1' });
    expect(await call({ session_token: elsewhere, sdp: 'v=0' }, 'default')).toMatchObject({ status: 404, body: { error: 'calls_unavailable' } });
    const token = await visitorTokens.issue({ bot: 'other', visitor_id: 'v1' });
    expect((await call({ session_token: token })).status).toBe(400);
    for (let i = 0; i < RULE.points; i++) expect((await call({ session_token: token, sdp: 'v=0' })).status).toBe(201);
    expect(await call({ session_token: token, sdp: 'v=0' })).toMatchObject({ status: 429, body: { error: 'rate_limit_exceeded' } });
    expect(calls.started).toHaveLength(RULE.points);
  });
});
