import { and, eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { attendanceConversations, engineEvents } from '../../db/schema/index.js';
import { connectFrameSocket, type Frame } from '../support/frame-socket.js';
import { countRoundTrips, type RoundTripCounter } from '../support/round-trip-counter.js';
import { bearerFor, startTestService, TEST_ADMIN, type TestService } from '../support/service.js';
import { sayOnWeb } from '../support/web-customer.js';
import { testDrivers } from '../support/drivers.js';

/** The PostgreSQL locks driver's unlock, at the end of the events job. */
const UNLOCK = testDrivers.databaseUrl ? 1 : 0;

// How many sequential database round trips a handoff waits for (docs/performance.md, "Handoff
// round trips"): from the customer's transfer message to the `new_conversation` frame on a
// supervisor's console, and to the end of the `engine.events` job that queued (and assigned) the
// conversation. Counted on every database connection of the service (test/support/round-trip-counter.ts),
// so the figures hold on either driver. The events lock is taken by the same call that reads the
// session's pending events and runs the subscribers' statements (engine_events_pending_locked_with,
// on PostgreSQL; test/integration/engine-events-under-lock.test.ts holds them to one call). On
// PostgreSQL the locks driver then lets go of the lock with a statement of its own, after the job.

let service: TestService;
let counter: RoundTripCounter;
const sockets: WebSocket[] = [];

/** The chain when the service published the last `new_conversation` delivery (the frame leaves then; the socket gets it a moment later). */
let published: number | undefined;

beforeAll(async () => {
  service = await startTestService();
  counter = countRoundTrips(service.database);
  // Instrumentation like the counter's: the bus object of this running service, read at the moment of publishing.
  const bus = service.bus as { publish: (topic: string, message: unknown) => Promise<void> };
  const publish = bus.publish.bind(bus);
  bus.publish = (topic, message) => {
    if ((message as { frame?: { type?: string } }).frame?.type === 'new_conversation') published = counter.sequential();
    return publish(topic, message);
  };
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await service.dispose();
});

const json = (headers: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...headers });

/** Resolves once the session has no pending engine event, reading outside the count. */
async function eventsSettled(sessionId: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pending = await counter.uncounted(() => service.database.db.select({ id: engineEvents.id }).from(engineEvents)
      .where(and(eq(engineEvents.session_id, sessionId), eq(engineEvents.state, 'pending'))));
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`events of ${sessionId} still pending`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface Measured { toFrame: number; whole: number; statements: number; log: string[] }

/** One handoff from a new web visitor, measured: round trips to the frame, and to the event's end. */
async function handoff(consoleSocket: ReturnType<typeof connectFrameSocket>, text: string): Promise<Measured & { sessionId: string }> {
  counter.reset();
  const framed = new Promise<number>((resolve) => {
    const onFrame = (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as Frame;
      if (frame.type !== 'new_conversation') return;
      consoleSocket.ws.off('message', onFrame);
      resolve(published ?? counter.sequential());
    };
    consoleSocket.ws.on('message', onFrame);
  });
  published = undefined;
  const answer = await sayOnWeb(service.url, 'default', text);
  const toFrame = await framed;
  await eventsSettled(answer.session_id);
  return { sessionId: answer.session_id, toFrame, whole: counter.sequential(), statements: counter.statements(), log: counter.log() };
}

/**
 * The fewest round trips of three handoffs: the counter sees every statement of the service, and a
 * background tick that lands in the window (a recovery sweep, each tenant's roll-up of the
 * reports) only ever adds some. Under CI's load the window is long enough for that to happen.
 */
async function fewest(consoleSocket: ReturnType<typeof connectFrameSocket>, text: string): Promise<Measured & { sessionId: string }> {
  let best: (Measured & { sessionId: string }) | undefined;
  for (let i = 0; i < 3; i++) {
    const measured = await handoff(consoleSocket, text);
    if (!best || measured.toFrame < best.toFrame || (measured.toFrame === best.toFrame && measured.whole < best.whole)) best = measured;
  }
  return best!;
}

async function signedInConsole(): Promise<ReturnType<typeof connectFrameSocket>> {
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const socket = connectFrameSocket(`${service.url.replace(/^http/, 'ws')}/ws/attendance?token=${encodeURIComponent(admin.authorization.slice(7))}`, sockets);
  await socket.opened;
  return socket;
}

const explain = (m: Measured) => `statements, with the chain link each one was on:\n${m.log.join('\n')}`;

test('a handoff reaches the console after 2 sequential statements: the turn, and the events job\'s call that queues it', async () => {
  const consoleSocket = await signedInConsole();
  await handoff(consoleSocket, 'a human please'); // warm-up: the bot's script, prepared statements
  const queued = await fewest(consoleSocket, 'a human please');
  // 1 the turn's write (a new web visitor's first message needs no read); 2 the events lock, the
  // pending events, and the handoff's statement: its facts, the waiting item and its event log. The
  // frame is published then.
  expect({ toFrame: queued.toFrame, why: explain(queued) }).toEqual({ toFrame: 2, why: expect.any(String) });
  // After the frame: the customer's position notice (the engine reads the session, then writes the message) and the event's bookkeeping.
  expect({ whole: queued.whole, why: explain(queued) }).toEqual({ whole: 5 + UNLOCK, why: expect.any(String) });
});

test('with an attendant online the handoff is assigned too, and still framed after 2', async () => {
  const consoleSocket = await signedInConsole();
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const res = await fetch(`${service.url}/api/users`, {
    method: 'POST', headers: json(admin), body: JSON.stringify({ username: 'rt-ana', email: 'rt-ana@example.test', password: 'password-for-tests', roles: ['attendant'] }),
  });
  expect(res.status).toBe(201);
  const ana = await bearerFor(service.url, 'rt-ana', 'password-for-tests');
  const online = await fetch(`${service.url}/api/attendance/commands`, { method: 'POST', headers: json(ana), body: JSON.stringify({ text: '/status online' }) });
  expect(online.status).toBe(200);
  const assigned = await handoff(consoleSocket, 'a human please');
  const item = await counter.uncounted(() => service.database.db.select().from(attendanceConversations).where(eq(attendanceConversations.session_id, assigned.sessionId)));
  expect(item[0]).toMatchObject({ status: 'assigned' });
  expect({ toFrame: assigned.toFrame, why: explain(assigned) }).toEqual({ toFrame: 2, why: expect.any(String) });
  // After the frame: the position notice (2), the claim with its log and the session's copy (1), the
  // console's facts of the assignment (2: the waiting count and names, then what the other listeners read), the bookkeeping (1).
  // The delivery job of the position notice reads its message and session beside these, sometimes
  // in a link of its own: up to two more.
  const within = assigned.whole >= 8 + UNLOCK && assigned.whole <= 10 + UNLOCK;
  expect({ within, whole: assigned.whole, why: explain(assigned) }).toEqual({ within: true, whole: assigned.whole, why: expect.any(String) });
});
