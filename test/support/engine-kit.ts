import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScriptHost, loadBotScripts, ScriptFolder, type ScriptBot, type ScriptHost, type ScriptHostDeps, type ScriptHostRepositories } from '../../script-host/index.js';
import { defaultBotConfig, type BotConfig } from '../../config/index.js';
import {
  createBotDataRepo, createBotsRepo, createEngineEventsRepo, createInboundQueueRepo, createMessagesRepo, createOutboxRepo, createSessionsRepo, createTableTriggerRunsRepo, createTurnStore,
  type DatabaseHandle, type MessageRow,
} from '../../db/index.js';
import {
  createChannelRegistry, createEngine, ENGINE_EVENTS, type ChannelAdapter, type CustomerDirectory, type EngineEvent, type EngineEventHandlers, type EngineRepositories,
  type EngineService, type OutboxSettings,
} from '../../engine/index.js';
import { createEventBus, type EventBus } from '../../infra/events/index.js';
import { createJobQueue, type JobQueue } from '../../infra/jobs/index.js';
import type { LockPort } from '../../infra/locks/index.js';
import { createLogger } from '../../infra/logger.js';
import { openTestDatabase, openTestLocks, testDrivers, type TestDatabase } from './drivers.js';
import { deleteRedisKeys, uniquePrefix } from './redis.js';
import { waitFor } from './wait-for.js';

export { inbound, TestAdapter } from './test-channel.js';
export { waitFor } from './wait-for.js';

// Shared by the engine-*.test.ts files: a real database (PGlite, or scratch PostgreSQL with
// DATABASE_URL), real jobs and event bus (in-process, or BullMQ and Redis with REDIS_URL), real
// locks (PostgreSQL advisory locks with DATABASE_URL), tiny bots in temp folders and a test
// channel adapter. Only the provider behind the adapter is simulated.

export const logger = createLogger({ pretty: false });
const { redisUrl } = testDrivers;

export interface BotSpec {
  name: string;
  scripts: Record<string, string>;
  config?: Partial<BotConfig>;
  params?: Record<string, string>;
  /** Laid out as a package (`<name>.gbdialog/`) and loaded as the server loads one: table definitions applied. */
  asPackage?: boolean;
}

/** One running engine "instance" (with its script host) with its own job queue, event bus and locks. */
export interface RunningEngine {
  engine: EngineService;
  host: ScriptHost;
  jobs: JobQueue;
  bus: EventBus;
  /** Every domain event the engine handed out, in order. */
  events: EngineEvent[];
  stop(): Promise<void>;
}

/** A database with bots, on which engine instances are started and stopped (restarts). */
export class EngineHarness {
  readonly bots = new Map<string, ScriptBot>();
  private readonly dirs: string[] = [];
  private readonly prefixes: string[] = [];
  private readonly running = new Set<RunningEngine>();

  private constructor(readonly database: TestDatabase) {}

  static async open(): Promise<EngineHarness> {
    return new EngineHarness(await openTestDatabase());
  }

  async addBot(spec: BotSpec): Promise<ScriptBot> {
    const dir = await mkdtemp(path.join(tmpdir(), `sb-engine-${spec.name}-`));
    this.dirs.push(dir);
    if (spec.asPackage) {
      await mkdir(path.join(dir, `${spec.name}.gbdialog`));
      for (const [file, source] of Object.entries(spec.scripts)) await writeFile(path.join(dir, `${spec.name}.gbdialog`, `${file}.bas`), source);
      const { id } = await createBotsRepo(this.database.db).ensure(spec.name);
      const dialogs = await loadBotScripts({ name: spec.name, dir }, { tables: createBotDataRepo(this.database.db).tables(id), logger });
      const bot: ScriptBot = { id, name: spec.name, config: { ...defaultBotConfig(), ...spec.config }, params: spec.params ?? {}, dialogs };
      this.bots.set(spec.name, bot);
      return bot;
    }
    for (const [file, source] of Object.entries(spec.scripts)) await writeFile(path.join(dir, `${file}.bas`), source);
    const dialogs = new ScriptFolder(dir, (file, errors) => {
      throw new Error(`${file}: ${errors.join('\n')}`);
    });
    dialogs.loadAll();
    const { id } = await createBotsRepo(this.database.db).ensure(spec.name);
    const bot: ScriptBot = { id, name: spec.name, config: { ...defaultBotConfig(), ...spec.config }, params: spec.params ?? {}, dialogs };
    this.bots.set(spec.name, bot);
    return bot;
  }

