import type { InboundCustomer, InboundQueueRepo, QueuedInbound } from '../db/index.js';
import type { AcceptOutcome } from './engine-api.js';
import { enqueueAfterCommit } from '../infra/jobs/index.js';
import type { LockPort } from '../infra/locks/index.js';
import { JOB_NAMES, type EnqueueDeps, type InboundScreen } from './engine-deps.js';
import type { InboundMessage } from './messages.js';

/**
 * Provider webhooks answer fast and lose nothing (docs/architecture.md, "Provider webhooks"):
 * `acceptInbound` stores the messages in the inbound queue in one statement — the provider can
 * be answered then — and enqueues an `engine.inbound` job per customer; the job runs that
 * customer's queued messages through the one path, oldest first, and removes each once its turn
 * committed. Start-up hands out what a crash left in the queue.
 */

/** What the inbound queue needs: its rows, the customer's lock across instances, the screen, and the turn it hands each message to. */
export interface InboundDeps extends EnqueueDeps {
  readonly repos: { readonly inbound: Pick<InboundQueueRepo, 'accept' | 'listPending' | 'remove' | 'markScreened' | 'recordFailure'> };
  readonly locks: Pick<LockPort, 'withLock'>;
  /** Before a queued provider message runs: the screen registered for its channel (Engine.screen), or the message as it is. */
  readonly screenInbound: InboundScreen;
  /** The one path of a message (receive-message.ts). */
  readonly receive: (message: InboundMessage) => Promise<unknown>;
}

/** What the recovery of queued messages needs. */
export interface InboundRecoveryDeps extends EnqueueDeps {
  readonly repos: { readonly inbound: Pick<InboundQueueRepo, 'customersWithPending'> };
}

/** Data of an `engine.inbound` job: whose queued messages to run. */
export type InboundJob = InboundCustomer;

/** Attempts per queued message before it is set aside as `failed` (logged); the customer's later messages go on. */
const INBOUND_ATTEMPTS = 5;
const INBOUND_BACKOFF_MS = 500;

export async function acceptInbound(ctx: InboundDeps, messages: readonly InboundMessage[]): Promise<AcceptOutcome> {
  const customers = await ctx.repos.inbound.accept(messages.map((m) => ({
    channel: m.channel,
    bot: m.bot,
    external_user_id: m.customer.external_id,
    provider_message_id: m.provider_message_id,
    message: { ...m, received_at: m.received_at.toISOString() } as unknown as Record<string, unknown>,
  })));
  await enqueueInbound(ctx, customers);
  return { accepted: customers.length ? messages.length : 0 };
}

/** One job per customer; a job that finds nothing left (an earlier one ran it) simply ends. */
async function enqueueInbound(ctx: EnqueueDeps, customers: readonly InboundCustomer[]): Promise<void> {
  for (const customer of customers) {
    await enqueueAfterCommit(ctx, 'inbound job', { channel: customer.channel, bot: customer.bot }, () =>
      ctx.jobs.add(JOB_NAMES.inbound, customer satisfies InboundJob, {
        attempts: INBOUND_ATTEMPTS, backoff: { type: 'exponential', delay: INBOUND_BACKOFF_MS },
      }));
  }
}

/**
 * The `engine.inbound` job: the customer's queued messages, in arrival order, under a lock that
 * holds across instances so two jobs never interleave one customer's messages.
 */
export function processInbound(ctx: InboundDeps, job: InboundJob): Promise<void> {
  const key = `inbound:${job.channel}:${job.bot}:${job.external_user_id}`;
  return ctx.locks.withLock(key, async () => {
    for (const queued of await ctx.repos.inbound.listPending(job)) await runQueued(ctx, queued);
  });
}

async function runQueued(ctx: InboundDeps, queued: QueuedInbound): Promise<void> {
  try {
    const message = revive(queued.message);
    const screened = await ctx.screenInbound(message);
    if (!screened) {
      // No turn stores this message, so the turn's dedupe cannot see it: the queue row keeps its id.
      await ctx.repos.inbound.markScreened(queued.id);
      return;
    }
    await ctx.receive(screened);
  } catch (error) {
    const final = queued.attempts + 1 >= INBOUND_ATTEMPTS;
    await ctx.repos.inbound.recordFailure(queued.id, error instanceof Error ? error.message : String(error), final);
    ctx.logger.error({ err: error, inbound: queued.id, final }, 'queued inbound message failed');
    if (final) return;
    throw error;
  }
  await ctx.repos.inbound.remove(queued.id);
}

function revive(stored: Record<string, unknown>): InboundMessage {
  const message = stored as unknown as InboundMessage & { received_at: string };
  return { ...message, received_at: new Date(message.received_at) };
}

/** Recovery: a job for every customer with queued messages (a crash, Redis away, or a lost in-process job). */
export async function requeueInbound(ctx: InboundRecoveryDeps): Promise<number> {
  const customers = await ctx.repos.inbound.customersWithPending();
  await enqueueInbound(ctx, customers);
  if (customers.length) ctx.logger.info({ customers: customers.length }, 'queued inbound messages handed out again');
  return customers.length;
}
