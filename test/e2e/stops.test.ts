import { mkdtemp, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTestService, type TestService } from '../support/service.js';

/**
 * Stops always stop (README, "Security model"): an upgrade on an unknown path is answered 404 and
 * closed, and a shutdown cuts whatever is still open after SHUTDOWN_TIMEOUT_MS. The service is
 * started with a fresh DATA_DIR that it must create private (0700).
 */

let parent: string;
let dataDir: string;
let service: TestService;

beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'sb-stops-'));
  dataDir = path.join(parent, 'data');
  service = await startTestService({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await service.dispose();
  await rm(parent, { recursive: true, force: true });
});

/** Sends raw bytes on a new connection; resolves with everything received once the server closes it. */
function exchange(request: string): Promise<string> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => { received += chunk.toString(); });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

test('the data folder is created readable by its owner only', async () => {
  expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
});

test('a WebSocket upgrade on an unknown path is answered 404 with a JSON body and closed', async () => {
  const answer = await exchange(
    'GET /ws/other HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
  );
  expect(answer).toMatch(/^HTTP\/1\.1 404 /);
  expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: 'not_found' });
});

test('shutdown ends after SHUTDOWN_TIMEOUT_MS even with a request that never completes and an unknown upgrade', async () => {
  const { hostname, port } = new URL(service.url);
  // A request whose headers never end, and one unknown upgrade: neither may hold the shutdown.
  const stuck = connect(Number(port), hostname, () => stuck.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'));
  const closed = new Promise<void>((resolve) => stuck.on('close', () => resolve()));
  stuck.on('error', () => undefined);
  await new Promise<void>((resolve) => stuck.once('connect', () => resolve()));
  await exchange('GET /ws/other HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
  await service.stop();
  await closed;
  expect(stuck.destroyed).toBe(true);
  await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  service = await service.restart();
  expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
});
