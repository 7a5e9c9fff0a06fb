import { randomUUID } from 'node:crypto';
import { loadScript, type CompiledScript } from '../../../basic-interpreter/index.js';
import { defaultBotConfig, type BotConfig } from '../../../config/index.js';
import type { ChannelAdapter, EngineBot, EngineRepositories, InboundScreen, OutboxSettings } from '../../../engine/index.js';
import { createChannelRegistry } from '../../../engine/channel-registry.js';
import type { EngineContext } from '../../../engine/engine-context.js';
import {
  capabilitiesNotConfigured, filesNotConfigured, llmNotConfigured, mailboxNotConfigured, mailNotConfigured, meetingsNotConfigured, usersNotConfigured,
} from '../../../engine/ports.js';
import { SessionCache } from '../../../engine/session-cache.js';
import type { EventBus } from '../../../infra/events/index.js';
import type { AddJobOptions, JobQueue } from '../../../infra/jobs/index.js';
import { createInProcessLocks } from '../../../infra/locks/index.js';
import { createLogger } from '../../../infra/logger.js';
import { noopMetrics } from '../../../infra/metrics/index.js';
import { createRateLimiter } from '../../../infra/rate-limit/index.js';
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

/** The engine's use cases wired to in-memory stores, for unit tests; see {@link memoryEngine}. */
export interface MemoryEngine {
  ctx: EngineContext;
  repos: EngineRepositories;
  tables: MemoryTables;
  bots: Map<string, EngineBot>;
  /** Every job enqueued, in order. */
  jobs: EnqueuedJob[];
  /** Every event-bus message, in order. */
  published: { topic: string; message: unknown }[];
  /** What was logged at warn level and above: `{level, msg}` and the fields. */
  logs: Record<string, unknown>[];
}

/**
 * An EngineContext as engine/create-engine.ts builds it, on the in-memory stores
 * (test/support/engine-memory/): jobs are recorded instead of run, the event bus records what
 * is published, the clock is `now`. A unit test calls a use case (receiveMessage, deliverOutbox,
 * processInbound…) with `ctx` and reads the stores; it runs an enqueued job itself by calling
 * its handler, so retries and orderings are the test's to drive, with no timer.
 */
export function memoryEngine(options: {
  bots?: MemoryBotSpec[];
  adapters?: ChannelAdapter[];
  outbox?: Partial<OutboxSettings>;
  screenInbound?: InboundScreen;
  now?: () => Date;
} = {}): MemoryEngine {
  const { repos, tables } = createMemoryEngineRepositories(options.now ? { now: options.now } : {});
  const bots = new Map((options.bots ?? []).map((spec) => [spec.name, compileBot(spec)]));
  for (const bot of bots.values()) tables.bots.set(bot.id, bot.name);
  const jobs: EnqueuedJob[] = [];
  const published: MemoryEngine['published'] = [];
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'warn', destination: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } });
  const channels = createChannelRegistry();
  for (const adapter of options.adapters ?? []) channels.register(adapter);
  const ctx: EngineContext = {
    repos, jobs: recordingJobs(jobs), bus: recordingBus(published), logger,
    bots: (name) => bots.get(name),
    botNames: () => [...bots.keys()],
    locks: createInProcessLocks(),
    turnLocks: createInProcessLocks(),
    sessionCache: new SessionCache(),
    meetings: meetingsNotConfigured, mail: mailNotConfigured, llm: llmNotConfigured, mailbox: mailboxNotConfigured, users: usersNotConfigured,
    files: filesNotConfigured, capabilities: capabilitiesNotConfigured,
    publicUrl: () => '',
    outbox: { attempts: 6, backoffMs: 1000, concurrency: 4, ...options.outbox },
    metrics: noopMetrics,
    rateLimiter: createRateLimiter({ logger }),
    channels,
    subscribers: [],
    now: options.now ?? (() => new Date()),
    ...(options.screenInbound ? { screenInbound: options.screenInbound } : {}),
  };
  return { ctx, repos, tables, bots, jobs, published, logs };
}

function compileBot(spec: MemoryBotSpec): EngineBot {
  const scripts = new Map<string, CompiledScript>();
  for (const [name, source] of Object.entries(spec.scripts)) {
    const loaded = loadScript(source, `${name}.bas`);
    if (!loaded.ok) throw new Error(`${spec.name}/${name}.bas: ${loaded.errors.join('\n')}`);
    scripts.set(name, loaded.script);
  }
  return {
    id: randomUUID(), name: spec.name, config: { ...defaultBotConfig(), ...spec.config }, params: spec.params ?? {},
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