  /**
   * Starts an engine instance. `shareQueue` reuses a job prefix (several instances sharing work on
   * BullMQ); by default each instance gets its own, so a "restart" loses the jobs of the last one
   * just as the in-process driver does.
   */
  async startEngine(options: {
    outbox?: Partial<OutboxSettings>; adapters?: ChannelAdapter[]; start?: boolean; prefix?: string;
    /** Ports of the BASIC capabilities (CREATE USER, the bots' drives, SEND SMS…, the language model). */
    capabilities?: Partial<Pick<ScriptHostDeps, 'users' | 'files' | 'capabilities' | 'llm' | 'contacts' | 'signInLinks'>>;
    /** The CRM's contacts a new session is matched to (app/crm.ts builds it in the service). */
    customers?: CustomerDirectory;
  } = {}): Promise<RunningEngine> {
    const prefix = options.prefix ?? uniquePrefix('sbtest-engine');
    this.prefixes.push(prefix);
    const jobs = await createJobQueue({ redisUrl, prefix, logger });
    const bus = await createEventBus({ redisUrl, prefix, logger });
    const locks: LockPort = openTestLocks(this.database, logger);
    const channels = createChannelRegistry();
    const host = createScriptHost({
      repos: scriptHostRepositories(this.database), jobs, logger, locks, channels,
      bots: (name) => this.bots.get(name),
      ...options.capabilities,
    });
    const engine = createEngine({
      repos: engineRepositories(this.database), jobs, bus, logger, locks, channels, bot: host.runner,
      bots: (name) => this.bots.get(name),
      outbox: { attempts: 4, backoffMs: 40, ...options.outbox },
      ...(options.customers ? { customers: options.customers } : {}),
    });
    const events = recordEvents(engine);
    for (const adapter of options.adapters ?? []) engine.channels.register(adapter);
    if (options.start ?? true) {
      await engine.start();
      await host.start();
    }
    const running: RunningEngine = {
      engine, host, jobs, bus, events,
      stop: async () => {
        this.running.delete(running);
        await jobs.close({ timeoutMs: 2000 });
        await bus.close();
        await locks.close();
      },
    };
    this.running.add(running);
    return running;
  }

  /** Resolves once every domain event of the session was handed out (events are handled by a job, after the turn). */
  async eventsHandled(sessionId: string): Promise<void> {
    const events = createEngineEventsRepo(this.database.db);
    await waitFor(async () => (await events.listPending(sessionId)).length === 0, `the events of session ${sessionId}`);
  }

  async transcript(sessionId: string): Promise<MessageRow[]> {
    return createMessagesRepo(this.database.db).listBySession(sessionId);
  }

  async close(): Promise<void> {
    for (const running of [...this.running]) await running.stop();
    await this.database.close();
    for (const dir of this.dirs) await rm(dir, { recursive: true, force: true });
    if (redisUrl) for (const prefix of this.prefixes) await deleteRedisKeys(redisUrl, prefix);
  }
}

/** The engine's repositories on a test database, as the composition root builds them. */
export function engineRepositories(database: DatabaseHandle): EngineRepositories {
  return {
    turns: createTurnStore(database.sql), outbox: createOutboxRepo(database.db), events: createEngineEventsRepo(database.db),
    sessions: createSessionsRepo(database.db), messages: createMessagesRepo(database.db), inbound: createInboundQueueRepo(database.db),
  };
}

/** The script host's repositories on a test database (no watches: nothing is watched). */
export function scriptHostRepositories(database: DatabaseHandle): ScriptHostRepositories {
  return { botData: createBotDataRepo(database.db), triggerRuns: createTableTriggerRunsRepo(database.db) };
}

/** Subscribes to every domain event and keeps them, in the order handed out. */
function recordEvents(engine: EngineService): EngineEvent[] {
  const events: EngineEvent[] = [];
  const handlers: Record<string, (payload: unknown) => Promise<void>> = {};
  for (const name of Object.values(ENGINE_EVENTS)) {
    handlers[name] = async (payload) => {
      // Most payloads carry the session's snapshot; a delivery failure names its session only.
      const { session, session_id } = payload as { session?: { id: string }; session_id?: string };
      events.push({ name, session_id: session?.id ?? session_id, payload } as EngineEvent);
    };
  }
  engine.subscribe(handlers as EngineEventHandlers);
  return events;
}

/** A transcript as `direction sender: text` lines, for readable expectations. */
export function lines(rows: MessageRow[]): string[] {
  return rows.map((r) => `${r.direction === 'inbound' ? '>' : '<'} ${r.sender}: ${r.text}`);
}
