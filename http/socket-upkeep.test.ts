import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { keepAlive } from './socket-upkeep.js';
import { waitFor } from '../test/support/wait-for.js';

// A real ws server on 127.0.0.1: one client answers pings, one does not (a vanished peer).
let server: Server;
let wss: WebSocketServer;
let url: string;
beforeEach(async () => {
  server = createServer();
  wss = new WebSocketServer({ server });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function connect(options: { autoPong: boolean }): Promise<{ client: WebSocket; serverSide: WebSocket }> {
  return new Promise((resolve) => {
    wss.once('connection', (serverSide) => resolve({ client, serverSide }));
    const client = new WebSocket(url, options);
  });
}

const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

test('a socket that stops answering pings is terminated; one that answers stays', async () => {
  const sockets = keepAlive(400); // long enough for a busy machine to answer in time
  const live = await connect({ autoPong: true });
  const dead = await connect({ autoPong: false });
  sockets.track(live.serverSide);
  sockets.track(dead.serverSide);
  expect(sockets.size).toBe(2);

  let pings = 0;
  live.client.on('ping', () => (pings += 1));
  await closed(dead.serverSide);
  // Two more rounds: a socket is pinged again only if it answered the round before.
  const seen = pings;
  await waitFor(() => pings >= seen + 2, 'two more ping rounds');
  expect(live.serverSide.readyState).toBe(WebSocket.OPEN);
  expect(sockets.size).toBe(1);

  const code = closed(live.client);
  const serverClosed = closed(live.serverSide);
  sockets.closeAll(1001, 'server shutting down');
  expect(await code).toBe(1001);
  await serverClosed;
  expect(sockets.size).toBe(0);
  dead.client.terminate();
});
