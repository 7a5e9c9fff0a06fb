import type { JobContext } from '../infra/jobs/index.js';
import { acceptInbound, processInbound, type InboundJob } from './accept-inbound.js';
import { createInProcessLocks } from '../infra/locks/index.js';
import { noopMetrics } from '../infra/metrics/index.js';
import { createChannelRegistry, type ChannelRegistry } from './channel-registry.js';
import { JOB_NAMES, type EngineContext, type EngineDeps } from './engine-context.js';
import type { Engine } from './engine-api.js';
import { handleSessionEvents, type EventsJob } from './event-dispatch.js';
import { deliverOutbox, recordDeliveryStatus, type DeliverJob } from './outbox/index.js';
import { receiveMessage } from './receive-message.js';
import { resolveSession } from './resolve-session.js';
import { awaitsSignIn, completeSignIn } from './complete-sign-in.js';
import { createRecovery, type RecoveryCounts } from './recover-pending.js';
import { sendMessages } from './send-messages.js';
import { SessionCache } from './session-cache.js';
import { wakeDialog, type WakeJob } from './wake-dialog.js';

/** The engine plus what the composition root wires into it. */
export interface EngineService extends Engine {
  /** The channel adapters the outbox delivers through; register them before `start()`. */
  readonly channels: ChannelRegistry;
}

const DEFAULT_OUTBOX = { attempts: 6, backoffMs: 1000, concurrency: 4 };
const EVENT_CONCURRENCY = 8;
const INBOUND_CONCURRENCY = 8;
const NOTHING_RECOVERED: RecoveryCounts = { outbox: 0, events: 0, sleeping: 0, inbound: 0 };

/**
 * Builds the message engine (docs/architecture.md, "the one path of a message") from its ports.
 * The bot answers through `deps.bot` (engine/bot-runner.ts). Nothing runs until `start()`
 * registers the job handlers (delivery, events, queued messages, WAIT wake-ups) and re-enqueues
 * what the database says is still due; `receive` may be called before that — its deliveries and
 * events wait in the queue.
 */
export function createEngine(deps: EngineDeps): EngineService {
  const channels = deps.channels ?? createChannelRegistry();
  const ctx: EngineContext = {
    repos: deps.repos,
    jobs: deps.jobs,
    bus: deps.bus,
    logger: deps.logger,
    bots: deps.bots,
    bot: deps.bot,
    locks: deps.locks ?? createInProcessLocks(),
    turnLocks: createInProcessLocks(),
    sessionCache: new SessionCache(),
    outbox: { ...DEFAULT_OUTBOX, ...deps.outbox },
    metrics: deps.metrics ?? noopMetrics,
    channels,
    subscribers: [],
    now: deps.now ?? (() => new Date()),
    ...(deps.screenInbound ? { screenInbound: deps.screenInbound } : {}),
  };
  let started: Promise<void> | undefined;
  const recover = createRecovery(ctx);

  async function start(): Promise<void> {
    ctx.jobs.process<DeliverJob>(JOB_NAMES.deliver, (job, run: JobContext) => deliverOutbox(ctx, job, run), {
      concurrency: ctx.outbox.concurrency,
    });
    ctx.jobs.process<EventsJob>(JOB_NAMES.events, (job) => handleSessionEvents(ctx, job), { concurrency: EVENT_CONCURRENCY });
    ctx.jobs.process<InboundJob>(JOB_NAMES.inbound, (job) => processInbound(ctx, job), { concurrency: INBOUND_CONCURRENCY });
    ctx.jobs.process<WakeJob>(JOB_NAMES.wake, (job) => wakeDialog(ctx, job), { concurrency: 4 });
    await recover();
  }

  return {
    channels,
    receive: (message) => receiveMessage(ctx, message),
    accept: (messages) => acceptInbound(ctx, messages),
    resolve: (sessionId, options) => resolveSession(ctx, sessionId, options?.context),
    send: (messages) => sendMessages(ctx, messages),
    recordDeliveryStatus: (update) => recordDeliveryStatus(ctx, update),
    completeSignIn: (completion) => completeSignIn(ctx, completion),
    awaitsSignIn: (request) => awaitsSignIn(ctx, request),
    subscribe: (handlers) => {
      if (started) throw new Error('subscribe to engine events before start()');
      ctx.subscribers.push(handlers);
    },
    start: () => (started ??= start()),
    // Before start() there is nothing to recover yet: start() itself runs the first recovery.
    recover: async (options) => (started ? started.then(() => recover(options)) : NOTHING_RECOVERED),
  };
}
