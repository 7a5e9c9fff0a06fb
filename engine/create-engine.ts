import type { JobContext } from '../infra/jobs/index.js';
import type { Channel, InboundMessage } from './messages.js';
import { acceptInbound, processInbound, type InboundDeps, type InboundJob } from './accept-inbound.js';
import { createInProcessLocks } from '../infra/locks/index.js';
import { noopMetrics } from '../infra/metrics/index.js';
import { createChannelRegistry, type ChannelRegistry } from './channel-registry.js';
import type { CommitDeps } from './commit-turn.js';
import { awaitsSignIn, completeSignIn, type SignInDeps } from './complete-sign-in.js';
import type { EngineEventHandlers } from './domain-events.js';
import { JOB_NAMES, type EngineDeps, type InboundScreen } from './engine-deps.js';
import type { Engine } from './engine-api.js';
import { handleSessionEvents, type EventsDeps, type EventsJob } from './event-dispatch.js';
import { deliverOutbox, type DeliverJob, type DispatchDeps, type OutboxDeps } from './outbox/index.js';
import { receiveMessage, type TurnDeps } from './receive-message.js';
import { createRecovery, type RecoveryCounts, type RecoveryDeps } from './recover-pending.js';
import { resolveSession, type ResolveDeps } from './resolve-session.js';
import { closeSession } from './close-session.js';
import { sendMessages, type SendDeps } from './send-messages.js';
import { SessionCache } from './session-cache.js';
import { wakeDialog, type WakeDeps, type WakeJob } from './wake-dialog.js';

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
 * The bot answers through `deps.bot` (engine/bot-runner.ts). Each use case is handed the few
 * dependencies it declares, built here once. Nothing runs until `start()` registers the job
 * handlers (delivery, events, queued messages, WAIT wake-ups) and re-enqueues what the database
 * says is still due; `receive` may be called before that — its deliveries and events wait in the queue.
 */
export function createEngine(deps: EngineDeps): EngineService {
  const { repos, jobs, bus, logger, bots, bot } = deps;
  const channels = deps.channels ?? createChannelRegistry();
  // Cross-instance locks (deliveries, event handling); turns take this process's own, in arrival order.
  const locks = deps.locks ?? createInProcessLocks();
  const turnLocks = createInProcessLocks();
  const sessionCache = new SessionCache();
  const outbox = { ...DEFAULT_OUTBOX, ...deps.outbox };
  const metrics = deps.metrics ?? noopMetrics;
  const now = deps.now ?? (() => new Date());
  // Who handles the domain events, in subscription order.
  const subscribers: EngineEventHandlers[] = [];
  // Each channel's screens of its queued messages, in registration order (EngineService.screen).
  const screens = new Map<Channel, InboundScreen[]>();

  const dispatch: DispatchDeps = { jobs, logger, bus, metrics, now, outbox };
  const commit: CommitDeps = { ...dispatch, repos: { turns: repos.turns }, sessionCache, channels };
  const turn: TurnDeps = {
    ...commit, repos: { turns: repos.turns, messages: repos.messages }, bots, bot, turnLocks, sessionCache, metrics,
    ...(deps.customers ? { customers: deps.customers } : {}), ...(deps.models ? { models: deps.models } : {}),
    ...(deps.campaigns ? { campaigns: deps.campaigns } : {}),
  };
  const resume: WakeDeps & SignInDeps = { ...commit, repos: { turns: repos.turns }, bots, bot, turnLocks };
  const inbound: InboundDeps = {
    jobs, logger, locks, repos: { inbound: repos.inbound }, receive: (message) => receiveMessage(turn, message),
    screenInbound: (message) => screenInOrder(screens.get(message.channel) ?? [], message),
  };
  const events: EventsDeps = { jobs, logger, locks, repos: { events: repos.events }, subscribers };
  const delivery: OutboxDeps = { jobs, logger, locks, channels, metrics, now, outbox, repos: { outbox: repos.outbox, sessions: repos.sessions } };
  const resolve: ResolveDeps = { jobs, logger, turnLocks, repos: { turns: repos.turns } };
  const send: SendDeps = { ...dispatch, channels, repos: { turns: repos.turns } };
  const recovery: RecoveryDeps = {
    jobs, logger, bus, now, outbox, repos: { outbox: repos.outbox, events: repos.events, sessions: repos.sessions, inbound: repos.inbound },
  };

  let started: Promise<void> | undefined;
  const recover = createRecovery(recovery);

  async function start(): Promise<void> {
    jobs.process<DeliverJob>(JOB_NAMES.deliver, (job, run: JobContext) => deliverOutbox(delivery, job, run), {
      concurrency: outbox.concurrency,
    });
    jobs.process<EventsJob>(JOB_NAMES.events, (job) => handleSessionEvents(events, job), { concurrency: EVENT_CONCURRENCY });
    jobs.process<InboundJob>(JOB_NAMES.inbound, (job) => processInbound(inbound, job), { concurrency: INBOUND_CONCURRENCY });
    jobs.process<WakeJob>(JOB_NAMES.wake, (job) => wakeDialog(resume, job), { concurrency: 4 });
    await recover();
  }

  return {
    channels,
    receive: (message) => receiveMessage(turn, message),
    accept: (messages) => acceptInbound(inbound, messages),
    resolve: (sessionId, options) => resolveSession(resolve, sessionId, options?.context),
    close: (sessionId, reason) => closeSession(resolve, sessionId, reason),
    send: (messages, options) => sendMessages(send, messages, options),
    completeSignIn: (completion) => completeSignIn(resume, completion),
    awaitsSignIn: (request) => awaitsSignIn(resume, request),
    screen: (channel, screen) => {
      if (started) throw new Error('screen a channel before start()');
      screens.set(channel, [...(screens.get(channel) ?? []), screen]);
    },
    subscribe: (handlers) => {
      if (started) throw new Error('subscribe to engine events before start()');
      subscribers.push(handlers);
    },
    start: () => (started ??= start()),
    // Before start() there is nothing to recover yet: start() itself runs the first recovery.
    recover: async (options) => (started ? started.then(() => recover(options)) : NOTHING_RECOVERED),
  };
}

/** A channel's screens one after another: each takes what the one before gave; a null ends it. */
async function screenInOrder(screens: readonly InboundScreen[], message: InboundMessage): Promise<InboundMessage | null> {
  let current: InboundMessage | null = message;
  for (const screen of screens) {
    if (current === null) break;
    current = await screen(current);
  }
  return current;
}
