import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { guardedFetch, refusalBehind } from '../../infra/outbound-http.js';
import { createFcmClient } from './fcm-client.js';

// FCM_API_URL and the key file's token_uri are deployment-wide addresses: the client calls them
// through the fetch it is given, the outbound door (docs/architecture.md, "Outbound requests").
// The target listens on 127.0.0.1 and only counts connections.

let server: Server;
let connections = 0;
let base: string;
beforeAll(async () => {
  server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a loopback token_uri the deployment does not allow is refused before any connection', async () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const client = createFcmClient({
    projectId: 'p', apiUrl: base, fetch: guardedFetch({ allowPrivateNetworks: false }),
    account: { client_email: 'sa@p.example', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), token_uri: `${base}/token` },
  });
  const error = await client.send({ token: 't', title: 'x', body: 'y', data: {}, priority: 'normal' }).then(() => undefined, (e: unknown) => e);
  expect(refusalBehind(error)?.message).toMatch(/private or loopback/);
  expect(connections).toBe(0);
});
