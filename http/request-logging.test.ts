import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { createLogger } from '../infra/logger.js';
import { requestLogging } from './request-logging.js';
import { waitFor } from '../test/support/wait-for.js';

/** An app whose every request is logged into `lines` at `level`. */
async function serve(level: string, trustProxy?: string) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  if (trustProxy !== undefined) app.set('trust proxy', trustProxy);
  app.use(requestLogging(createLogger({ level, destination })));
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/missing', (_req, res) => void res.status(404).json({ error: 'not_found' }));
  app.get('/boom', (_req, res) => void res.status(500).json({ error: 'internal' }));
  app.get('/hello', (_req, res) => void res.json({ hello: true }));
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { lines, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits until `lines` holds `count` entries (a line is written once the response finished). */
function settled(lines: unknown[], count: number): Promise<void> {
  return waitFor(() => lines.length >= count, `${count} log lines`);
}

describe('request logging', () => {
  test('one line per request, at the level of its status, with the id it answered and no headers', async () => {
    const app = await serve('info');
    try {
      const ok = await fetch(`${app.url}/hello?token=secret-value`, { headers: { authorization: 'Bearer abc', 'x-request-id': 'trace-1' } });
      expect(ok.headers.get('x-request-id')).toBe('trace-1');
      await fetch(`${app.url}/missing`);
      await fetch(`${app.url}/boom`);
      await settled(app.lines, 3);
      expect(app.lines.map((l) => [l.level, (l.req as { url: string }).url, (l.res as { statusCode: number }).statusCode])).toEqual([
        [30, '/hello?token=[redacted]', 200], [40, '/missing', 404], [50, '/boom', 500],
      ]);
      expect(app.lines[0]).toMatchObject({ msg: 'request completed', req: { id: 'trace-1', method: 'GET' } });
      expect(JSON.stringify(app.lines)).not.toMatch(/secret-value|Bearer abc|authorization/i);
    } finally {
      await app.close();
    }
  });

  test('health probes are not logged; a made-up or unusable caller id gets a fresh one', async () => {
    const app = await serve('info');
    try {
      const health = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
      expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await fetch(`${app.url}/hello`);
      await settled(app.lines, 1);
      expect(app.lines.map((l) => (l.req as { url: string }).url)).toEqual(['/hello']);
    } finally {
      await app.close();
    }
  });

  test('below the logger\'s level nothing is written, failures still are', async () => {
    const app = await serve('warn');
    try {
      await fetch(`${app.url}/hello`);
      await fetch(`${app.url}/missing`);
      await settled(app.lines, 1);
      expect(app.lines.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([404]);
    } finally {
      await app.close();
    }
  });

  test('the address logged is the connection\'s, or the client\'s a trusted proxy forwarded', async () => {
    for (const [trustProxy, expected] of [[undefined, '127.0.0.1'], ['loopback', '203.0.113.9']] as const) {
      const app = await serve('info', trustProxy);
      try {
        await fetch(`${app.url}/hello`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
        await settled(app.lines, 1);
        expect(app.lines.map((l) => (l.req as { remoteAddress: string }).remoteAddress)).toEqual([expected]);
      } finally {
        await app.close();
      }
    }
  });
});
