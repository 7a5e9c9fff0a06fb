import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { createVisitorTokens } from '../adapters/index.js';
import { sessionOutboundTopic } from '../engine/index.js';
import type { EventBus } from '../infra/events/index.js';
import { createInProcessEventBus } from '../infra/events/in-process-bus.js';
import { createLogger } from '../infra/logger.js';
import { attachWebSocket, type WebSocketHandle } from './web-socket.js';
import { waitFor } from '../test/support/wait-for.js';

const logger = createLogger();
const visitorTokens = createVisitorTokens(new TextEncoder().encode('web-socket-test-secret-0123456789abcdef'));
const SESSION = '0d9b5f7e-52a8-4a0b-8d55-3c1e2f4a6b7c';

/** The in-process bus, counting live subscriptions so the test can see them end. */
function countingBus(): EventBus & { live: () => number } {
  const bus = createInProcessEventBus({ logger });
  let live = 0;
  return {
    ...bus,
    live: () => live,
    async subscribe(topic, listener) {
      const unsubscribe = await bus.subscribe(topic, listener);
      live++;
      let done = false;
      return async () => {
        if (!done) live--;
        done = true;
        await unsubscribe();
      };
    },
  };
}

let server: Server;
let bus: ReturnType<typeof countingBus>;
let handle: WebSocketHandle;
let wsBase: string;
const clients: WebSocket[] = [];

async function start(heartbeatMs?: number) {
  server = createServer((_req, res) => res.end());
  bus = countingBus();
  handle = attachWebSocket(server, { visitorTokens, bus, logger, heartbeatMs });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  wsBase = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const ws of clients.splice(0)) ws.terminate();
  await handle.close();
  await bus.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const tokenFor = (session_id?: string) => visitorTokens.issue({ bot: 'default', visitor_id: 'v-1', ...(session_id ? { session_id } : {}) });

function connect(path: string, options: { autoPong?: boolean } = {}) {
  const ws = new WebSocket(`${wsBase}${path}`, options);
  clients.push(ws);
  const frames: unknown[] = [];
  ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString())));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return { ws, frames, opened, closed };
}

describe('/ws/web', () => {
  beforeEach(() => start());

  test('pushes the outbound messages of the token\'s session, from the moment it opens', async () => {
    const client = connect(`/ws/web?session_token=${encodeURIComponent(await tokenFor(SESSION))}`);
    await client.opened;
    const at = '2026-03-10T12:00:00.000Z';
    const topic = sessionOutboundTopic(SESSION);
    await bus.publish(topic, { type: 'message', from: 'bot', text: 'hello', suggestions: [{ key: 'a', label: 'A' }], at, internal: 'x' });
    await bus.publish(topic, { type: 'typing' }); // neither a message nor a complete typing notice: not forwarded
    await bus.publish(topic, { type: 'typing', from: 'attendant', at, session_id: 'internal' });
    await bus.publish(sessionOutboundTopic('another-session'), { type: 'message', from: 'bot', text: 'not yours', at });
    await bus.publish(topic, { type: 'message', from: 'attendant', text: 'hi, Ana here', suggestions: [], at });
    const photo = { type: 'image', url: 'https://bots.example/api/drive/files/default/sent/p.png?expires=1&signature=s', name: 'p.png', mime_type: 'image/png' };
    await bus.publish(topic, { type: 'message', from: 'bot', text: 'your photo', attachments: [{ ...photo, media_id: 'internal' }, { type: 'file' }], at });
    const speech = { type: 'audio', url: 'https://bots.example/api/drive/files/default/spoken/web/v/r.wav?signature=s', name: 'reply.wav', mime_type: 'audio/wav' };
    await bus.publish(topic, { type: 'message', from: 'attendant', text: 'spoken', attachments: [{ ...speech, voice: true }, { ...photo, voice: 'yes' }], at });
    await waitFor(() => client.frames.length === 5, 'five frames');
    expect(client.frames).toEqual([
      { type: 'message', from: 'bot', text: 'hello', suggestions: [{ key: 'a', label: 'A' }], at },
      { type: 'typing', from: 'attendant', at },
      { type: 'message', from: 'attendant', text: 'hi, Ana here', at },
      // Files travel with their kind, link, name and media type only; one without a link is not shown.
      { type: 'message', from: 'bot', text: 'your photo', attachments: [photo], at },
      // The spoken audio the widget plays is marked `voice` (docs/channels/web.md, "Voice").
      { type: 'message', from: 'attendant', text: 'spoken', attachments: [{ ...speech, voice: true }, photo], at },
    ]);
    expect(handle.connections).toBe(1);
  });

  test('a bad, missing or session-less token is closed with 4401', async () => {
    for (const query of ['?session_token=forged.token.value', '', `?session_token=${await tokenFor()}`]) {
      const client = connect(`/ws/web${query}`);
      expect(await client.closed).toEqual({ code: 4401, reason: 'unauthorized' });
    }
    expect(bus.live()).toBe(0);
  });

  test('closing the socket ends its subscription', async () => {
    const client = connect(`/ws/web?session_token=${await tokenFor(SESSION)}`);
    await client.opened;
    expect(bus.live()).toBe(1);
    client.ws.close();
    await client.closed;
    await waitFor(() => bus.live() === 0 && handle.connections === 0, 'unsubscribe');
  });

  test('other upgrade paths are left to other handlers', async () => {
    const other = new WebSocketServer({ noServer: true });
    server.on('upgrade', (req, socket, head) => {
      if (req.url === '/ws/other') other.handleUpgrade(req, socket, head, (ws) => ws.send('"other"'));
    });
    const client = connect('/ws/other');
    await client.opened;
    await waitFor(() => client.frames.length === 1, 'the other endpoint');
    expect(client.frames).toEqual(['other']);
    other.close();
  });

  test('close() says goodbye (1001) to every client and refuses new ones', async () => {
    const client = connect(`/ws/web?session_token=${await tokenFor(SESSION)}`);
    await client.opened;
    await handle.close();
    expect((await client.closed).code).toBe(1001);
    expect(bus.live()).toBe(0);
    const late = connect(`/ws/web?session_token=${await tokenFor(SESSION)}`);
    await expect(late.opened).rejects.toThrow();
  });
});

describe('/ws/web heartbeat', () => {
  // Long enough that a busy test machine still answers pings in time (the alive client must not be dropped).
  beforeEach(() => start(400));

  test('drops a socket that stops answering pings; keeps one that answers', async () => {
    const token = await tokenFor(SESSION);
    const dead = connect(`/ws/web?session_token=${token}`, { autoPong: false });
    const alive = connect(`/ws/web?session_token=${token}`);
    let pings = 0;
    alive.ws.on('ping', () => (pings += 1));
    await Promise.all([dead.opened, alive.opened]);
    expect((await dead.closed).code).toBe(1006);
    // Two more rounds: a socket is pinged again only if it answered the round before.
    const seen = pings;
    await waitFor(() => pings >= seen + 2, 'two more ping rounds');
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    expect(handle.connections).toBe(1);
  });
});
