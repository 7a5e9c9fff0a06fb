import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { inboundQueue, messages, sessions } from '../../db/schema/index.js';
import type { WebSocket } from 'ws';
import { createTestBots, type TestBots } from '../support/bot-packages.js';
import { connectFrameSocket } from '../support/frame-socket.js';
import { testDrivers } from '../support/drivers.js';
import { startFakeTelegram, telegramUpdates, type FakeTelegram } from '../support/fake-telegram.js';
import { uniquePrefix } from '../support/redis.js';
import { startScratchPostgres, type ScratchPostgres } from '../support/scratch-postgres.js';
import { startScratchRedis, type ScratchRedis } from '../support/scratch-redis.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';

/**
 * Faults of the service's dependencies on real servers this suite starts and stops itself: a
 * scratch PostgreSQL (test/support/scratch-postgres.ts) and a scratch Redis
 * (test/support/scratch-redis.ts) on free ports, never the shared ones
 * (docs/operations/high-availability.md, "Faults").
 *
 * It imports test/support/drivers.ts, so `npm run test:drivers` runs it as well as `npm test`, and
 * each half runs in one pass only:
 * - without DATABASE_URL and REQUIRE_SERVICES (the embedded pass, and a plain local run), one
 *   service on a scratch PostgreSQL that is stopped: every door answers 503 `service_unavailable`
 *   with `Retry-After`, then 2xx once it is back, and nothing was half-stored;
 * - with DATABASE_URL or REQUIRE_SERVICES=1 (the driver pass), two instances on a scratch
 *   PostgreSQL and a scratch Redis under steady web traffic from 10 visitors, Redis killed for
 *   10 s, then PostgreSQL stopped for 10 s, and the audit: every message answered 2xx is stored
 *   exactly once, none doubled, every message sent was answered, no 500 at any time (503 only
 *   while PostgreSQL was down), and no request waited on Redis.
 */
const driverPass = testDrivers.databaseUrl !== undefined || process.env.REQUIRE_SERVICES === '1';

