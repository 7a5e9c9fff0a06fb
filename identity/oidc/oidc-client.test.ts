import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { guardedFetch } from '../../infra/outbound-http.js';
import { createFederationClient } from './oidc-client.js';

// An OIDC issuer serves the deployment's users: openid-client calls it through the fetch it is
// given (its customFetch), the outbound door with the deployment's policy (docs/architecture.md,
// "Outbound requests"). The issuer below listens on 127.0.0.1 and only counts connections.

let server: Server;
let connections = 0;
let issuer: string;
beforeAll(async () => {
  server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/main`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('discovery at a loopback issuer the deployment does not allow fails as a provider error, unconnected', async () => {
  const client = createFederationClient({ providerUrl: issuer, clientId: 'c', clientSecret: 's' }, guardedFetch({ allowPrivateNetworks: false }));
  await expect(client.start('https://sb.example/auth/oidc/callback')).rejects.toMatchObject({ code: 'oidc_provider_error' });
  expect(connections).toBe(0);
});

test('with private networks allowed the same issuer is reached (the refusal above is the guard, not the address)', async () => {
  const client = createFederationClient({ providerUrl: issuer, clientId: 'c', clientSecret: 's' }, guardedFetch({ allowPrivateNetworks: true }));
  await expect(client.start('https://sb.example/auth/oidc/callback')).rejects.toMatchObject({ code: 'oidc_provider_error' });
  expect(connections).toBeGreaterThan(0);
});
