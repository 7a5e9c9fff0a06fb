import { Webhook } from 'standardwebhooks';
import type { FetchFunction } from '../outbound-http.js';

/** One webhook message: where, with which secret, under which id and time, and the JSON body. */
export interface SignedWebhookMessage {
  url: string;
  /** The endpoint's Standard Webhooks secret: base64, optionally prefixed `whsec_`. */
  secret: string;
  /** The `webhook-id`: the same on every retry, so the receiver can drop duplicates. */
  messageId: string;
  /** The body, serialised once: what is signed is exactly what is sent. */
  body: string;
  at: Date;
  /** Default 10 s. */
  timeoutMs?: number;
}

/**
 * POSTs a JSON body signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature` = v1 HMAC-SHA256 over `{id}.{timestamp}.{body}`), the scheme of both the
 * notifications webhooks (docs/notifications.md) and the attendance webhooks
 * (docs/attendance/webhooks.md). Redirects are not followed. Resolves to the HTTP status; network
 * errors and timeouts reject. What a status means (done, retry, give up) is the caller's policy.
 *
 * `deps.fetch` is the outbound door's guarded fetch (infra/outbound-http.ts), given by the
 * composition root with the policy of whoever chose the URL: a refused address rejects with the
 * guard's refusal as the cause (`refusalBehind`), and nothing is connected.
 */
export async function postSignedWebhook(deps: { fetch: FetchFunction }, message: SignedWebhookMessage): Promise<number> {
  const signature = new Webhook(message.secret).sign(message.messageId, message.at, message.body);
  const res = await deps.fetch(message.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': message.messageId,
      'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body: message.body,
    signal: AbortSignal.timeout(message.timeoutMs ?? 10_000),
    redirect: 'manual',
  });
  await res.body?.cancel();
  return res.status;
}
