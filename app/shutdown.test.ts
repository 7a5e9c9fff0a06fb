import { createServer } from 'node:http';
import type { Logger } from '../infra/logger.js';
import type { HttpWiring } from './http.js';
import { createShutdown } from './shutdown.js';

// A stop always ends (app/shutdown.ts): a step that hangs or fails is named in the log and the steps after it still run.

test('a hung step and a failing one are logged by name; the steps after them run and the stop ends', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const http = { server, connections: new Set(), sockets: [], readiness: { stop() {} } } as unknown as HttpWiring;
  const logged: { level: string; step?: unknown; message: string }[] = [];
  const log = (level: string) => (fields: { step?: unknown } | string, message?: string) =>
    void logged.push(typeof fields === 'string' ? { level, message: fields } : { level, step: fields.step, message: message ?? '' });
  const logger = { info: log('info'), warn: log('warn'), error: log('error') } as unknown as Logger;
  const ran: string[] = [];
  const stop = createShutdown({
    settings: { SHUTDOWN_TIMEOUT_MS: 50 }, http, logger, quiet: [],
    close: [
      ['stuck pool', () => new Promise(() => undefined)],
      ['broken mailer', () => { throw new Error('mailer gone'); }],
      ['database', () => void ran.push('database')],
    ],
  });
  await stop();
  expect(ran).toEqual(['database']);
  expect(logged.filter((l) => l.level !== 'info').map((l) => [l.level, l.step])).toEqual([['warn', 'stuck pool'], ['error', 'broken mailer']]);
  expect(logged.at(-1)?.message).toBe('stopped');
  expect(server.listening).toBe(false);
});
