import { loadScript, type CompiledScript } from '../../../basic-interpreter/index.js';
import { defaultBotConfig, type BotConfig } from '../../../config/index.js';
import {
  createChannelRegistry, type ChannelAdapter, type Channel, type EngineRepositories, type InboundScreen, type OutboxSettings,
} from '../../../engine/index.js';
import type { InboundDeps } from '../../../engine/accept-inbound.js';
import type { CommitDeps } from '../../../engine/commit-turn.js';
import type { EventsDeps } from '../../../engine/event-dispatch.js';
import type { DeliveryStatusDeps, DispatchDeps, OutboxDeps } from '../../../engine/outbox/index.js';
import { receiveMessage, type TurnDeps } from '../../../engine/receive-message.js';
import type { SendDeps } from '../../../engine/send-messages.js';
import type { RecoveryDeps } from '../../../engine/recover-pending.js';
import type { ResolveDeps } from '../../../engine/resolve-session.js';
import { SessionCache } from '../../../engine/session-cache.js';
import type { EventBus } from '../../../infra/events/index.js';
import type { AddJobOptions, JobQueue } from '../../../infra/jobs/index.js';
import { createInProcessLocks } from '../../../infra/locks/index.js';
import { createLogger } from '../../../infra/logger.js';
import { noopMetrics } from '../../../infra/metrics/index.js';
import { createScriptHost, type ScriptBot } from '../../../script-host/index.js';
import { createMemoryBotData, createMemoryTriggerRuns } from './bot-data.js';
import { createMemoryEngineRepositories, type MemoryTables } from './index.js';

/** A bot for a unit test: its scripts' sources by name (`start` runs first), compiled in memory. */
export interface MemoryBotSpec {
  name: string;
  scripts: Record<string, string>;
  config?: Partial<BotConfig>;
  params?: Record<string, string>;
}

/** A job the use case enqueued: nothing runs it, the test does (or looks at it). */
export interface EnqueuedJob {
  name: string;
  data: unknown;
  options: AddJobOptions | undefined;
}

/** The narrow dependencies of the engine's use cases, as engine/create-engine.ts hands them out. */
export interface MemoryEngineDeps {
  turn: TurnDeps;
  inbound: InboundDeps;
  events: EventsDeps;
  delivery: OutboxDeps;
  statuses: DeliveryStatusDeps;
  resolve: ResolveDeps;
  recovery: RecoveryDeps;
  /** Sending outside a turn (an attendant's message, a notice): engine/send-messages.ts. */
  send: SendDeps;
}

/** The engine's use cases wired to in-memory stores, for unit tests; see {@link memoryEngine}. */
export interface MemoryEngine {
  deps: MemoryEngineDeps;
  repos: EngineRepositories;
  tables: MemoryTables;
  bots: Map<string, ScriptBot>;
  /** Every job enqueued, in order. */
  jobs: EnqueuedJob[];
  /** Every event-bus message, in order. */
  published: { topic: string; message: unknown }[];
  /** What was logged at warn level and above: `{level, msg}` and the fields. */
  logs: Record<string, unknown>[];
}

/**
 * The use cases' dependencies as engine/create-engine.ts builds them, on the in-memory stores
 * (test/support/engine-memory/), with the real script host as the bot runner (its bot data in
 * memory too): jobs are recorded instead of run, the event bus records what is published, the
 * clock is `now`. A unit test calls a use case (receiveMessage, deliverOutbox, processInbound…)
 * with the deps it declares and reads the stores; it runs an enqueued job itself by calling its
 * handler, so retries and orderings are the test's to drive, with no timer.
 */
