import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { HttpRequest } from '../../basic-interpreter/index.js';
import { createHttpPerformer } from './http-effect.js';
import { HttpRefusedError, HttpRequestError, type ResolveHost } from '../../infra/outbound-guard.js';

// A real HTTP server on 127.0.0.1: every request the performer makes is visible in `hits`.
const hits: string[] = [];
let server: http.Server;
let base: string;
let port: number;

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(value));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://x');
  hits.push(`${req.method} ${url.pathname}`);
  const body = await readAll(req);
  switch (url.pathname) {
    case '/json': return json(res, 200, { hello: 'world', n: 1 });
    case '/echo': return json(res, 200, {
      method: req.method, type: req.headers['content-type'] ?? null, body,
      custom: req.headers['x-custom'] ?? null, auth: req.headers.authorization ?? null, host: req.headers.host,
    });
    case '/text': res.writeHead(200, { 'content-type': 'text/plain' }).end('plain text'); return;
    case '/fail': return json(res, 500, { message: 'boom' });
    case '/missing': res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>nope</h1>'); return;
    case '/empty-json': res.writeHead(200, { 'content-type': 'application/json' }).end(); return;
    case '/gzip': res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync('{"zipped":true}')); return;
    case '/big': res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(10_000)); return;
    case '/slow': setTimeout(() => json(res, 200, { late: true }), 2000).unref(); return;
    case '/slow-body':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('start');
      setTimeout(() => res.end('end'), 2000).unref();
      return;
    case '/redirect':
      res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/json' }).end();
      return;
    case '/loop': res.writeHead(302, { location: '/loop' }).end(); return;
    default: res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = http.createServer((req, res) => void handle(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits.length = 0;
});

const perform = createHttpPerformer({ timeoutMs: 1000, allowPrivateNetworks: true });
const get = (url: string, headers: Record<string, string> = {}): HttpRequest => ({ method: 'GET', url, headers });

