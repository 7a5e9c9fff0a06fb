import type { BotConfig } from '../../config/index.js';
import type { AttendanceWebhooksRepo } from '../../db/index.js';
import type { Logger } from '../../infra/logger.js';
import { refusalBehind, type FetchFunction } from '../../infra/outbound-http.js';
import { postSignedWebhook } from '../../infra/webhooks/index.js';

export interface DeliverWebhookDeps {
  webhooks: Pick<AttendanceWebhooksRepo, 'get' | 'recordAttempt' | 'markFailed'>;
  config: (botId: string) => BotConfig | undefined;
  logger: Pick<Logger, 'info' | 'warn'>;
  now: () => Date;
  /**
   * The outbound door's guarded fetch (infra/outbound-http.ts). The chat-ops hook is a
   * deployment-wide address: the composition root gives it the process's policy
   * (OUTBOUND_ALLOW_PRIVATE_NETWORKS), not the bot's.
   */
  fetch: FetchFunction;
}

/**
 * One attempt at a stored message: POSTs it signed with the bot's current
 * `attendance-webhook-secret` and records the outcome on its row. A 2xx delivers it; anything else
 * (a status, a network error, a timeout) is recorded and thrown, so the job retries with backoff;
 * on the `last` attempt the message is marked `failed` first. A message already settled, or whose
 * bot lost its secret, is not sent. An address the outbound guard refuses is never connected to:
 * the refusal is recorded as the attempt's error and the message is `failed` at once, since every
 * retry would be refused the same way.
 */
export async function deliverAttendanceWebhook(deps: DeliverWebhookDeps, id: string, last: boolean): Promise<void> {
  const row = await deps.webhooks.get(id);
  if (row?.status !== 'pending') return;
  const at = deps.now();
  const secret = deps.config(row.bot_id)?.['attendance-webhook-secret'];
  if (!secret) {
    await deps.webhooks.markFailed(id, at);
    deps.logger.warn({ webhook_id: id, event: row.event }, 'attendance webhook dropped: the bot has no attendance-webhook-secret');
    return;
  }
  let status: number | null = null;
  let error: string | null = null;
  let refused = false;
  try {
    status = await postSignedWebhook(deps, { url: row.url, secret, messageId: row.id, body: JSON.stringify(row.payload), at });
    if (status < 200 || status >= 300) error = `the receiver answered ${status}`;
  } catch (err) {
    const refusal = refusalBehind(err);
    refused = refusal !== undefined;
    error = refusal?.message ?? (err instanceof Error ? err.message : String(err));
  }
  await deps.webhooks.recordAttempt(id, { status, error, delivered: error === null, at });
  const facts = { webhook_id: id, event: row.event, bot_id: row.bot_id, status, attempt: row.attempts + 1 };
  if (error === null) {
    deps.logger.info(facts, 'attendance webhook delivered');
    return;
  }
  if (refused) {
    await deps.webhooks.markFailed(id, at);
    deps.logger.warn({ ...facts, error }, 'attendance webhook not sent: the outbound guard refused its address; given up');
    return;
  }
  if (last) await deps.webhooks.markFailed(id, at);
  deps.logger.warn({ ...facts, error }, last ? 'attendance webhook failed on its last attempt: given up' : 'attendance webhook attempt failed, will retry');
  throw new Error(`attendance webhook ${id}: ${error}`);
}