export function memoryEngine(options: {
  bots?: MemoryBotSpec[];
  adapters?: ChannelAdapter[];
  outbox?: Partial<OutboxSettings>;
  screens?: Partial<Record<Channel, InboundScreen>>;
  now?: () => Date;
} = {}): MemoryEngine {
  const { repos, tables } = createMemoryEngineRepositories(options.now ? { now: options.now } : {});
  const bots = new Map((options.bots ?? []).map((spec) => [spec.name, compileBot(spec)]));
  for (const bot of bots.values()) tables.bots.set(bot.id, bot.name);
  const recorded: EnqueuedJob[] = [];
  const published: MemoryEngine['published'] = [];
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'warn', destination: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } });
  const channels = createChannelRegistry();
  for (const adapter of options.adapters ?? []) channels.register(adapter);
  const jobs = recordingJobs(recorded);
  const bus = recordingBus(published);
  const locks = createInProcessLocks();
  const turnLocks = createInProcessLocks();
  const sessionCache = new SessionCache();
  const metrics = noopMetrics;
  const now = options.now ?? (() => new Date());
  const outbox = { attempts: 6, backoffMs: 1000, concurrency: 4, ...options.outbox };
  const lookup = (name: string) => bots.get(name);
  const host = createScriptHost({
    repos: { botData: createMemoryBotData(), triggerRuns: createMemoryTriggerRuns() }, jobs, logger, channels, bots: lookup, now,
  });
  const bot = host.runner;

  // As engine/create-engine.ts builds them.
  const dispatch: DispatchDeps = { jobs, logger, bus, metrics, now, outbox };
  const commit: CommitDeps = { ...dispatch, repos: { turns: repos.turns }, sessionCache, channels };
  const turn: TurnDeps = { ...commit, repos: { turns: repos.turns, messages: repos.messages }, bots: lookup, bot, turnLocks, sessionCache, metrics };
  const screens = options.screens ?? {};
  const deps: MemoryEngineDeps = {
    turn,
    inbound: {
      jobs, logger, locks, repos: { inbound: repos.inbound }, receive: (message) => receiveMessage(turn, message),
      screenInbound: (message) => screens[message.channel]?.(message) ?? Promise.resolve(message),
    },
    events: { jobs, logger, locks, repos: { events: repos.events }, subscribers: [] },
    delivery: { jobs, logger, locks, channels, metrics, now, outbox, repos: { outbox: repos.outbox, sessions: repos.sessions } },
    statuses: { jobs, logger, bots: lookup, metrics, repos: { outbox: repos.outbox } },
    resolve: { jobs, logger, turnLocks, repos: { turns: repos.turns } },
    send: { ...dispatch, channels, repos: { turns: repos.turns } },
    recovery: { jobs, logger, bus, now, outbox, repos: { outbox: repos.outbox, events: repos.events, sessions: repos.sessions, inbound: repos.inbound } },
  };
  return { deps, repos, tables, bots, jobs: recorded, published, logs };
}

function compileBot(spec: MemoryBotSpec): ScriptBot {
  const scripts = new Map<string, CompiledScript>();
  for (const [name, source] of Object.entries(spec.scripts)) {
    const loaded = loadScript(source, `${name}.bas`);
    if (!loaded.ok) throw new Error(`${spec.name}/${name}.bas: ${loaded.errors.join('\n')}`);
    scripts.set(name, loaded.script);
  }
  return {
    id: crypto.randomUUID(), name: spec.name, config: { ...defaultBotConfig(), ...spec.config }, params: spec.params ?? {},
    dialogs: { get: (name) => scripts.get(name), names: () => [...scripts.keys()] },
  };
}

function recordingJobs(jobs: EnqueuedJob[]): JobQueue {
  return {
    async add(name, data, options) {
      // As both drivers do: a job's data is a JSON copy.
      jobs.push({ name, data: JSON.parse(JSON.stringify(data)) as unknown, options });
      return options?.jobId ?? `job-${jobs.length}`;
    },
    process: () => undefined,
    schedule: async () => undefined,
    unschedule: async () => undefined,
    registeredNames: () => [],
    onAvailable: () => undefined,
    ping: async () => undefined,
    close: async () => undefined,
  };
}

function recordingBus(published: MemoryEngine['published']): EventBus {
  return {
    async publish(topic, message) {
      published.push({ topic, message: JSON.parse(JSON.stringify(message)) as unknown });
    },
    subscribe: async () => async () => undefined,
    ping: async () => undefined,
    close: async () => undefined,
  };
}