describe('createHttpPerformer against a local server', () => {
  test('GET parses a JSON response', async () => {
    await expect(perform(get(`${base}/json`))).resolves.toEqual({ hello: 'world', n: 1 });
  });

  test('POST sends values as JSON and strings as text, with the script headers', async () => {
    await expect(perform({ method: 'POST', url: `${base}/echo`, body: { a: [1, 'two'] }, headers: { 'X-Custom': 'yes' } })).resolves
      .toMatchObject({ method: 'POST', type: 'application/json', body: '{"a":[1,"two"]}', custom: 'yes' });
    await expect(perform({ method: 'PUT', url: `${base}/echo`, body: 'hi there', headers: {} })).resolves
      .toMatchObject({ method: 'PUT', type: 'text/plain; charset=utf-8', body: 'hi there' });
    await expect(perform({ method: 'PATCH', url: `${base}/echo`, body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).resolves
      .toMatchObject({ type: 'application/x-www-form-urlencoded', body: 'a=1' });
  });

  test('text, empty JSON and compressed JSON responses', async () => {
    await expect(perform(get(`${base}/text`))).resolves.toBe('plain text');
    await expect(perform(get(`${base}/empty-json`))).resolves.toBeNull();
    await expect(perform(get(`${base}/gzip`, { 'accept-encoding': 'gzip' }))).resolves.toEqual({ zipped: true });
  });

  test('a non-2xx answer resolves to { status, error, body } so the script can go on', async () => {
    await expect(perform(get(`${base}/fail`))).resolves.toEqual({ status: 500, error: 'HTTP 500 Internal Server Error', body: { message: 'boom' } });
    await expect(perform({ method: 'DELETE', url: `${base}/missing`, headers: {} })).resolves
      .toEqual({ status: 404, error: 'HTTP 404 Not Found', body: '<h1>nope</h1>' });
  });

  test('a slow answer times out, also while the body is still arriving', async () => {
    const quick = createHttpPerformer({ timeoutMs: 200, allowPrivateNetworks: true });
    const slow = quick(get(`${base}/slow?key=secret`));
    await expect(slow).rejects.toThrow(HttpRequestError);
    await expect(slow).rejects.toThrow(`GET ${base}/slow: timed out after 200 ms`); // no query string: it may hold keys
    await expect(quick(get(`${base}/slow-body`))).rejects.toThrow(/timed out after 200 ms/);
  });

  test('a response over the size limit is an error', async () => {
    const small = createHttpPerformer({ timeoutMs: 1000, allowPrivateNetworks: true, maxResponseBytes: 1000 });
    await expect(small(get(`${base}/big`))).rejects.toThrow(/response larger than 1000 bytes/);
  });

  test('redirects are followed; 303 continues as GET without the body', async () => {
    await expect(perform(get(`${base}/redirect?to=/json`))).resolves.toEqual({ hello: 'world', n: 1 });
    await expect(perform({ method: 'POST', url: `${base}/redirect?status=303&to=/echo`, body: { a: 1 }, headers: {} })).resolves
      .toMatchObject({ method: 'GET', body: '', type: null });
    await expect(perform({ method: 'POST', url: `${base}/redirect?status=307&to=/echo`, body: { a: 1 }, headers: {} })).resolves
      .toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  test('too many redirects is an error', async () => {
    await expect(perform(get(`${base}/loop`))).rejects.toThrow(/more than 5 redirects/);
    expect(hits).toHaveLength(6);
  });

  test('connects to the address the name was checked at, and drops credentials when the origin changes', async () => {
    const resolve: ResolveHost = async (host) => (host === 'api.test' ? [{ address: '127.0.0.1', family: 4 }] : []);
    const viaName = createHttpPerformer({ timeoutMs: 1000, allowPrivateNetworks: true, resolve });
    await expect(viaName(get(`http://api.test:${port}/echo`, { Authorization: 'Bearer t' }))).resolves
      .toMatchObject({ host: `api.test:${port}`, auth: 'Bearer t' });
    const elsewhere = encodeURIComponent(`http://api.test:${port}/echo`);
    await expect(viaName(get(`${base}/redirect?to=${elsewhere}`, { Authorization: 'Bearer t' }))).resolves
      .toMatchObject({ host: `api.test:${port}`, auth: null });
  });
});

describe('refused targets (refused before any connection)', () => {
  const noDns: ResolveHost = () => Promise.reject(new Error('DNS must not be asked'));
  const guarded = createHttpPerformer({ timeoutMs: 1000, allowPrivateNetworks: true, resolve: noDns });

  test.each([
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://[fe80::1]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'file:///etc/passwd',
    'http://[fd00:ec2::254]/',
    'http://100.100.100.200/latest/meta-data/',
  ])('%s', async (url) => {
    await expect(guarded(get(url))).rejects.toThrow(HttpRefusedError);
  });

  test('a redirect to the metadata address is refused after the first hop', async () => {
    const to = encodeURIComponent('http://169.254.169.254/latest/meta-data/');
    await expect(guarded(get(`${base}/redirect?to=${to}`))).rejects.toThrow(/169\.254\.169\.254 are not allowed/);
    expect(hits).toEqual(['GET /redirect']);
  });

  test('with allowPrivateNetworks false (the default of http-allow-private-networks), loopback is refused too', async () => {
    const strict = createHttpPerformer({ timeoutMs: 1000, allowPrivateNetworks: false });
    await expect(strict(get(`${base}/json`))).rejects.toThrow(/private or loopback/);
    await expect(strict(get(`http://localhost:${port}/json`))).rejects.toThrow(HttpRefusedError);
    expect(hits).toEqual([]);
  });

  test('an invalid URL is a request error', async () => {
    const invalid = guarded(get('not a url'));
    await expect(invalid).rejects.toThrow(HttpRequestError);
    await expect(invalid).rejects.toThrow('Invalid URL: not a url');
  });
});
