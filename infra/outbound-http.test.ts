import http from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import { HttpRefusedError, type ResolveHost } from './outbound-guard.js';
import { guardedAgents, guardedFetch, refusalBehind } from './outbound-http.js';

// The connection-level guard (docs/architecture.md, "Outbound requests"): every case connects to
// 127.0.0.1 only; the refused ones show that no connection reached the server at all.

let server: http.Server;
let base: string;
let connections = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/redirect?to=')) {
      res.writeHead(302, { location: decodeURIComponent(req.url.slice('/redirect?to='.length)) }).end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ path: req.url, host: req.headers.host }));
  });
  server.on('connection', () => { connections += 1; });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A resolver that knows one name, so no test depends on the machine's DNS. */
const names = (table: Record<string, string>): ResolveHost => async (hostname) => {
  const address = table[hostname];
  if (!address) throw Object.assign(new Error(`${hostname} is unknown`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};
const port = () => (server.address() as AddressInfo).port;

describe('guardedFetch', () => {
  test('refuses a loopback literal without private networks, and never connects', async () => {
    const before = connections;
    const error = await guardedFetch({ allowPrivateNetworks: false })(`${base}/x`).catch((e: unknown) => e);
    expect(refusalBehind(error)).toBeInstanceOf(HttpRefusedError);
    expect(refusalBehind(error)?.message).toMatch(/private or loopback/);
    expect(connections).toBe(before);
  });

  test('a name is resolved once, checked, and the socket goes to the checked address', async () => {
    const resolve = names({ 'api.provider.test': '127.0.0.1' });
    const res = await guardedFetch({ allowPrivateNetworks: true, resolve })(`http://api.provider.test:${port()}/ok`);
    expect(await res.json()).toEqual({ path: '/ok', host: `api.provider.test:${port()}` });

    const refused = await guardedFetch({ allowPrivateNetworks: false, resolve })(`http://api.provider.test:${port()}/ok`).catch((e: unknown) => e);
    expect(refusalBehind(refused)?.message).toMatch(/api\.provider\.test are not allowed: 127\.0\.0\.1/);
  });

  test.each([
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['a NAT64 address of the metadata service', 'http://[64:ff9b::a9fe:a9fe]/'],
  ])('each redirect hop is checked: a redirect to %s is refused', async (_what, target) => {
    const error = await guardedFetch({ allowPrivateNetworks: true })(`${base}/redirect?to=${encodeURIComponent(target)}`).catch((e: unknown) => e);
    expect(refusalBehind(error)?.message).toMatch(/link-local, metadata or unspecified/);
  });

  test('a metadata service is refused by name, before any lookup, private networks or not', async () => {
    const resolve: ResolveHost = async () => { throw new Error('no lookup may happen'); };
    for (const host of ['metadata.google.internal', 'metadata', 'METADATA.google.internal.']) {
      const error = await guardedFetch({ allowPrivateNetworks: true, resolve })(`http://${host}/computeMetadata/v1/`).catch((e: unknown) => e);
      expect(refusalBehind(error)?.message).toMatch(/cloud metadata service/);
    }
  });

  test('a redirect to an allowed address is followed', async () => {
    const res = await guardedFetch({ allowPrivateNetworks: true })(`${base}/redirect?to=${encodeURIComponent(`${base}/landed`)}`);
    expect(await res.json()).toMatchObject({ path: '/landed' });
  });
});

describe('guardedAgents (axios, web-push, and every library that takes Node agents)', () => {
  const client = (allowPrivateNetworks: boolean, resolve?: ResolveHost) =>
    axios.create({ ...guardedAgents({ allowPrivateNetworks, ...(resolve ? { resolve } : {}) }), proxy: false });

  test('refuses a loopback literal without private networks, and never connects', async () => {
    const before = connections;
    const error = await client(false).get(`${base}/x`).catch((e: unknown) => e);
    expect(refusalBehind(error)).toBeInstanceOf(HttpRefusedError);
    expect(connections).toBe(before);
  });

  test('resolves a name through the guard and connects to the checked address', async () => {
    const resolve = names({ 'hooks.example.test': '127.0.0.1' });
    const res = await client(true, resolve).get(`http://hooks.example.test:${port()}/hook`);
    expect(res.data).toEqual({ path: '/hook', host: `hooks.example.test:${port()}` });
    const refused = await client(false, resolve).get(`http://hooks.example.test:${port()}/hook`).catch((e: unknown) => e);
    expect(refusalBehind(refused)?.message).toMatch(/hooks\.example\.test are not allowed/);
  });

  test('a redirect hop to the metadata service is refused', async () => {
    const error = await client(true).get(`${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`).catch((e: unknown) => e);
    expect(refusalBehind(error)?.message).toMatch(/link-local, metadata or unspecified/);
  });

  test('a refused IPv6 literal (6to4 of loopback) never connects', async () => {
    const error = await client(false).get('http://[2002:7f00:1::1]:9/').catch((e: unknown) => e);
    expect(refusalBehind(error)?.message).toMatch(/NAT64, 6to4 or Teredo/);
  });
});
