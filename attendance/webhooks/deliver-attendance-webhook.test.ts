import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultBotConfig } from '../../config/index.js';
import type { AttendanceWebhookRow, WebhookAttempt } from '../../db/index.js';
import { guardedFetch } from '../../infra/outbound-http.js';
import { deliverAttendanceWebhook, type DeliverWebhookDeps } from './deliver-attendance-webhook.js';

// One attempt's bookkeeping, against a receiver on 127.0.0.1 that always answers 500 and an in-memory row.

const SECRET = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
let server: Server;
let url: string;
let requests = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function harness(secret: string | undefined, allowPrivateNetworks = true) {
  const row: AttendanceWebhookRow = {
    id: 'msg_1', bot_id: 'b', event: 'conversation.queued', url, payload: { type: 'conversation.queued' }, status: 'pending', attempts: 0,
    last_status: null, last_error: null, created_at: new Date(), finished_at: null,
  };
  const logged: string[] = [];
  const log = (_facts: unknown, message: string) => { logged.push(message); };
  const deps: DeliverWebhookDeps = {
    webhooks: {
      get: async () => ({ ...row }),
      recordAttempt: async (_id: string, a: WebhookAttempt & { delivered: boolean }) => { row.attempts += 1; row.last_status = a.status; row.last_error = a.error; },
      markFailed: async () => { row.status = 'failed'; },
    },
    config: () => ({ ...defaultBotConfig(), 'attendance-webhook-secret': secret }),
    logger: { info: log, warn: log } as unknown as DeliverWebhookDeps['logger'],
    now: () => new Date(),
    fetch: guardedFetch({ allowPrivateNetworks }),
  };
  return { row, logged, deps };
}

test('a failed attempt is recorded and thrown for the retry; the last one also gives the message up', async () => {
  const { row, logged, deps } = harness(SECRET);
  await expect(deliverAttendanceWebhook(deps, 'msg_1', false)).rejects.toThrow('attendance webhook msg_1: the receiver answered 500');
  expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status: 500 });
  await expect(deliverAttendanceWebhook(deps, 'msg_1', true)).rejects.toThrow();
  expect(row).toMatchObject({ status: 'failed', attempts: 2 });
  expect(logged).toEqual(['attendance webhook attempt failed, will retry', 'attendance webhook failed on its last attempt: given up']);
});

test('a bot that lost its secret sends nothing and gives the message up', async () => {
  const { row, deps } = harness(undefined);
  await deliverAttendanceWebhook(deps, 'msg_1', false);
  expect(row).toMatchObject({ status: 'failed', attempts: 0 });
});

test('an address the outbound guard refuses is not connected to: the refusal is recorded and the message given up at once', async () => {
  const { row, logged, deps } = harness(SECRET, false);
  const before = requests;
  await deliverAttendanceWebhook(deps, 'msg_1', false);
  expect(requests).toBe(before);
  expect(row).toMatchObject({ status: 'failed', attempts: 1, last_status: null });
  expect(row.last_error).toMatch(/127\.0\.0\.1 is a private or loopback address/);
  expect(logged).toEqual(['attendance webhook not sent: the outbound guard refused its address; given up']);
});
