import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { helmetWith, securityHeaders } from './browser-security.js';

/** The headers an app with these security headers answers with. */
async function headersWith(hsts: boolean, middleware = securityHeaders({ hsts })): Promise<Headers> {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/', (_req, res) => { res.send('ok'); });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await res.text();
    return res.headers;
  } finally {
    server.close();
  }
}

describe('securityHeaders', () => {
  test('with hsts, every answer asks browsers to use https for a year, subdomains included', async () => {
    const headers = await headersWith(true);
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('without it (a plain-http host), no Strict-Transport-Security is sent; the other headers are', async () => {
    const headers = await headersWith(false);
    expect(headers.get('strict-transport-security')).toBeNull();
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  test.each([true, false])('the headers are exactly those helmet itself sets (hsts %s)', async (hsts) => {
    const [ours, helmets] = await Promise.all([headersWith(hsts), headersWith(hsts, helmetWith({ hsts }))]);
    const securityOnly = (headers: Headers) => [...headers].filter(([name]) => !['date', 'etag', 'content-length', 'content-type', 'connection', 'keep-alive'].includes(name));
    expect(securityOnly(ours)).toEqual(securityOnly(helmets));
    expect(securityOnly(ours).length).toBeGreaterThanOrEqual(10);
  });
});
