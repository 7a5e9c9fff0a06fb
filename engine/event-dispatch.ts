import { newRowId, type EngineEventsRepo, type EventWrite } from '../db/index.js';
import type { EngineEventHandlers, EngineEventName, EngineEventPayloads } from './domain-events.js';
import { enqueueAfterCommit } from '../infra/jobs/index.js';
import type { LockPort } from '../infra/locks/index.js';
import { JOB_NAMES, type EnqueueDeps } from './engine-deps.js';

/**
 * How domain events (engine/domain-events.ts) travel: written with the turn that caused them
 * (`eventWrite`), announced to the jobs port after the commit (`enqueueEvents`), handed to the
 * subscribers by the `engine.events` job (`handleSessionEvents`) — for one session at a time, in
 * the order they were written — and handed out again at start-up when still pending.
 */

/** Data of an `engine.events` job: a session with events to hand out. */
export interface EventsJob {
  session_id: string;
  /** The event that caused the job (its id keys the job, so each event gets one). */
  event_id: string;
  /** That event's name and payload, for the subscribers' `prepare` (absent in the recovery's jobs). */
  event?: { name: string; payload: Record<string, unknown> };
}

/** What the `engine.events` job needs: the session's pending events, its lock across instances, the subscribers. */
export interface EventsDeps extends EnqueueDeps {
  readonly repos: { readonly events: Pick<EngineEventsRepo, 'pendingUnderLock' | 'markDone' | 'recordFailure'> };
  readonly locks: Pick<LockPort, 'withLockReading'>;
  /** Who handles the domain events, in subscription order. */
  readonly subscribers: readonly EngineEventHandlers[];
}

/** What the recovery of pending events needs. */
export interface EventsRecoveryDeps extends EnqueueDeps {
  readonly repos: { readonly events: Pick<EngineEventsRepo, 'sessionsWithPending'> };
}

/** Attempts per event before it is set aside as `failed` (logged); later events of the session go on. */
const EVENT_ATTEMPTS = 5;
const EVENT_BACKOFF_MS = 500;

/** An event row for the turn's transaction. */
export function eventWrite<K extends EngineEventName>(sessionId: string, name: K, payload: EngineEventPayloads[K]): EventWrite {
  return { id: newRowId(), session_id: sessionId, name, payload: payload as unknown as Record<string, unknown> };
}

/** An event to enqueue a job for: as written, or (in the recovery) only which one. */
type EventRef = Pick<EventWrite, 'id' | 'session_id'> & Partial<Pick<EventWrite, 'name' | 'payload'>>;

/** After the commit: one job per event. A failure only delays it until the recovery (engine/recover-pending.ts). */
export async function enqueueEvents(ctx: EnqueueDeps, events: readonly EventRef[]): Promise<void> {
  for (const event of events) {
    const job: EventsJob = {
      session_id: event.session_id, event_id: event.id,
      ...(event.name && event.payload ? { event: { name: event.name, payload: event.payload } } : {}),
    };
    await enqueueAfterCommit(ctx, 'event', { event: event.id }, () =>
      ctx.jobs.add(JOB_NAMES.events, job, {
        jobId: `event-${event.id}`, attempts: EVENT_ATTEMPTS, backoff: { type: 'exponential', delay: EVENT_BACKOFF_MS },
      }));
  }
}

/**
 * The `engine.events` job: hands every pending event of the session to the subscribers, oldest
 * first, under the session's events lock (across instances), so a later event never overtakes
 * an earlier one. A job whose event an earlier job already handled finds nothing to do. A
 * subscriber's failure is retried with the job; after {@link EVENT_ATTEMPTS} the event is set
 * aside as failed and the rest go on.
 */
export async function handleSessionEvents(ctx: EventsDeps, job: EventsJob): Promise<void> {
  // The subscribers' statements ride on the lock's own call: the lock, the pending events and
  // what the handlers need (a handoff's facts, and its queueing) in one round trip
  // (docs/performance.md, "Handoff round trips").
  const own = job.event ? { id: job.event_id, ...job.event } : undefined;
  const prepares = ctx.subscribers.map((subscriber) => subscriber.prepare?.(job.session_id, own));
  const statements = prepares.flatMap((p) => (p ? [p.statement] : []));
  const read = ctx.repos.events.pendingUnderLock(job.session_id, statements);
  return ctx.locks.withLockReading(`events:${job.session_id}`, read, async ({ events, prepared: answers }) => {
    let next = 0;
    const prepared = prepares.map((p) => (p ? p.parse(answers[next++]) : undefined));
    for (const [index, event] of events.entries()) {
      try {
        for (const [at, subscriber] of ctx.subscribers.entries()) {
          const handler = subscriber[event.name as EngineEventName] as ((payload: unknown, prepared?: unknown) => Promise<void>) | undefined;
          await handler?.(event.payload, index === 0 ? prepared[at] : undefined);
        }
      } catch (error) {
        const final = event.attempts + 1 >= EVENT_ATTEMPTS;
        const reason = error instanceof Error ? error.message : String(error);
        await ctx.repos.events.recordFailure(event.id, reason, final);
        ctx.logger.error({ err: error, event: event.id, name: event.name, session: job.session_id, final }, 'event handler failed');
        if (final) continue;
        throw error;
      }
      await ctx.repos.events.markDone(event.id);
    }
  });
}

/** Recovery: a job for every session with events still pending (a crash, Redis away, or a lost in-process job). */
export async function requeueEvents(ctx: EventsRecoveryDeps): Promise<number> {
  const pending = await ctx.repos.events.sessionsWithPending();
  await enqueueEvents(ctx, pending);
  if (pending.length) ctx.logger.info({ sessions: pending.length }, 'pending engine events handed out again');
  return pending.length;
}