/** The bot both halves talk to: it echoes, so every message is one turn and one reply. */
const ECHO = `TALK "Hello."
DO
  HEAR line
  TALK "You said \${line}."
LOOP
`;
const TG_TOKEN = '111:AAA';
const TG_SECRET = 'tg-webhook-secret-faults';
const SCIM_TOKEN = 'scim-token-for-faults-0123456789abcdef';
const JSON_HEADERS = { 'content-type': 'application/json' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer { status: number; retryAfter: string | null; body: Record<string, unknown> }

async function call(url: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

if (!driverPass) {
  describe('PostgreSQL stopped: every door answers 503 service_unavailable with Retry-After, then 2xx, nothing half-stored', () => {
    let postgres: ScratchPostgres;
    let telegram: FakeTelegram;
    let bots: TestBots;
    let service: TestService;

    beforeAll(async () => {
      [postgres, telegram, bots] = await Promise.all([startScratchPostgres(), startFakeTelegram(), createTestBots()]);
      await bots.add('tg', { 'bot-msg-token': TG_TOKEN, 'bot-msg-webhook-secret': TG_SECRET, 'bot-msg-api-url': telegram.url, 'http-allow-private-networks': 'true', 'scim-token': SCIM_TOKEN }, ECHO);
      service = await startTestService({ DATABASE_URL: postgres.url, BOTS_DIR: bots.dir, PUBLIC_URL: 'https://bots.example.test' });
    }, 120_000);
    const sockets: WebSocket[] = [];
    afterAll(async () => {
      for (const ws of sockets) ws.terminate();
      await service?.dispose();
      await postgres?.dispose();
      await telegram?.close();
      await bots?.remove();
    });

    test('the web channel\'s message route, login, a signed provider webhook, an attendant route and socket, and SCIM', async () => {
      const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
      const first = await call(`${service.url}/api/channels/web/tg/messages`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ text: 'hi' }) });
      expect(first.status).toBe(200);
      const sessionToken = first.body.session_token as string;
      const chat = 91_001;
      const update = telegramUpdates.text(chat, 'hello from telegram');
      const doors = {
        webMessage: () => call(`${service.url}/api/channels/web/tg/messages`, {
          method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ text: 'during the outage', session_token: sessionToken, client_message_id: 'cm-outage' }),
        }),
        login: () => call(`${service.url}/api/auth/login`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }) }),
        providerWebhook: () => call(`${service.url}/webhooks/bot_msg/tg`, {
          method: 'POST', headers: { ...JSON_HEADERS, 'x-telegram-bot-api-secret-token': TG_SECRET }, body: JSON.stringify(update),
        }),
        attendantRoute: () => call(`${service.url}/api/attendance/queues`, { headers: admin }),
      };

      const console_ = connectFrameSocket(`${service.url.replace(/^http/, 'ws')}/ws/attendance?token=${encodeURIComponent(admin.authorization.slice('Bearer '.length))}`, sockets);
      await console_.opened;

      await postgres.stop();
      // The attendant console's socket answers a frame that met the fault in kind, and stays open.
      console_.send({ type: 'command', text: '/status online', request_id: 'during' });
      expect(await console_.next((f) => f.request_id === 'during', 'the answer to /status')).toEqual({
        type: 'error', error: 'service_unavailable', message: 'The database is unavailable; try again shortly', retry_after: 5, request_id: 'during',
      });
      for (const [door, send] of Object.entries(doors)) {
        const answer = await send();
        expect({ door, ...answer }).toEqual({
          door, status: 503, retryAfter: '5',
          body: { error: 'service_unavailable', message: expect.any(String), retry_after: 5, request_id: expect.any(String) },
        });
      }
      // SCIM keeps its own error body (RFC 7644), with the same status and header; never scimmy's 404 "not found".
      const scimUsers = () => call(`${service.url}/scim/v2/Users`, { headers: { authorization: `Bearer ${SCIM_TOKEN}` } });
      expect(await scimUsers()).toMatchObject({ status: 503, retryAfter: '5', body: { status: '503', detail: 'The database is unavailable; try again shortly' } });
      await postgres.start();
      expect((await scimUsers()).status).toBe(200);
      console_.send({ type: 'command', text: '/status online', request_id: 'after' });
      expect(await console_.next((f) => f.request_id === 'after', 'the answer to /status')).toMatchObject({ type: 'command_result', ok: true });

      // Nothing of the refused requests was kept: no queued webhook, no stored message.
      const db = service.database.db;
      const outageMessages = () => db.select().from(messages).where(like(messages.provider_message_id, '%:cm-outage'));
      const telegramInbound = () => db.select({ id: messages.id }).from(messages).innerJoin(sessions, eq(sessions.id, messages.session_id))
        .where(and(eq(sessions.external_user_id, String(chat)), eq(messages.channel, 'bot_msg'), eq(messages.direction, 'inbound')));
      expect(await db.select().from(inboundQueue).where(eq(inboundQueue.channel, 'bot_msg'))).toEqual([]);
      expect(await outageMessages()).toEqual([]);
      expect(await telegramInbound()).toEqual([]);

      // Sent again once the database is back, as clients and providers do: 2xx, and each is stored once.
      for (const [door, send] of Object.entries(doors)) expect({ door, status: (await send()).status }).toEqual({ door, status: 200 });
      const again = await doors.webMessage();
      expect(again.status).toBe(200);
      expect((await doors.providerWebhook()).status).toBe(200);
      await telegram.waitFor((calls) => calls.some((c) => c.method === 'sendMessage' && String(c.params.chat_id) === String(chat) && c.params.text === 'Hello.'), 'the bot\'s greeting on telegram');
      await service.eventsHandled();
      expect(await outageMessages()).toHaveLength(1);
      expect(await telegramInbound()).toHaveLength(1);
    }, 120_000);
  });
} else {
  describe('two instances under web traffic: Redis killed 10 s, then PostgreSQL stopped 10 s', () => {
    const VISITORS = 10;
    /** Bounds the traffic: a visitor sends at most this many messages, each tried at most MAX_TRIES times. */
    const MAX_MESSAGES = 400;
    const MAX_TRIES = 20;
    const PACE_MS = 150;
    const OUTAGE_MS = 10_000;
    /** A request sent this long before Redis returned must have been answered before it returned (no request waits on Redis). */
    const REDIS_MARGIN_MS = 2_000;
    const CLIENT_TIMEOUT_MS = 40_000;

    interface Attempt { cmid: string; instance: string; sentAt: number; answeredAt: number; status: number; error?: string }

    let postgres: ScratchPostgres;
    let redis: ScratchRedis;
    let bots: TestBots;
    let instances: TestService[] = [];
    const run = randomBytes(4).toString('hex');

    beforeAll(async () => {
      [postgres, redis, bots] = await Promise.all([startScratchPostgres(), startScratchRedis(), createTestBots()]);
      await bots.add('faults', { 'web-rate-limit': '1000000' }, ECHO);
      const env = {
        DATABASE_URL: postgres.url, REDIS_URL: redis.url, REDIS_PREFIX: uniquePrefix('sbfaults'), JWT_SECRET: randomBytes(32).toString('hex'), BOTS_DIR: bots.dir,
      };
      instances = [await startTestService(env)]; // one after the other: the first migrates the shared database
      instances.push(await startTestService(env));
    }, 120_000);
    afterAll(async () => {
      for (const instance of instances) await instance.dispose().catch(() => undefined);
      await postgres?.dispose();
      await redis?.stop();
      await bots?.remove();
    });

    test('every message answered 2xx is stored exactly once, none doubled, none lost, no 500, none waited on Redis', async () => {
      const attempts: Attempt[] = [];
      let stopping = false;

      /** Sends one message until it is answered 200 (a retry keeps its client_message_id), alternating instances. */
      async function deliver(visitor: number, index: number, token: string | undefined): Promise<string | undefined> {
        const cmid = `${run}-v${visitor}-m${index}`;
        for (let tries = 0; tries < MAX_TRIES; tries++) {
          const instance = instances[(visitor + index + tries) % instances.length]!;
          const sentAt = Date.now();
          try {
            const res = await fetch(`${instance.url}/api/channels/web/faults/messages`, {
              method: 'POST', headers: JSON_HEADERS, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
              body: JSON.stringify({ text: `message ${index}`, client_message_id: cmid, ...(token ? { session_token: token } : {}) }),
            });
            const body = (await res.json()) as { session_token?: string };
            attempts.push({ cmid, instance: instance.url, sentAt, answeredAt: Date.now(), status: res.status });
            if (res.status === 200) return body.session_token ?? token;
            // A client that honours Retry-After (a 503's), or waits a moment after anything else.
            await pause(Number(res.headers.get('retry-after') ?? 0.5) * 1000);
          } catch (error) {
            attempts.push({ cmid, instance: instance.url, sentAt, answeredAt: Date.now(), status: 0, error: String(error) });
            await pause(500);
          }
        }
        return undefined;
      }

      // Each visitor's first message opens its session before any fault; then it writes until told to stop.
      const tokens = await Promise.all(Array.from({ length: VISITORS }, (_, v) => deliver(v, 0, undefined)));
      expect(tokens.every(Boolean)).toBe(true);
      const traffic = Promise.all(tokens.map(async (token, v) => {
        for (let i = 1; i < MAX_MESSAGES && !stopping; i++) {
          await deliver(v, i, token);
          await pause(PACE_MS);
        }
      }));

      const at: Record<string, number> = {};
      await pause(2_000);
      at.redisDown = Date.now();
      await redis.kill();
      await pause(OUTAGE_MS);
      at.redisBack = Date.now();
      await redis.restart();
      await pause(3_000);
      at.postgresStopping = Date.now();
      await postgres.stop();
      await pause(OUTAGE_MS);
      await postgres.start();
      at.postgresBack = Date.now();
      await pause(3_000);
      stopping = true;
      await traffic;

      // The audit, from what the clients saw and what the database holds.
      const sent = new Set(attempts.map((a) => a.cmid));
      const answered = new Set(attempts.filter((a) => a.status === 200).map((a) => a.cmid));
      const rows = await instances[0]!.database.db.select({ id: messages.provider_message_id }).from(messages)
        .where(and(eq(messages.channel, 'web'), eq(messages.direction, 'inbound'), like(messages.provider_message_id, `%:${run}-%`)));
      const stored = new Map<string, number>();
      for (const row of rows) {
        const cmid = row.id!.slice(row.id!.lastIndexOf(':') + 1);
        stored.set(cmid, (stored.get(cmid) ?? 0) + 1);
      }
      const during503 = (a: Attempt) => a.status === 503 && a.answeredAt >= at.postgresStopping! && a.sentAt <= at.postgresBack!;

      expect(attempts.filter((a) => a.status >= 500 && !during503(a))).toEqual([]); // no 500 at any time; 503 only while PostgreSQL was down
      expect(attempts.filter((a) => a.status === 0)).toEqual([]); // no connection dropped, no client timeout
      expect(attempts.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
      expect(attempts.some(during503)).toBe(true); // the outage was met, and answered as a fault
      expect([...sent].filter((cmid) => !answered.has(cmid))).toEqual([]); // accepted = answered: every message got its 200
      expect([...answered].filter((cmid) => stored.get(cmid) !== 1)).toEqual([]); // each answered message stored exactly once
      expect([...stored].filter(([, n]) => n > 1)).toEqual([]); // 0 doubled
      expect(stored.size).toBe(answered.size);
      // No request waits on Redis (docs/operations/high-availability.md): what was sent while it was down was answered before it came back.
      const waitedOnRedis = attempts.filter((a) => a.sentAt >= at.redisDown! && a.sentAt < at.redisBack! - REDIS_MARGIN_MS && a.answeredAt >= at.redisBack!);
      expect(waitedOnRedis.map((a) => ({ cmid: a.cmid, waited_ms: a.answeredAt - a.sentAt }))).toEqual([]);
    }, 150_000);
  });
}
