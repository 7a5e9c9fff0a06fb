/**
 * A receiver of Standard Webhooks on 127.0.0.1 (port 0), as a subscriber would run one: every
 * POST is checked with the `standardwebhooks` library and the secret it was given, and recorded
 * with whether it verified. It answers 204, or the statuses a test queues with `failNext`.
 */
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createFakeProviderServer } from './fake-provider-server.js';
import { waitFor } from './wait-for.js';

export interface ReceivedWebhook {
  id: string;
  headers: Record<string, string>;
  raw: string;
  /** The payload as `Webhook.verify` returned it; undefined when the signature did not verify. */
  verified?: { type: string; timestamp: string; data: Record<string, unknown> };
  /** The status this delivery was answered with. */
  answered: number;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** The next `times` deliveries are answered `status`. */
  failNext(status: number, times?: number): void;
  /** Resolves with the deliveries once `predicate` holds (checked every 20 ms; 15 s at most). */
  waitFor(predicate: (received: ReceivedWebhook[]) => boolean, what: string): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const failures: number[] = [];
  const verifier = new Webhook(secret);
  const server = createFakeProviderServer(async (req, res, body) => {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const raw = body.toString('utf8');
    let verified: ReceivedWebhook['verified'];
    try {
      verified = verifier.verify(raw, headers) as ReceivedWebhook['verified'];
    } catch {
      verified = undefined;
    }
    const answered = failures.shift() ?? (verified ? 204 : 400);
    received.push({ id: headers['webhook-id'] ?? '', headers, raw, ...(verified ? { verified } : {}), answered });
    res.writeHead(answered).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/attendance`,
    received,
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    async waitFor(predicate, what) {
      await waitFor(() => predicate(received), {
        what: () => `webhook receiver: ${what} (got ${received.map((r) => r.verified?.type ?? '?').join(', ')})`, timeoutMs: 15_000, intervalMs: 20,
      });
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
