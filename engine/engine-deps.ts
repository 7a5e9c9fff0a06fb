import type { CampaignLookup } from './campaign-capture.js';
import type { BotConfig } from '../config/index.js';
import type { EngineEventsRepo, InboundQueueRepo, MessagesRepo, OutboxRepo, SessionsRepo, TurnStore } from '../db/index.js';
import type { EventBus } from '../infra/events/index.js';
import type { JobQueue } from '../infra/jobs/index.js';
import type { LockPort } from '../infra/locks/index.js';
import type { Logger } from '../infra/logger.js';
import type { MetricsPort } from '../infra/metrics/index.js';
import type { BotRunner } from './bot-runner.js';
import type { ChannelRegistry } from './channel-registry.js';
import type { CustomerDirectory } from './match-customer.js';
import type { LlmClient } from '../infra/llm/index.js';
import type { InboundMessage } from './messages.js';

/**
 * What the engine needs of a bot package: its ids and its configuration (the routing rule, the
 * hand-over); its scripts are the bot runner's (engine/bot-runner.ts). The service's RunnableBot
 * satisfies it.
 */
export interface EngineBot {
  readonly id: string;
  readonly name: string;
  readonly config: BotConfig;
}

/** Delivery policy of the outbox job (one place, so tests can shorten it). */
export interface OutboxSettings {
  /** Total delivery attempts per message, the first included; default 6. */
  attempts: number;
  /** First retry delay in ms, doubled on each further retry; default 1000. */
  backoffMs: number;
  /** Deliveries running at once in this process; default 4. */
  concurrency: number;
}

/**
 * The repositories the engine's use cases read and write through: each narrowed to what the
 * engine calls, built once by the composition root (app/main.ts).
 */
export interface EngineRepositories {
  turns: Pick<TurnStore, 'load' | 'session' | 'commit' | 'append' | 'repliesTo'>;
  outbox: Pick<OutboxRepo, 'findById' | 'listPending' | 'recordAttempt' | 'markDelivered' | 'markFailed' | 'applyProviderStatus'>;
  events: Pick<EngineEventsRepo, 'pendingUnderLock' | 'sessionsWithPending' | 'markDone' | 'recordFailure'>;
  sessions: Pick<SessionsRepo, 'listSleeping' | 'markUnreachable'>;
  messages: Pick<MessagesRepo, 'listBySession'>;
  inbound: Pick<InboundQueueRepo, 'accept' | 'listPending' | 'remove' | 'markScreened' | 'recordFailure' | 'customersWithPending'>;
}

/** A channel's screen of its queued messages: see `Engine.screen` (engine/engine-api.ts). */
export type InboundScreen = (message: InboundMessage) => Promise<InboundMessage | null>;

/** Everything {@link createEngine} is built from. Ports left out get their defaults. */
export interface EngineDeps {
  repos: EngineRepositories;
  jobs: JobQueue;
  bus: EventBus;
  logger: Logger;
  /** The loaded bot packages by name (the `<name>.gbai` folder). */
  bots: (name: string) => EngineBot | undefined;
  /** Runs the bot's dialog in a turn: the script host (script-host/), built by the composition root. */
  bot: BotRunner;
  /**
   * The channel adapters the outbox delivers through; default a new registry. Given when others
   * read it too (the script host fetches the files customers send through it).
   */
  channels?: ChannelRegistry;
  /**
   * Serialises work on one key across instances where it must be (deliveries and event handling
   * of a session); default in-process. Turns need no cross-instance lock: the session's version
   * decides (docs/architecture.md).
   */
  locks?: LockPort;
  outbox?: Partial<OutboxSettings>;
  /**
   * The CRM's contacts, which a new session is matched to (docs/crm.md, "Matching a conversation
   * to its contact"); default: none, sessions stay unmatched.
   */
  customers?: CustomerDirectory;
  /** A bot's language model, by bot id: the complexity trigger's score (docs/attendance/smart-transfer.md); default: none. */
  models?: (botId: string) => LlmClient | undefined;
  /** Where turns, hand-offs and deliveries are counted (docs/metrics.md); default: nowhere. */
  metrics?: MetricsPort;
  /** The clock, for tests. */
  now?: () => Date;
  /** The campaign a customer's referral names (engine/campaign-capture.ts), answered by the CRM; absent, referrals are not kept. */
  campaigns?: CampaignLookup;
}

/**
 * What announcing committed work to the jobs port needs (infra/jobs' enqueueAfterCommit): the
 * port, and where a job that could not be enqueued is logged. Each use case of the engine declares
 * the few dependencies it uses, most of them on top of this one (docs/architecture.md, folder map).
 */
export interface EnqueueDeps {
  readonly jobs: Pick<JobQueue, 'add'>;
  readonly logger: Logger;
}

/** Job names the engine registers in `start()`. */
export const JOB_NAMES = {
  deliver: 'outbox.deliver',
  wake: 'dialog.wake',
  events: 'engine.events',
  inbound: 'engine.inbound',
} as const;

/**
 * The lock of one conversation: known from the inbound message alone (no query), so the lock is
 * queued for in call order, before any await. Session ids are not: the session may not exist yet.
 */
export function conversationLockKey(session: { bot_id: string; channel: string; external_user_id: string }): string {
  return `conversation:${session.bot_id}:${session.channel}:${session.external_user_id}`;
}
